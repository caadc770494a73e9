// Pooling kernels: ONNX operator-doc examples (MaxPool/AveragePool ceil mode, pads) and
// hand-derived windows. Exact where sums of small integers are divided once.
import { describe, expect, it } from 'vitest';
import { expectClose, run1, tensor } from '../testing/tensors';

const iota = (n: number, from = 0): number[] => Array.from({ length: n }, (_, i) => i + from);

describe('pooling', () => {
  it('max_pool 2×2 stride 2; ceil_mode (ONNX example)', () => {
    expect(run1('max_pool', [tensor([1, 1, 4, 4], iota(16))], { window_size: [2, 2], strides: [2, 2] }).v).toEqual([5, 7, 13, 15]);
    const x = tensor([1, 1, 4, 4], iota(16, 1));
    expect(run1('max_pool', [x], { window_size: [3, 3], strides: [2, 2], ceil_mode: true }).v).toEqual([11, 12, 15, 16]);
    expect(run1('average_pool', [x], { window_size: [3, 3], strides: [2, 2], ceil_mode: true }).v).toEqual([6, 7.5, 12, 13.5]);
  });

  it('max_pool on int8 ignores padding', () => {
    const r = run1('max_pool', [tensor([1, 1, 3], [-5, -7, -6], 'int8')], { window_size: [2], start_padding: [1], end_padding: [1] });
    expect(r.v).toEqual([-5, -5, -6, -6]);
  });

  it('average_pool counts padding only with include_padding', () => {
    const x = tensor([1, 1, 3, 3], new Array<number>(9).fill(1));
    const pads = { window_size: [3, 3], start_padding: [1, 1], end_padding: [1, 1] };
    expect(run1('average_pool', [x], pads).v).toEqual(new Array<number>(9).fill(1));
    expectClose(run1('average_pool', [x], { ...pads, include_padding: true }).v, [4, 6, 4, 6, 9, 6, 4, 6, 4].map((v) => v / 9));
  });

  it('lp_pool and the global pools', () => {
    expectClose(run1('lp_pool', [tensor([1, 1, 2], [3, -4])], { window_size: [2] }).v, [5]);
    const x = tensor([1, 2, 2], [1, 2, -3, 4]);
    expect(run1('global_average_pool', [x]).v).toEqual([1.5, 0.5]);
    expect(run1('global_max_pool', [x]).v).toEqual([2, 4]);
    expectClose(run1('global_lp_pool', [x], { p: 1 }).v, [3, 7]);
  });
});

describe('max_pool_indices', () => {
  it('flat indices into x, planes included, row- or column-major (ONNX test_maxpool_with_argmax_2d_precomputed_strides)', () => {
    const x = tensor([1, 1, 5, 5], iota(25, 1));
    const a = { window_size: [2, 2], strides: [2, 2] };
    expect(run1('max_pool_indices', [x], a).v).toEqual([6, 8, 16, 18]);
    expect(run1('max_pool_indices', [x], { ...a, storage_order: 1 }).v).toEqual([6, 16, 8, 18]);
    expect(run1('max_pool_indices', [tensor([1, 2, 2, 2], [1, 4, 3, 2, 8, 5, 6, 7])], { window_size: [2, 2] }).v).toEqual([1, 4]);
  });
  it('ties take the first position; NaN is skipped; padding is never chosen', () => {
    expect(run1('max_pool_indices', [tensor([1, 1, 4], [3, 3, NaN, 1])], { window_size: [2] }).v).toEqual([0, 1, 3]);
    expect(run1('max_pool_indices', [tensor([1, 1, 2], [-5, -7])], { window_size: [2], start_padding: [1], end_padding: [1] }).v).toEqual([0, 0, 1]);
  });
});

