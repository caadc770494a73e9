// Why a compiled model still runs partitions on the host: for each partition whose target describes
// it as host work, the decision log's reasons that its subgraphs are on no GPU target (what
// `cgc partitions` and the app's partition legend show).
import { INTERFACES, type Operation, type Target, documentOf, targetNamed } from '../ir';
import { isolatePartition } from '../ir/isolate';
import type { CompileState } from '../compiler/state';
import { declinedLines } from '../compiler/dump';

/** Each host partition's name → why its subgraphs are there; `isolated` holds partitions already isolated. */
export function hostPartitionReasons(s: CompileState, targets: readonly Target[], isolated: ReadonlyMap<string, Operation> = new Map()): Map<string, string[]> {
  const reasons = new Map<string, string[]>();
  for (const p of s.partitions) {
    const module = isolated.get(p.name) ?? isolatePartition(s.output!, p.name);
    const described = targetNamed(targets, p.target, `partition @${p.name}`).describe(documentOf(INTERFACES.CGC_SUBGRAPH_PARTITION, module), p.name);
    if (described.where !== 'host') continue;
    reasons.set(p.name, [...new Set(p.steps.flatMap((step) => declinedLines(s, s.schedule[step]!).map((line) => `@${s.schedule[step]!.symbol}: ${line}`)))]);
  }
  return reasons;
}
