// float16 conversion: every half round-trips, rounding is single and ties go to even, subnormals,
// overflow, signed zero and the specials follow IEEE 754.
import { describe, expect, it } from 'vitest';
import { floatToHalf, halfToFloat } from './float16';

describe('float16', () => {
  it('round-trips all 65536 halves bit-exactly (NaNs to the quiet NaN)', () => {
    const bad: number[] = [];
    for (let h = 0; h < 65536; h++) {
      const back = floatToHalf(halfToFloat(h));
      const isNaN = (h & 0x7c00) === 0x7c00 && (h & 0x3ff) !== 0;
      if (isNaN ? back !== 0x7e00 : back !== h) bad.push(h);
    }
    expect(bad).toEqual([]);
  });

  it.each([
    // rounded once from the double: through float32 the 2^-30 would be lost and the tie go to even (0x3c00)
    ['1 + 2^-11 + 2^-30', 1 + 2 ** -11 + 2 ** -30, 0x3c01],
    ['tie 1 + 2^-11 → even 1', 1 + 2 ** -11, 0x3c00],
    ['tie 1 + 3·2^-11 → even up', 1 + 3 * 2 ** -11, 0x3c02],
    ['tie 3·2^-25 → even up (subnormal)', 3 * 2 ** -25, 0x0002],
    ['tie 2^-25 → even 0', 2 ** -25, 0x0000],
    ['just above 2^-25', 2 ** -25 + 2 ** -40, 0x0001],
    ['smallest subnormal', 2 ** -24, 0x0001],
    ['largest subnormal', 1023 * 2 ** -24, 0x03ff],
    ['smallest normal', 2 ** -14, 0x0400],
    ['rounds up into the smallest normal', 2 ** -14 - 2 ** -25, 0x0400],
    ['largest finite', 65504, 0x7bff],
    ['below the overflow tie', 65519.99, 0x7bff],
    ['overflow tie → ∞', 65520, 0x7c00],
    ['overflow', 1e6, 0x7c00],
    ['negative overflow', -1e6, 0xfc00],
    ['1', 1, 0x3c00],
    ['-2', -2, 0xc000],
    ['0', 0, 0x0000],
    ['-0', -0, 0x8000],
    ['negative underflow keeps the sign', -(2 ** -30), 0x8000],
    ['∞', Infinity, 0x7c00],
    ['-∞', -Infinity, 0xfc00],
    ['NaN', NaN, 0x7e00],
    ['float32 0.1', Math.fround(0.1), 0x2e66],
  ])('%s', (_name, x, bits) => {
    expect(floatToHalf(x).toString(16)).toBe(bits.toString(16));
  });

  it('reads the specials and subnormals', () => {
    expect(halfToFloat(0x0001)).toBe(2 ** -24);
    expect(halfToFloat(0x7bff)).toBe(65504);
    expect(Object.is(halfToFloat(0x8000), -0)).toBe(true);
    expect(halfToFloat(0x7c00)).toBe(Infinity);
    expect(halfToFloat(0xfc00)).toBe(-Infinity);
    expect(halfToFloat(0x7e00)).toBeNaN();
    expect(halfToFloat(0xfc01)).toBeNaN();
  });
});
