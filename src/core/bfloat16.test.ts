// bfloat16 conversion: every bfloat16 round-trips, rounding from float32 and from double is single
// with ties to even, and overflow, subnormals, signed zero and NaN follow IEEE 754.
import { describe, expect, it } from 'vitest';
import { bfloat16ToFloat, floatToBfloat16 } from './bfloat16';

describe('bfloat16', () => {
  it('round-trips all 65536 bit patterns (NaNs to the quiet NaN)', () => {
    const bad: number[] = [];
    for (let h = 0; h < 65536; h++) {
      const back = floatToBfloat16(bfloat16ToFloat(h));
      const isNaN = (h & 0x7f80) === 0x7f80 && (h & 0x7f) !== 0;
      if (isNaN ? back !== 0x7fc0 : back !== h) bad.push(h);
    }
    expect(bad).toEqual([]);
  });

  it('matches float32 rounding by adding 0x7fff plus the lowest kept bit, for every tie and near-tie pattern', () => {
    const f = new Float32Array(1);
    const u = new Uint32Array(f.buffer);
    const bad: number[] = [];
    for (const hi of [0x3f80, 0x3f81, 0x4049, 0xc2f7, 0x0001, 0x7f7f]) {
      for (const lo of [0, 1, 0x7fff, 0x8000, 0x8001, 0xffff]) {
        u[0] = ((hi << 16) | lo) >>> 0;
        const want = (((u[0]! + 0x7fff + ((u[0]! >>> 16) & 1)) >>> 16) & 0xffff);
        if (floatToBfloat16(f[0]!) !== want) bad.push(u[0]!);
      }
    }
    expect(bad).toEqual([]);
  });

  it.each([
    ['1 + 2^-8 + 2^-40 rounds up from the double (through float32 it would tie to even)', 1 + 2 ** -8 + 2 ** -40, 0x3f81],
    ['tie 1 + 2^-8 → even 1', 1 + 2 ** -8, 0x3f80],
    ['largest finite', (2 - 2 ** -7) * 2 ** 127, 0x7f7f],
    ['overflow to +∞', 2 ** 128, 0x7f80],
    ['−∞', -Infinity, 0xff80],
    ['−0', -0, 0x8000],
    ['smallest subnormal', 2 ** -133, 0x0001],
    ['NaN', NaN, 0x7fc0],
  ])('%s', (_, x, bits) => {
    expect(floatToBfloat16(x)).toBe(bits);
  });
});
