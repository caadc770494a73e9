// The fused attention kernel on real WebGPU against the CPU reference: plain, scaled and masked
// scores, query and key counts that are not multiples of the 16-row blocks, head sizes below the
// limit, an epilogue, q/k/v read through views; and attention it cannot hold (heads past 64), which
// stays three kernels.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDevice } from '../../runtime/device';
import { planKernels } from '../kernel-plan';
import { type Case, prepareCase, runCase } from '../testing/cases';

type AttentionCase = Case & { fused: boolean };

const attention = (name: string, q: string, k: string, v: string, between: Case['ops'] = [], extra: string[] = [], fused = true): AttentionCase => {
  const n = between.length;
  return {
    name, args: [q, k, v, ...extra], fused,
    ops: [{ op: 'matmul', in: ['a', 'b'] }, ...between, { op: 'softmax', in: [`%${n}`], attrs: { axis: -1 } }, { op: 'matmul', in: [`%${n + 1}`, 'c'] }],
  };
};

const CASES: AttentionCase[] = [
  attention('2 × 3 heads, 37 queries and keys, head 64', '2x3x37x64xf32', '2x3x64x37xf32', '2x3x37x64xf32'),
  attention('scaled scores, 20 queries, 50 keys, q·k over 32, v of 48', '4x20x32xf32', '4x32x50xf32', '4x50x48xf32', [{ op: 'mul', in: ['%0', 'd'] }], ['f32']),
  attention('a mask added to the scores', '2x17x16xf32', '2x16x17xf32', '2x17x8xf32', [{ op: 'add', in: ['%0', 'd'] }], ['17x17xf32']),
  attention('one query block, a single key', '1x5x8xf32', '1x8x1xf32', '1x1x4xf32'),
  attention('heads of 128: three kernels', '2x9x128xf32', '2x128x9xf32', '2x9x128xf32', [], [], false),
  {
    name: 'q, k, v as views of one QKV projection (slices, reshapes, transposes), a residual epilogue', fused: true,
    args: ['1x33x96xf32', '1x2x33x16xf32'],
    ops: [
      { op: 'slice', in: ['a'], attrs: { starts: [0], ends: [32], axes: [2] } },
      { op: 'slice', in: ['a'], attrs: { starts: [32], ends: [64], axes: [2] } },
      { op: 'slice', in: ['a'], attrs: { starts: [64], ends: [96], axes: [2] } },
      { op: 'reshape', in: ['%0'], attrs: { shape: [1, 33, 2, 16] } },
      { op: 'reshape', in: ['%1'], attrs: { shape: [1, 33, 2, 16] } },
      { op: 'reshape', in: ['%2'], attrs: { shape: [1, 33, 2, 16] } },
      { op: 'transpose', in: ['%3'], attrs: { permutation: [0, 2, 1, 3] } },
      { op: 'transpose', in: ['%4'], attrs: { permutation: [0, 2, 3, 1] } },
      { op: 'transpose', in: ['%5'], attrs: { permutation: [0, 2, 1, 3] } },
      { op: 'matmul', in: ['%6', '%7'] },
      { op: 'softmax', in: ['%9'], attrs: { axis: -1 } },
      { op: 'matmul', in: ['%10', '%8'] },
      { op: 'add', in: ['%11', 'b'] },
    ],
  },
];

let device: GPUDevice;
beforeAll(async () => { device = (await openDevice()).device; });
afterAll(() => device?.destroy());

describe('attention kernel vs CPU reference', () => {
  for (const c of CASES) {
    it(c.name, async () => {
      const { inputs, want, state, defs } = prepareCase(c, 7);
      const kernels = defs.flatMap((d) => planKernels(d));
      expect(kernels.some((k) => k.wgsl.includes('through attention')), 'fused into one attention kernel').toBe(c.fused);
      if (c.fused) expect(kernels.length).toBe(1);
      const { got } = await runCase(device, state, inputs);
      expect(got.type.shape).toEqual(want.type.shape);
      for (let i = 0; i < want.data.length; i++) {
        const a = Number(got.data[i]!);
        const b = Number(want.data[i]!);
        expect(Math.abs(a - b) <= 1e-5 + 1e-4 * Math.abs(b), `${c.name}[${i}]: ${a} vs reference ${b}`).toBe(true);
      }
    });
  }
});
