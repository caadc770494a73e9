// partition: subgraph invocations grouped into partitions, each compiled and run by one target.
//   per-subgraph — one partition per invocation;
//   per-target   — maximal runs of consecutive invocations of one target;
//   coarse       — an invocation joins an earlier partition of its target whenever that keeps
//                  the partition graph acyclic (fewest partitions; more work per target compile).
import { DEFAULT_GRANULARITY } from '../../core';
import type { Pass, PartitionInfo } from '../state';
import { topologicalOrder } from '../topo';

export const partition: Pass = {
  name: 'partition',
  run(s) {
    const granularity = s.options.granularity ?? DEFAULT_GRANULARITY;
    const writers = s.writersOf();
    const stepDeps = s.schedule.map((sg) => new Set(sg.inputs.flatMap(writers)));
    const partOf: number[] = [];
    const parts: { target: string; steps: number[]; deps: Set<number> }[] = [];
    /** Partitions `p` depends on, transitively. */
    const reaches = (from: number, to: number): boolean => {
      const stack = [from];
      const seen = new Set<number>();
      while (stack.length) {
        const x = stack.pop()!;
        if (x === to) return true;
        for (const d of parts[x]!.deps) if (!seen.has(d)) { seen.add(d); stack.push(d); }
      }
      return false;
    };
    s.schedule.forEach((sg, step) => {
      const producers = new Set([...stepDeps[step]!].map((d) => partOf[d]!));
      let home = -1;
      if (granularity === 'per-target') {
        const last = parts.length - 1;
        if (last >= 0 && parts[last]!.target === sg.target) home = last;
      } else if (granularity === 'coarse') {
        for (let p = parts.length - 1; p >= 0 && home < 0; p--) {
          if (parts[p]!.target !== sg.target) continue;
          if ([...producers].every((q) => q === p || !reaches(q, p))) home = p;
        }
      }
      if (home < 0) home = parts.push({ target: sg.target, steps: [], deps: new Set() }) - 1;
      parts[home]!.steps.push(step);
      for (const q of producers) if (q !== home) parts[home]!.deps.add(q);
      partOf[step] = home;
    });
    // Execution order: partition by partition, each running its invocations in order.
    const ordered = orderPartitions(parts);
    const schedule = ordered.flatMap((p) => p.steps.map((i) => s.schedule[i]!));
    let at = 0;
    for (const p of ordered) p.steps = p.steps.map(() => at++);
    s.schedule = schedule;
    s.partitions = ordered;
  },
};

/** Partitions in a topological order (ties by first step), named by position and target. */
function orderPartitions(parts: { target: string; steps: number[]; deps: Set<number> }[]): PartitionInfo[] {
  const order = topologicalOrder(parts.length, parts.map((p) => [...p.deps]), (i) => parts[i]!.steps[0]!);
  const names = new Map(order.map((p, k) => [p, `partition${k}_${parts[p]!.target.replace(/[^A-Za-z0-9_]/g, '_')}`]));
  return order.map((p) => ({
    name: names.get(p)!, target: parts[p]!.target, steps: parts[p]!.steps,
    dependsOn: [...parts[p]!.deps].map((d) => names.get(d)!), reuseDependsOn: [],
  }));
}
