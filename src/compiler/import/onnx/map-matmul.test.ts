// MatMul and Gemm mappings (Einsum's are map-einsum.test.ts).
import { expect, test } from 'vitest';
import { single } from './testing';

test('MatMul and Gemm', () => {
  expect(single('MatMul', [[2, 3, 4], [4, 5]])).toContain('-> !cgc.tensor<2x3x5x!cgc.float32>');
  expect(single('Gemm', [[4, 3], [5, 4], [5]], { transA: 1, transB: 1, alpha: { f: 2 } }))
    .toContain('cgc_op.gemm(%x0, %x1, %x2) {alpha = 2.0, beta = 1.0, trans_a = true, trans_b = true}');
});
