// A concat of more inputs than one kernel may bind (maxStorageBuffersPerShaderStage: 8 by default,
// 7 inputs beside the result) as several kernels, each writing the slice of the result its inputs
// fill and binding only them: a concat of N inputs is ⌈N / 7⌉ kernels (DenseNet's dense blocks).
import { type Value, numElements, typeToString } from '../../ir';
import { type KernelBuilder, KernelDecline, elementKernel, perWord } from '../wgsl/builder';
import { concatGenerator } from './data-movement';
import type { GeneratedKernel } from './gemm-kernel';
import { ctxOf, normAxis } from './helpers';

/**
 * The kernels writing `out`, a concat's result, slice by slice when the concat reads more buffers
 * than `maxBuffers − 1`; undefined when `out` is not a concat's or one kernel may bind all it reads.
 */
export function concatChunkKernels(makeBuilder: () => KernelBuilder, out: Value, outBinding: number, name: string, maxBuffers: number): GeneratedKernel[] | undefined {
  const probe = makeBuilder();
  const op = out.definingOp;
  if (!op || op.opName !== 'concat' || !probe.inside.has(op) || op.results[0] !== out) return undefined;
  const shape = out.type.shape;
  const axis = normAxis(ctxOf(op).int('axis'), shape.length);
  const budget = maxBuffers - 1;
  const reads = argsRead(probe);
  const parts = op.operands.filter((v) => v.type.shape[axis]! > 0);
  if (new Set(parts.flatMap((v) => [...reads(v)])).size <= budget) return undefined;
  // A packed result (float16, int8, …) is written a word at a time: every slice must start on a word.
  const pack = perWord(out.type.element);
  const inner = numElements(shape.slice(axis + 1));
  const outer = numElements(shape.slice(0, axis));
  const aligned = (at: number) => (at * inner) % pack === 0 && (outer === 1 || (shape[axis]! * inner) % pack === 0);
  const starts = [0];
  for (const v of parts) starts.push(starts.at(-1)! + v.type.shape[axis]!);
  // Greedy: each kernel takes the most inputs that fit its bindings and end where a word starts.
  const slices: { lo: number; hi: number }[] = [];
  for (let i = 0; i < parts.length;) {
    const bound = new Set<number>();
    let last = -1;
    for (let j = i; j < parts.length; j++) {
      reads(parts[j]!).forEach((x) => bound.add(x));
      if (bound.size > budget) break;
      if (j === parts.length - 1 || aligned(starts[j + 1]!)) last = j;
    }
    if (last < 0) throw new KernelDecline(`concat ${typeToString(out.type)}: its inputs cannot be split at 32-bit word boundaries into kernels of at most ${maxBuffers} bindings`);
    slices.push({ lo: starts[i]!, hi: starts[last + 1]! });
    i = last + 1;
  }
  return slices.map(({ lo, hi }) => {
    const b = makeBuilder();
    b.override(op, concatGenerator(lo, hi));
    return elementKernel(b, out, outBinding, name, { axis, lo, hi });
  });
}

/** The argument bindings a value of the subgraph reads, through the ops that compute it. */
function argsRead(b: KernelBuilder): (v: Value) => ReadonlySet<number> {
  const memo = new Map<Value, Set<number>>();
  const reads = (v: Value): Set<number> => {
    let r = memo.get(v);
    if (r) return r;
    const arg = b.args.indexOf(v);
    const op = v.definingOp;
    r = arg >= 0 ? new Set([arg]) : op && b.inside.has(op) ? new Set(op.operands.flatMap((x) => [...reads(x)])) : new Set();
    memo.set(v, r);
    return r;
  };
  return reads;
}
