// An encoder layer's q, k and v projections (one input, three constant weights, each with its bias,
// then the head split and attention) as one GEMM (@projections) on real WebGPU against the CPU
// reference: the weights concatenated as a model is opened (concat-projections), one kernel writing
// the three results, and the attention reading them through its views as before.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compile } from '../../compiler/pipeline';
import { concatProjections } from '../../compiler/passes/concat-projections';
import { FUNCTIONAL_DEFINITION } from '../../ir/structural';
import { defaultTargets } from '../../engine/targets';
import { openDevice } from '../../runtime/device';
import { planKernels } from '../kernel-plan';
import { encoderAttention, expectClose, prepareCase, runCase } from '../testing/cases';

/** As the GEMM tests' (gemm.gpu.test.ts) for products of up to a few hundred terms: 1e-4 + 1e-5·|reference|. */
const ATOL = 1e-4;
const RTOL = 1e-5;

let device: GPUDevice;
beforeAll(async () => { device = (await openDevice()).device; });
afterAll(() => device?.destroy());

describe('q, k and v projections as one GEMM vs CPU reference', () => {
  for (const c of [encoderAttention(8, 32, 2), encoderAttention(37, 64, 4), encoderAttention(1, 48, 3)]) {
    it(c.name, async () => {
      const { module, inputs, want, constants } = prepareCase(c, 5);
      const { made, unused } = concatProjections(module, constants);
      expect([...made.keys()]).toEqual(['wq.projections']);
      expect(unused).toEqual(['wq', 'wk', 'wv']);
      const state = compile(module, defaultTargets());
      const patterns = state.schedule.map((g) => g.pattern);
      expect(patterns.filter((p) => p === 'projections3')).toHaveLength(1);
      // The three projections are one subgraph: no other product reads the weights. The attention
      // over them (at most 64 keys) is one kernel too.
      expect(patterns.filter((p) => p.startsWith('attention'))).toHaveLength(1);
      expect(patterns.filter((p) => p === 'matmul_epilogue')).toHaveLength(0);
      const def = [...state.output!.walk()].find((o) => o.name === FUNCTIONAL_DEFINITION && o.body().operations.filter((op) => op.opName === 'matmul').length === 3)!;
      const kernels = planKernels(def);
      expect(kernels).toHaveLength(1);
      expect(kernels[0]!.outputs).toBe(3);
      const { got } = await runCase(device, state, inputs, (n) => made.get(n) ?? constants(n));
      expectClose(got, want, c.name, ATOL, RTOL);
    });
  }

  it('with split-K (4 tokens, K = 1536): the partials of the whole product, then one sum writing the three results', async () => {
    const c = encoderAttention(4, 1536, 2);
    const { module, inputs, want, constants } = prepareCase(c, 7);
    const { made } = concatProjections(module, constants);
    const state = compile(module, defaultTargets());
    expect(state.schedule.map((g) => g.pattern)).toContain('projections3');
    const def = [...state.output!.walk()].find((o) => o.name === FUNCTIONAL_DEFINITION && o.body().operations.filter((op) => op.opName === 'matmul').length === 3)!;
    expect(planKernels(def).map((k) => k.outputs)).toEqual([3, 3]);
    const { got } = await runCase(device, state, inputs, (n) => made.get(n) ?? constants(n));
    // Sums of 1536 terms, in slices: as gemm.gpu.test.ts allows split-K products.
    expectClose(got, want, c.name, 1e-4, 1e-4);
  });
});
