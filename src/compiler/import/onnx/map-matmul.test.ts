// MatMul, Gemm and Einsum-as-matmul mappings.
import { expect, test } from 'vitest';
import { single } from './testing';

test('MatMul and Gemm', () => {
  expect(single('MatMul', [[2, 3, 4], [4, 5]])).toContain('-> !cgc.tensor<2x3x5x!cgc.float32>');
  expect(single('Gemm', [[4, 3], [5, 4], [5]], { transA: 1, transB: 1, alpha: { f: 2 } }))
    .toContain('cgc_op.gemm(%x0, %x1, %x2) {alpha = 2.0, beta = 1.0, trans_a = true, trans_b = true}');
});

test('Einsum batched matmul, with transposes where an operand is stored the other way', () => {
  expect(single('Einsum', [[2, 3, 4], [2, 4, 5]], { equation: 'bij,bjk->bik' })).toMatch(/%y = cgc_op\.matmul\(%x0, %x1\)/);
  const t = single('Einsum', [[3, 4], [5, 4]], { equation: 'ij,kj->ik' });
  expect(t).toContain('cgc_op.transpose(%x1) {permutation = [1, 0]}');
  expect(t).toContain('-> !cgc.tensor<3x5x!cgc.float32>');
  expect(single('Einsum', [[2, 3, 4], [2, 4, 5]], { equation: '...ij,...jk->...ki' })).toContain('-> !cgc.tensor<2x5x3x!cgc.float32>');
});

test('other Einsum equations are refused', () => {
  expect(() => single('Einsum', [[3, 3]], { equation: 'ii->i' })).toThrow('equation "ii->i" is not a (batched) matrix product');
  expect(() => single('Einsum', [[3], [3]], { equation: 'i,i->' })).toThrow('is not a (batched) matrix product');
});
