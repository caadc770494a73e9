// What a compiled program's partitions are and will do, without a device: the target each partition
// names (its subgraphs' origin), and the dispatches and submits a plain run() makes — what `cgc
// partitions` prints. run() records by the same SubmitChunks cuts, so the counts agree.
import type { Operation } from '../ir/operation';
import { type PartitionDescription, type Target, targetNamed } from '../ir/target';
import { INTERFACES } from '../ir/interfaces';
import { documentOf } from '../ir/exchange';
import { ATTR, INVOKE, PROGRAM, SUBGRAPH } from '../ir/structural';
import { isolatePartition } from '../ir/isolate';
import { CgcError } from '../core';
import { SubmitChunks } from './submit-chunks';

/** The name of the target whose subgraphs an isolated partition holds (one target per partition, checked). */
export function partitionOrigin(isolated: Operation, name: string): string {
  const origins = isolated.body().operations.filter((o) => o.name === SUBGRAPH).map((o) => (o.attr(ATTR.origin) as { value: string }).value);
  const target = origins[0];
  if (target === undefined) throw new CgcError('runtime', `partition @${name} invokes no subgraph`);
  if (origins.some((o) => o !== target)) throw new CgcError('runtime', `partition @${name} mixes targets ${[...new Set(origins)].join(', ')}`);
  return target;
}

/**
 * The kernels a run dispatches of those a partition's description lists: all of them, but of each
 * subgraph's run-time if only its larger branch (a loop body's are one iteration's).
 */
function kernelsPerRun(kernels: PartitionDescription['kernels']): number {
  const branches = new Map<string, { then: number; else: number }>();
  let others = 0;
  for (const k of kernels) {
    if (k.region !== 'then' && k.region !== 'else') { others++; continue; }
    const counts = branches.get(k.subgraph) ?? { then: 0, else: 0 };
    counts[k.region]++;
    branches.set(k.subgraph, counts);
  }
  return others + [...branches.values()].reduce((n, b) => n + Math.max(b.then, b.else), 0);
}

/**
 * What a run of `output` will do, without a device: GPU dispatches (every kernel of every GPU
 * partition invocation, as its target describes it) and queue submits (the chunks of dispatches
 * SubmitChunks cuts, one per host partition invocation, which reads its inputs back first, and the
 * final one) — the counts a plain `run()` reports.
 */
export function plannedRunCounts(output: Operation, targets: readonly Target[]): { dispatches: number; submits: number } {
  const program = output.body().operations.find((o) => o.name === PROGRAM);
  if (!program) throw new CgcError('runtime', 'the output IR has no cgc.program');
  const perPartition = new Map<string, { where: 'gpu' | 'host' | 'device'; kernels: number }>();
  const sequence = program.body().operations.filter((o) => o.name === INVOKE).map((op) => {
    const name = (op.attr(ATTR.callee) as { name: string }).name;
    if (!perPartition.has(name)) {
      const isolated = isolatePartition(output, name);
      const target = targetNamed(targets, partitionOrigin(isolated, name), `partition @${name}`);
      const described = target.describe(documentOf(INTERFACES.CGC_SUBGRAPH_PARTITION, isolated), name);
      perPartition.set(name, { where: described.where, kernels: kernelsPerRun(described.kernels) });
    }
    return perPartition.get(name)!;
  });
  let dispatches = 0;
  let submits = 1;
  const chunks = new SubmitChunks();
  sequence.forEach((p, k) => {
    if (p.where !== 'gpu') {
      // A host partition reads its inputs back first; a run-time loop's submits and dispatches
      // depend on its trip count, counted here as one submit and one iteration, and a run-time if's
      // on its condition, counted as its larger branch.
      submits++;
      if (p.where === 'device') dispatches += p.kernels;
      chunks.restart();
      return;
    }
    dispatches += p.kernels;
    submits += chunks.cut(p.kernels, sequence[k + 1]?.where === 'gpu').filter((c) => c.submit).length;
  });
  return { dispatches, submits };
}
