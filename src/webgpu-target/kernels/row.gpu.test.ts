// Row kernels (softmax, log_softmax, layer and instance normalization, global pools and float
// reductions, with elementwise prologues and epilogues fused) on real WebGPU against the CPU
// reference, and which subgraphs take that path.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseModule, typeToString } from '../../ir';
import { FUNCTIONAL_DEFINITION } from '../../ir/structural';
import { compile } from '../../compiler/pipeline';
import { runEntryPoint } from '../../reference';
import { openDevice } from '../../runtime/device';
import { loadProgram } from '../../runtime/runtime';
import { planKernels } from '../kernel-plan';
import { DEFAULT_GPU_PROFILE } from '../limits';
import { defaultTargets } from '../../engine/targets';
import { type Case, expectClose, prepareCase, randomInput, runCase } from '../testing/cases';

type RowCase = Case & { row: boolean; threads?: number; /** Rows split over workgroups (partials, then a kernel per row). */ split?: boolean };

const one = (op: string, x: string, attrs: Record<string, number>, row = true, extra: string[] = []): RowCase => ({
  name: `${op} ${x} ${JSON.stringify(attrs)}`, args: [`${x}xf32`, ...extra], ops: [{ op, in: ['a', ...extra.map((_, i) => String.fromCharCode(98 + i))], attrs }], row,
});

const CASES: RowCase[] = [
  one('softmax', '3x197x197', { axis: -1 }),
  one('softmax', '2x300x5', { axis: 1 }),
  one('softmax', '1x4097', { axis: 1 }),
  one('softmax', '5x7', { axis: 1 }, false),
  one('log_softmax', '4x33x17', { axis: 1 }),
  one('log_softmax', '2x1000', { axis: -1 }),
  one('layer_normalization', '3x50x768', { axis: -1 }, true, ['768xf32', '768xf32']),
  // Many rows: 32 threads per row of 192 (6 elements each) instead of 64.
  { ...one('layer_normalization', '2048x192', { axis: -1 }, true, ['192xf32', '192xf32']), threads: 32 },
  one('layer_normalization', '2x7x9x5', { axis: 1 }, true, ['9x5xf32']),
  one('layer_normalization', '6x127', { axis: -1 }, true, ['127xf32', '1xf32']),
  one('layer_normalization', '2x3x5', { axis: 0 }, true, ['2x3x5xf32', '2x3x5xf32']),
  one('instance_normalization', '2x3x17x19', {}, true, ['3xf32', '3xf32']),
  one('global_average_pool', '1x32x112x112', {}),
  one('global_max_pool', '2x5x7x9', {}),
  one('global_average_pool', '1x3x3x3', {}, false),
  // Reductions as rows: a whole tensor to a scalar (dynamic quantization's min and max), trailing or
  // leading axes, keeping or dropping them, with a prologue.
  ...(['reduce_min', 'reduce_max'] as const).map((op): RowCase => ({ name: `${op} 197x3072 → scalar (split)`, args: ['197x3072xf32'], row: true, split: true, ops: [{ op, in: ['a'], attrs: { keep_dims: false } }] })),
  {
    name: 'reduce_mean of |a| over axes [1, 2] of 3x250x211, kept (split, ragged last chunk)', args: ['3x250x211xf32'], row: true, split: true,
    ops: [{ op: 'abs', in: ['a'] }, { op: 'reduce_mean', in: ['%0'], attrs: { axes: [1, 2], keep_dims: true } }],
  },
  { name: 'reduce_sum 4x300x7 over axes [1, 2], kept', args: ['4x300x7xf32'], row: true, ops: [{ op: 'reduce_sum', in: ['a'], attrs: { axes: [1, 2], keep_dims: true } }] },
  { name: 'reduce_mean 40x3x33 over axis 0, dropped', args: ['40x3x33xf32'], row: true, ops: [{ op: 'reduce_mean', in: ['a'], attrs: { axes: [0], keep_dims: false } }] },
  { name: 'reduce_l2 of tanh(a) over 6x1000 rows', args: ['6x1000xf32'], row: true, ops: [{ op: 'tanh', in: ['a'] }, { op: 'reduce_l2', in: ['%0'], attrs: { axes: [-1], keep_dims: false } }] },
  ...(['reduce_l1', 'reduce_sum_square'] as const).map((op): RowCase => ({ name: `${op} 2x5x64 over axis 2`, args: ['2x5x64xf32'], row: true, ops: [{ op, in: ['a'], attrs: { axes: [2], keep_dims: true } }] })),
  // Epilogues: dynamic quantization's max(reduce_max(x), 0) − lo, split; a row per output element.
  {
    name: 'reduce_max 197x3072 → max(·, b) − c (split: the epilogue in the kernel combining the partials)', args: ['197x3072xf32', 'f32', 'f32'], row: true, split: true,
    ops: [{ op: 'reduce_max', in: ['a'], attrs: { keep_dims: false } }, { op: 'max', in: ['%0', 'b'] }, { op: 'sub', in: ['%1', 'c'] }],
  },
  {
    name: 'reduce_sum 6x1000 over axis 1 → relu · b', args: ['6x1000xf32', 'f32'], row: true,
    ops: [{ op: 'reduce_sum', in: ['a'], attrs: { axes: [1], keep_dims: false } }, { op: 'relu', in: ['%0'] }, { op: 'mul', in: ['%1', 'b'] }],
  },
  { name: 'reduce_sum 8x7 over axis 1 (short rows: per element)', args: ['8x7xf32'], row: false, ops: [{ op: 'reduce_sum', in: ['a'], attrs: { axes: [1], keep_dims: false } }] },
  {
    name: 'global_average_pool → sigmoid (squeeze-and-excite)', args: ['1x96x56x56xf32'], row: true,
    ops: [{ op: 'global_average_pool', in: ['a'] }, { op: 'sigmoid', in: ['%0'] }],
  },
  {
    name: 'scaled attention scores: (a · 0.125 + mask) → softmax → · 2', args: ['2x12x65x65xf32', 'f32', '65xf32', 'f32'], row: true,
    ops: [{ op: 'mul', in: ['a', 'b'] }, { op: 'add', in: ['%0', 'c'] }, { op: 'softmax', in: ['%1'], attrs: { axis: -1 } }, { op: 'mul', in: ['%2', 'd'] }],
  },
  {
    name: 'residual add → layer_normalization → gelu-ish tanh', args: ['4x97x64xf32', '4x97x64xf32', '64xf32', '64xf32'], row: true,
    ops: [{ op: 'add', in: ['a', 'b'] }, { op: 'layer_normalization', in: ['%0', 'c', 'd'], attrs: { axis: -1 } }, { op: 'tanh', in: ['%1'] }],
  },
];

let device: GPUDevice;
beforeAll(async () => { device = (await openDevice()).device; });
afterAll(() => device?.destroy());

describe('row kernel threads', () => {
  it('give few long rows up to the device\'s workgroup size, other rows at most 256', () => {
    const profile = { ...DEFAULT_GPU_PROFILE, limits: { ...DEFAULT_GPU_PROFILE.limits, maxComputeInvocationsPerWorkgroup: 1024 } };
    const threads = (c: RowCase) => /, (\d+) threads each/.exec(planKernels(prepareCase(c, 1).defs[0]!, 'row', profile)[0]!.wgsl)?.[1];
    expect(threads(one('global_average_pool', '1x32x112x112', {}))).toBe('1024');
    expect(threads(one('layer_normalization', '3x50x768', { axis: -1 }, true, ['768xf32', '768xf32']))).toBe('256');
    expect(planKernels(prepareCase(one('global_average_pool', '1x32x112x112', {}), 1).defs[0]!)[0]!.wgsl).toContain(', 256 threads each');
  });
});

describe('row kernels vs CPU reference', () => {
  for (const c of CASES) {
    it(c.name, async () => {
      const { inputs, want, state, defs } = prepareCase(c, 51);
      expect(defs.length, 'one fused subgraph').toBe(1);
      expect(planKernels(defs[0]!).some((k) => k.wgsl.includes(' rows of ')), 'planned as a row kernel').toBe(c.row);
      expect(planKernels(defs[0]!).some((k) => k.wgsl.includes(' chunks of ')), 'rows split over workgroups').toBe(c.split ?? false);
      if (c.threads) expect(planKernels(defs[0]!).some((k) => k.wgsl.includes(`, ${c.threads} threads each`)), `${c.threads} threads per row`).toBe(true);
      const { got } = await runCase(device, state, inputs);
      expectClose(got, want, c.name, 1e-5, 1e-4);
    });
  }
});

describe('sibling reductions (one pass writing each result) vs CPU reference', () => {
  // Two reductions of one tensor, each a result of the entry point.
  const SIBLINGS: { name: string; x: string; ops: string[]; attrs: string; split: boolean; fused?: boolean }[] = [
    { name: 'min and max of 197x3072 (dynamic quantization; split)', x: '197x3072', ops: ['reduce_min', 'reduce_max'], attrs: '{keep_dims = false}', split: true },
    { name: 'mean and sum of squares of 3x40000 over axis 1, kept (3 rows, split, ragged chunk)', x: '3x40000', ops: ['reduce_mean', 'reduce_sum_square'], attrs: '{axes = [1], keep_dims = true}', split: true },
    { name: 'sum and l1 of 4x30x50 over axes [1, 2], dropped (a workgroup per row)', x: '4x30x50', ops: ['reduce_sum', 'reduce_l1'], attrs: '{axes = [1, 2], keep_dims = false}', split: false },
    { name: 'min of 64x300 over axis 0 and max over axis 1 (different axes: a kernel each)', x: '64x300', ops: ['reduce_min', 'reduce_max'], attrs: '', split: false, fused: false },
  ];
  for (const c of SIBLINGS) {
    it(c.name, async () => {
      const t = `!cgc.tensor<${c.x}x!cgc.float32>`;
      const attrs = (i: number) => c.fused === false ? (i === 0 ? ' {axes = [0], keep_dims = false}' : ' {axes = [1], keep_dims = false}') : ` ${c.attrs}`;
      const lines = c.ops.map((op, i) => `    %r${i} = cgc_op.${op}(%x)${attrs(i)}`);
      const text = (sig: string) => `cgc.module {\n  cgc.entry_point @main(%x: ${t}) -> (${sig}) {\n${lines.join('\n')}\n    cgc.return ${c.ops.map((_, i) => `%r${i}`).join(', ')}\n  }\n}\n`;
      // The results' types as the ops infer them, then the module with its signature.
      const untyped = parseModule(text(t), { verify: false }).module!;
      const results = [...untyped.walk()].filter((o) => o.name.startsWith('cgc_op.')).map((o) => typeToString(o.results[0]!.type));
      const module = parseModule(text(results.join(', '))).module!;
      const x = randomInput(module.body().operations[0]!.body().arguments[0]!.type, 17);
      const want = runEntryPoint(module, [x], () => undefined);
      const state = compile(module, defaultTargets());
      const defs = [...state.output!.walk()].filter((o) => o.name === FUNCTIONAL_DEFINITION);
      expect(defs.length, 'one subgraph').toBe(1);
      const kernels = planKernels(defs[0]!);
      expect(kernels.length, 'kernels').toBe(c.fused === false ? c.ops.length : c.split ? 2 : 1);
      if (c.fused !== false) expect(kernels.every((k) => k.outputs === c.ops.length)).toBe(true);
      expect(kernels.some((k) => k.wgsl.includes(' chunks of ')), 'split over workgroups').toBe(c.split);
      const program = await loadProgram(device, state.output!, () => undefined, { targets: defaultTargets() });
      try {
        const { outputs } = await program.run([x]);
        want.forEach((w, i) => expectClose(outputs[i]!, w, `${c.name} result ${i}`, 1e-5, 1e-4));
      } finally {
        program.destroy();
      }
    });
  }
});

describe('a pooled row quantized to bytes', () => {
  let device: GPUDevice;
  beforeAll(async () => { device = (await openDevice()).device; });
  afterAll(() => device?.destroy());

  /** global_average_pool over C channels of 40×40 → · 2000, round, + zero point, saturated, cast to `to` (the means of inputs in [−2, 2) spread over some 100 bytes). */
  const pooled = (C: number, to: 'u8' | 'i8', zero: number, [lo, hi]: [number, number]): Case => ({
    name: `global_average_pool 1x${C}x40x40 → · 2000, round, + ${zero}, saturated, ${to === 'u8' ? 'uint8' : 'int8'}`,
    args: [`1x${C}x40x40xf32`],
    ops: [
      { op: 'global_average_pool', in: ['a'] }, { op: 'mul', in: ['%0', 'k'] }, { op: 'round', in: ['%1'] }, { op: 'add', in: ['%2', 'z'] },
      { op: 'clip', in: ['%3'], attrs: { min: lo, max: hi } }, { op: 'cast', in: ['%4'], attrs: { to: { type: to } } },
    ],
    constants: [{ name: 'k', type: 'f32', values: [2000] }, { name: 'z', type: 'f32', values: [zero] }],
  });

  // 30 channels leave the last word half filled; int8 packs negative values as their low bytes.
  for (const c of [pooled(32, 'u8', 128, [0, 255]), pooled(30, 'u8', 128, [0, 255]), pooled(32, 'i8', -3, [-128, 127])]) {
    it(`${c.name}: one row kernel storing bytes, 4 rows a workgroup`, async () => {
      const { inputs, want, state, defs, constants } = prepareCase(c, 9);
      expect(state.schedule.map((g) => g.pattern)).toEqual(['pool_epilogue']);
      const kernels = planKernels(defs[0]!);
      expect(kernels.length).toBe(1);
      expect(kernels[0]!.wgsl).toContain('4 rows a workgroup at once, stored as bytes');
      expect(kernels[0]!.workgroups[0]).toBe(Math.ceil(Number(c.args[0]!.split('x')[1]) / 4));
      const { got } = await runCase(device, state, inputs, constants);
      expectClose(got, want, c.name, 0, 0);
      expect(new Set(Array.from(got.data as ArrayLike<number>)).size, 'bytes spread over the range').toBeGreaterThan(16);
    });
  }

  it('a softmax (one result per element) quantized to bytes: a row kernel, then an element kernel that narrows', async () => {
    const c: Case = {
      name: 'softmax 8x300 → · 255, round, uint8',
      args: ['8x300xf32'],
      ops: [
        { op: 'softmax', in: ['a'], attrs: { axis: -1 } }, { op: 'mul', in: ['%0', 'k'] }, { op: 'round', in: ['%1'] },
        { op: 'cast', in: ['%2'], attrs: { to: { type: 'u8' } } },
      ],
      constants: [{ name: 'k', type: 'f32', values: [25500] }],
    };
    const { inputs, want, state, defs, constants } = prepareCase(c, 4);
    expect(defs.length).toBe(2);
    expect(planKernels(defs[0]!).some((k) => k.wgsl.includes(' rows of ')), 'the softmax planned as a row kernel').toBe(true);
    const { got } = await runCase(device, state, inputs, constants);
    expectClose(got, want, c.name, 0, 0);
  });
});
