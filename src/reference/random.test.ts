import { describe, expect, it } from 'vitest';
import { tensorType } from '../ir/types';
import { halfToFloat } from '../core';
import { randomTensor } from './random';

describe('randomTensor', () => {
  it('gives float16 the same N(0, 1)-ish values as float32, rounded to half', () => {
    const f32 = randomTensor(tensorType([64], 'float32'), 7).data as Float32Array;
    const f16 = randomTensor(tensorType([64], 'float16'), 7).data as Uint16Array;
    const halves = Array.from(f16, halfToFloat);
    halves.forEach((h, i) => expect(Math.abs(h - f32[i]!)).toBeLessThanOrEqual(Math.abs(f32[i]!) * 2 ** -11));
    expect(Math.max(...halves.map(Math.abs))).toBeGreaterThan(0.5);
  });
});
