// A concat read through views of its inputs, then an elementwise op with another operand
// (@concat_epilogue: ViT's patch tokens transposed out of the patch convolution, after the class token,
// plus the position embedding) as one element kernel on real WebGPU against the CPU reference; a
// concat with no elementwise reader keeps its own kernel, and the pattern disabled gives the three.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compile } from '../../compiler/pipeline';
import { openDevice } from '../../runtime/device';
import { defaultTargets } from '../../engine/targets';
import { planKernels } from '../kernel-plan';
import { type Case, type Step, expectClose, prepareCase, runCase } from '../testing/cases';

/** x [1, c, h, w] → reshape [1, c, h·w] → transpose [1, h·w, c] → concat after a class token [1, 1, c] → + pos [1, h·w + 1, c] (→ `then`). */
function patchTokens(c: number, h: number, w: number, then: Step[] = []): Case {
  const n = h * w + 1;
  return {
    name: `${c} channels of ${h}x${w} as ${n} tokens after a class token, plus position embeddings${then.length ? `, then ${then.map((s) => s.op).join(', ')}` : ''}`,
    args: [`1x${c}x${h}x${w}xf32`],
    constants: [
      { name: 'cls', type: `1x1x${c}xf32`, values: Array.from({ length: c }, (_, i) => ((i * 7) % 5) / 4 - 0.5) },
      { name: 'pos', type: `1x${n}x${c}xf32`, values: Array.from({ length: n * c }, (_, i) => ((i * 13) % 11) / 10 - 0.5) },
    ],
    ops: [
      { op: 'reshape', in: ['a'], attrs: { shape: [1, c, h * w] } },
      { op: 'transpose', in: ['%0'], attrs: { permutation: [0, 2, 1] } },
      { op: 'concat', in: ['cls', '%1'], attrs: { axis: 1 } },
      { op: 'add', in: ['%2', 'pos'] },
      ...then,
    ],
  };
}

/** Exact: the kernel copies and adds, as the reference does. */
const ATOL = 0;
const RTOL = 0;

let device: GPUDevice;
beforeAll(async () => { device = (await openDevice()).device; });
afterAll(() => device?.destroy());

describe('concat through views → elementwise as one kernel vs CPU reference', () => {
  for (const c of [patchTokens(8, 3, 5), patchTokens(64, 14, 14), patchTokens(5, 1, 1, [{ op: 'relu', in: ['%3'] }])]) {
    it(c.name, async () => {
      const { inputs, want, state, defs, constants } = prepareCase(c, 13);
      expect(state.schedule.map((g) => g.pattern)).toEqual(['concat_epilogue']);
      expect(planKernels(defs[0]!)).toHaveLength(1);
      const { got } = await runCase(device, state, inputs, constants);
      expectClose(got, want, c.name, ATOL, RTOL);
    });
  }

  it('a concat read by no elementwise op keeps its own kernel', () => {
    const c = patchTokens(8, 3, 5);
    const { module } = prepareCase({ ...c, ops: [...c.ops.slice(0, 3), { op: 'softmax', in: ['%2'], attrs: { axis: -1 } }] }, 13);
    expect(compile(module, defaultTargets()).schedule.map((g) => g.pattern)).toEqual(['data_movement', 'data_movement', 'softmax_epilogue']);
  });

  it('with concat_epilogue disabled: the transpose, the concat and the add apart', async () => {
    const c = patchTokens(8, 3, 5);
    const { inputs, want, module, constants } = prepareCase(c, 13);
    const state = compile(module, defaultTargets(undefined, { disabledPatterns: ['concat_epilogue'] }));
    expect(state.schedule.map((g) => g.pattern)).toEqual(['data_movement', 'data_movement', 'elementwise_chain']);
    const { got } = await runCase(device, state, inputs, constants);
    expectClose(got, want, c.name, ATOL, RTOL);
  });
});
