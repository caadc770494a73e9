// IEEE 754 binary16 ("half") conversion, the one used everywhere float16 data is read or written:
// half bits → number is exact (every half is a float32); number → half bits rounds once, to nearest
// with ties to even, straight from the double (rounding through float32 first would round twice).

const HALF_TABLE = new Float32Array(65536);
for (let h = 0; h < 65536; h++) {
  const sign = h & 0x8000 ? -1 : 1;
  const exp = (h >> 10) & 0x1f;
  const mant = h & 0x3ff;
  HALF_TABLE[h] = exp === 0 ? sign * mant * 2 ** -24
    : exp === 31 ? (mant ? NaN : sign * Infinity)
      : sign * (1024 + mant) * 2 ** (exp - 25);
}

/** The value of raw half bits (exact). */
export function halfToFloat(bits: number): number {
  return HALF_TABLE[bits & 0xffff]!;
}

/** Round half to even of a double (exact: the subtraction y − floor(y) is exact for |y| < 2^52). */
export function roundHalfEven(y: number): number {
  const f = Math.floor(y);
  const d = y - f;
  if (d > 0.5) return f + 1;
  if (d < 0.5) return f;
  return f % 2 === 0 ? f : f + 1;
}

/** Raw half bits of `x`, rounded once to nearest-even; past the largest half to ±∞; NaN as the quiet NaN 0x7e00. */
export function floatToHalf(x: number): number {
  if (Number.isNaN(x)) return 0x7e00;
  const sign = x < 0 || Object.is(x, -0) ? 0x8000 : 0;
  const a = Math.abs(x);
  // 65520 is halfway between the largest half (65504) and 2^16: ties go to even, which overflows.
  if (a >= 65520) return sign | 0x7c00;
  if (a < 2 ** -14) return sign | roundHalfEven(a * 2 ** 24); // subnormal; 1024 carries into the exponent
  let e = Math.floor(Math.log2(a));
  // log2 can be off by one near powers of two; fix it so that 2^e ≤ a < 2^(e+1) exactly.
  if (2 ** e > a) e -= 1;
  else if (2 ** (e + 1) <= a) e += 1;
  const m = roundHalfEven((a / 2 ** e - 1) * 1024); // a / 2^e is exact (power-of-two scaling)
  return sign | (((e + 15) << 10) + m); // m = 1024 carries into the exponent, as IEEE rounding does
}
