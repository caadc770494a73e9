// The integer product kernels (int8 / uint8 operands, zero points, int32 matmul, epilogue) on real
// WebGPU against the CPU reference, compiled and run through the whole compile + runtime path: int32
// results must match exactly, dequantized float32 ones within float32 rounding of the scale.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDevice } from '../../runtime/device';
import { planKernels } from '../kernel-plan';
import { type Case, type Step, expectClose, prepareCase, runCase } from '../testing/cases';

const widen = (x: string): Step => ({ op: 'cast', in: [x], attrs: { to: { type: 'i32' } } });

/** (A − za) · (B − zb) in int32, each zero point an argument (its type) or none. */
function product(name: string, a: string, b: string, za?: string, zb?: string): Case {
  const ops: Step[] = [widen('a'), widen('b')];
  let left = '%0';
  let right = '%1';
  if (za) { ops.push({ op: 'sub', in: ['%0', 'c'] }); left = `%${ops.length - 1}`; }
  if (zb) { ops.push({ op: 'sub', in: ['%1', za ? 'd' : 'c'] }); right = `%${ops.length - 1}`; }
  ops.push({ op: 'matmul', in: [left, right] });
  return { name, args: [a, b, ...(za ? [za] : []), ...(zb ? [zb] : [])], ops };
}

const CASES: (Case & { integer: boolean; /** The tile edge expected (32 unless given). */ edge?: number; /** K slices expected. */ splits?: number })[] = [
  { ...product('u8 37x64 · i8 64x20, scalar zero point on A', '37x64xu8', '64x20xi8', 'i32'), integer: true },
  { ...product('u8 70x100 · u8 100x36, zero points per row and per column (K tail, ragged M)', '70x100xu8', '100x36xu8', '70x1xi32', '36xi32'), integer: true },
  { ...product('i8 2x5x48 · i8 48x8, no zero points (batch folded into M)', '2x5x48xi8', '48x8xi8'), integer: true },
  { ...product('i8 65x132 · u8 132x68, zero point on B only', '65x132xi8', '132x68xu8', undefined, '1x68xi32'), integer: true },
  // Enough 64×64 tiles (17 × 16) for the large tile; the cases above take 32×32.
  { ...product('u8 1060x68 · u8 68x1024, zero points per row and per column (64×64 tiles, K tail)', '1060x68xu8', '68x1024xu8', '1060x1xi32', '1024xi32'), integer: true, edge: 64 },
  // K split into slices where the tiles are few: the partials summed by a second kernel.
  { ...product('u8 70x1024 · u8 1024x36, zero points per row and per column (K in 4 slices)', '70x1024xu8', '1024x36xu8', '70x1xi32', '36xi32'), integer: true, edge: 64, splits: 4 },
  { ...product('i8 3x3x1100 · i8 1100x20 (K in 4 slices, a ragged last one)', '3x3x1100xi8', '1100x20xi8'), integer: true, edge: 64, splits: 4 },
  // K not a multiple of 4: rows do not start at word boundaries, and the product is computed per element.
  { ...product('u8 5x6 · i8 6x4 (K = 6: per element)', '5x6xu8', '6x4xi8', 'i32'), integer: false },
];

/** A dynamically quantized linear layer's tail: the product cast to float32, scaled, plus a bias. */
const dequantized = (k: number): Case => ({
  name: `u8 33x${k} · i8 ${k}x40 → float32 · scale + bias`,
  args: [`33x${k}xu8`, `${k}x40xi8`, 'i32', 'f32', '40xf32'],
  ops: [
    widen('a'), widen('b'), { op: 'sub', in: ['%0', 'c'] }, { op: 'matmul', in: ['%2', '%1'] },
    { op: 'cast', in: ['%3'], attrs: { to: { type: 'f32' } } }, { op: 'mul', in: ['%4', 'd'] }, { op: 'add', in: ['%5', 'e'] },
  ],
});

describe('integer product kernels on WebGPU against the CPU reference', () => {
  let device: GPUDevice;
  beforeAll(async () => {
    device = (await openDevice()).device;
  });
  afterAll(() => device?.destroy());

  for (const c of CASES) {
    it(c.name, async () => {
      const { inputs, want, state, defs } = prepareCase(c, 11);
      const kernels = defs.flatMap((d) => planKernels(d));
      expect(kernels.some((k) => k.wgsl.includes('integer product')), 'planned as an integer product kernel').toBe(c.integer);
      expect(kernels.some((k) => k.wgsl.includes(`, K in ${c.splits} slices`)), `K in ${c.splits ?? 1} slices`).toBe(c.splits !== undefined);
      if (c.integer) expect(kernels.some((k) => k.wgsl.includes(`var<workgroup> tileA: array<u32, ${(c.edge ?? 32) * ((c.edge ?? 32) === 64 ? 17 : 33)}>`)), `${c.edge ?? 32}-row tiles`).toBe(true);
      const { got } = await runCase(device, state, inputs);
      expectClose(got, want, c.name, 0, 0);
    });
  }

  for (const [k, kernels] of [[96, 1], [1024, 2]] as const) {
    const c = dequantized(k);
    it(`${c.name}${kernels > 1 ? ' (K in slices: the epilogue in the kernel that sums them)' : ''}`, async () => {
      const { inputs, want, state, defs } = prepareCase(c, 5);
      expect(state.schedule.map((g) => g.pattern)).toEqual(['integer_matmul']);
      expect(defs.flatMap((d) => planKernels(d)).map((kk) => kk.wgsl.includes('integer product'))).toEqual(kernels > 1 ? [true, false] : [true]);
      const { got } = await runCase(device, state, inputs);
      // The int32 product is exact; the scale and bias add float32 rounding (a few ulps of ~1e3).
      expectClose(got, want, c.name, 1e-3, 1e-6);
    });
  }
});
