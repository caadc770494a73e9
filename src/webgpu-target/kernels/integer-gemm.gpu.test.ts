// The integer product kernels (int8 / uint8 operands, zero points, int32 matmul, epilogue) on real
// WebGPU against the CPU reference, compiled and run through the whole compile + runtime path: int32
// results must match exactly, dequantized float32 ones within float32 rounding of the scale.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDevice, requestGpu } from '../../runtime/device';
import { compile } from '../../compiler/pipeline';
import { FUNCTIONAL_DEFINITION } from '../../ir/structural';
import { planKernels } from '../kernel-plan';
import { gpuProfile } from '../limits';
import { defaultTargets } from '../../engine/targets';
import { ty } from '../../ir/ops/test-cases';
import { type Case, type Step, expectClose, moduleOf, prepareCase, runCase } from '../testing/cases';

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
  { ...product('u8 70x1024 · u8 1024x36, zero points per row and per column (K in 16 slices)', '70x1024xu8', '1024x36xu8', '70x1xi32', '36xi32'), integer: true, edge: 64, splits: 16 },
  { ...product('i8 3x3x1100 · i8 1100x20 (K in 9 slices, a ragged last one)', '3x3x1100xi8', '1100x20xi8'), integer: true, edge: 64, splits: 9 },
  // Under 512 bytes of K the product stays whole, on 32×32 tiles (split, it ran slower: one more dispatch, no byte stores).
  { ...product('u8 40x384 · i8 384x40 (K 384: not split)', '40x384xu8', '384x40xi8', '40x1xi32'), integer: true },
  // K not a multiple of 4: A's rows do not start at word boundaries; its words are put together from two, the bytes past K cleared.
  { ...product('u8 5x6 · i8 6x4 (K = 6: A\'s rows straddle words)', '5x6xu8', '6x4xi8', 'i32'), integer: true },
  { ...product('u8 70x131 · u8 131x36, zero points per row and per column (K = 131)', '70x131xu8', '131x36xu8', '70x1xi32', '36xi32'), integer: true },
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

const convAttrs = (r: number, over: Record<string, number[] | number> = {}) => ({
  strides: new Array<number>(r).fill(1), start_padding: new Array<number>(r).fill(0), end_padding: new Array<number>(r).fill(0),
  dilations: new Array<number>(r).fill(1), groups: 1, ...over,
});

/**
 * An integer convolution: x and w widened, x less the byte zero point `c` widened (its padding then
 * takes that byte), w less a per-channel int32 zero point `d` where given.
 */
function conv(name: string, x: string, w: string, attrs: Record<string, number[] | number>, zx?: string, zw?: string): Case {
  const ops: Step[] = [widen('a'), widen('b')];
  let input = '%0';
  let filter = '%1';
  const args = [x, w];
  if (zx) {
    args.push(zx);
    ops.push(widen('c'), { op: 'sub', in: ['%0', `%${ops.length}`] });
    input = `%${ops.length - 1}`;
  }
  if (zw) {
    args.push(zw);
    ops.push({ op: 'sub', in: ['%1', zx ? 'd' : 'c'] });
    filter = `%${ops.length - 1}`;
  }
  ops.push({ op: 'convolution', in: [input, filter], attrs: convAttrs((ty(x).shape.length - 2), attrs) });
  return { name, args, ops };
}

const CONV_CASES: (Case & { integer: boolean; gathered?: boolean; splits?: number })[] = [
  { ...conv('u8 1x8x9x9 * i8 16x8x3x3, padded, zero points on x (a byte) and per output channel', '1x8x9x9xu8', '16x8x3x3xi8', { start_padding: [1, 1], end_padding: [1, 1] }, 'u8', '16x1x1x1xi32'), integer: true, gathered: true },
  { ...conv('i8 2x4x7x7 * u8 12x4x3x3, two images, stride 2, uneven padding', '2x4x7x7xi8', '12x4x3x3xu8', { strides: [2, 2], start_padding: [1, 0], end_padding: [1, 2] }), integer: true, gathered: true },
  { ...conv('u8 1x8x20 * u8 4x8x5, 1-D, dilation 2, padded (u8 without a zero point pads with 0)', '1x8x20xu8', '4x8x5xu8', { dilations: [2], start_padding: [3], end_padding: [1] }), integer: true, gathered: true },
  // x's zero point an int8 for uint8 x: the padding's value (−z) may be no uint8, so the input is not gathered.
  { ...conv('u8 1x8x6x6 * i8 4x8x3x3, padded, an int8 zero point on x (per element)', '1x8x6x6xu8', '4x8x3x3xi8', { start_padding: [1, 1], end_padding: [1, 1] }, 'i8'), integer: false },
  { ...conv('u8 1x16x6x6 * i8 8x16x1x1, 1×1: the input read as [C, positions] words', '1x16x6x6xu8', '8x16x1x1xi8', {}, 'u8'), integer: true, gathered: false },
  { ...conv('u8 1x64x14x14 * i8 64x64x3x3, padded (64×64 tiles, K in 9 slices)', '1x64x14x14xu8', '64x64x3x3xi8', { start_padding: [1, 1], end_padding: [1, 1] }, 'u8'), integer: true, gathered: true, splits: 9 },
  // Grouped: per element.
  { ...conv('u8 1x4x5x5 * i8 4x2x3x3, 2 groups (per element)', '1x4x5x5xu8', '4x2x3x3xi8', { groups: 2 }, 'u8'), integer: false },
  // K = 3 · 3 · 3 and 3 · 7 · 7, not multiples of 4: the filter's rows straddle words.
  { ...conv('u8 1x3x6x6 * u8 4x3x3x3, K = 27', '1x3x6x6xu8', '4x3x3x3xu8', {}, 'u8'), integer: true, gathered: true },
  { ...conv('u8 1x3x32x32 * i8 16x3x7x7, stride 2, padded 3: a stem (K = 147)', '1x3x32x32xu8', '16x3x7x7xi8', { strides: [2, 2], start_padding: [3, 3], end_padding: [3, 3] }, 'u8'), integer: true, gathered: true },
];

/** Requantization after an int32 product: scaled, rounded, shifted by a zero point, saturated to uint8. */
const REQUANTIZE: Step[] = [
  { op: 'cast', in: ['%4'], attrs: { to: { type: 'f32' } } }, { op: 'mul', in: ['%5', 'k'] }, { op: 'round', in: ['%6'] },
  { op: 'add', in: ['%7', 'z'] }, { op: 'clip', in: ['%8'], attrs: { min: 0, max: 255 } }, { op: 'cast', in: ['%9'], attrs: { to: { type: 'u8' } } },
];

/**
 * A QLinearConv's tail: the product of u8 `x` and i8 24x16x3x3 plus an int32 bias, requantized.
 * `kernels`: the product kernel alone (its bytes stored a word at a time, where positions make whole
 * words), or it and the element kernel that packs its sums.
 */
const requantizedConv = (x: string, kernels: 1 | 2, splits?: number): Case & { kernels: number; splits?: number } => ({
  name: `u8 ${x} * i8 24x16x3x3 + bias → · scale, round, + 3, saturated to uint8 (${kernels === 1 ? 'bytes stored by the product kernel' : 'packed by the kernel after the product'})`,
  args: [`${x}xu8`, '24x16x3x3xi8', 'u8'],
  ops: [
    widen('a'), widen('b'), widen('c'), { op: 'sub', in: ['%0', '%2'] },
    { op: 'convolution', in: ['%3', '%1', 'bias'], attrs: convAttrs(2, { start_padding: [1, 1], end_padding: [1, 1] }) },
    ...REQUANTIZE,
  ],
  constants: [
    { name: 'bias', type: '24xi32', values: Array.from({ length: 24 }, (_, i) => ((i * 37) % 200) * 64 - 6400) },
    { name: 'k', type: 'f32', values: [0.00048828125] }, { name: 'z', type: 'f32', values: [3] },
  ],
  kernels,
  splits,
});

/** A QLinearMatMul's tail: u8 33x96 · i8 96x40 less A's zero point, requantized; its bytes stored by the product kernel. */
const requantizedMatmul: Case & { kernels: number; splits?: number } = {
  name: 'u8 33x96 · i8 96x40 → · scale, round, + 3, saturated to uint8 (bytes stored by the product kernel)',
  args: ['33x96xu8', '96x40xi8', 'u8'],
  ops: [
    widen('a'), widen('b'), widen('c'), { op: 'sub', in: ['%0', '%2'] }, { op: 'matmul', in: ['%3', '%1'] },
    ...REQUANTIZE,
  ],
  constants: [{ name: 'k', type: 'f32', values: [0.00048828125] }, { name: 'z', type: 'f32', values: [3] }],
  kernels: 1,
};

/**
 * A split product whose epilogue scales and shifts by scalars again: `args` 7 (with its result, 8
 * buffers; 9 with the split's workspace) or 8. Each kernel binds only what it reads — the partials A,
 * B, A's zero point and the workspace; the sum A's zero point (its correction), the epilogue's side
 * inputs, the result and the workspace — so both fit a device with WebGPU's default 8 storage
 * buffers per stage.
 */
const manySideInputs = (args: 7 | 8): Case => ({
  name: `u8 33x1024 · i8 1024x40 → float32 · scale + bias, then · s + t${args === 8 ? ', · u' : ''}: ${args} arguments and a result, K in slices, on a device with 8 storage buffers per stage`,
  args: ['33x1024xu8', '1024x40xi8', 'i32', 'f32', '40xf32', 'f32', 'f32', ...(args === 8 ? ['f32'] : [])],
  ops: [
    widen('a'), widen('b'), { op: 'sub', in: ['%0', 'c'] }, { op: 'matmul', in: ['%2', '%1'] },
    { op: 'cast', in: ['%3'], attrs: { to: { type: 'f32' } } }, { op: 'mul', in: ['%4', 'd'] }, { op: 'add', in: ['%5', 'e'] },
    { op: 'mul', in: ['%6', 'f'] }, { op: 'add', in: ['%7', 'g'] }, ...(args === 8 ? [{ op: 'mul', in: ['%8', 'h'] }] : []),
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

  for (const c of CONV_CASES) {
    it(c.name, async () => {
      const { inputs, want, state, defs } = prepareCase(c, 23);
      const kernels = defs.flatMap((d) => planKernels(d));
      expect(state.schedule.map((g) => g.pattern)).toEqual(['integer_conv']);
      expect(kernels.some((k) => k.wgsl.includes('integer product')), 'planned as an integer product kernel').toBe(c.integer);
      expect(kernels.some((k) => k.wgsl.includes('B gathered (im2col)')), 'the input gathered').toBe(c.gathered ?? false);
      expect(kernels.some((k) => k.wgsl.includes(`, K in ${c.splits} slices`)), `K in ${c.splits ?? 1} slices`).toBe(c.splits !== undefined);
      const { got } = await runCase(device, state, inputs);
      expectClose(got, want, c.name, 0, 0);
    });
  }

  // 81 positions make no whole words: the bytes are packed after the product, through the workspace,
  // so K = 144 is split (from 128 bytes) with no dispatch added.
  for (const c of [requantizedConv('1x16x10x10', 1), requantizedConv('1x16x9x9', 2, 2), requantizedMatmul]) {
    it(c.name, async () => {
      const { inputs, want, state, defs, constants } = prepareCase(c, 3);
      expect(state.schedule.map((g) => g.pattern)).toEqual([c.ops.some((s) => s.op === 'matmul') ? 'integer_matmul' : 'integer_conv']);
      const kernels = defs.flatMap((d) => planKernels(d));
      expect(kernels.map((k) => k.wgsl.includes('integer product'))).toEqual(c.kernels === 1 ? [true] : [true, false]);
      expect(kernels.some((k) => k.wgsl.includes('atomicOr(&outWords')), 'bytes gathered into words').toBe(c.kernels === 1);
      expect(kernels.some((k) => k.wgsl.includes(`, K in ${c.splits} slices`)), `K in ${c.splits ?? 1} slices`).toBe(c.splits !== undefined);
      const { got } = await runCase(device, state, inputs, constants);
      // Rounding of the scaled int32 sum may flip a half-way value by one; none here sits that close.
      expectClose(got, want, c.name, 0, 0);
      expect(new Set(Array.from(got.data as ArrayLike<number>)).size, 'bytes spread over the range').toBeGreaterThan(64);
    });
  }

  for (const args of [7, 8] as const) {
    const c = manySideInputs(args);
    it(c.name, async () => {
      // A device with WebGPU's default limits (openDevice raises them to the adapter's).
      const small = await (await (await requestGpu())!.requestAdapter())!.requestDevice();
      try {
        expect(small.limits.maxStorageBuffersPerShaderStage).toBe(8);
        const module = moduleOf(c);
        const { inputs, want } = prepareCase(c, 7);
        const state = compile(module, defaultTargets(gpuProfile(small)));
        expect(state.schedule.map((g) => g.pattern)).toEqual(['integer_matmul']);
        const defs = [...state.output!.walk()].filter((o) => o.name === FUNCTIONAL_DEFINITION);
        // Bindings 0…args − 1 the arguments, then the result, then the workspace.
        const sideInputs = Array.from({ length: args - 3 }, (_, i) => 3 + i);
        expect(defs.flatMap((d) => planKernels(d, 'subgraph', gpuProfile(small))).map((k) => k.bindings)).toEqual([[0, 1, 2, args + 1], [2, ...sideInputs, args, args + 1]]);
        const { got } = await runCase(small, state, inputs);
        expectClose(got, want, c.name, 1e-3, 1e-6);
      } finally {
        small.destroy();
      }
    });
  }

  // One column: a squeeze-and-excitation's 1×1 convolution of the pooled vector (1×1 map) as
  // matrix-vector products in one kernel — requantized to bytes (20 rows: 5 words), dequantized to
  // float32 (6 rows), and int8 x by uint8 w less a zero point per output channel, in int32.
  const oneByOne = convAttrs(2);
  const COLUMN_CASES: (Case & { bytesOut?: boolean })[] = [
    {
      name: 'u8 1x480x1x1 (zero point a byte) * i8 20x480x1x1 + bias → requantized to uint8: one column',
      args: ['1x480x1x1xu8', '20x480x1x1xi8', 'u8'],
      ops: [widen('a'), widen('b'), widen('c'), { op: 'sub', in: ['%0', '%2'] }, { op: 'convolution', in: ['%3', '%1', 'bias'], attrs: oneByOne }, ...REQUANTIZE],
      constants: [
        { name: 'bias', type: '20xi32', values: Array.from({ length: 20 }, (_, i) => ((i * 37) % 200) * 64 - 6400) },
        { name: 'k', type: 'f32', values: [0.00048828125] }, { name: 'z', type: 'f32', values: [3] },
      ],
      bytesOut: true,
    },
    {
      name: 'u8 1x96x1x1 (zero point a byte) * i8 6x96x1x1 → float32 · scale: one column',
      args: ['1x96x1x1xu8', '6x96x1x1xi8', 'u8', 'f32'],
      ops: [widen('a'), widen('b'), widen('c'), { op: 'sub', in: ['%0', '%2'] }, { op: 'convolution', in: ['%3', '%1'], attrs: oneByOne },
        { op: 'cast', in: ['%4'], attrs: { to: { type: 'f32' } } }, { op: 'mul', in: ['%5', 'd'] }],
    },
    {
      name: 'i8 1x32x1x1 * u8 8x32x1x1 less a zero point per output channel → int32: one column',
      args: ['1x32x1x1xi8', '8x32x1x1xu8', '8x1x1x1xi32'],
      ops: [widen('a'), widen('b'), { op: 'sub', in: ['%1', 'c'] }, { op: 'convolution', in: ['%0', '%2'], attrs: oneByOne }],
    },
  ];
  for (const c of COLUMN_CASES) {
    it(c.name, async () => {
      const { inputs, want, state, defs, constants } = prepareCase(c, 13);
      expect(state.schedule.map((g) => g.pattern)).toEqual(['integer_conv']);
      const kernels = defs.flatMap((d) => planKernels(d));
      expect(kernels.length, 'one dispatch').toBe(1);
      expect(kernels[0]!.wgsl).toContain('one column: matrix-vector products');
      const { got } = await runCase(device, state, inputs, constants);
      expectClose(got, want, c.name, c.args.includes('f32') ? 1e-3 : 0, c.args.includes('f32') ? 1e-6 : 0);
      if (c.bytesOut) expect(new Set(Array.from(got.data as ArrayLike<number>)).size, 'bytes spread over the range').toBeGreaterThan(8);
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
