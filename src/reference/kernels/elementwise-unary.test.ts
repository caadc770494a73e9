// Unary elementwise kernels and activations: ONNX operator-doc examples (Selu, Elu, Round, …) and
// closed-form values. Tolerance: exact where one IEEE operation rounds once; ≤ 1e-6 relative for
// transcendental float32 results (the reference rounds the double result once, so it is within
// half an ulp, ~6e-8).
import { describe, expect, it } from 'vitest';
import { expectClose, run, run1, tensor } from '../testing/tensors';

const x3 = () => tensor([3], [-1, 0, 1]);

describe('activations', () => {
  it('relu, leaky_relu, thresholded_relu, shrink', () => {
    expect(run1('relu', [tensor([3], [-2, 0, 3], 'int64')]).v).toEqual([0, 0, 3]);
    expect(run1('leaky_relu', [x3()], { alpha: 0.1 }).v).toEqual([-Math.fround(0.1), 0, 1]);
    expect(run1('thresholded_relu', [tensor([3], [1, 2, 3])], { alpha: 2 }).v).toEqual([0, 0, 3]);
    expect(run1('shrink', [tensor([5], [-2, -1, 0, 1, 2])], { lambd: 1.5, bias: 0.5 }).v).toEqual([-1.5, 0, 0, 0, 1.5]);
  });

  it('selu, elu, celu (ONNX examples)', () => {
    expectClose(run1('selu', [x3()], { alpha: 2, gamma: 3 }).v, [-3.79272318, 0, 3]);
    expectClose(run1('elu', [x3()], { alpha: 2 }).v, [-1.26424112, 0, 1]);
    expectClose(run1('celu', [x3()], { alpha: 2 }).v, [2 * Math.expm1(-0.5), 0, 1]);
  });

  it('sigmoid, tanh, softplus, softsign, silu, mish, hard_sigmoid, hard_swish', () => {
    expectClose(run1('sigmoid', [x3()]).v, [0.2689414213699951, 0.5, 0.7310585786300049]);
    expectClose(run1('tanh', [x3()]).v, [-0.7615941559557649, 0, 0.7615941559557649]);
    expectClose(run1('softplus', [tensor([3], [-100, 0, 100])]).v, [3.720075976020836e-44, Math.LN2, 100]);
    expectClose(run1('softsign', [x3()]).v, [-0.5, 0, 0.5]);
    expectClose(run1('silu', [x3()]).v, [-0.2689414213699951, 0, 0.7310585786300049]);
    expectClose(run1('mish', [tensor([1], [1])]).v, [0.8650983882673103]);
    expectClose(run1('hard_sigmoid', [tensor([3], [-3, 0, 3])]).v, [0, 0.5, 1]);
    expectClose(run1('hard_swish', [tensor([3], [-4, 1, 4])]).v, [0, 1 * (1 / 6 + 0.5), 4]);
  });

  it('gelu exactly (erf) and by the tanh approximation', () => {
    // x·Φ(x): Φ(1) = 0.8413447460685429, Φ(−3) = 0.0013498980316301035, Φ(−10) = 7.61985302416047e-24
    expectClose(run1('gelu', [tensor([3], [1, -3, -10])]).v, [0.8413447460685429, -3 * 0.0013498980316301035, -10 * 7.61985302416047e-24]);
    expectClose(run1('gelu', [tensor([1], [1])], { approximate: 'tanh' }).v, [0.8411919906082768]);
  });

  it('clip: bounds default to ±∞; min > max gives max; int64 exact', () => {
    expect(run1('clip', [tensor([3], [-2, 0, 2])], { min: -1, max: 1 }).v).toEqual([-1, 0, 1]);
    expect(run1('clip', [tensor([2], [-2, 5])], { max: 1 }).v).toEqual([-2, 1]);
    expect(run1('clip', [tensor([2], [0, 5])], { min: 3, max: 1 }).v).toEqual([1, 1]);
    expect(run1('clip', [tensor([2], [2 ** 60, -5], 'int64')], { min: 0 }).v).toEqual([2 ** 60, 0]);
  });
});

describe('math and conversions', () => {
  it('round halves to even; floor/ceil; sign; abs and neg wrap for int8', () => {
    expect(run1('round', [tensor([7], [0.5, 1.5, 2.5, -0.5, -1.5, 2.3, -2.7])]).v).toEqual([0, 2, 2, -0, -2, 2, -3]);
    expect(run1('floor', [tensor([2], [-1.5, 1.5])]).v).toEqual([-2, 1]);
    expect(run1('sign', [tensor([3], [-3, 0, 2], 'int32')]).v).toEqual([-1, 0, 1]);
    expect(run1('abs', [tensor([2], [-128, -3], 'int8')]).v).toEqual([-128, 3]);
    expect(run1('neg', [tensor([1], [-(2 ** 63)], 'int64')]).v).toEqual([-(2 ** 63)]);
  });

  it('exp, log, sqrt, reciprocal, trig round once from double', () => {
    const f = Math.fround;
    expect(run1('exp', [tensor([1], [1])]).v).toEqual([f(Math.E)]);
    expect(run1('sqrt', [tensor([2], [2, -1])]).v).toEqual([f(Math.SQRT2), NaN]);
    expect(run1('reciprocal', [tensor([1], [3])]).v).toEqual([f(1 / 3)]);
    expectClose(run1('atanh', [tensor([1], [0.5])]).v, [0.5493061443340549]);
    expectClose(run1('erf', [tensor([2], [0.5, -1], 'float16')]).v, [0.5205, -0.8428], 1e-3);
  });

  it('is_nan, is_inf (with detection switches), not, bitwise_not, identity', () => {
    const x = tensor([4], [NaN, Infinity, -Infinity, 1]);
    expect(run1('is_nan', [x]).v).toEqual([1, 0, 0, 0]);
    expect(run1('is_inf', [x]).v).toEqual([0, 1, 1, 0]);
    expect(run1('is_inf', [x], { detect_negative: false }).v).toEqual([0, 1, 0, 0]);
    expect(run1('not', [tensor([2], [0, 1], 'bool')]).v).toEqual([1, 0]);
    expect(run1('bitwise_not', [tensor([2], [0, 5], 'uint8')]).v).toEqual([255, 250]);
    expect(run1('identity', [tensor([1], [2 ** 60], 'int64')]).v).toEqual([2 ** 60]);
  });

  it('cast truncates toward zero, wraps, maps NaN to 0 and rounds to floats once', () => {
    const to = (t: string) => ({ to: { type: t } });
    expect(run1('cast', [tensor([4], [1.9, -1.9, NaN, 300])], to('i32')).v).toEqual([1, -1, 0, 300]);
    expect(run1('cast', [tensor([2], [300, -1], 'int32')], to('u8')).v).toEqual([44, 255]);
    expect(run1('cast', [tensor([3], [65519, 65520, 0.1])], to('f16')).v).toEqual([65504, Infinity, 0.0999755859375]);
    expect(run1('cast', [tensor([1], [16777217], 'int32')], to('f32')).v).toEqual([16777216]);
    expect(run1('cast', [tensor([3], [0, NaN, -2])], to('bool')).v).toEqual([0, 1, 1]);
    expect(run1('cast', [tensor([2], [-2.5, 2 ** 40])], to('i64')).v).toEqual([-2, 2 ** 40]);
    expect(run1('cast', [tensor([1], [2 ** 40 + 3], 'int64')], to('i32')).v).toEqual([3]);
  });
});

describe('float64, uint64 and bfloat16', () => {
  const to = (t: string, extra: Record<string, string> = {}) => ({ to: { type: t }, ...extra });

  it('float64 computes exactly in double: no float32 rounding on read or store', () => {
    expect(run1('sqrt', [tensor([1], [2], 'float64')]).v).toEqual([Math.SQRT2]);
    expect(run1('cast', [tensor([1], [0.1], 'float64')], to('f32')).v).toEqual([Math.fround(0.1)]);
    expect(run1('cast', [tensor([1], [0.1])], to('f64')).v).toEqual([Math.fround(0.1)]);
    expect(run1('cast', [tensor([1], [2 ** 60 + 2 ** 10], 'int64')], to('f64')).v).toEqual([2 ** 60 + 2 ** 10]);
  });

  it('float64 → float16 and bfloat16 round once, from the double', () => {
    // Through float32 the 2^-30 would be lost and the ties go to even (1).
    expect(run1('cast', [tensor([1], [1 + 2 ** -11 + 2 ** -30], 'float64')], to('f16')).v).toEqual([1 + 2 ** -10]);
    expect(run1('cast', [tensor([1], [1 + 2 ** -8 + 2 ** -40], 'float64')], to('bf16')).v).toEqual([1 + 2 ** -7]);
  });

  it('float32 → bfloat16 rounds to nearest-even, or keeps the high bits with toward_zero (NaN stays a quiet NaN)', () => {
    const x = tensor([4], [1 + 2 ** -8 + 2 ** -9, 1 + 2 ** -8, -(1 + 2 ** -8 + 2 ** -9), NaN]);
    const bits = (r: ReturnType<typeof run>) => Array.from(r[0]!.data as Uint16Array);
    expect(bits(run('cast', [x], to('bf16')))).toEqual([0x3f81, 0x3f80, 0xbf81, 0x7fc0]);
    expect(bits(run('cast', [x], to('bf16', { bfloat16_rounding: 'toward_zero' })))).toEqual([0x3f80, 0x3f80, 0xbf80, 0x7fc0]);
    expect(run1('cast', [tensor([2], [0x3f81, 0xff80], 'bfloat16')], to('f32')).v).toEqual([1 + 2 ** -7, -Infinity]);
  });

  it('uint64 casts wrap to 64 bits and stay unsigned', () => {
    const [r] = run('cast', [tensor([2], [-1, 2 ** 40], 'int64')], to('u64'));
    expect(Array.from(r!.data as BigUint64Array)).toEqual([2n ** 64n - 1n, 2n ** 40n]);
    expect(run1('cast', [tensor([1], [2 ** 63], 'uint64')], to('f32')).v).toEqual([2 ** 63]);
  });
});
