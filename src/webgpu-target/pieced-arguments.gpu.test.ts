// Weights larger than one binding may view (maxStorageBufferBindingSize) bound in pieces, on real
// WebGPU against the CPU reference. The profile's binding limit is made tiny (what GPT-2's 154 MB
// token embedding is to 128 MiB), so small tables and matrices take 2–3 pieces.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type HostTensor, allocTensor, tensorBytes } from '../core';
import { FUNCTIONAL_DEFINITION } from '../ir/structural';
import { ty } from '../ir/ops/test-cases';
import { compile } from '../compiler/pipeline';
import { runEntryPoint } from '../reference';
import { randomTensor } from '../reference/random';
import { openDevice } from '../runtime/device';
import { loadProgram } from '../runtime/runtime';
import { defaultTargets } from '../engine/targets';
import { DEFAULT_GPU_PROFILE, type GpuProfile } from './limits';
import { planKernels } from './kernel-plan';
import { type Case, expectClose, moduleOf, randomInput } from './testing/cases';

const tiny = (maxStorageBufferBindingSize: number): GpuProfile => ({ ...DEFAULT_GPU_PROFILE, limits: { ...DEFAULT_GPU_PROFILE.limits, maxStorageBufferBindingSize } });

interface PiecedCase {
  readonly case: Case;
  /** The constant's values (`case.constants` holds its name and type). */
  readonly table: HostTensor;
  readonly inputs: readonly HostTensor[];
  readonly maxBinding: number;
  readonly pieces: number;
  readonly atol: number;
}

/** Int64 indices `values` (negative ones count from the end). */
function indices(shape: readonly number[], values: readonly number[]): HostTensor {
  const t = allocTensor(shape, 'int64');
  values.forEach((v, i) => { t.data[i] = BigInt(v); });
  return t;
}

const table = (type: string, seed: number) => (ty(type).element === 'float32' ? randomInput(ty(type), seed) : randomTensor(ty(type), seed));

const CASES: PiecedCase[] = [
  {
    // 100 rows of 24 float32 (9,600 bytes) in pieces of 4,096: rows from each piece, one straddling
    // two (row 42 spans bytes 4,032–4,128), and a negative index.
    case: { name: 'gather from a 100x24 float32 table in 3 pieces', args: ['2x7xi64'], constants: [{ name: 't', type: '100x24xf32', values: [] }], ops: [{ op: 'gather', in: ['t', 'a'], attrs: { axis: 0 } }] },
    table: table('100x24xf32', 3), inputs: [indices([2, 7], [0, 42, 43, 85, 99, -1, 17, 60, 1, 2, 3, 70, 98, -100])], maxBinding: 4096, pieces: 3, atol: 0,
  },
  {
    // float16: two halves a word, so a piece boundary falls inside a row of 30 halves.
    case: { name: 'gather from a 50x30 float16 table in 2 pieces', args: ['5xi64'], constants: [{ name: 't', type: '50x30xf16', values: [] }], ops: [{ op: 'gather', in: ['t', 'a'], attrs: { axis: 0 } }] },
    table: table('50x30xf16', 5), inputs: [indices([5], [0, 34, 35, 49, -20])], maxBinding: 2048, pieces: 2, atol: 0,
  },
  {
    // A 64x40 float32 weight (10,240 bytes) in pieces of 4,096, read by a tiled matmul.
    case: { name: 'matmul by a 64x40 float32 weight in 3 pieces', args: ['5x64xf32'], constants: [{ name: 't', type: '64x40xf32', values: [] }], ops: [{ op: 'matmul', in: ['a', 't'] }] },
    table: table('64x40xf32', 7), inputs: [randomInput(ty('5x64xf32'), 8)], maxBinding: 4096, pieces: 3, atol: 1e-5,
  },
  {
    // A transposed weight (gemm's trans_b: a language model head reading its embedding) in 2 pieces.
    case: { name: 'gemm by a 40x64 float32 weight, transposed, in 2 pieces', args: ['3x64xf32'], constants: [{ name: 't', type: '40x64xf32', values: [] }], ops: [{ op: 'gemm', in: ['a', 't'], attrs: { trans_b: true } }] },
    table: table('40x64xf32', 9), inputs: [randomInput(ty('3x64xf32'), 10)], maxBinding: 8192, pieces: 2, atol: 1e-5,
  },
];

let device: GPUDevice;
beforeAll(async () => { device = (await openDevice()).device; });
afterAll(() => device?.destroy());

describe('a weight past maxStorageBufferBindingSize, bound in pieces', () => {
  for (const c of CASES) {
    it(c.case.name, async () => {
      const module = moduleOf(c.case);
      const constants = (name: string) => (name === 't' ? c.table : undefined);
      const want = runEntryPoint(module, c.inputs, constants)[0]!;
      const state = compile(module, defaultTargets(tiny(c.maxBinding)));
      expect(state.schedule.map((sg) => sg.target), 'one subgraph, on a WebGPU target').toEqual([expect.stringMatching(/^webgpu/)]);
      const def = [...state.output!.walk()].find((o) => o.name === FUNCTIONAL_DEFINITION)!;
      const kernels = planKernels(def, 'subgraph', tiny(c.maxBinding));
      const pieces = kernels.flatMap((k) => k.pieces ?? []);
      expect(pieces.length, 'pieces bound').toBe(c.pieces);
      for (const p of pieces) expect(p.size).toBeLessThanOrEqual(c.maxBinding);
      expect(pieces.reduce((n, p) => n + p.size, 0), 'the pieces cover the weight').toBe(tensorBytes(c.table).length);
      const program = await loadProgram(device, state.output!, (name) => { const t = constants(name); return t && tensorBytes(t); }, { targets: defaultTargets() });
      try {
        const got = (await program.run(c.inputs)).outputs[0]!;
        expectClose(got, want, c.case.name, c.atol, c.atol);
      } finally {
        program.destroy();
      }
    });
  }

  it('without pieces (the default limit) the same kernels bind the weight whole', () => {
    const state = compile(moduleOf(CASES[0]!.case), defaultTargets());
    const def = [...state.output!.walk()].find((o) => o.name === FUNCTIONAL_DEFINITION)!;
    expect(planKernels(def).flatMap((k) => k.pieces ?? [])).toEqual([]);
  });
});
