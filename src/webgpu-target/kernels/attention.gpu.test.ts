// The attention kernel (q·kᵀ → scale → additive mask → softmax → ·v in one dispatch) on real WebGPU
// against the CPU reference: odd sequence lengths (1, 7, 197), heads of 32 and 64, with and without
// a padding mask, queries and keys of different lengths, a bias per head before the mask (Swin); and the same graphs with the @attention
// patterns disabled, as the three kernels they replace.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FUNCTIONAL_DEFINITION } from '../../ir/structural';
import { decisionLines } from '../../compiler/dump';
import { compile } from '../../compiler/pipeline';
import { openDevice } from '../../runtime/device';
import { defaultTargets } from '../../engine/targets';
import { QUICK_KERNELS } from '../executable';
import { planKernels } from '../kernel-plan';
import { deviceCode } from '../kernel-spec';
import { type Case, type Step, expectClose, prepareCase, runCase } from '../testing/cases';

/**
 * Self-attention of `heads` heads over `lq` queries and `lk` keys of `d` elements (values of `dv`):
 * q [1, heads, lq, d], k [1, heads, lk, d] read through a transpose, v [1, heads, lk, dv], scores
 * scaled by 1/√d (a mul, or a div by √d), plus a padding mask [1, 1, 1, lk] whose last `padded` keys are
 * float32's lowest value (as Hugging Face's BERT builds it).
 */
function attention({ heads = 2, lq, lk = lq, d, dv = d, padded, div = false, bias = false, scaled = true, guarded = false, infinite = false }: {
  heads?: number; lq: number; lk?: number; d: number; dv?: number; padded?: number; div?: boolean; bias?: boolean; scaled?: boolean;
  /** The probabilities read as where(is_nan(p), 0, p) (PyTorch 2's export); `infinite`: masked keys at −∞, not float32's lowest. */
  guarded?: boolean; infinite?: boolean;
}): Case {
  const ops: Step[] = [
    { op: 'transpose', in: ['b'], attrs: { permutation: [0, 1, 3, 2] } },
    { op: 'matmul', in: ['a', '%0'] },
  ];
  const constants: { name: string; type: string; values: number[] }[] = [];
  if (scaled) {
    ops.push({ op: div ? 'div' : 'mul', in: ['%1', 'scale'] });
    constants.push({ name: 'scale', type: 'f32', values: [div ? Math.sqrt(d) : 1 / Math.sqrt(d)] });
  }
  // A relative position bias per head, query and key (Swin's), before the mask.
  if (bias) {
    constants.push({ name: 'bias', type: `${heads}x${lq}x${lk}xf32`, values: Array.from({ length: heads * lq * lk }, (_, i) => ((i * 37) % 17) / 8 - 1) });
    ops.push({ op: 'add', in: [`%${ops.length - 1}`, 'bias'] });
  }
  if (padded !== undefined) {
    constants.push({ name: 'mask', type: `1x1x1x${lk}xf32`, values: Array.from({ length: lk }, (_, i) => (i >= lk - padded ? (infinite ? -Infinity : -3.4028234663852886e38) : 0)) });
    ops.push({ op: 'add', in: [`%${ops.length - 1}`, 'mask'] });
  }
  ops.push({ op: 'softmax', in: [`%${ops.length - 1}`], attrs: { axis: -1 } });
  if (guarded) {
    constants.push({ name: 'zero', type: 'f32', values: [0] });
    ops.push({ op: 'is_nan', in: [`%${ops.length - 1}`] });
    ops.push({ op: 'where', in: [`%${ops.length - 1}`, 'zero', `%${ops.length - 2}`] });
  }
  ops.push({ op: 'matmul', in: [`%${ops.length - 1}`, 'c'] });
  return {
    name: `${heads} heads, ${lq} queries × ${lk} keys, d ${d}${dv !== d ? `, dv ${dv}` : ''}${bias ? ', a bias per head' : ''}${padded !== undefined ? `, last ${padded} keys masked${infinite ? ' by −∞' : ''}` : ''}${div ? ', scaled by a division' : ''}${scaled ? '' : ', not scaled'}${guarded ? ', NaN probabilities zeroed' : ''}`,
    args: [`1x${heads}x${lq}x${d}xf32`, `1x${heads}x${lk}x${d}xf32`, `1x${heads}x${lk}x${dv}xf32`], constants, ops,
    // Over more than 64 keys the one kernel is opt-in (@attention_long): measured slower than the three kernels (docs/webgpu-target.md).
    ...(lk > 64 ? { enabledPatterns: ['attention_long'] } : {}),
  };
}

const CASES: Case[] = [
  ...[1, 7, 197].flatMap((l) => [32, 64].flatMap((d) => [attention({ lq: l, d }), attention({ lq: l, d, padded: l > 1 ? Math.ceil(l / 3) : 0 })])),
  attention({ heads: 3, lq: 7, lk: 33, d: 64, dv: 32, padded: 5, div: true }),
  attention({ heads: 12, lq: 50, d: 64, div: true }),
  // Heads of 128 and values of 256: tiles of 4 keys under 16 KiB, 16 output columns a thread.
  attention({ heads: 1, lq: 20, lk: 40, d: 128, dv: 256, padded: 3 }),
  // Heads that are no multiple of 4: the last vec4 of q, k and v zero-padded, its columns past dv not written.
  attention({ heads: 2, lq: 21, lk: 37, d: 30, dv: 18, padded: 4 }),
  // Swin's shifted windows: 49 tokens, heads of 32, a relative position bias then the shift's mask (scaled, or the scale in q).
  attention({ heads: 3, lq: 49, d: 32, bias: true, padded: 9 }),
  attention({ heads: 3, lq: 49, d: 32, bias: true, padded: 9, scaled: false }),
  // PyTorch 2's export: where(is_nan(p), 0, p) before ·v; every key masked by −∞ makes each row's
  // probabilities NaN, which the guard zeroes (the output 0), and a few masked keys leave them as they are.
  attention({ lq: 19, d: 64, padded: 5, div: true, guarded: true }),
  attention({ lq: 19, d: 64, padded: 5, div: true, guarded: true, infinite: true }),
  attention({ heads: 3, lq: 7, lk: 33, d: 32, padded: 33, guarded: true, infinite: true }),
];

/** The @attention pattern a case matches (@attention_long past 64 keys): scaled or not, then masked (one add) or biased and masked (two). */
function patternOf(c: Case): string {
  const adds = c.ops.filter((s) => s.op === 'add').length;
  return `${c.enabledPatterns?.includes('attention_long') ? 'attention_long' : 'attention'}${c.ops.some((s) => s.op === 'mul' || s.op === 'div') ? '_scaled' : ''}${adds === 2 ? '_biased_masked' : adds === 1 ? '_masked' : ''}${c.ops.some((s) => s.op === 'where') ? '_guarded' : ''}`;
}

/** Within 1e-5 + 1e-5·|reference|: the kernel sums the same products in another order (per tile, rescaled). */
const ATOL = 1e-5;
const RTOL = 1e-5;

let device: GPUDevice;
beforeAll(async () => { device = (await openDevice()).device; });
afterAll(() => device?.destroy());

describe('attention as one kernel vs CPU reference', () => {
  for (const c of CASES) {
    it(c.name, async () => {
      const { inputs, want, state, defs, constants } = prepareCase(c, 7);
      expect(state.schedule.map((g) => g.pattern)).toEqual([patternOf(c)]);
      const kernels = planKernels(defs[0]!);
      expect(kernels.length).toBe(1);
      expect(kernels[0]!.wgsl).toContain('through attention');
      const { got } = await runCase(device, state, inputs, constants);
      expectClose(got, want, c.name, ATOL, RTOL);
    });
  }
});

describe('attention through PyTorch 2\'s guard, on scores no arithmetic should be trusted with', () => {
  // A mask of (1 − m)·lowest for a mask value m of 2 or 3 is +3.4e38 or +∞ (the inputs a random
  // int64 mask draws): a +∞ or NaN score makes the row's probabilities NaN, which the guard zeroes.
  // Told apart by the scores' bits in the kernel: its arithmetic on ∞ is the compiler's to assume away.
  const guarded = (mask: number[]): Case => ({
    name: `mask [${mask.map((v) => (v === Infinity ? '+∞' : v === -Infinity ? '−∞' : String(v))).join(', ')}]`,
    args: ['1x2x5x8xf32', `1x2x${mask.length}x8xf32`, `1x2x${mask.length}x8xf32`],
    constants: [{ name: 'scale', type: 'f32', values: [0.35] }, { name: 'mask', type: `1x1x1x${mask.length}xf32`, values: mask }, { name: 'zero', type: 'f32', values: [0] }],
    ops: [
      { op: 'transpose', in: ['b'], attrs: { permutation: [0, 1, 3, 2] } },
      { op: 'matmul', in: ['a', '%0'] }, { op: 'mul', in: ['%1', 'scale'] }, { op: 'add', in: ['%2', 'mask'] },
      { op: 'softmax', in: ['%3'], attrs: { axis: -1 } }, { op: 'is_nan', in: ['%4'] }, { op: 'where', in: ['%5', 'zero', '%4'] },
      { op: 'matmul', in: ['%6', 'c'] },
    ],
  });
  for (const mask of [[0, 0, Infinity, 0, 0, 0], [0, NaN, 0, 0, 0, 0], [-3.4e38, 0, 3.4e38, 3.4e38, 0, 0], [-Infinity, -Infinity, -Infinity, -Infinity, -Infinity, -Infinity]]) {
    it(guarded(mask).name, async () => {
      const c = guarded(mask);
      const { inputs, want, state, constants } = prepareCase(c, 3);
      expect(state.schedule.map((g) => g.pattern)).toEqual(['attention_scaled_masked_guarded']);
      for (const tiers of ['specialized', 'generic'] as const) {
        const { got } = await runCase(device, state, inputs, constants, tiers);
        expectClose(got, want, `${c.name} (${tiers})`, ATOL, RTOL);
      }
    });
  }
});

describe('attention as one kernel in the first tier (lengths as uniforms, the largest tile whatever the keys)', () => {
  for (const c of [attention({ lq: 7, d: 32, padded: 3 }), attention({ lq: 197, d: 64, padded: 66 }), attention({ heads: 2, lq: 21, lk: 37, d: 30, dv: 18, padded: 4 }),
    attention({ lq: 9, d: 32, padded: 9, guarded: true, infinite: true })]) {
    it(c.name, async () => {
      const { inputs, want, state, defs, constants } = prepareCase(c, 11);
      const quick = planKernels(defs[0]!, 'subgraph', undefined, { ...QUICK_KERNELS });
      expect(quick).toHaveLength(1);
      expect(quick[0]!.wgsl).toContain('through attention');
      expect(quick[0]!.params?.length).toBeGreaterThan(0);
      const { got } = await runCase(device, state, inputs, constants, 'generic');
      expectClose(got, want, c.name, ATOL, RTOL);
    });
  }

  it('is one pipeline for every length of a head', () => {
    const wgsl = (l: number) => {
      const { defs } = prepareCase(attention({ lq: l, d: 64, padded: 1 }), 1);
      return deviceCode(planKernels(defs[0]!, 'subgraph', undefined, { ...QUICK_KERNELS })[0]!.wgsl);
    };
    expect(new Set([7, 19, 64].map(wgsl)).size).toBe(1);
  });
});

describe('attention with the @attention patterns disabled, or over more keys than they take', () => {
  it('is the three kernels it replaces: q·kᵀ with its scale and mask, softmax, ·v', async () => {
    const c = attention({ lq: 7, d: 32, padded: 2 });
    const { inputs, want, module } = prepareCase(c, 3);
    const state = compile(module, defaultTargets(undefined, { disabledPatterns: ['attention'] }));
    expect(state.schedule.map((g) => g.pattern)).toEqual(['matmul_epilogue', 'softmax_epilogue', 'matmul_epilogue']);
    expect(compile(module, defaultTargets()).schedule.map((g) => g.pattern)).toEqual(['attention_scaled_masked']);
    // Past 64 keys only the opt-in @attention_long takes it, and the log says why @attention did not.
    const long = prepareCase(attention({ lq: 65, d: 32 }), 3).module;
    const three = compile(long, defaultTargets());
    expect(three.schedule.map((g) => g.pattern)).toEqual(['matmul_epilogue', 'softmax_epilogue', 'matmul_epilogue']);
    expect(decisionLines(three).join('\n')).toContain('innermost dimension 65 of 1x2x65x65 is more than 64');
    expect(compile(long, defaultTargets(undefined, { enabledPatterns: ['attention_long'] })).schedule.map((g) => g.pattern)).toEqual(['attention_long_scaled']);
    const defs = [...state.output!.walk()].filter((o) => o.name === FUNCTIONAL_DEFINITION);
    expect(defs.flatMap((d) => planKernels(d)).some((k) => k.wgsl.includes('through attention'))).toBe(false);
    const constants = prepareCase(c, 3).constants;
    const { got } = await runCase(device, state, inputs, constants);
    expectClose(got, want, c.name, ATOL, RTOL);
  });
});
