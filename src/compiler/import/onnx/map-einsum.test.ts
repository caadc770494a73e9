// Einsum: every form lowered at import and run on the CPU reference against a direct evaluation of
// the sum; which ops each form lowers to; the equation errors.
import { describe, expect, test } from 'vitest';
import { runEntryPoint } from '../../../reference';
import { importFolded, single } from './testing';
import { EINSUM_CASES, einsumDirect, einsumInputs, einsumModel } from './testing/einsum';

describe('Einsum on the CPU reference equals the direct sum', () => {
  test.each(EINSUM_CASES.map((c) => [`${c.equation} over ${c.shapes.map((s) => `[${s.join(',')}]`).join(' ')}${c.element ? ` (${c.element})` : ''}`, c] as const))('%s', (_, c) => {
    const { module, constants } = importFolded(einsumModel(c));
    const inputs = einsumInputs(c, 7);
    const [y] = runEntryPoint(module, inputs, (n) => constants.get(n));
    const want = einsumDirect(c.spelled, inputs);
    expect([...y!.type.shape]).toEqual(want.shape);
    expect(y!.type.element).toBe(c.element ?? 'float32');
    const got = [...y!.data].map(Number);
    expect(got.length).toBe(want.values.length);
    if (c.element) {
      expect(got).toEqual(want.values);
      return;
    }
    // float32 sums of at most 60 products: |error| ≤ 60 · 2^-24 · Σ|products| < 4e-6 · Σ|products|
    got.forEach((v, i) => expect(Math.abs(v - want.values[i]!), `element ${i}`).toBeLessThanOrEqual(4e-6 * want.magnitude[i]! + 1e-30));
  });
});

describe('Einsum lowering', () => {
  test('a (batched) matrix product is one matmul, with transposes where an operand is stored the other way', () => {
    expect(single('Einsum', [[2, 3, 4], [2, 4, 5]], { equation: 'bij,bjk->bik' })).toMatch(/%y = cgc_op\.matmul\(%x0, %x1\)/);
    const t = single('Einsum', [[3, 4], [5, 4]], { equation: 'ij,kj->ik' });
    expect(t).toContain('cgc_op.transpose(%x1) {permutation = [1, 0]}');
    expect(t).toContain('-> !cgc.tensor<3x5x!cgc.float32>');
    expect(single('Einsum', [[2, 3, 4], [2, 4, 5]], { equation: '...ij,...jk->...ki' })).toContain('-> !cgc.tensor<2x5x3x!cgc.float32>');
  });

  test('attention scores keep their batch dimensions in one matmul', () => {
    const t = single('Einsum', [[2, 3, 4, 5], [2, 3, 6, 5]], { equation: 'bhqd,bhkd->bhqk' });
    expect(t.match(/cgc_op\.matmul/g)).toHaveLength(1);
    expect(t).toContain('cgc_op.transpose(%x1) {permutation = [0, 1, 3, 2]}');
    expect(t).not.toContain('cgc_op.reshape');
  });

  test('a diagonal is a strided slice of the merged dimensions; a sum is reduce_sum', () => {
    const diag = single('Einsum', [[2, 4, 4]], { equation: '...ii->...i' });
    expect(diag).toContain('cgc_op.reshape(%x0) {shape = [2, 16]');
    expect(diag).toContain('{starts = [0], ends = [16], axes = [1], steps = [5]}');
    expect(single('Einsum', [[3, 3, 3]], { equation: 'iii->i' })).toContain('{starts = [0], ends = [27], axes = [0], steps = [13]}');
    expect(single('Einsum', [[3, 4]], { equation: 'ij->i' })).toMatch(/%y = cgc_op\.reduce_sum\(%x0\) \{axes = \[1\], keep_dims = false/);
  });

  test('a dot product is mul and reduce_sum, an outer product mul, three operands two contractions', () => {
    const dot = single('Einsum', [[5], [5]], { equation: 'i,i' });
    expect(dot).toContain('cgc_op.mul(%x0, %x1)');
    expect(dot).toContain('-> !cgc.tensor<!cgc.float32>');
    expect(dot).not.toContain('matmul');
    expect(single('Einsum', [[3], [4]], { equation: 'i,j->ij' })).toContain('cgc_op.reshape(%x0) {shape = [3, 1]');
    expect(single('Einsum', [[2, 3], [3, 4], [4, 5]], { equation: 'ij,jk,kl->il' }).match(/cgc_op\.matmul/g)).toHaveLength(2);
  });

  test('a one-operand equation that changes nothing emits nothing', () => {
    expect(single('Einsum', [[2, 3]], { equation: 'ij' })).not.toContain('cgc_op.');
  });
});

describe('invalid equations are refused, naming the equation and the rule', () => {
  test.each([
    ['ij->i', [[2, 3, 4]], `equation "ij->i" input term #0 "ij" names 2 dimensions but input #0 has rank 3`],
    ['...ij->i', [[3]], `input term #0 "...ij" names 2 dimensions but input #0 has rank 1`],
    ['ij,jk', [[2, 3], [4, 5]], `equation "ij,jk" index 'j' has size 3 in input #0 and 4 in input #1`],
    ['ii', [[2, 3]], `index 'i' has sizes 2 and 3 in input #0`],
    ['ij->k', [[2, 3]], `equation "ij->k" output index 'k' occurs in no input term`],
    ['ij->ii', [[2, 3]], `output index 'i' occurs more than once`],
    ['...i...', [[2, 3]], `input term #0 "...i..." has more than one "..."`],
    ['i->......', [[2]], `the output "......" has more than one "..."`],
    ['i1', [[2, 3]], `input term #0 "i1" has '1'; a term is letters with at most one "..."`],
    ['ij,jk', [[2, 3]], `equation "ij,jk" has 2 input terms for 1 input`],
    ['i->i->i', [[2]], `has more than one "->"`],
    ['...i->i', [[2, 3]], `the output has no "..." but the inputs' "..." stand for 1 dimension`],
    ['...i,...i', [[2, 3], [4, 3]], `the "..." dimensions of input #0 and input #1 do not broadcast (sizes 2 and 4)`],
  ] as const)('%s', (equation, shapes, message) => {
    expect(() => single('Einsum', shapes.map((s) => [...s]), { equation })).toThrow(message);
  });
});
