// gather_nd on real WebGPU against the CPU reference, exact: tuples of every depth (single elements,
// rows, whole slices), negative indices, batch_dims 1 and 2, packed and int64 data, an empty indices
// tensor; and boolean indexing as PyTorch exports it (NonZero → Transpose → GatherND), bounded by
// NonZero's count, with no partition left on the CPU reference.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type HostTensor, allocTensor, tensorBytes } from '../../core';
import { ty } from '../../ir/ops/test-cases';
import { compile } from '../../compiler/pipeline';
import { importFolded, modelBytes, node, tensorInfo } from '../../compiler/import/onnx/testing';
import { runEntryPoint } from '../../reference';
import { randomTensor } from '../../reference/random';
import { openDevice } from '../../runtime/device';
import { loadProgram } from '../../runtime/runtime';
import { defaultTargets } from '../../engine/targets';
import { type Case, moduleOf, randomInput } from '../testing/cases';

function tensorOf(type: string, values: readonly number[]): HostTensor {
  const t = allocTensor(ty(type).shape, ty(type).element);
  values.forEach((v, i) => { t.data[i] = t.data instanceof BigInt64Array ? BigInt(v) : v; });
  return t;
}

interface GatherNdCase { readonly case: Case; readonly inputs: readonly HostTensor[] }

/** gather_nd of a seeded `data` tensor at `values` (int64 indices of shape `idx`). */
const nd = (what: string, data: string, idx: string, values: number[], batch_dims = 0): GatherNdCase => ({
  case: { name: `gather_nd ${data} by ${idx}, batch_dims ${batch_dims}: ${what}`, args: [data, `${idx}xi64`], ops: [{ op: 'gather_nd', in: ['a', 'b'], attrs: { batch_dims } }] },
  inputs: [ty(data).element === 'float32' ? randomInput(ty(data), 5) : randomTensor(ty(data), 5), tensorOf(`${idx}xi64`, values)],
});

const CASES: GatherNdCase[] = [
  nd('single elements, −1 the last row and column', '3x4xf32', '5x2', [0, 0, 2, 3, -1, -1, 1, -4, -3, 2]),
  nd('whole rows, one repeated', '4x6xf32', '3x1', [3, 0, 3]),
  nd('whole 3x5 slices by one coordinate, in a 2x2 grid of tuples', '3x3x5xf32', '2x2x1', [2, -3, 0, 1]),
  nd('rows of a 3-D tensor by pairs', '2x3x4xf32', '2x2', [1, 2, -2, 0]),
  nd('batch 1: a row of each batch entry', '2x3x4xf32', '2x2x1', [2, 0, -1, 1], 1),
  nd('batch 1: single elements', '2x3x4xf32', '2x1x2', [1, 3, -3, -1], 1),
  nd('batch 2: along the last axis', '2x2x5xf32', '2x2x3x1', [4, 0, -1, 1, 2, 3, 0, 0, 0, -5, 2, 4], 2),
  nd('int32 data', '4x3xi32', '2x2', [3, 2, 0, -1]),
  nd('float16 data (packed two per word)', '5x3xf16', '3x1', [4, 1, -5]),
  nd('uint8 data (packed four per word)', '3x5xu8', '2x1', [2, 0]),
  nd('int64 data (the per-op fallback)', '4x3xi64', '4x1', [1, 3, 0, -2]),
  nd('no tuples at all', '4x3xf32', '0x2', []),
];

let device: GPUDevice;
beforeAll(async () => { device = (await openDevice()).device; });
afterAll(() => device?.destroy());

const plain = (t: HostTensor) => ({ shape: [...t.type.shape], values: Array.from(t.data as ArrayLike<number | bigint>, Number) });

describe('gather_nd on WebGPU vs CPU reference', () => {
  for (const c of CASES) {
    it(c.case.name, async () => {
      const module = moduleOf(c.case);
      const want = runEntryPoint(module, c.inputs, () => undefined)[0]!;
      const state = compile(module, defaultTargets());
      expect(state.schedule.map((sg) => sg.target)).toEqual([expect.stringMatching(/^webgpu/)]);
      const program = await loadProgram(device, state.output!, () => undefined, { targets: defaultTargets() });
      try {
        const got = (await program.run(c.inputs)).outputs[0]!;
        expect(plain(got)).toEqual(plain(want));
      } finally {
        program.destroy();
      }
    });
  }

  it('boolean indexing (NonZero → Transpose → GatherND) runs wholly on the GPU, cut to the count', async () => {
    // The detector filter's tail: the rows of boxes whose score passes 0.5.
    const { module, constants } = importFolded(modelBytes({
      nodes: [node('Greater', ['s', 'half'], ['m']), node('NonZero', ['m'], ['nz']), node('Transpose', ['nz'], ['t'], { perm: [1, 0] }),
        node('GatherND', ['b', 't'], ['kept'])],
      inputs: [tensorInfo('s', [8]), tensorInfo('b', [8, 4])],
      initializers: [{ name: 'half', dims: [], data_type: 1, float_data: [0.5] }],
      outputs: [{ name: 'kept' }],
    }));
    const scores = tensorOf('8xf32', [0.9, 0.1, 0.6, 0.5, 0.7, -1, 0.2, 0.55]);
    const boxes = randomInput(ty('8x4xf32'), 3);
    const want = runEntryPoint(module, [scores, boxes], (n) => constants.get(n));
    expect(want[0]!.type.shape).toEqual([4, 4]);
    const state = compile(module, defaultTargets());
    const program = await loadProgram(device, state.output!, (n) => { const t = constants.get(n); return t && tensorBytes(t); }, { targets: defaultTargets() });
    try {
      expect(program.partitions.map((p) => p.target).filter((t) => !t.startsWith('webgpu')), 'every partition on the GPU').toEqual([]);
      const got = (await program.run([scores, boxes])).outputs;
      expect(got.map(plain)).toEqual(want.map(plain));
    } finally {
      program.destroy();
    }
  });
});
