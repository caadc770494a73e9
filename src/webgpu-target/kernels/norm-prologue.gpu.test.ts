// Layer normalization as a GEMM's prologue (@matmul_norm_prologue) on real WebGPU against the CPU
// reference: rows normalized as the tiles load them, statistics once per workgroup and row (summed by
// the threads loading the row); one kernel where there were two, K never split, and the two again
// with the pattern disabled.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compile } from '../../compiler/pipeline';
import { openDevice } from '../../runtime/device';
import { defaultTargets } from '../../engine/targets';
import { planKernels } from '../kernel-plan';
import { type Case, expectClose, prepareCase, runCase } from '../testing/cases';

/** x [rows, d] (or [1, rows, d] through a transpose of its size-1 axis, as ViT's export reads it) → layer_normalization (scale and bias constants) → matmul with w [d, n] → + bias. */
function normGemm(rows: number, d: number, n: number, viewed = false): Case {
  const x = viewed ? `1x${rows}x${d}xf32` : `${rows}x${d}xf32`;
  return {
    name: `layer_normalization of ${rows} rows of ${d} → matmul ·${d}x${n} + bias${viewed ? ' (through a transpose)' : ''}`,
    args: [x, `${d}x${n}xf32`, `${n}xf32`],
    enabledPatterns: ['norm_prologue'],
    constants: [
      { name: 'gamma', type: `${d}xf32`, values: Array.from({ length: d }, (_, i) => 0.5 + ((i * 37) % 11) / 10) },
      { name: 'beta', type: `${d}xf32`, values: Array.from({ length: d }, (_, i) => ((i * 13) % 7) / 10 - 0.3) },
    ],
    ops: [
      { op: 'layer_normalization', in: ['a', 'gamma', 'beta'], attrs: { axis: -1, epsilon: 1e-6 } },
      ...(viewed ? [{ op: 'transpose', in: ['%0'], attrs: { permutation: [1, 0, 2] } }] : []),
      { op: 'matmul', in: [viewed ? '%1' : '%0', 'b'] },
      { op: 'add', in: [viewed ? '%2' : '%1', 'c'] },
    ],
  };
}

/** x [rows, d] → layer_normalization → gemm with w [n, d] (trans_b) + bias: one output row is matrix-vector products (a classifier). */
function normGemmTransB(rows: number, d: number, n: number): Case {
  const c = normGemm(rows, d, n);
  return {
    ...c,
    name: `layer_normalization of ${rows} rows of ${d} → gemm ·(${n}x${d})ᵀ + bias`,
    args: [`${rows}x${d}xf32`, `${n}x${d}xf32`, `${n}xf32`],
    ops: [c.ops[0]!, { op: 'gemm', in: ['%0', 'b', 'c'], attrs: { trans_b: true } }],
  };
}

/** Cases, and whether each is matrix-vector products; 70×768 and 197×300 would have split K. */
const CASES: [Case, boolean][] = [
  [normGemm(7, 64, 48), false], [normGemm(197, 96, 40, true), false], [normGemm(1, 32, 5), false], [normGemm(70, 768, 33), false],
  [normGemm(197, 300, 72), false], [normGemmTransB(1, 520, 10), true], [normGemmTransB(5, 257, 19), false],
];

/**
 * Within 1e-4 + 1e-5·|reference|: the statistics are the row kernel's two passes, but the product sums
 * up to 768 terms of magnitude up to 4 in tile order (results of magnitude ~30; gemm.gpu.test.ts
 * allows the same for long K).
 */
const ATOL = 1e-4;
const RTOL = 1e-5;

let device: GPUDevice;
beforeAll(async () => { device = (await openDevice()).device; });
afterAll(() => device?.destroy());

describe('layer normalization in the GEMM prologue vs CPU reference', () => {
  for (const [c, matvec] of CASES) {
    it(c.name, async () => {
      const { inputs, want, state, defs, constants } = prepareCase(c, 11);
      expect(state.schedule.map((g) => g.pattern)).toEqual(['matmul_norm_prologue']);
      const kernels = planKernels(defs[0]!);
      expect(kernels).toHaveLength(1);
      expect(kernels[0]!.wgsl).toContain('ln_mean');
      expect(kernels[0]!.wgsl).toContain('row_part');
      expect(kernels[0]!.wgsl.includes('Matrix-vector')).toBe(matvec);
      const { got } = await runCase(device, state, inputs, constants);
      expectClose(got, want, c.name, ATOL, RTOL);
    });
  }

  it('normalizes rows read through a window partition (Swin: reshape → transpose → reshape), in both tiers', async () => {
    // x [1, 4, 6, 16] normalized, cut into 2×3 windows [4, 6, 16], · w [16, 24] + bias: each GEMM row is
    // a row of x at coordinates the tile load computes through the views, which the statistics need before the K loop.
    const base = normGemm(24, 16, 24);
    const c: Case = {
      ...base, name: 'layer_normalization → window partition → matmul + bias', args: ['1x4x6x16xf32', '16x24xf32', '24xf32'],
      ops: [
        base.ops[0]!,
        { op: 'reshape', in: ['%0'], attrs: { shape: [1, 2, 2, 2, 3, 16] } },
        { op: 'transpose', in: ['%1'], attrs: { permutation: [0, 1, 3, 2, 4, 5] } },
        { op: 'reshape', in: ['%2'], attrs: { shape: [4, 6, 16] } },
        { op: 'matmul', in: ['%3', 'b'] },
        { op: 'add', in: ['%4', 'c'] },
      ],
    };
    const { inputs, want, state, constants } = prepareCase(c, 5);
    expect(state.schedule.map((g) => g.pattern)).toEqual(['matmul_norm_prologue']);
    for (const tiers of ['specialized', 'generic'] as const) {
      const { got } = await runCase(device, state, inputs, constants, tiers);
      expectClose(got, want, `${c.name} (${tiers})`, ATOL, RTOL);
    }
  });

  it('with norm_prologue disabled: the row kernel, then the GEMM', async () => {
    const c = normGemm(7, 64, 48);
    const { inputs, want, module, constants } = prepareCase(c, 11);
    const state = compile(module, defaultTargets(undefined, { disabledPatterns: ['norm_prologue'], enabledPatterns: ['norm_prologue'] }));
    expect(state.schedule.map((g) => g.pattern)).toEqual(['norm_epilogue', 'matmul_epilogue']);
    const { got } = await runCase(device, state, inputs, constants);
    expectClose(got, want, c.name, ATOL, RTOL);
  });
});
