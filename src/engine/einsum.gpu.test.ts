// Einsum lowered at import (transpose, reshape, strided slice, mul, reduce_sum, matmul) on WebGPU
// against the CPU reference: diagonals, `...` broadcasting, dot products, three operands, int32,
// an empty contraction.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importOnnx } from '../compiler/import/onnx';
import { EINSUM_CASES, einsumDirect, einsumInputs, einsumModel } from '../compiler/import/onnx/testing/einsum';
import { tensorBytes } from '../core';
import { evaluateOp, runEntryPoint } from '../reference';
import { openDevice } from '../runtime/device';
import { compileAndLoad } from './model';
import { gpuProfile } from '.';

let device: GPUDevice;
beforeAll(async () => { device = (await openDevice()).device; });
afterAll(() => device?.destroy());

// Every op of these runs on the GPU (int64 arithmetic, as in `ii,i`, runs on the CPU reference by
// design: webgpu-target.md, "int64").
const ON_GPU = [
  '...ii ->...i', 'iii->i', 'jiki->kij', 'ij->i', 'ii', 'i,i', 'bk,bk->b', 'i,j,k->ijk', 'bhqd,bhkd->bhqk', 'abc,cbd->da',
  'ij,jk,kl->il', 'bn,anm,bm->ba', '...ij,...jk->...ik', 'ij...,jk...->ik...', 'ij,jk->ik',
];
const cases = EINSUM_CASES.filter((c) => ON_GPU.includes(c.equation));

describe('Einsum on WebGPU equals the CPU reference', () => {
  it.each(cases.map((c) => [`${c.equation} over ${c.shapes.map((s) => `[${s.join(',')}]`).join(' ')}${c.element ? ` (${c.element})` : ''}`, c] as const))('%s', async (_, c) => {
    const { module, constants } = importOnnx(einsumModel(c), { evaluate: evaluateOp });
    const { program } = await compileAndLoad(module, (n) => { const t = constants.get(n); return t && tensorBytes(t); }, device, { gpu: gpuProfile(device) });
    try {
      expect(program.partitions.length).toBeGreaterThan(0);
      expect(program.partitions.map((p) => p.target)).toEqual(program.partitions.map(() => 'webgpu'));
      const inputs = einsumInputs(c, 11);
      const got = (await program.run(inputs)).outputs[0]!;
      const want = runEntryPoint(module, inputs, (n) => constants.get(n))[0]!;
      expect([...got.type.shape]).toEqual([...want.type.shape]);
      expect(got.type.element).toBe(want.type.element);
      if (c.element) {
        expect([...got.data]).toEqual([...want.data]);
        return;
      }
      // Each side's float32 sum is within 4e-6 · Σ|products| of the exact one (map-einsum.test.ts).
      const { magnitude } = einsumDirect(c.spelled, inputs);
      got.data.forEach((v, i) => expect(Math.abs(Number(v) - Number(want.data[i])), `element ${i}`).toBeLessThanOrEqual(8e-6 * magnitude[i]! + 1e-30));
    } finally {
      program.destroy();
    }
  });
});
