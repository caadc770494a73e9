// Sessions: one model run at the sizes its inputs come in (a dynamic sequence axis), each set of sizes
// compiled and loaded once, the weights uploaded once for all of them, against the CPU reference.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDevice } from '../runtime/device';
import { SharedConstants } from '../runtime/shared-constants';
import { FLOAT, modelBytes, node, tensorInfo } from '../compiler/import/onnx/testing';
import { tensor } from '../reference/testing/tensors';
import { CgcError, type HostTensor } from '../core';
import { openModel, openSession } from '.';
import { countPipelines } from './testing';

let device: GPUDevice;
beforeAll(async () => { device = (await openDevice()).device; });
afterAll(() => device?.destroy());

const D = 16;
/** Weights as raw bytes, as exporters write them: the importer views them in the file's bytes. */
const weight = (name: string, seed: number) => ({
  name, dims: [D, D], data_type: FLOAT, raw_data: new Uint8Array(Float32Array.from({ length: D * D }, (_, i) => Math.sin(i * 0.7 + seed) / 4).buffer),
});
/** One attention head over a dynamic 'seq' axis: q, k, v projections of x, softmax(q·kᵀ + mask)·v. */
const MODEL = modelBytes({
  inputs: [tensorInfo('x', [1, 'seq', D]), tensorInfo('mask', [1, 'seq'])],
  outputs: [tensorInfo('y', [1, 'seq', D])],
  initializers: [weight('wq', 1), weight('wk', 2), weight('wv', 3)],
  nodes: [
    node('MatMul', ['x', 'wq'], ['q']), node('MatMul', ['x', 'wk'], ['k']), node('MatMul', ['x', 'wv'], ['v']),
    node('Transpose', ['k'], ['kt'], { perm: [0, 2, 1] }), node('MatMul', ['q', 'kt'], ['s']),
    node('Add', ['s', 'mask'], ['sm']), node('Softmax', ['sm'], ['p'], { axis: -1 }), node('MatMul', ['p', 'v'], ['y']),
  ],
});

const inputsOf = (seq: number): HostTensor[] => [
  tensor([1, seq, D], Array.from({ length: seq * D }, (_, i) => Math.cos(i * 0.31) * 2)),
  tensor([1, seq], Array.from({ length: seq }, (_, i) => (i % 3 === 2 ? -1e4 : 0))),
];
/** The model at `seq` on the CPU reference. */
const reference = async (seq: number) => {
  const model = openModel(MODEL, { fileName: 'head.onnx', shapes: { x: [1, seq, D], mask: [1, seq] } });
  const loaded = await model.compile({ targets: ['cpu-reference'] }).load(device);
  try { return (await loaded.run(inputsOf(seq))).outputs[0]!; } finally { loaded.destroy(); }
};
const maxDiff = (a: ArrayLike<number>, b: ArrayLike<number>) => Array.from(a).reduce((m, v, i) => Math.max(m, Math.abs(v - b[i]!)), 0);

describe('sessions', () => {
  it('runs each new length within 1e-4 of the CPU reference, uploading the weights once and creating no pipeline twice', async () => {
    const session = openSession(device, MODEL, { fileName: 'head.onnx' });
    expect(session.inputs).toEqual([{ name: 'x', dims: [1, 'seq', D] }, { name: 'mask', dims: [1, 'seq'] }]);
    const made = countPipelines(device);
    const shared = SharedConstants.of(device);
    const before = shared.size;
    try {
      const first = await session.run(inputsOf(7));
      expect(maxDiff(first.outputs[0]!.data as Float32Array, (await reference(7)).data as Float32Array)).toBeLessThan(1e-4);
      const weights = shared.size - before;
      expect(weights, 'the q, k, v weights as one concatenation').toBeGreaterThanOrEqual(1);
      const pipelines = made();
      for (const seq of [19, 7]) {
        const r = await session.run(inputsOf(seq));
        expect(r.outputs[0]!.type.shape).toEqual([1, seq, D]);
        expect(maxDiff(r.outputs[0]!.data as Float32Array, (await reference(seq)).data as Float32Array), `seq ${seq}`).toBeLessThan(1e-4);
        // The second length's program shares the first's weights on the GPU, and its first-tier kernels are the first length's.
        if (seq === 19) expect([shared.size - before, made()]).toEqual([weights, pipelines]);
      }
      expect(session.loaded).toEqual(['x=1x19x16,mask=1x19', 'x=1x7x16,mask=1x7']);
    } finally {
      session.destroy();
    }
    // Destroying the session's programs releases the weights with them.
    await new Promise((r) => setTimeout(r, 0));
    expect(shared.size).toBe(before);
  });

  it('keeps maxPrograms programs, the least recently run destroyed first (after its runs in flight), and refuses sizes the model does not allow by name', async () => {
    const session = openSession(device, MODEL, { fileName: 'head.onnx', maxPrograms: 1 });
    try {
      await session.run(inputsOf(5));
      await session.run(inputsOf(6));
      expect(session.loaded).toEqual(['x=1x6x16,mask=1x6']);
      // Two new sizes at once with room for one: the first is dropped while its run is in flight, and both runs complete.
      const [a, b] = await Promise.all([session.run(inputsOf(4)), session.run(inputsOf(3))]);
      expect([a.outputs[0]!.type.shape, b.outputs[0]!.type.shape]).toEqual([[1, 4, D], [1, 3, D]]);
      expect(maxDiff(a.outputs[0]!.data as Float32Array, (await reference(4)).data as Float32Array)).toBeLessThan(1e-4);
      expect(session.loaded).toEqual(['x=1x3x16,mask=1x3']);
      await expect(session.run([inputsOf(5)[0]!, inputsOf(6)[1]!])).rejects.toThrow(/dimension 'seq' is 5 in input 'x' but 6 in input 'mask'/);
      await expect(session.run([tensor([1, 5, 8], new Array(40).fill(0)), inputsOf(5)[1]!])).rejects.toThrow(/input 'x' dimension 2 is 16 in the model; the tensor given has 8/);
      await expect(session.run([inputsOf(5)[0]!])).rejects.toThrow(CgcError);
    } finally {
      session.destroy();
    }
  });
});
