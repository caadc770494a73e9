// Binary/ternary elementwise kernels: ONNX operator-doc examples and numpy/C reasoning. Integer
// results are exact; float results are compared exactly against the float32 value computed by hand
// (Math.fround of the double result), since one IEEE operation rounds exactly once.
import { describe, expect, it } from 'vitest';
import { run, run1, tensor } from '../testing/tensors';

const f = Math.fround;

describe('arithmetic', () => {
  it('add broadcasts numpy-style and rounds like float32', () => {
    expect(run1('add', [tensor([2, 3], [1, 2, 3, 4, 5, 6]), tensor([3], [10, 20, 30])])).toEqual({ shape: [2, 3], v: [11, 22, 33, 14, 25, 36] });
    expect(run1('add', [tensor([1], [0.1]), tensor([1], [0.2])]).v).toEqual([f(f(0.1) + f(0.2))]);
  });

  it('integer div truncates toward zero; int32 products wrap', () => {
    for (const e of ['int32', 'int64', 'int8'] as const) {
      expect(run1('div', [tensor([4], [7, -7, 7, -7], e), tensor([4], [2, 2, -2, -2], e)]).v).toEqual([3, -3, -3, 3]);
    }
    expect(run1('mul', [tensor([2], [65536, 46341], 'int32'), tensor([2], [65536, 46341], 'int32')]).v).toEqual([0, -2147479015]);
    expect(run1('add', [tensor([1], [127], 'int8'), tensor([1], [1], 'int8')]).v).toEqual([-128]);
  });

  it('int64 stays exact past 2^53', () => {
    const [r] = run('add', [tensor([2], [2 ** 53, 2 ** 62], 'int64'), tensor([2], [1, 2 ** 62], 'int64')]);
    expect(Array.from(r!.data as BigInt64Array)).toEqual([2n ** 53n + 1n, -(2n ** 63n)]); // exact, then wrapped
  });

  it('mod follows the divisor (fmod = false) or the dividend (fmod = true) — ONNX examples', () => {
    expect(run1('mod', [tensor([6], [-4, 7, 5, 4, -7, 8], 'int32'), tensor([6], [2, -3, 8, -2, 3, 5], 'int32')]).v).toEqual([0, -2, 5, 0, 2, 3]);
    expect(run1('mod', [tensor([6], [-4, 7, 5, 4, -7, 8], 'int64'), tensor([6], [2, -3, 8, -2, 3, 5], 'int64')]).v).toEqual([0, -2, 5, 0, 2, 3]);
    expect(run1('mod', [tensor([6], [-4, 7, 5, 4, -7, 8], 'int32'), tensor([6], [2, -3, 8, -2, 3, 5], 'int32')], { fmod: true }).v).toEqual([0, 1, 5, 0, -1, 3]);
    const x = [-4.3, 7.2, 5.0, 4.3, -7.2, 8.0];
    const y = [2.1, -3.4, 8.0, -2.1, 3.4, 5.0];
    expect(run1('mod', [tensor([6], x), tensor([6], y)], { fmod: true }).v).toEqual(x.map((a, i) => f(f(a) % f(y[i]!))));
  });

  it('pow: IEEE for floats, exact wrapped integers, mixed exponent types', () => {
    expect(run1('pow', [tensor([3], [1, 2, 3]), tensor([3], [4, 5, 6])]).v).toEqual([1, 32, 729]);
    expect(run1('pow', [tensor([3], [2, -3, 2], 'int32'), tensor([3], [10, 3, 31], 'int64')]).v).toEqual([1024, -27, -(2 ** 31)]);
    expect(run1('pow', [tensor([2], [4, 2], 'int64'), tensor([2], [0.5, -1])]).v).toEqual([2, 0]);
    expect(run1('pow', [tensor([1], [1]), tensor([1], [NaN])]).v).toEqual([1]);
  });

  it('max/min propagate NaN; prelu scales negatives by a broadcast slope', () => {
    expect(run1('max', [tensor([3], [1, NaN, 3]), tensor([3], [2, 0, -1])]).v).toEqual([2, NaN, 3]);
    expect(run1('min', [tensor([2], [1, -5], 'int64'), tensor([1], [0], 'int64')]).v).toEqual([0, -5]);
    expect(run1('prelu', [tensor([2, 2], [-2, 3, -4, 5]), tensor([2, 1], [0.5, 0.25])]).v).toEqual([-1, 3, -1, 5]);
  });
});

describe('comparisons, logic, bits, where', () => {
  it('compare to bool; NaN is unequal to itself, −0 equals +0', () => {
    expect(run1('less', [tensor([3], [1, 2, 3]), tensor([3], [2, 2, 2])]).v).toEqual([1, 0, 0]);
    expect(run1('greater_or_equal', [tensor([3], [1, 2, 3], 'int64'), tensor([1], [2], 'int64')]).v).toEqual([0, 1, 1]);
    expect(run1('equal', [tensor([2], [NaN, -0], 'float16'), tensor([2], [NaN, 0], 'float16')]).v).toEqual([0, 1]);
    expect(run1('equal', [tensor([2], [1, 0], 'bool'), tensor([2], [1, 1], 'bool')]).v).toEqual([1, 0]);
  });

  it('logical and bitwise ops, bit_shift on uint8 (ONNX example)', () => {
    expect(run1('xor', [tensor([4], [0, 0, 1, 1], 'bool'), tensor([4], [0, 1, 0, 1], 'bool')]).v).toEqual([0, 1, 1, 0]);
    expect(run1('bitwise_and', [tensor([2], [-1, 12], 'int8'), tensor([2], [5, 10], 'int8')]).v).toEqual([5, 8]);
    expect(run1('bit_shift', [tensor([3], [16, 4, 1], 'uint8'), tensor([3], [1, 2, 3], 'uint8')], { direction: 'RIGHT' }).v).toEqual([8, 1, 0]);
    expect(run1('bit_shift', [tensor([3], [16, 4, 1], 'uint8'), tensor([3], [1, 2, 8], 'uint8')], { direction: 'LEFT' }).v).toEqual([32, 16, 0]);
  });

  it('where picks x or y with all three broadcast (ONNX example)', () => {
    const r = run1('where', [tensor([2, 2], [1, 0, 1, 1], 'bool'), tensor([2, 2], [1, 2, 3, 4]), tensor([2, 2], [9, 8, 7, 6])]);
    expect(r.v).toEqual([1, 8, 3, 4]);
    expect(run1('where', [tensor([2], [1, 0], 'bool'), tensor([1], [2 ** 60], 'int64'), tensor([2, 1], [7, 8], 'int64')]).v).toEqual([2 ** 60, 7, 2 ** 60, 8]);
  });
});

describe('int16, uint16 and uint32', () => {
  it('bit_shift wraps at the type\'s width and clears past it; uint32 stays unsigned', () => {
    expect(run1('bit_shift', [tensor([3], [0x8001, 1, 3], 'uint16'), tensor([3], [1, 15, 16], 'uint16')], { direction: 'LEFT' }).v).toEqual([2, 0x8000, 0]);
    expect(run1('bit_shift', [tensor([3], [0x80000001, 1, 0xffffffff], 'uint32'), tensor([3], [1, 31, 4], 'uint32')], { direction: 'LEFT' }).v).toEqual([2, 0x80000000, 0xfffffff0]);
    expect(run1('bit_shift', [tensor([2], [0xffffffff, 7], 'uint32'), tensor([2], [28, 32], 'uint32')], { direction: 'RIGHT' }).v).toEqual([15, 0]);
  });

  it('arithmetic wraps to the type (uint32 past 2^31, int16 at ±2^15); max compares unsigned', () => {
    expect(run1('add', [tensor([2], [0xfffffffe, 2 ** 31], 'uint32'), tensor([2], [3, 2 ** 31], 'uint32')]).v).toEqual([1, 0]);
    expect(run1('mul', [tensor([2], [32767, -32768], 'int16'), tensor([2], [2, -1], 'int16')]).v).toEqual([-2, -32768]);
    expect(run1('max', [tensor([2], [0xffffffff, 1], 'uint32'), tensor([2], [1, 2 ** 31], 'uint32')]).v).toEqual([0xffffffff, 2 ** 31]);
    expect(run1('sub', [tensor([1], [0], 'uint16'), tensor([1], [1], 'uint16')]).v).toEqual([65535]);
  });
});

describe('float64 and uint64', () => {
  it('float64 arithmetic is double arithmetic', () => {
    expect(run1('add', [tensor([1], [0.1], 'float64'), tensor([1], [0.2], 'float64')]).v).toEqual([0.1 + 0.2]);
    expect(run1('mod', [tensor([2], [-4.3, 5.5], 'float64'), tensor([2], [2.1, -2], 'float64')], { fmod: true }).v).toEqual([-4.3 % 2.1, 5.5 % -2]);
  });

  it('uint64 compares, divides and shifts unsigned past 2^63, and wraps at 2^64', () => {
    const big = (r: ReturnType<typeof run>) => Array.from(r[0]!.data as BigUint64Array);
    const u = (v: bigint[]) => ({ type: { kind: 'tensor' as const, shape: [v.length], element: 'uint64' as const, constant: false }, data: BigUint64Array.from(v) });
    expect(big(run('max', [u([2n ** 63n, 1n]), u([1n, 2n ** 64n - 1n])]))).toEqual([2n ** 63n, 2n ** 64n - 1n]);
    expect(big(run('div', [u([2n ** 64n - 1n]), u([2n])]))).toEqual([2n ** 63n - 1n]);
    expect(big(run('add', [u([2n ** 64n - 1n]), u([2n])]))).toEqual([1n]);
    expect(big(run('bit_shift', [u([2n ** 63n + 1n, 1n, 5n]), u([1n, 63n, 64n])], { direction: 'LEFT' }))).toEqual([2n, 2n ** 63n, 0n]);
    expect(big(run('bit_shift', [u([2n ** 64n - 1n]), u([60n])], { direction: 'RIGHT' }))).toEqual([15n]);
  });
});

