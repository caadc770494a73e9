// Numbers a Run reports, as pure functions (per-partition medians are the run report's): kernel times
// grouped by subgraph invocation, and the max abs error of a GPU output against the CPU reference's.
import type { KernelTiming } from '../runtime/runtime';
import type { HostTensor } from '../core';
import { elementValue as value } from '../engine/report';

/** max |a − b| over the elements; NaN against NaN counts as equal, NaN against a number as Infinity. */
export function maxAbsError(a: HostTensor, b: HostTensor): number {
  if (a.type.element !== b.type.element || a.type.shape.join('x') !== b.type.shape.join('x')) return Infinity;
  let worst = 0;
  for (let i = 0; i < a.data.length; i++) {
    const x = value(a, i), y = value(b, i);
    const nx = Number.isNaN(x), ny = Number.isNaN(y);
    const d = nx || ny ? (nx && ny ? 0 : Infinity) : Math.abs(x - y);
    if (d > worst) worst = d;
  }
  return worst;
}

/** One invocation of a subgraph in a profiling run: its kernels and their total. */
export interface SubgraphKernels {
  readonly partition: string;
  readonly subgraph: string;
  /** Which invocation of this subgraph symbol within its partition (0 = first), in program order. */
  readonly instance: number;
  readonly kernels: KernelTiming[];
  ms: number;
}

/**
 * Kernel times split into subgraph invocations, in program order. A symbol invoked twice in a row
 * (two identical convolution subgraphs) starts a new invocation when one of its kernels repeats.
 */
export function subgraphKernels(timings: readonly KernelTiming[]): SubgraphKernels[] {
  const out: SubgraphKernels[] = [];
  const seen = new Map<string, number>();
  for (const k of timings) {
    const cur = out.at(-1);
    if (cur && cur.partition === k.partition && cur.subgraph === k.subgraph && !cur.kernels.some((x) => x.kernel === k.kernel)) {
      cur.kernels.push(k);
      cur.ms += k.ms;
      continue;
    }
    const key = `${k.partition}/${k.subgraph}`;
    const instance = seen.get(key) ?? 0;
    seen.set(key, instance + 1);
    out.push({ partition: k.partition, subgraph: k.subgraph, instance, kernels: [k], ms: k.ms });
  }
  return out;
}
