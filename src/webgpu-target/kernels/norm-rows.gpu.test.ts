// Layer normalizations in one row kernel with the values before them, on real WebGPU against the CPU
// reference, in both tiers: a product, its adds and the normalization of the result (@product_norm:
// the GEMM's K slices, then one workgroup per row summing them through the adds, writing the residual
// stream the graph reads on and the normalized row), the kernels again with the pattern disabled; an add
// read through views, normalized, its sum read on (@residual_norm); a normalization and a global
// pooling read through transposes (@norm_views, @global_pool_views).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compile } from '../../compiler/pipeline';
import { openDevice } from '../../runtime/device';
import { defaultTargets } from '../../engine/targets';
import { planKernels } from '../kernel-plan';
import { QUICK_KERNELS } from '../executable';
import { type Case, expectClose, prepareCase, runCase } from '../testing/cases';

const gamma = (n: number) => Array.from({ length: n }, (_, i) => 0.5 + ((i * 37) % 11) / 10);
const beta = (n: number) => Array.from({ length: n }, (_, i) => ((i * 13) % 7) / 10 - 0.3);

/**
 * A transformer block's tail: x [rows, k] · w [k, n] + bias + residual (as [1, rows, n] through a
 * reshape where `reshaped`) → layer normalization → · w2 [n, n] + the residual stream (so the
 * stream before the normalization is a second result of the fused subgraph).
 */
function block(rows: number, k: number, n: number, reshaped = false): Case {
  return {
    name: `[${rows}×${k}]·[${k}×${n}] + bias + residual${reshaped ? ' (reshaped to [1, rows, n])' : ''} → layer_normalization`,
    args: [`${rows}x${k}xf32`, `${k}x${n}xf32`, `${n}xf32`, reshaped ? `1x${rows}x${n}xf32` : `${rows}x${n}xf32`, `${n}x${n}xf32`],
    constants: [{ name: 'gamma', type: `${n}xf32`, values: gamma(n) }, { name: 'beta', type: `${n}xf32`, values: beta(n) }],
    ops: [
      { op: 'matmul', in: ['a', 'b'] },
      { op: 'add', in: ['%0', 'c'] },
      ...(reshaped
        ? [{ op: 'reshape', in: ['%1'], attrs: { shape: [1, rows, n] } }, { op: 'add', in: ['%2', 'd'] }]
        : [{ op: 'add', in: ['%1', 'd'] }]),
      { op: 'layer_normalization', in: [reshaped ? '%3' : '%2', 'gamma', 'beta'], attrs: { axis: -1, epsilon: 1e-5 } },
      { op: 'matmul', in: [reshaped ? '%4' : '%3', 'e'] },
      { op: 'add', in: [reshaped ? '%5' : '%4', reshaped ? '%3' : '%2'] },
    ],
  };
}

/** gemm with a transposed weight and its bias, normalized straight away (the normalization's result alone). */
function gemmNorm(rows: number, k: number, n: number): Case {
  return {
    name: `gemm [${rows}×${k}]·([${n}×${k}])ᵀ + bias → layer_normalization`,
    args: [`${rows}x${k}xf32`, `${n}x${k}xf32`, `${n}xf32`],
    constants: [{ name: 'gamma', type: `${n}xf32`, values: gamma(n) }, { name: 'beta', type: `${n}xf32`, values: beta(n) }],
    ops: [
      { op: 'gemm', in: ['a', 'b', 'c'], attrs: { trans_b: true } },
      { op: 'layer_normalization', in: ['%0', 'gamma', 'beta'], attrs: { axis: -1, epsilon: 1e-6 } },
    ],
  };
}

/**
 * Within 1e-4 + 1e-5·|reference|: the products sum up to 768 terms of magnitude up to 4 in tile (and
 * slice) order; the statistics are the row kernel's two passes (gemm.gpu.test.ts allows the same for long K).
 */
const ATOL = 1e-4;
const RTOL = 1e-5;

let device: GPUDevice;
beforeAll(async () => { device = (await openDevice()).device; });
afterAll(() => device?.destroy());

describe('a product, its adds and the layer normalization of the result vs CPU reference', () => {
  /** Cases (each product splits K), and the fused subgraph's pattern. */
  const CASES: [Case, string][] = [
    [block(197, 768, 96), 'product_add_add_norm'],
    [block(13, 300, 768, true), 'product_add_add_reshape_norm'],
    [gemmNorm(5, 512, 64), 'product_norm'],
  ];
  for (const [c, pattern] of CASES) {
    it(c.name, async () => {
      const { inputs, want, state, defs, constants } = prepareCase(c, 7);
      expect(state.schedule[0]!.pattern).toBe(pattern);
      const kernels = planKernels(defs[0]!);
      expect(kernels.map((k) => k.name)).toEqual(['subgraph.0.partial0', 'subgraph.0']);
      expect(kernels[0]!.wgsl).toContain('K in ');
      expect(kernels[1]!.wgsl).toContain('normalized by rows');
      // The first tier: K in one slice, the row computed again in each pass (no extent in its code).
      const quick = planKernels(defs[0]!, 'subgraph', undefined, QUICK_KERNELS);
      expect(quick).toHaveLength(2);
      expect(quick[1]!.wgsl).toContain('computed again in each pass');
      for (const tiers of ['specialized', 'generic'] as const) {
        const { got } = await runCase(device, state, inputs, constants, tiers);
        expectClose(got, want, `${c.name} (${tiers})`, ATOL, RTOL);
      }
    });
  }

  it('a product that does not split K is declined with the reason: its kernel, then the row kernel', async () => {
    const c = block(7, 64, 48);
    const { inputs, want, state, constants } = prepareCase(c, 7);
    expect(state.schedule.map((g) => g.pattern).slice(0, 2)).toEqual(['matmul_epilogue', 'norm_epilogue']);
    const rejected = [...state.decisions.values()].flatMap((d) => d.rejected).filter((r) => r.pattern === 'product_add_add_norm' && r.declined);
    expect(rejected[0]?.reason).toContain('no product whose K is not split');
    const { got } = await runCase(device, state, inputs, constants);
    expectClose(got, want, c.name, ATOL, RTOL);
  });

  it('with product_norm disabled: the GEMM (its slices and their sum), then the row kernel', async () => {
    const c = block(197, 768, 96);
    const { inputs, want, module, constants } = prepareCase(c, 7);
    const state = compile(module, defaultTargets(undefined, { disabledPatterns: ['product_norm'] }));
    expect(state.schedule.map((g) => g.pattern).slice(0, 2)).toEqual(['matmul_epilogue', 'norm_epilogue']);
    const { got } = await runCase(device, state, inputs, constants);
    expectClose(got, want, c.name, ATOL, RTOL);
  });

  it('a normalization over more than the last axis is declined with the reason: the kernels stay apart', () => {
    const c = block(6, 512, 16);
    const ops = c.ops.map((s) => (s.op === 'layer_normalization' ? { ...s, attrs: { axis: 0, epsilon: 1e-5 } } : s));
    const constants = [{ name: 'gamma', type: '6x16xf32', values: gamma(96) }, { name: 'beta', type: '6x16xf32', values: beta(96) }];
    const { state } = prepareCase({ ...c, ops, constants }, 3);
    expect(state.schedule.map((g) => g.pattern)).not.toContain('product_add_add_norm');
    const rejected = [...state.decisions.values()].flatMap((d) => d.rejected).filter((r) => r.pattern === 'product_add_add_norm' && r.declined);
    expect(rejected[0]?.reason).toContain('no normalization over more than the last axis');
  });
});

/** Swin's block tail: y [1, 4, 6, 16] reversed out of 2×3 windows ([4, 6, 16] → reshape → transpose → reshape) + x → layer normalization, the sum read on by a product's residual add. */
function windowResidual(): Case {
  return {
    name: 'window reverse + residual → layer_normalization, the sum read on',
    args: ['4x6x16xf32', '1x24x16xf32', '16x16xf32'],
    constants: [{ name: 'gamma', type: '16xf32', values: gamma(16) }, { name: 'beta', type: '16xf32', values: beta(16) }],
    ops: [
      { op: 'reshape', in: ['a'], attrs: { shape: [1, 2, 2, 2, 3, 16] } },
      { op: 'transpose', in: ['%0'], attrs: { permutation: [0, 1, 3, 2, 4, 5] } },
      { op: 'reshape', in: ['%1'], attrs: { shape: [1, 24, 16] } },
      { op: 'add', in: ['b', '%2'] },
      { op: 'layer_normalization', in: ['%3', 'gamma', 'beta'], attrs: { axis: -1, epsilon: 1e-5 } },
      { op: 'matmul', in: ['%4', 'c'] },
      { op: 'add', in: ['%5', '%3'] },
    ],
  };
}

describe('layer normalizations and pooling read through views, in one row kernel vs CPU reference', () => {
  /** Cases, the pattern of the subgraph holding the normalization (or pooling), and its kernels' count. */
  const CASES: [Case, string][] = [
    [windowResidual(), 'residual_norm'],
    [{
      name: 'channels moved last (transpose) → layer_normalization over them',
      args: ['1x40x5x7xf32'],
      constants: [{ name: 'gamma', type: '40xf32', values: gamma(40) }, { name: 'beta', type: '40xf32', values: beta(40) }],
      ops: [
        { op: 'transpose', in: ['a'], attrs: { permutation: [0, 2, 3, 1] } },
        { op: 'layer_normalization', in: ['%0', 'gamma', 'beta'], attrs: { axis: -1, epsilon: 1e-6 } },
        { op: 'relu', in: ['%1'] },
      ],
    }, 'norm_views'],
    [{
      name: 'channels moved back (transpose) → global_average_pool',
      args: ['1x6x7x24xf32'],
      ops: [
        { op: 'transpose', in: ['a'], attrs: { permutation: [0, 3, 1, 2] } },
        { op: 'global_average_pool', in: ['%0'] },
      ],
    }, 'global_pool_views'],
  ];
  for (const [c, pattern] of CASES) {
    it(c.name, async () => {
      const { inputs, want, state, defs, constants } = prepareCase(c, 9);
      const at = state.schedule.findIndex((g) => g.pattern === pattern);
      expect(at, state.schedule.map((g) => g.pattern).join(', ')).toBeGreaterThanOrEqual(0);
      expect(planKernels(defs[at]!)).toHaveLength(1);
      for (const tiers of ['specialized', 'generic'] as const) {
        const { got } = await runCase(device, state, inputs, constants, tiers);
        expectClose(got, want, `${c.name} (${tiers})`, ATOL, RTOL);
      }
    });
  }

  it('takes rows past 65535 along a second grid axis, in both tiers', async () => {
    const rows = 65_600;
    const c: Case = {
      name: `a + bᵀ over ${rows} rows of 4 → layer_normalization, the sum also reduced`,
      args: [`1x${rows}x4xf32`, `1x4x${rows}xf32`],
      constants: [{ name: 'gamma', type: '4xf32', values: gamma(4) }, { name: 'beta', type: '4xf32', values: beta(4) }],
      ops: [
        { op: 'transpose', in: ['b'], attrs: { permutation: [0, 2, 1] } },
        { op: 'add', in: ['a', '%0'] },
        { op: 'layer_normalization', in: ['%1', 'gamma', 'beta'], attrs: { axis: -1, epsilon: 1e-5 } },
        { op: 'reduce_sum', in: ['%1'], attrs: { axes: [-1], keep_dims: true } },
        { op: 'mul', in: ['%2', '%3'] },
      ],
    };
    const { inputs, want, state, defs, constants } = prepareCase(c, 5);
    expect(state.schedule[0]!.pattern).toBe('residual_norm');
    const [kernel] = planKernels(defs[0]!);
    expect(kernel!.workgroups).toEqual([65535, 2, 1]);
    for (const tiers of ['specialized', 'generic'] as const) {
      const { got } = await runCase(device, state, inputs, constants, tiers);
      expectClose(got, want, `${c.name} (${tiers})`, ATOL, RTOL);
    }
  }, 120_000);

  it('the sum and its normalization are one kernel writing both; without the patterns, an element kernel and a row kernel', () => {
    const c = windowResidual();
    const { state, defs } = prepareCase(c, 9);
    expect(state.schedule.map((g) => g.pattern)).toEqual(['residual_norm', 'matmul_epilogue']);
    const [kernel] = planKernels(defs[0]!);
    expect(kernel!.outputs).toBe(2);
    expect(kernel!.wgsl).toContain('rows, normalized');
    const apart = compile(prepareCase(c, 9).module, defaultTargets(undefined, { disabledPatterns: ['residual_norm'] }));
    expect(apart.schedule.map((g) => g.pattern)).toEqual(['elementwise_chain', 'norm_epilogue', 'matmul_epilogue']);
  });

  it('an add whose sum has no other reader and no view stays in the normalization\'s prologue (@norm_epilogue)', () => {
    const c: Case = {
      name: 'embeddings: a + b + c → layer_normalization',
      args: ['5x16xf32', '5x16xf32', '5x16xf32'],
      constants: [{ name: 'gamma', type: '16xf32', values: gamma(16) }, { name: 'beta', type: '16xf32', values: beta(16) }],
      ops: [
        { op: 'add', in: ['a', 'b'] },
        { op: 'add', in: ['%0', 'c'] },
        { op: 'layer_normalization', in: ['%1', 'gamma', 'beta'], attrs: { axis: -1, epsilon: 1e-5 } },
      ],
    };
    expect(prepareCase(c, 9).state.schedule.map((g) => g.pattern)).toEqual(['norm_epilogue']);
  });
});
