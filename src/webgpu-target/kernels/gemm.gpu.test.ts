// The tiled GEMM kernels (matmul, gemm, implicit-GEMM convolution, each with fused epilogues) on real
// WebGPU against the CPU reference: a data table of shapes compiled and run through the whole
// compile + runtime path, checking also that the subgraph was planned as a tiled kernel.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AttrInput } from '../../ir/ops/test-cases';
import { openDevice } from '../../runtime/device';
import { planKernels } from '../kernel-plan';
import { QUICK_KERNELS, pipelineKey } from '../executable';
import { type Case, type Step, expectClose, prepareCase, runCase } from '../testing/cases';

const mm = (a: string, b: string, epilogue: Step[] = []): Case => ({ name: `matmul ${a} · ${b}`, args: [`${a}xf32`, `${b}xf32`], ops: [{ op: 'matmul', in: ['a', 'b'] }, ...epilogue] });
const conv = (x: string, w: string, a: Record<string, AttrInput>, tiled = true): Case => ({
  name: `conv ${x} * ${w} ${JSON.stringify(a)}`, args: [`${x}xf32`, `${w}xf32`], ops: [{ op: 'convolution', in: ['a', 'b'], attrs: a }], tiled,
});

const CASES: Case[] = [
  mm('1x1', '1x1'), mm('3x7', '7x3'), mm('127x129', '129x127'), mm('129x3', '3x127'), mm('1x127', '127x129'),
  mm('7', '7x5'), { ...mm('4x7', '7'), tiled: false, matvec: true }, { ...mm('7', '7'), tiled: false, matvec: true }, mm('2x1x3x7', '5x7x6'), mm('4x17x33', '33x9'), mm('3x1x16x8', '1x2x8x16'),
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
  { ...conv('1x64x15x15', '129x64x3x3', { strides: [1, 1], start_padding: [1, 1], end_padding: [1, 1], dilations: [1, 1], groups: 1 }), split: true },
  conv('1x8x10x10', '8x1x3x3', { strides: [1, 1], start_padding: [1, 1], end_padding: [1, 1], dilations: [1, 1], groups: 8 }, false),
  conv('1x8x10x10', '16x1x3x3', { strides: [2, 2], start_padding: [0, 1], end_padding: [1, 0], dilations: [1, 1], groups: 8 }, false),
  {
    name: 'conv 1x1 + bias → add residual → clip', args: ['1x16x7x7xf32', '32x16x1x1xf32', '32xf32', '1x32x7x7xf32'],
    ops: [
      { op: 'convolution', in: ['a', 'b', 'c'], attrs: { strides: [1, 1], start_padding: [0, 0], end_padding: [0, 0], dilations: [1, 1], groups: 1 } },
      { op: 'add', in: ['%0', 'd'] }, { op: 'clip', in: ['%1'], attrs: { min: 0.25, max: 5.5 } },
    ],
  },
  // Split-K: few output tiles over a long K (the partial sums go through the kernel workspace).
  { ...mm('7x2048', '2048x9'), split: true }, { ...mm('2x4x600', '600x3'), split: true },
  // A batch against one matrix folds into M: [tokens, 1, d] · [d, n] (and with size-1 batch dims on b).
  mm('37x1x24', '24x40'), mm('3x5x2x16', '1x1x16x33'),
  { name: 'gemm 3x1027 · 1027x5 + c, alpha, beta (split-K)', args: ['3x1027xf32', '5x1027xf32', '5xf32'], ops: [{ op: 'gemm', in: ['a', 'b', 'c'], attrs: { trans_b: true, alpha: 0.5, beta: 2.0 } }], split: true, sumAsVec4: false },
  // The slices summed 4 elements per thread, the partials read as vec4: a transformer's [tokens, 1, d]
  // projection (a size-1 dimension the epilogue reads as 0) + bias → GELU-like tail.
  {
    name: 'matmul 12x1x1024 · 1024x36 + bias → tanh (split-K, summed as vec4)', args: ['12x1x1024xf32', '1024x36xf32', '36xf32'], split: true, sumAsVec4: true,
    ops: [{ op: 'matmul', in: ['a', 'b'] }, { op: 'add', in: ['%0', 'c'] }, { op: 'tanh', in: ['%1'] }],
  },
  {
    name: 'conv 3x3 on 7x7, K = 2304 (split-K) + bias → add residual → relu', args: ['1x256x7x7xf32', '64x256x3x3xf32', '64xf32', '1x64x7x7xf32'], split: true, sumAsVec4: true,
    ops: [
      { op: 'convolution', in: ['a', 'b', 'c'], attrs: { strides: [1, 1], start_padding: [1, 1], end_padding: [1, 1], dilations: [1, 1], groups: 1 } },
      { op: 'add', in: ['%0', 'd'] }, { op: 'relu', in: ['%1'] },
    ],
  },
  // Operand prologues: views (slice, reshape, transpose) read through by the tiled kernel, as
  // attention's q·kᵀ reads q and k out of the fused QKV projection.
  {
    name: 'q·kᵀ read out of a fused qkv through slice → reshape → transpose (B along K)', args: ['10x1x48xf32'], alongK: true,
    ops: [
      { op: 'slice', in: ['a'], attrs: { starts: [0], ends: [16], axes: [2] } }, { op: 'reshape', in: ['%0'], attrs: { shape: [10, 2, 8] } },
      { op: 'transpose', in: ['%1'], attrs: { permutation: [1, 0, 2] } },
      { op: 'slice', in: ['a'], attrs: { starts: [16], ends: [32], axes: [2] } }, { op: 'reshape', in: ['%3'], attrs: { shape: [10, 2, 8] } },
      { op: 'transpose', in: ['%4'], attrs: { permutation: [1, 2, 0] } },
      { op: 'matmul', in: ['%2', '%5'] },
    ],
  },
  // Reshapes read through run by run of dimensions with equal products (reshapeCoords): merged, split,
  // with size-1 dimensions, and one run spanning both shapes (divisions).
  ...([
    ['4x3x5x8', [12, 40], '40x7'], ['6x1x20', [2, 3, 4, 5], '5x9'], ['6x10', [4, 15], '15x3'], ['3x4x8', [12, 8], '8x6'], ['2x1x3x1x8', [1, 6, 1, 8], '8x5'],
  ] as const).map(([x, shape, w]): Case => ({
    name: `reshape ${x} → ${shape.join('x')} → matmul ${w}`, args: [`${x}xf32`, `${w}xf32`],
    ops: [{ op: 'reshape', in: ['a'], attrs: { shape: [...shape] } }, { op: 'matmul', in: ['%0', 'b'] }],
  })),
  // q and k picked out of a QKV result as a transformer export writes it: reshape → unsqueeze →
  // transpose → squeeze → gather at a constant index. The chain up to the squeeze feeds both gathers;
  // clone-views copies it per reader, so the one kernel reads q and kᵀ straight out of the QKV result.
  {
    name: 'q·kᵀ through gathers at constant indices of a shared transposed QKV result (B along K)', args: ['5x1x96xf32'], alongK: true,
    constants: [{ name: 'i0', type: 'i64', values: [0] }, { name: 'i1', type: 'i64', values: [-2] }],
    ops: [
      { op: 'reshape', in: ['a'], attrs: { shape: [5, 1, 3, 32] } }, { op: 'unsqueeze', in: ['%0'], attrs: { axes: [0] } },
      { op: 'transpose', in: ['%1'], attrs: { permutation: [3, 1, 2, 0, 4] } }, { op: 'squeeze', in: ['%2'], attrs: { axes: [3] } },
      { op: 'gather', in: ['%3', 'i0'], attrs: { axis: 0 } }, { op: 'reshape', in: ['%4'], attrs: { shape: [5, 2, 16] } },
      { op: 'transpose', in: ['%5'], attrs: { permutation: [1, 0, 2] } },
      { op: 'gather', in: ['%3', 'i1'], attrs: { axis: 0 } }, { op: 'reshape', in: ['%7'], attrs: { shape: [5, 2, 16] } },
      { op: 'transpose', in: ['%8'], attrs: { permutation: [1, 2, 0] } },
      { op: 'matmul', in: ['%6', '%9'] },
    ],
  },
  {
    name: 'transpose (size-1 dims) → matmul + bias', args: ['1x10x24xf32', '24x20xf32', '20xf32'], alongK: false,
    ops: [{ op: 'transpose', in: ['a'], attrs: { permutation: [1, 0, 2] } }, { op: 'matmul', in: ['%0', 'b'] }, { op: 'add', in: ['%1', 'c'] }],
  },
  {
    name: 'transpose → reshape → gemm (trans_b)', args: ['2x10x8xf32', '20x16xf32'],
    ops: [
      { op: 'transpose', in: ['a'], attrs: { permutation: [1, 0, 2] } }, { op: 'reshape', in: ['%0'], attrs: { shape: [10, 16] } },
      { op: 'gemm', in: ['%1', 'b'], attrs: { trans_b: true } },
    ],
  },
  // An epilogue that uses the product twice (GELU's x·(1 + erf(x/√2))/2) fuses as a DAG.
  {
    name: 'matmul → GELU epilogue (x used twice)', args: ['9x40xf32', '40x33xf32'],
    ops: [
      { op: 'matmul', in: ['a', 'b'] }, { op: 'erf', in: ['%0'] }, { op: 'mul', in: ['%0', '%1'] },
    ],
  },
  // Forced tiles: the 128-wide (8 per thread, vec4 reads from workgroup memory) and mixed shapes on
  // small problems with ragged edges, which the chosen tiles would only reach on large ones.
  ...[[128, 128, 8], [128, 64, 16], [64, 128, 16], [128, 16, 16], [16, 128, 16], [64, 32, 16], [32, 64, 16]].map(([tm, tn, tk]): Case => ({ ...mm('130x37', '37x200'), name: `matmul 130x37 · 37x200, tile ${tm}×${tn}×${tk}`, tile: { tm: tm!, tn: tn!, tk: tk! } })),
  { ...mm('3x70x300', '3x300x150'), name: 'batched matmul, tile 128×128×8, split-K', tile: { tm: 128, tn: 128, tk: 8 }, split: true },
  // Split-K partials stored as vec4 runs of 4 columns where those are 4 consecutive words of the
  // result (N a multiple of 4; for a convolution, its positions per image), ragged tiles included.
  { ...mm('3x70x300', '3x300x152'), name: 'batched matmul 3x70x300 · 3x300x152, tile 64×64×16, split-K stored as vec4', tile: { tm: 64, tn: 64, tk: 16 }, split: true, runStores: true },
  {
    ...conv('2x64x6x6', '72x64x3x3', { strides: [1, 1], start_padding: [1, 1], end_padding: [1, 1], dilations: [1, 1], groups: 1 }),
    name: 'conv 3x3, 2 images of 6x6, tile 64×64×16, split-K stored as vec4', tile: { tm: 64, tn: 64, tk: 16 }, split: true, runStores: true,
  },
  {
    ...conv('1x64x15x15', '72x64x3x3', { strides: [1, 1], start_padding: [1, 1], end_padding: [1, 1], dilations: [1, 1], groups: 1 }),
    name: 'conv 3x3 on 15x15 (225 positions), tile 64×64×16, split-K stored as scalars', tile: { tm: 64, tn: 64, tk: 16 }, split: true, runStores: false,
  },
  // 128×128 with K tiles of 16, where the device's workgroup memory holds it.
  { ...mm('130x37', '37x200'), name: 'matmul 130x37 · 37x200, tile 128×128×16', tile: { tm: 128, tn: 128, tk: 16 } },
  // Fewer threads, larger register blocks: 8×4 (vec4 B runs 64 apart, A runs 32 apart), 4×8, and scalar sides 8 apart.
  ...([[64, 64, 16, 8, 16], [64, 64, 16, 16, 8], [32, 32, 16, 8, 8]] as const).map(([tm, tn, tk, m, n]): Case => ({
    ...mm('130x37', '37x200'), name: `matmul 130x37 · 37x200, tile ${tm}×${tn}×${tk} in ${m}×${n} threads`, tile: { tm, tn, tk, threads: [m, n] },
  })),
  { ...mm('3x70x300', '3x300x152'), name: 'batched matmul 3x70x300 · 3x300x152, tile 64×64×16 in 8×16 threads, split-K stored as vec4', tile: { tm: 64, tn: 64, tk: 16, threads: [8, 16] }, split: true, runStores: true },
  // B laid out along K (gemm's trans_b, a matmul reading a transposed weight): loaded k-fastest into padded tile rows.
  ...[[128, 128, 8], [64, 128, 16], [64, 32, 16], [16, 32, 16], [32, 16, 16]].map(([tm, tn, tk]): Case => ({
    name: `gemm trans_b 70x200 · (150x200)ᵀ + c, tile ${tm}×${tn}×${tk}`, args: ['70x200xf32', '150x200xf32', '150xf32'], tile: { tm: tm!, tn: tn!, tk: tk! },
    ops: [{ op: 'gemm', in: ['a', 'b', 'c'], attrs: { trans_b: true } }],
  })),
  {
    name: 'gemm trans_b 9x700 · (40x700)ᵀ, split-K', args: ['9x700xf32', '40x700xf32'], split: true, sumAsVec4: true,
    ops: [{ op: 'gemm', in: ['a', 'b'], attrs: { trans_b: true } }],
  },
  {
    name: 'matmul through a transposed weight (B along K)', args: ['2x33x40xf32', '50x40xf32'], alongK: true,
    ops: [{ op: 'transpose', in: ['b'], attrs: { permutation: [1, 0] } }, { op: 'matmul', in: ['a', '%0'] }],
  },
  {
    ...conv('2x16x13x13', '136x16x3x3', { strides: [1, 1], start_padding: [1, 1], end_padding: [1, 1], dilations: [1, 1], groups: 1 }),
    name: 'conv 3x3 + relu epilogue, tile 128×128×8', tile: { tm: 128, tn: 128, tk: 8 }, ops: [
      { op: 'convolution', in: ['a', 'b'], attrs: { strides: [1, 1], start_padding: [1, 1], end_padding: [1, 1], dilations: [1, 1], groups: 1 } },
      { op: 'relu', in: ['%0'] },
    ],
  },
  // Pooling → 1×1 convolution (@pool_conv_epilogue): the pooled values computed as the input tile is
  // loaded, in one kernel — max pooling with ceil mode's overhang (SqueezeNet), average pooling
  // with padding counted and not, and a long K (split-K).
  ...([
    ['max_pool', '1x24x14x14', { window_size: [3, 3], strides: [2, 2], ceil_mode: true }, '40x24x1x1', false],
    ['average_pool', '2x16x9x9', { window_size: [3, 3], strides: [1, 1], start_padding: [1, 1], end_padding: [1, 1], dilations: [1, 1], include_padding: true }, '20x16x1x1', false],
    ['average_pool', '1x8x8x8', { window_size: [2, 2], strides: [2, 2], start_padding: [1, 1], end_padding: [0, 0], dilations: [1, 1], include_padding: false }, '12x8x1x1', false],
    ['max_pool', '1x512x7x7', { window_size: [3, 3], strides: [1, 1], start_padding: [1, 1], end_padding: [1, 1], dilations: [1, 1] }, '16x512x1x1', true],
  ] as const).map(([pool, x, attrs, w, split]): Case => ({
    name: `${pool} ${x} → conv 1x1 ${w} + bias → relu (one kernel)`, args: [`${x}xf32`, `${w}xf32`, `${w.split('x')[0]}xf32`], split,
    ops: [
      { op: pool, in: ['a'], attrs: { ...attrs } },
      { op: 'convolution', in: ['%0', 'b', 'c'], attrs: { strides: [1, 1], start_padding: [0, 0], end_padding: [0, 0], dilations: [1, 1], groups: 1 } },
      { op: 'relu', in: ['%1'] },
    ],
  })),
  // One output column or row: matrix-vector products in one dispatch, K unsplit — a squeeze-and-
  // excitation's 1×1 convolution on a 1×1 map with SiLU, a classifier (gemm, trans_b) with a ragged
  // last workgroup (999 columns, 2 a workgroup), a matmul by a column with an epilogue, a batch of
  // them, and a grouped 1×1 convolution (its groups the batch).
  {
    name: 'conv 1x480x1x1 * 20x480x1x1 + bias → x·sigmoid(x) (matrix-vector)', args: ['1x480x1x1xf32', '20x480x1x1xf32', '20xf32'], tiled: false, matvec: true,
    ops: [
      { op: 'convolution', in: ['a', 'b', 'c'], attrs: { strides: [1, 1], start_padding: [0, 0], end_padding: [0, 0], dilations: [1, 1], groups: 1 } },
      { op: 'sigmoid', in: ['%0'] }, { op: 'mul', in: ['%0', '%1'] },
    ],
  },
  {
    name: 'gemm 1x1280 · (999x1280)ᵀ + c, trans_b (matrix-vector)', args: ['1x1280xf32', '999x1280xf32', '999xf32'], tiled: false, matvec: true,
    ops: [{ op: 'gemm', in: ['a', 'b', 'c'], attrs: { trans_b: true, alpha: 0.5, beta: 2.0 } }],
  },
  { ...mm('37x300', '300x1', [{ op: 'tanh', in: ['%0'] }]), tiled: false, matvec: true },
  { ...mm('3x5x600', '3x600x1'), tiled: false, matvec: true },
  {
    name: 'conv 1x8x1x1 * 6x4x1x1, 2 groups + bias (matrix-vector)', args: ['1x8x1x1xf32', '6x4x1x1xf32', '6xf32'], tiled: false, matvec: true,
    ops: [{ op: 'convolution', in: ['a', 'b', 'c'], attrs: { strides: [1, 1], start_padding: [0, 0], end_padding: [0, 0], dilations: [1, 1], groups: 2 } }],
  },
  {
    name: 'conv 3x3 stride 3 + bias → relu', args: ['3x5x13x14xf32', '10x5x3x3xf32', '10xf32'],
    ops: [
      { op: 'convolution', in: ['a', 'b', 'c'], attrs: { strides: [3, 3], start_padding: [2, 1], end_padding: [0, 2], dilations: [1, 1], groups: 1 } },
      { op: 'relu', in: ['%0'] },
    ],
  },
];

let device: GPUDevice;
beforeAll(async () => { device = (await openDevice()).device; });
afterAll(() => device?.destroy());

describe('tiled GEMM kernels vs CPU reference', () => {
  for (const c of CASES) {
    it(c.name, async () => {
      const { inputs, want, state, defs, constants } = prepareCase(c, 31);
      const kernels = defs.flatMap((d) => planKernels(d, undefined, undefined, { tile: c.tile }));
      if (/trans_b( |=true)|transposed weight/.test(c.name)) expect(kernels.some((k) => k.wgsl.includes('B loaded along K'))).toBe(true);
      const tiled = kernels.some((k) => k.wgsl.includes('Tiled GEMM'));
      expect(tiled, 'planned as a tiled GEMM').toBe(c.tiled ?? true);
      if ((c.tiled ?? true) || c.matvec) expect(defs.length, 'one fused subgraph').toBe(1);
      expect(kernels.some((k) => k.wgsl.includes('Matrix-vector products')), 'planned as matrix-vector products').toBe(c.matvec ?? false);
      if (c.matvec) expect(kernels.length, 'one dispatch').toBe(1);
      if (c.tile) expect(kernels.some((k) => k.wgsl.includes(`tile ${c.tile!.tm}×${c.tile!.tn}×${c.tile!.tk}`))).toBe(true);
      if (c.alongK !== undefined) expect(kernels.some((k) => /Tiled GEMM .*B loaded along K/.test(k.wgsl)), 'B loaded along K').toBe(c.alongK);
      const split = kernels.some((k) => k.workspace !== undefined && k.wgsl.includes('slices of'));
      expect(split, 'planned with split-K').toBe(c.split ?? false);
      if (c.sumAsVec4 !== undefined) expect(kernels.some((k) => /sum of \d+ K slices\): .* as vec4/.test(k.wgsl)), 'slices summed as vec4').toBe(c.sumAsVec4);
      if (c.runStores !== undefined) expect(kernels.some((k) => k.wgsl.includes('fn store_run')), 'partials stored as vec4 runs').toBe(c.runStores);
      const { got, targets } = await runCase(device, state, inputs, constants);
      expect(targets.every((t) => t.startsWith('webgpu'))).toBe(true);
      expectClose(got, want, c.name, 1e-4, 1e-4);
    });
  }
});

// The first tier (docs/webgpu-target.md, "Kernel tiers"): convolutions of any window, with no clamp,
// a ReLU or a ReLU6 after them, run one generic kernel, its window and clamp read from its sizes.
const CONV2D = { strides: [1, 1], start_padding: [0, 0], end_padding: [0, 0], dilations: [1, 1], groups: 1 };
const convThen = (name: string, x: string, w: string, attrs: Record<string, AttrInput>, tail: Step[]): Case => ({
  name, args: [`${x}xf32`, `${w}xf32`, `${w.split('x')[0]}xf32`], ops: [{ op: 'convolution', in: ['a', 'b', 'c'], attrs }, ...tail],
});
const SHARED: Case[] = [
  convThen('conv 1x1 + bias', '1x16x7x7', '24x16x1x1', CONV2D, []),
  convThen('conv 3x3 + bias → relu', '1x8x9x9', '12x8x3x3', { ...CONV2D, start_padding: [1, 1], end_padding: [1, 1] }, [{ op: 'relu', in: ['%0'] }]),
  convThen('conv 3x3 stride 2 + bias → relu6', '1x8x9x9', '12x8x3x3', { ...CONV2D, strides: [2, 2], start_padding: [0, 1], end_padding: [1, 0] }, [{ op: 'clip', in: ['%0'], attrs: { min: 0, max: 6 } }]),
  convThen('conv 7x7 stride 2 dilated + bias → relu', '1x3x20x20', '8x3x7x7', { ...CONV2D, strides: [2, 2], dilations: [2, 1], start_padding: [3, 3], end_padding: [3, 3] }, [{ op: 'relu', in: ['%0'] }]),
];
const OWN: Case[] = [
  convThen('conv 3x3 + bias → clip [-0.5, 2.5] (its own kernel)', '1x8x9x9', '12x8x3x3', { ...CONV2D, start_padding: [1, 1], end_padding: [1, 1] }, [{ op: 'clip', in: ['%0'], attrs: { min: -0.5, max: 2.5 } }]),
  convThen('conv 1-D + bias → relu', '2x5x17', '7x5x3', { strides: [3], start_padding: [2], end_padding: [1], dilations: [2], groups: 1 }, [{ op: 'relu', in: ['%0'] }]),
  convThen('conv 3-D, 2 groups + bias', '1x4x5x6x7', '6x2x3x2x3', { strides: [1, 2, 3], start_padding: [1, 0, 2], end_padding: [0, 1, 1], dilations: [1, 2, 1], groups: 2 }, []),
];

describe('first-tier kernels vs CPU reference', () => {
  it('convolutions of 1×1, 3×3 and 7×7 windows, with no clamp, a ReLU or a ReLU6, share one generic kernel', () => {
    // Keyed as the device's pipeline cache keys them: the code without its comments, and its bindings.
    const keys = (c: Case) => planKernels(prepareCase(c, 5).defs[0]!, 'subgraph', undefined, QUICK_KERNELS).map(pipelineKey);
    const shared = SHARED.map(keys);
    expect(shared.every((k) => k.length === 1)).toBe(true);
    expect(new Set(shared.flat()).size).toBe(1);
    expect(keys(OWN[0]!)).not.toEqual(shared[0]);
  });
  for (const c of [...SHARED, ...OWN]) {
    it(c.name, async () => {
      const { inputs, want, state, constants } = prepareCase(c, 43);
      const { got } = await runCase(device, state, inputs, constants, 'generic');
      expectClose(got, want, c.name, 1e-4, 1e-4);
    });
  }
});

describe('split-K choice', () => {
  it('splits thin products with a long K, and only those', async () => {
    const { chooseTile } = await import('./gemm-core');
    expect(chooseTile({ batch: 1, M: 512, N: 49, K: 4608 }).splits).toBeGreaterThan(1);
    expect(chooseTile({ batch: 1, M: 7, N: 9, K: 2048 }).splits).toBe(32);
    // K under MIN_SPLIT_K is not split, however few the tiles.
    expect(chooseTile({ batch: 12, M: 197, N: 64, K: 197 }).splits).toBe(1);
    expect(chooseTile({ batch: 1, M: 1024, N: 1024, K: 1024 }).splits).toBe(1);
    expect(chooseTile({ batch: 1, M: 64, N: 64, K: 200 }).splits).toBe(1);
    // `thin`: a product of 128 output tiles of 64×64 or more keeps K whole; `eager` (the default)
    // splits it where its tiles run fewer than 256 workgroups; `off` splits nothing.
    expect(chooseTile({ batch: 1, M: 197, N: 3072, K: 768 }, undefined, undefined, 'thin').splits).toBe(1);
    expect(chooseTile({ batch: 1, M: 197, N: 3072, K: 768 }).splits).toBeGreaterThan(1);
    expect(chooseTile({ batch: 1, M: 197, N: 768, K: 3072 }).splits).toBeGreaterThan(1);
    expect(chooseTile({ batch: 1, M: 197, N: 768, K: 3072 }, undefined, undefined, 'off').splits).toBe(1);
    // A product normalizing A's rows as it reads them keeps K whole under every rule.
    expect(chooseTile({ batch: 1, M: 7, N: 9, K: 2048, rowStatistics: true }, undefined, undefined, 'eager').splits).toBe(1);
  });
  it('keeps K whole with split-K off (one dispatch), and matches the reference', async () => {
    const c: Case = { ...mm('7x2048', '2048x9'), name: 'matmul 7x2048 · 2048x9, split-K off' };
    const { inputs, want, defs } = prepareCase(c, 41);
    expect(planKernels(defs[0]!).length, 'split-K on: partials and their sum').toBe(2);
    const kernels = planKernels(defs[0]!, 'subgraph', undefined, { splitK: 'off' });
    expect(kernels.length).toBe(1);
    expect(kernels[0]!.wgsl).not.toContain('slices');
    const { compile } = await import('../../compiler/pipeline');
    const { defaultTargets } = await import('../../engine/targets');
    const { module } = prepareCase(c, 41);
    const { got } = await runCase(device, compile(module, defaultTargets(undefined, { splitK: 'off' })), inputs);
    expectClose(got, want, c.name, 1e-4, 1e-5);
  });

  it('chooses the tiles the H100 sweep measured fastest (docs/webgpu-target.md)', async () => {
    const { chooseTile } = await import('./gemm-core');
    const tile = (batch: number, M: number, N: number, K: number) => { const t = chooseTile({ batch, M, N, K }); return `${t.tm}×${t.tn}`; };
    // ResNet-50 convolutions at batch 1 (M = output channels, N = positions, K = Cin·kh·kw): 64×32,
    // but 64×64 for the 14×14 3×3 convolutions, whose K fills the GPU with slices of 64. The stem
    // (K = 147, not split) took 20.4 µs at 64×32 and 24.8 at 64×64 on an H200.
    expect([tile(1, 256, 3136, 64), tile(1, 64, 12544, 147), tile(1, 256, 196, 2304), tile(1, 512, 49, 4608), tile(1, 2048, 49, 512)])
      .toEqual(['64×32', '64×32', '64×64', '64×32', '64×32']);
    // MobileNetV2's 1×1 convolutions with short K and few positions: 32×32.
    expect([tile(1, 96, 196, 384), tile(1, 160, 49, 960), tile(1, 24, 3136, 96)]).toEqual(Array(3).fill('32×32'));
    // ViT-B/16: the QKV projection and the MLP (197 rows, K sliced) take 64×128; the attention
    // output projection 64×64 in 11 slices of 64 (64×32 in 6 slices of 128 took 24.1 µs on an H200,
    // this 21.0); attention's q·kᵀ 64×32, its ·v 64×16 (K of 197 cannot be split: 14.0 µs against 17.3 at 64×32).
    expect([tile(1, 197, 2304, 768), tile(1, 197, 3072, 768), tile(1, 197, 768, 3072), tile(1, 197, 768, 768), tile(12, 197, 197, 64), tile(12, 197, 64, 197)])
      .toEqual(['64×128', '64×128', '64×128', '64×64', '64×32', '64×16']);
    expect([chooseTile({ batch: 1, M: 197, N: 2304, K: 768 }), chooseTile({ batch: 1, M: 197, N: 3072, K: 768 })])
      .toMatchObject([{ tm: 64, tn: 128, splits: 8 }, { tm: 64, tn: 128, splits: 6 }]);
    // `thin` keeps QKV and MLP up (144 and 192 tiles of 64×64) whole at 64×32: one dispatch each.
    const thin = (M: number, N: number, K: number) => { const t = chooseTile({ batch: 1, M, N, K }, undefined, undefined, 'thin'); return `${t.tm}×${t.tn}/${t.splits}`; };
    expect([thin(197, 2304, 768), thin(197, 3072, 768)]).toEqual(['64×32/1', '64×32/1']);
    expect([tile(1, 1024, 1024, 1024), tile(1, 2048, 2048, 2048)]).toEqual(['64×64', '128×128']);
  });

  it('takes a residual add read through a reshape into the GEMM epilogue (sink-reshapes)', async () => {
    // matmul → reshape → add(residual) → relu: the add moves before the reshape and joins the GEMM;
    // the relu, whose result is returned, reads the reshaped sum as a view.
    const c: Case = {
      name: 'matmul → reshape → residual add → relu', args: ['70x24xf32', '24x36xf32', '7x10x36xf32'],
      ops: [{ op: 'matmul', in: ['a', 'b'] }, { op: 'reshape', in: ['%0'], attrs: { shape: [7, 10, 36] } }, { op: 'add', in: ['%1', 'c'] }, { op: 'relu', in: ['%2'] }],
    };
    const { inputs, want, state, defs } = prepareCase(c, 37);
    const ops = defs.map((d) => d.body().operations.filter((o) => o.name.startsWith('cgc_op.')).map((o) => o.opName).join(','));
    expect(ops).toEqual(['matmul,add', 'relu']);
    const { got } = await runCase(device, state, inputs);
    expectClose(got, want, c.name, 1e-5, 1e-5);
  });

  it('takes a mask read after a reshape into the GEMM epilogue where it broadcasts whole across the merged axes (Swin\'s shifted windows)', async () => {
    // Scores [windows·batch, heads, 5, 5] reshaped to [batch, windows, heads, 5, 5], plus a mask of
    // [windows, 1, 5, 5] (a constant) or [1, windows, 1, 5, 5] (an input), then reshaped back to a softmax.
    const mask = Array.from({ length: 4 * 25 }, (_, i) => ((i * 7) % 11 === 0 ? -100 : (i % 5) / 10));
    const scores = (maskIn: string, args: string[]): Case => ({
      name: `scores → reshape → + mask (${maskIn}) → reshape`, args: ['4x3x5x8xf32', '4x3x8x5xf32', ...args],
      ...(maskIn === 'm' ? { constants: [{ name: 'm', type: '4x1x5x5xf32', values: mask }] } : {}),
      ops: [{ op: 'matmul', in: ['a', 'b'] }, { op: 'reshape', in: ['%0'], attrs: { shape: [1, 4, 3, 5, 5] } }, { op: 'add', in: ['%1', maskIn] },
        { op: 'reshape', in: ['%2'], attrs: { shape: [4, 3, 5, 5] } }, { op: 'softmax', in: ['%3'] }],
    });
    for (const [c, within] of [[scores('m', []), '4x1x5x5'], [scores('c', ['1x4x1x5x5xf32']), '4x1x5x5']] as const) {
      const { inputs, want, state, defs, constants } = prepareCase(c, 41);
      const ops = defs.map((d) => d.body().operations.filter((o) => o.name.startsWith('cgc_op.')).map((o) => o.opName).join(','));
      expect(ops, c.name).toContain('matmul,add');
      const sig = defs.find((d) => d.body().operations.some((o) => o.opName === 'matmul'))!.body().arguments.map((x) => x.type.shape.join('x'));
      expect(sig, c.name).toContain(within);
      const { got } = await runCase(device, state, inputs, constants);
      expectClose(got, want, c.name, 1e-5, 1e-5);
    }
  });

  it('takes 128-wide tiles only where enough workgroups remain, and every chosen tile fits its load slots', async () => {
    const { chooseTile } = await import('./gemm-core');
    expect(chooseTile({ batch: 1, M: 2048, N: 2048, K: 2048 })).toMatchObject({ tm: 128, tn: 128, tk: 8, splits: 1 });
    // K tiles of 16 where the device's workgroup memory holds them (48 KiB on an H100 through Dawn).
    expect(chooseTile({ batch: 1, M: 2048, N: 2048, K: 2048 }, 49_152)).toMatchObject({ tm: 128, tn: 128, tk: 16 });
    expect(chooseTile({ batch: 1, M: 1024, N: 1024, K: 1024 })).toMatchObject({ tm: 64, tn: 64, splits: 1 });
    for (const M of [1, 16, 33, 100, 129, 4096, 40000]) {
      for (const N of [1, 17, 64, 200, 4096, 40000]) {
        const { tm, tn, tk } = chooseTile({ batch: 1, M, N, K: 64 });
        const threads = (tm / Math.max(1, tm / 16)) * (tn / Math.max(1, tn / 16));
        expect([threads % tk, threads % tn, (tm * tk) % threads, (tk * tn) % threads], `${M}×${N}: ${tm}×${tn}×${tk}`).toEqual([0, 0, 0, 0]);
        const words = tk * ((tm >= 64 ? tm + 4 : tm) + tn);
        expect(words * 4).toBeLessThanOrEqual(16384);
      }
    }
  });
});
