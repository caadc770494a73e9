// The tiled GEMM kernels (matmul, gemm, implicit-GEMM convolution, each with fused epilogues) on real
// WebGPU against the CPU reference: a data table of shapes compiled and run through the whole
// compile + runtime path, checking also that the subgraph was planned as a tiled kernel.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { numElements } from '../../ir';
import { type AttrInput, ty } from '../../ir/ops/test-cases';
import { FUNCTIONAL_DEFINITION } from '../../ir/structural';
import { compile } from '../../compiler/pipeline';
import { type HostTensor, allocTensor, runEntryPoint } from '../../reference';
import { openDevice } from '../../runtime/device';
import { loadProgram } from '../../runtime/runtime';
import { planKernels } from '../kernel-plan';
import { defaultTargets } from '../targets';
import { type Case, type Step, moduleOf } from '../testing/cases';

const mm = (a: string, b: string, epilogue: Step[] = []): Case => ({ name: `matmul ${a} · ${b}`, args: [`${a}xf32`, `${b}xf32`], ops: [{ op: 'matmul', in: ['a', 'b'] }, ...epilogue] });
const conv = (x: string, w: string, a: Record<string, AttrInput>, tiled = true): Case => ({
  name: `conv ${x} * ${w} ${JSON.stringify(a)}`, args: [`${x}xf32`, `${w}xf32`], ops: [{ op: 'convolution', in: ['a', 'b'], attrs: a }], tiled,
});

const CASES: Case[] = [
  mm('1x1', '1x1'), mm('3x7', '7x3'), mm('127x129', '129x127'), mm('129x3', '3x127'), mm('1x127', '127x129'),
  mm('7', '7x5'), mm('4x7', '7'), mm('7', '7'), mm('2x1x3x7', '5x7x6'), mm('4x17x33', '33x9'), mm('3x1x16x8', '1x2x8x16'),
  { name: 'matmul + bias → relu', args: ['8x33xf32', '33x20xf32', '20xf32'], ops: [{ op: 'matmul', in: ['a', 'b'] }, { op: 'add', in: ['%0', 'c'] }, { op: 'relu', in: ['%1'] }] },
  { name: 'x · sigmoid(x) of a matmul', args: ['65x31xf32', '31x70xf32'], ops: [{ op: 'matmul', in: ['a', 'b'] }, { op: 'sigmoid', in: ['%0'] }, { op: 'mul', in: ['%0', '%1'] }] },
  ...[false, true].flatMap((ta) => [false, true].flatMap((tb) => ['', '129', '7x1', '7x129', '1'].map((c): Case => ({
    name: `gemm trans_a=${ta} trans_b=${tb} c=${c || 'none'}`,
    args: [ta ? '33x7xf32' : '7x33xf32', tb ? '129x33xf32' : '33x129xf32', ...(c ? [`${c}xf32`] : [])],
    ops: [{ op: 'gemm', in: c ? ['a', 'b', 'c'] : ['a', 'b'], attrs: { trans_a: ta, trans_b: tb, alpha: 0.5, beta: 1.5 } }],
  })))),
  { name: 'gemm 127x65 → clip', args: ['127x129xf32', '65x129xf32', '65xf32'], ops: [{ op: 'gemm', in: ['a', 'b', 'c'], attrs: { trans_b: true } }, { op: 'clip', in: ['%0'], attrs: { min: -0.5, max: 2.5 } }] },
  conv('1x3x16x16', '8x3x3x3', { strides: [2, 2], start_padding: [1, 1], end_padding: [0, 0], dilations: [1, 1], groups: 1 }),
  conv('2x4x9x11', '6x2x3x3', { strides: [1, 2], start_padding: [1, 0], end_padding: [2, 1], dilations: [2, 1], groups: 2 }),
  conv('2x5x17', '7x5x3', { strides: [3], start_padding: [2], end_padding: [1], dilations: [2], groups: 1 }),
  conv('1x6x19', '9x2x4', { strides: [1], start_padding: [0], end_padding: [3], dilations: [3], groups: 3 }),
  conv('1x2x5x6x7', '4x2x3x2x3', { strides: [1, 2, 3], start_padding: [1, 0, 2], end_padding: [0, 1, 1], dilations: [1, 2, 1], groups: 1 }),
  conv('1x64x15x15', '129x64x3x3', { strides: [1, 1], start_padding: [1, 1], end_padding: [1, 1], dilations: [1, 1], groups: 1 }),
  conv('1x8x10x10', '8x1x3x3', { strides: [1, 1], start_padding: [1, 1], end_padding: [1, 1], dilations: [1, 1], groups: 8 }, false),
  conv('1x8x10x10', '16x1x3x3', { strides: [2, 2], start_padding: [0, 1], end_padding: [1, 0], dilations: [1, 1], groups: 8 }, false),
  {
    name: 'conv 1x1 + bias → add residual → clip', args: ['1x16x7x7xf32', '32x16x1x1xf32', '32xf32', '1x32x7x7xf32'],
    ops: [
      { op: 'convolution', in: ['a', 'b', 'c'], attrs: { strides: [1, 1], start_padding: [0, 0], end_padding: [0, 0], dilations: [1, 1], groups: 1 } },
      { op: 'add', in: ['%0', 'd'] }, { op: 'clip', in: ['%1'], attrs: { min: 0.25, max: 5.5 } },
    ],
  },
  {
    name: 'conv 3x3 stride 3 + bias → relu', args: ['3x5x13x14xf32', '10x5x3x3xf32', '10xf32'],
    ops: [
      { op: 'convolution', in: ['a', 'b', 'c'], attrs: { strides: [3, 3], start_padding: [2, 1], end_padding: [0, 2], dilations: [1, 1], groups: 1 } },
      { op: 'relu', in: ['%0'] },
    ],
  },
];

/** Seeded inputs in [-2, 2). */
function randomInput(t: { shape: readonly number[] }, seed: number): HostTensor {
  const x = allocTensor(t.shape, 'float32');
  let s = seed >>> 0;
  for (let i = 0; i < numElements(t.shape); i++) (x.data as Float32Array)[i] = ((s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32) * 4 - 2;
  return x;
}

let device: GPUDevice;
beforeAll(async () => { device = (await openDevice()).device; });
afterAll(() => device?.destroy());

describe('tiled GEMM kernels vs CPU reference', () => {
  for (const c of CASES) {
    it(c.name, async () => {
      const module = moduleOf(c);
      const inputs = c.args.map((t, i) => randomInput(ty(t), 31 + i));
      const want = runEntryPoint(module, inputs, () => undefined)[0]!;
      const s = compile(module, defaultTargets());
      const defs = [...s.output!.walk()].filter((o) => o.name === FUNCTIONAL_DEFINITION);
      const tiled = defs.some((d) => planKernels(d).some((k) => k.wgsl.includes('Tiled GEMM')));
      expect(tiled, 'planned as a tiled GEMM').toBe(c.tiled ?? true);
      const program = await loadProgram(device, s.output!, () => undefined);
      expect(program.partitions.every((p) => p.target.startsWith('webgpu'))).toBe(true);
      const got = (await program.run(inputs)).outputs[0]!;
      program.destroy();
      expect(got.type.shape).toEqual(want.type.shape);
      for (let i = 0; i < want.data.length; i++) {
        const a = Number(got.data[i]!);
        const b = Number(want.data[i]!);
        expect(Math.abs(a - b) <= 1e-4 + 1e-4 * Math.abs(b), `${c.name}[${i}]: ${a} vs reference ${b}`).toBe(true);
      }
    });
  }
});
