// bfloat16 ("brain float") conversion: the top 16 bits of a float32 (8 exponent bits, 7 mantissa
// bits). Bits → number is exact; number → bits rounds once to nearest with ties to even, straight
// from the double, as ONNX casts it (float32 → bfloat16 adds 0x7fff plus the kept lowest bit).
import { roundHalfEven } from './float16';

const WORD = new Float32Array(1);
const WORD_BITS = new Uint32Array(WORD.buffer);

/** The value of raw bfloat16 bits (exact: every bfloat16 is a float32). */
export function bfloat16ToFloat(bits: number): number {
  WORD_BITS[0] = (bits & 0xffff) << 16;
  return WORD[0]!;
}

/** Raw bfloat16 bits of `x`, rounded once to nearest-even; past the largest bfloat16 to ±∞; NaN as the quiet NaN 0x7fc0. */
export function floatToBfloat16(x: number): number {
  if (Number.isNaN(x)) return 0x7fc0;
  const sign = x < 0 || Object.is(x, -0) ? 0x8000 : 0;
  const a = Math.abs(x);
  // Halfway between the largest bfloat16, (2 − 2^-7)·2^127, and 2^128: ties go to even, which overflows.
  if (a >= (2 - 2 ** -8) * 2 ** 127) return sign | 0x7f80;
  if (a < 2 ** -126) return sign | roundHalfEven(a * 2 ** 133); // subnormal; 128 carries into the exponent
  let e = Math.floor(Math.log2(a));
  if (2 ** e > a) e -= 1;
  else if (2 ** (e + 1) <= a) e += 1;
  const m = roundHalfEven((a / 2 ** e - 1) * 128); // exact: power-of-two scaling
  return sign | (((e + 127) << 7) + m);
}
