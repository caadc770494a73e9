// Random valid models for the compile fuzzer: a few leaves, then ops drawn from the op registry —
// chains that the WebGPU target's patterns fuse (conv / matmul / normalization / softmax / reduction
// heads followed by elementwise epilogues, residual adds), data movement, ops on constants only —
// each checked by the verifier (a rejected proposal is counted and retried, never a finding).
import { type OpDef, registeredOps } from '../../ir';
import { type Rng, pick, randInt } from '../mutate-bytes';
import { ModelBuilder } from './builder';
import { drawAttr, proposal } from './samplers';

/** Ops that head a fused kernel: they are drawn more often, and an elementwise epilogue often follows. */
const HEADS = new Set([
  'convolution', 'convolution_transpose', 'matmul', 'gemm', 'batch_normalization', 'layer_normalization', 'instance_normalization',
  'group_normalization', 'softmax', 'log_softmax', 'reduce_sum', 'reduce_mean', 'reduce_max', 'max_pool', 'average_pool', 'global_average_pool',
]);
const EPILOGUE = ['add', 'add', 'mul', 'sub', 'relu', 'sigmoid', 'tanh', 'clip', 'gelu', 'silu', 'leaky_relu', 'hard_swish', 'max', 'div'];

/** Attempts per op before the generator moves on. */
const ATTEMPTS = 6;

export interface GenerateCounts {
  /** Proposals the verifier rejected, by op. */
  readonly rejected: Map<string, number>;
}

/**
 * Registered ops the generator has no operand family for yet (recurrent layers, sampling and signal
 * ops, compress and non_max_suppression, whose condition and boxes it does not draw, and loop and if, whose
 * regions it does not build): each has GPU tests of its own against the CPU reference; the
 * fuzzer leaves them out, by name.
 */
export const NOT_GENERATED: ReadonlySet<string> = new Set([
  'rnn', 'gru', 'lstm', 'grid_sample', 'roi_align', 'max_roi_pool', 'max_unpool', 'dft', 'stft', 'compress', 'non_max_suppression', 'loop', 'if',
]);

function nextOp(g: ModelBuilder, ops: readonly OpDef[], last: string | undefined): OpDef {
  const byName = (n: string) => ops.find((d) => d.name === n)!;
  if (last && HEADS.has(last) && g.r() < 0.6) return byName(pick(g.r, EPILOGUE));
  if (g.r() < 0.25) return byName(pick(g.r, [...HEADS]));
  return pick(g.r, ops);
}

/** One model as fuzz-model text (model-file.ts): a pure function of the random stream. */
export function generateModel(r: Rng, counts?: GenerateCounts): string {
  const ops = registeredOps().filter((d) => !NOT_GENERATED.has(d.name));
  for (;;) {
    const g = new ModelBuilder(r, randInt(r, 2 ** 31));
    const steps = 1 + randInt(r, 7);
    for (let i = 0; i < steps; i++) {
      const def = nextOp(g, ops, g.ops[g.ops.length - 1]);
      for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
        const p = proposal(g, def);
        if (!p) break;
        const out = g.emit(def.name, p, (name, ad) => drawAttr(g, p.operands[0]!, name, ad));
        if (typeof out !== 'string') break;
        counts?.rejected.set(def.name, (counts.rejected.get(def.name) ?? 0) + 1);
      }
    }
    const text = g.finish();
    if (text) return text;
  }
}
