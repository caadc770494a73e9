// matmul and gemm: hand-computed products, numpy batching rules (1-D promotion, broadcast batches),
// Gemm transposes/alpha/beta (ONNX semantics). Small integers make float results exact.
import { describe, expect, it } from 'vitest';
import { run1, tensor } from '../testing/tensors';

describe('matmul', () => {
  it('2×3 · 3×2', () => {
    expect(run1('matmul', [tensor([2, 3], [1, 2, 3, 4, 5, 6]), tensor([3, 2], [7, 8, 9, 10, 11, 12])])).toEqual({ shape: [2, 2], v: [58, 64, 139, 154] });
  });

  it('1-D operands are promoted and the added dimension dropped', () => {
    expect(run1('matmul', [tensor([3], [1, 2, 3]), tensor([3], [4, 5, 6])])).toEqual({ shape: [], v: [32] });
    expect(run1('matmul', [tensor([2], [1, 2]), tensor([2, 2], [1, 2, 3, 4])])).toEqual({ shape: [2], v: [7, 10] });
  });

  it('batch dimensions broadcast', () => {
    const a = tensor([2, 1, 1, 2], [1, 2, 3, 4]);
    const b = tensor([3, 2, 1], [1, 1, 1, 0, 0, 1]);
    expect(run1('matmul', [a, b])).toEqual({ shape: [2, 3, 1, 1], v: [3, 1, 2, 7, 3, 4] });
  });

  it('int32 wraps modulo 2^32; int64 is exact', () => {
    expect(run1('matmul', [tensor([1, 2], [65536, 1], 'int32'), tensor([2, 1], [65536, 5], 'int32')]).v).toEqual([5]);
    const big = run1('matmul', [tensor([1, 2], [2 ** 40, 1], 'int64'), tensor([2, 1], [2 ** 12, 3], 'int64')]);
    expect(big.v).toEqual([2 ** 52 + 3]);
  });
});

describe('gemm', () => {
  const a = tensor([2, 3], [1, 2, 3, 4, 5, 6]);
  it('alpha · a · b + beta · c with c broadcast', () => {
    const b = tensor([3, 2], [1, 0, 0, 1, 1, 1]);
    expect(run1('gemm', [a, b, tensor([2], [10, 20])], { alpha: 2, beta: 0.5 }).v).toEqual([13, 20, 25, 32]);
  });
  it('transposed operands', () => {
    const at = tensor([3, 2], [1, 4, 2, 5, 3, 6]);
    const bt = tensor([2, 3], [1, 0, 1, 0, 1, 1]);
    expect(run1('gemm', [at, bt], { trans_a: true, trans_b: true }).v).toEqual([4, 5, 10, 11]);
  });
});

describe('det', () => {
  it('ONNX examples: one 2x2 matrix, and a batch of two', () => {
    expect(run1('det', [tensor([2, 2], [1, 2, 3, 4])]).v).toEqual([-2]);
    const r = run1('det', [tensor([2, 2, 2], [1, 2, 3, 4, 1, 2, 2, 1])]);
    expect(r.shape).toEqual([2]);
    expect(r.v).toEqual([-2, -3]);
  });
  it('pivots past a zero on the diagonal, flips the sign per swap, and gives 0 for a singular matrix', () => {
    expect(run1('det', [tensor([3, 3], [0, 1, 0, 1, 0, 0, 0, 0, 1])]).v).toEqual([-1]);
    expect(run1('det', [tensor([3, 3], [0, 0, 2, 0, 3, 0, 4, 0, 0])]).v).toEqual([-24]);
    expect(run1('det', [tensor([3, 3], [1, 2, 3, 2, 4, 6, 7, 8, 9])]).v).toEqual([0]);
    expect(run1('det', [tensor([1, 1], [-2.5])]).v).toEqual([-2.5]);
  });
  it('float64 computes in double: a difference of 1e-12 survives (float32 would give 0)', () => {
    const [v] = run1('det', [tensor([2, 2], [1 + 1e-12, 1, 1, 1], 'float64')]).v;
    expect(Math.abs(v! - ((1 + 1e-12) - 1))).toBeLessThan(1e-20); // relative 1e-8: the cancellation costs digits, not all
  });
});
