// Exact conversions: int64 -> float32 rounded once, and the dtype read/write plumbing.
import { describe, expect, it } from 'vitest';
import { bigToFloat32, numberToBig } from './common';

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
