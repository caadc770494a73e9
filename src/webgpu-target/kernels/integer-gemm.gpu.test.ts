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

const CASES: (Case & { integer: boolean; /** The tile edge expected (32 unless given). */ edge?: number })[] = [
  { ...product('u8 37x64 · i8 64x20, scalar zero point on A', '37x64xu8', '64x20xi8', 'i32'), integer: true },
  { ...product('u8 70x100 · u8 100x36, zero points per row and per column (K tail, ragged M)', '70x100xu8', '100x36xu8', '70x1xi32', '36xi32'), integer: true },
  { ...product('i8 2x5x48 · i8 48x8, no zero points (batch folded into M)', '2x5x48xi8', '48x8xi8'), integer: true },
  { ...product('i8 65x132 · u8 132x68, zero point on B only', '65x132xi8', '132x68xu8', undefined, '1x68xi32'), integer: true },
  // Enough 64×64 tiles (18 × 17) for the large tile; the cases above take 32×32.
  { ...product('u8 1100x152 · u8 152x1028, zero points per row and per column (64×64 tiles, K tail)', '1100x152xu8', '152x1028xu8', '1100x1xi32', '1028xi32'), integer: true, edge: 64 },
  // K not a multiple of 4: rows do not start at word boundaries, and the product is computed per element.
  { ...product('u8 5x6 · i8 6x4 (K = 6: per element)', '5x6xu8', '6x4xi8', 'i32'), integer: false },
];

/** A dynamically quantized linear layer's tail: the product cast to float32, scaled, plus a bias. */
const DEQUANTIZED: Case = {
  name: 'u8 33x96 · i8 96x40 → float32 · scale + bias',
  args: ['33x96xu8', '96x40xi8', 'i32', 'f32', '40xf32'],
  ops: [
    widen('a'), widen('b'), { op: 'sub', in: ['%0', 'c'] }, { op: 'matmul', in: ['%2', '%1'] },
    { op: 'cast', in: ['%3'], attrs: { to: { type: 'f32' } } }, { op: 'mul', in: ['%4', 'd'] }, { op: 'add', in: ['%5', 'e'] },
  ],
};

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
      if (c.integer) expect(kernels.some((k) => k.wgsl.includes(`var<workgroup> tileA: array<u32, ${(c.edge ?? 32) * ((c.edge ?? 32) === 64 ? 17 : 33)}>`)), `${c.edge ?? 32}-row tiles`).toBe(true);
      const { got } = await runCase(device, state, inputs);
      expectClose(got, want, c.name, 0, 0);
    });
  }

  it(DEQUANTIZED.name, async () => {
    const { inputs, want, state, defs } = prepareCase(DEQUANTIZED, 5);
    expect(state.schedule.map((g) => g.pattern)).toEqual(['integer_matmul']);
    expect(defs.flatMap((d) => planKernels(d)).map((k) => k.wgsl.includes('integer product'))).toEqual([true]);
    const { got } = await runCase(device, state, inputs);
    // The int32 product is exact; the scale and bias add float32 rounding (a few ulps of ~1e3).
    expectClose(got, want, DEQUANTIZED.name, 1e-3, 1e-6);
  });
});
