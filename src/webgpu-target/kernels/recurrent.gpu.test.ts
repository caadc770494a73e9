// rnn, gru and lstm on real WebGPU against the CPU reference, with the recurrence run both ways
// (a dispatch per step, one persistent workgroup): directions, layouts, sequence lengths shorter than
// the sequence, absent and given states and biases, peepholes, clip, non-default activations.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Operation, numElements, parseModule, typeToString } from '../../ir';
import { formatAttribute } from '../../ir/attributes';
import { inferOp } from '../../ir/registry';
import { type AttrInput, attrs, ty } from '../../ir/ops/test-cases';
import { CELLS } from '../../ir/ops/recurrent';
import { FUNCTIONAL_DEFINITION } from '../../ir/structural';
import { compile } from '../../compiler/pipeline';
import { runEntryPoint } from '../../reference';
import { openDevice } from '../../runtime/device';
import { loadProgram } from '../../runtime/runtime';
import { defaultTargets } from '../../engine/targets';
import { type HostTensor, allocTensor } from '../../core';
import { planKernels } from '../kernel-plan';
import { DEFAULT_GPU_PROFILE } from '../limits';
import { expectClose } from '../testing/cases';
import type { RecurrenceMode } from './recurrent';

/**
 * float32 against the reference's double: 1e-5 absolute + 1e-5 relative. The state is carried over
 * every step in f32 (the reference rounds once), with weights scaled so gates do not saturate.
 */
const ATOL = 1e-5;
const RTOL = 1e-5;

interface RecurrentCase {
  name: string;
  op: 'rnn' | 'gru' | 'lstm';
  T: number; B: number; I: number; H: number;
  direction?: 'forward' | 'reverse' | 'bidirectional';
  layout?: 0 | 1;
  /** Which optional operands are given, in order (b, sequence_lens, initial_h, initial_c, p): the count given. */
  optional: number;
  lens?: number[];
  attrs?: Record<string, AttrInput>;
  /** Results the entry point returns (all by default). */
  returns?: number[];
}

/** Seeded values in [-scale, scale). */
function seeded(shape: readonly number[], seed: number, scale: number): HostTensor {
  const x = allocTensor(shape, 'float32');
  let s = seed >>> 0;
  for (let i = 0; i < numElements(shape); i++) (x.data as Float32Array)[i] = (((s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32) * 2 - 1) * scale;
  return x;
}

function build(c: RecurrentCase): { module: Operation; inputs: HostTensor[] } {
  const D = c.direction === 'bidirectional' ? 2 : 1;
  const G = CELLS[c.op].gates * c.H;
  const layout = c.layout ?? 0;
  const state = layout === 0 ? [D, c.B, c.H] : [c.B, D, c.H];
  const shapes = [layout === 0 ? [c.T, c.B, c.I] : [c.B, c.T, c.I], [D, G, c.I], [D, G, c.H], [D, 2 * G], [c.B], state, state, [D, 3 * c.H]];
  const names = ['x', 'w', 'r', 'b', 'sequence_lens', 'initial_h', 'initial_c', 'p'];
  const count = 3 + c.optional;
  const inputs = shapes.slice(0, count).map((shape, i) => {
    if (i === 4) {
      const t = allocTensor(shape, 'int32');
      (c.lens ?? Array.from({ length: c.B }, () => c.T)).forEach((l, k) => { t.data[k] = l; });
      return t;
    }
    // X in [-1, 1); weights ~ 1/√(fan-in) as layers are initialized; biases and states in [-0.5, 0.5).
    const scale = i === 0 ? 1 : i === 1 ? 1 / Math.sqrt(c.I) : i === 2 ? 1 / Math.sqrt(c.H) : 0.5;
    return seeded(shape, 101 + 7 * i, scale);
  });
  const types = inputs.map((t) => ({ ...t.type, constant: false }));
  const dictionary = attrs({ hidden_size: c.H, direction: c.direction ?? 'forward', layout, ...c.attrs });
  const results = inferOp(c.op, types, dictionary);
  const returns = c.returns ?? results.map((_, i) => i);
  const sig = returns.map((i) => typeToString(results[i]!));
  const text = `cgc.module {
  cgc.entry_point @main(${types.map((t, i) => `%${names[i]}: ${typeToString(t)}`).join(', ')}) -> (${sig.join(', ')}) {
    %y:${results.length} = cgc_op.${c.op}(${types.map((_, i) => `%${names[i]}`).join(', ')}) {${[...dictionary].map(([k, v]) => `${k} = ${formatAttribute(v)}`).join(', ')}} : (${types.map(typeToString).join(', ')}) -> (${results.map(typeToString).join(', ')})
    cgc.return ${returns.map((i) => `%y#${i}`).join(', ')} : ${sig.join(', ')}
  }
}
`;
  const parsed = parseModule(text);
  if (!parsed.module) throw new Error(`case does not parse:\n${text}\n${JSON.stringify(parsed.diagnostics)}`);
  return { module: parsed.module, inputs };
}

const CASES: RecurrentCase[] = [
  { name: 'lstm forward, every operand given, lengths 5, 3, 1', op: 'lstm', T: 5, B: 3, I: 4, H: 6, optional: 5, lens: [5, 3, 1] },
  { name: 'lstm reverse, lengths 4, 2, no initial states', op: 'lstm', T: 4, B: 2, I: 3, H: 5, direction: 'reverse', optional: 2, lens: [4, 2] },
  { name: 'lstm bidirectional, layout 1, peepholes, input_forget, clip 0.5', op: 'lstm', T: 6, B: 2, I: 5, H: 4, direction: 'bidirectional', layout: 1, optional: 5, lens: [6, 3], attrs: { input_forget: true, clip: 0.5 } },
  { name: 'lstm, sequence length 1, no bias', op: 'lstm', T: 1, B: 2, I: 3, H: 4, optional: 0 },
  {
    name: 'lstm with hard_sigmoid, elu, softsign', op: 'lstm', T: 3, B: 1, I: 2, H: 3, optional: 3,
    attrs: { activations: ['hard_sigmoid', 'elu', 'softsign'], activation_alpha: [0.3, 0.8, 0], activation_beta: [0.4, 0, 0] },
  },
  { name: 'lstm, only Y_h returned (no Y written), a length 0', op: 'lstm', T: 3, B: 3, I: 2, H: 3, optional: 3, lens: [3, 0, 2], returns: [1] },
  { name: 'gru forward, reset before R_h, lengths 5, 2, initial state', op: 'gru', T: 5, B: 2, I: 3, H: 4, optional: 3, lens: [5, 2] },
  { name: 'gru bidirectional, layout 1, linear_before_reset', op: 'gru', T: 4, B: 3, I: 2, H: 5, direction: 'bidirectional', layout: 1, optional: 3, lens: [4, 1, 3], attrs: { linear_before_reset: true } },
  {
    name: 'gru reverse, scaled_tanh and affine, clip 1', op: 'gru', T: 4, B: 2, I: 3, H: 3, direction: 'reverse', optional: 1,
    attrs: { activations: ['scaled_tanh', 'affine'], activation_alpha: [0.9, 0.5], activation_beta: [1.2, 0.1], clip: 1 },
  },
  {
    name: 'rnn bidirectional, relu one way and leaky_relu the other', op: 'rnn', T: 5, B: 2, I: 3, H: 4, direction: 'bidirectional', optional: 3, lens: [2, 5],
    attrs: { activations: ['relu', 'leaky_relu'], activation_alpha: [0, 0.1], activation_beta: [0, 0] },
  },
  {
    name: 'rnn bidirectional without bias, softplus one way and thresholded_relu the other', op: 'rnn', T: 3, B: 2, I: 2, H: 3, direction: 'bidirectional', optional: 0,
    attrs: { activations: ['softplus', 'thresholded_relu'], activation_alpha: [0, 0.1], activation_beta: [0, 0] },
  },
  { name: 'lstm bidirectional 2×64 hidden, 20 steps (several workgroups per step)', op: 'lstm', T: 20, B: 2, I: 40, H: 64, direction: 'bidirectional', optional: 3 },
  { name: 'gru 300 hidden × batch 4, 3 steps (units strided over the persistent workgroup)', op: 'gru', T: 3, B: 4, I: 16, H: 300, optional: 1 },
];

let device: GPUDevice;
beforeAll(async () => { device = (await openDevice()).device; });
afterAll(() => device?.destroy());

describe('recurrences vs CPU reference', () => {
  for (const mode of ['per-step', 'persistent'] as RecurrenceMode[]) {
    for (const c of CASES) {
      it(`${c.name} (${mode})`, async () => {
        const { module, inputs } = build(c);
        const want = runEntryPoint(module, inputs, () => undefined);
        const state = compile(module, defaultTargets(undefined, { recurrence: mode }));
        const defs = [...state.output!.walk()].filter((o) => o.name === FUNCTIONAL_DEFINITION);
        expect(defs.length, 'one subgraph').toBe(1);
        const kernels = planKernels(defs[0]!, 'rec', undefined, { recurrence: mode });
        const phases = c.op === 'gru' && !c.attrs?.linear_before_reset ? 2 : 1;
        const states = (c.returns ?? [0, 1, 2]).some((i) => i > 0) ? 1 : 0;
        expect(kernels.length, 'input product, recurrence, states').toBe(1 + (mode === 'per-step' ? c.T * phases : 1) + states);
        if (mode === 'per-step') expect(new Set(kernels.slice(1, 1 + c.T * phases).map((k) => k.wgsl)).size, 'one WGSL per phase for every step').toBe(phases);
        const program = await loadProgram(device, state.output!, () => undefined, { targets: defaultTargets(undefined, { recurrence: mode }) });
        try {
          expect(program.partitions.map((p) => p.target)).toEqual(['webgpu-fallback']);
          const { outputs } = await program.run(inputs);
          want.forEach((w, i) => expectClose(outputs[i]!, w, `${c.name} result ${i}`, ATOL, RTOL));
        } finally {
          program.destroy();
        }
      });
    }
  }

  it('a workspace past the device\'s binding size is declined, naming the limit', () => {
    const { module } = build({ name: 'big', op: 'lstm', T: 20, B: 2, I: 40, H: 64, optional: 1 });
    const def = [...compile(module, defaultTargets()).output!.walk()].find((o) => o.name === FUNCTIONAL_DEFINITION)!;
    const small = { ...DEFAULT_GPU_PROFILE, limits: { ...DEFAULT_GPU_PROFILE.limits, maxStorageBufferBindingSize: 16_384 } };
    // 20 steps × 2 entries × 256 gate rows of input product, 5 × 128 state words, 4 counters.
    const bytes = 4 * (20 * 2 * 256 + 5 * 128 + 4);
    expect(() => planKernels(def, 'big', small)).toThrow(`cgc_op.lstm's workspace (every step's input product and the states) is ${bytes} bytes, past maxStorageBufferBindingSize (16384)`);
  });

  it('a float16 recurrence runs on the CPU reference, the fallback naming why', () => {
    const f16 = (shape: string) => typeToString(ty(`${shape}xf16`));
    const module = parseModule(`cgc.module {
  cgc.entry_point @main(%x: ${f16('2x1x2')}, %w: ${f16('1x2x2')}, %r: ${f16('1x2x2')}) -> ${f16('1x1x2')} {
    %y:2 = cgc_op.rnn(%x, %w, %r) {hidden_size = 2}
    cgc.return %y#1 : ${f16('1x1x2')}
  }
}
`).module!;
    const state = compile(module, defaultTargets());
    expect(state.partitions.map((p) => p.target)).toEqual(['cpu-reference']);
    const rejected = [...state.decisions.values()].flatMap((d) => d.rejected).find((r) => r.target === 'webgpu-fallback');
    expect(rejected?.reason).toContain('runs on the GPU in float32 only, not !cgc.float16');
  });
});
