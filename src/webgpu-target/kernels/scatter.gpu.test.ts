// scatter_elements and scatter_nd on real WebGPU against the CPU reference: negative and repeated
// indices (with reduction "none" the last update wins), every reduction, float32 exact and float16
// rounded each step as the reference rounds.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type HostTensor, allocTensor } from '../../core';
import { ty } from '../../ir/ops/test-cases';
import { compile } from '../../compiler/pipeline';
import { runEntryPoint } from '../../reference';
import { randomTensor } from '../../reference/random';
import { openDevice } from '../../runtime/device';
import { loadProgram } from '../../runtime/runtime';
import { defaultTargets } from '../../engine/targets';
import { type Case, expectClose, moduleOf, randomInput } from '../testing/cases';

/** Int64 `values` in `shape`. */
function int64(shape: string, values: readonly number[]): HostTensor {
  const t = allocTensor(ty(`${shape}xi64`).shape, 'int64');
  values.forEach((v, i) => { t.data[i] = BigInt(v); });
  return t;
}

const floats = (type: string, seed: number) => (ty(type).element === 'float32' ? randomInput(ty(type), seed) : randomTensor(ty(type), seed));

interface ScatterCase { readonly case: Case; readonly inputs: readonly HostTensor[] }

const elements = (reduction: string, axis: number, data: string, idx: string, values: number[], e = 'f32'): ScatterCase => ({
  case: {
    name: `scatter_elements ${data}x${e} axis ${axis}, reduction ${reduction}`, args: [`${data}x${e}`, `${idx}xi64`, `${idx}x${e}`],
    ops: [{ op: 'scatter_elements', in: ['a', 'b', 'c'], attrs: { axis, reduction } }],
  },
  inputs: [floats(`${data}x${e}`, 1), int64(idx, values), floats(`${idx}x${e}`, 2)],
});

const nd = (reduction: string, data: string, idx: string, upd: string, values: number[], e = 'f32'): ScatterCase => ({
  case: {
    name: `scatter_nd ${data}x${e} by indices ${idx}, reduction ${reduction}`, args: [`${data}x${e}`, `${idx}xi64`, `${upd}x${e}`],
    ops: [{ op: 'scatter_nd', in: ['a', 'b', 'c'], attrs: { reduction } }],
  },
  inputs: [floats(`${data}x${e}`, 3), int64(idx, values), floats(`${upd}x${e}`, 4)],
});

const CASES: ScatterCase[] = [
  // Row 1 twice (the last update wins), and −1 for row 3.
  elements('none', 0, '4x5', '3x5', [1, 0, 2, 3, 1, 1, 2, -1, 0, 0, -4, 3, 3, 2, 1]),
  elements('add', 0, '4x5', '3x5', [1, 0, 2, 3, 1, 1, 2, -1, 0, 0, -4, 3, 3, 2, 1]),
  // Along the inner axis, updates narrower than data off the axis (rows 0 and 1 of 3 only).
  elements('max', 1, '3x6', '2x4', [0, 5, -1, 2, 3, 3, 0, 1]),
  elements('mul', 1, '3x6', '2x4', [0, 5, -1, 2, 3, 3, 0, 1]),
  // float16: each sum rounded to half.
  elements('add', 0, '4x5', '3x5', [1, 0, 2, 3, 1, 1, 2, -1, 0, 0, -4, 3, 3, 2, 1], 'f16'),
  // Whole rows by one index each (row 2 twice, −3 is row 1).
  nd('none', '4x3', '3x1', '3x3', [2, -3, 2]),
  nd('add', '4x3', '3x1', '3x3', [2, -3, 2]),
  // Single elements by index pairs, in a 2x2 grid of tuples.
  nd('mul', '3x4', '2x2x2', '2x2', [0, 1, 2, 3, -1, -1, 0, 1]),
  nd('min', '2x3x4', '2x2', '2x4', [1, 2, 0, -1]),
];

let device: GPUDevice;
beforeAll(async () => { device = (await openDevice()).device; });
afterAll(() => device?.destroy());

describe('scatter on WebGPU vs CPU reference', () => {
  for (const c of CASES) {
    it(c.case.name, async () => {
      const module = moduleOf(c.case);
      const want = runEntryPoint(module, c.inputs, () => undefined)[0]!;
      const state = compile(module, defaultTargets());
      expect(state.schedule.map((sg) => sg.target)).toEqual([expect.stringMatching(/^webgpu/)]);
      const program = await loadProgram(device, state.output!, () => undefined, { targets: defaultTargets() });
      try {
        const got = (await program.run(c.inputs)).outputs[0]!;
        expectClose(got, want, c.case.name, 0, 0);
      } finally {
        program.destroy();
      }
    });
  }
});
