// Exact conversions: float16 <-> float (every half round-trips; ties go to even; overflow and
// subnormals by IEEE 754), int64 -> float32 rounded once, and the dtype read/write plumbing.
import { describe, expect, it } from 'vitest';
import { bigToFloat32, floatToHalf, halfToFloat, numberToBig } from './common';

describe('float16', () => {
  it('round-trips every half value bit-exactly (NaNs to the quiet NaN)', () => {
    const bad: number[] = [];
    for (let h = 0; h < 65536; h++) {
      const back = floatToHalf(halfToFloat(h));
      const isNaN = (h & 0x7c00) === 0x7c00 && (h & 0x3ff) !== 0;
      if (isNaN ? back !== 0x7e00 : back !== h) bad.push(h);
    }
    expect(bad).toEqual([]);
  });

  it.each([
    [1, 0x3c00], [-2, 0xc000], [65504, 0x7bff], [65519.99, 0x7bff], [65520, 0x7c00], [-Infinity, 0xfc00],
    [2 ** -24, 0x0001], [2 ** -25, 0x0000], [3 * 2 ** -25, 0x0002], [2 ** -14, 0x0400], [2 ** -14 - 2 ** -25, 0x0400],
    [1 + 2 ** -11, 0x3c00], [1 + 3 * 2 ** -11, 0x3c02], [-0, 0x8000], [Math.fround(0.1), 0x2e66], [NaN, 0x7e00],
  ])('%d → 0x%s', (x, bits) => {
    expect(floatToHalf(x).toString(16)).toBe(bits.toString(16));
  });
});

describe('int64', () => {
  it('rounds to float32 once, keeping the sticky bits Number() would drop', () => {
    const tie = (2n ** 24n + 1n) << 36n; // exactly halfway between two float32s
    expect(bigToFloat32(tie)).toBe(2 ** 60); // tie → even
    expect(bigToFloat32(tie + 1n)).toBe(Number((2n ** 24n + 2n) << 36n)); // just above → up (Number() alone would give the tie)
    expect(bigToFloat32(-(tie + 1n))).toBe(-Number((2n ** 24n + 2n) << 36n));
    expect(bigToFloat32(16777217n)).toBe(16777216);
  });

  it('truncates and wraps doubles like a typed-array store', () => {
    expect([numberToBig(-2.7), numberToBig(NaN), numberToBig(2 ** 64 + 2 ** 12), numberToBig(Infinity)]).toEqual([-2n, 0n, 4096n, 0n]);
  });
});
