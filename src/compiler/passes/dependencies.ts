// dependencies: memory reuse orders steps that data leaves unordered — the plan's implicit
// dependencies, the spec's "C before D". They join each step's and each partition's data
// dependencies, marked as reuse, so that whatever overlaps steps or partitions keeps them; one
// that the others already imply (through data, or an earlier reuse) is left out.
import type { Pass } from '../state';

export const dependencies: Pass = {
  name: 'dependencies',
  run(s) {
    const writers = s.writersOf();
    const reuse = s.schedule.map(() => new Set<number>());
    for (const d of s.plan!.implicitDependencies) reuse[d.after]!.add(d.before);
    const stepData = s.schedule.map((sg, step) => [...new Set(sg.inputs.flatMap(writers).filter((w) => w !== step))]);
    const stepReuse = withoutImplied(stepData, reuse.map((r) => [...r]));
    s.stepDependencies = stepData.map((data, step) => ({ dependsOn: [...data, ...stepReuse[step]!].sort(ascending), reuseDependsOn: stepReuse[step]! }));

    // Partitions run in order; a step's reuse dependency on another partition's step is theirs.
    const partOf: number[] = [];
    s.partitions.forEach((p, i) => { for (const step of p.steps) partOf[step] = i; });
    const index = new Map(s.partitions.map((p, i) => [p.name, i]));
    const partData = s.partitions.map((p) => p.dependsOn.map((n) => index.get(n)!));
    const partReuse = withoutImplied(partData, s.partitions.map((p, i) => [...new Set(p.steps.flatMap((step) => [...reuse[step]!].map((b) => partOf[b]!)))].filter((q) => q !== i)));
    s.partitions.forEach((p, i) => {
      p.reuseDependsOn = partReuse[i]!.map((q) => s.partitions[q]!.name);
      p.dependsOn = [...p.dependsOn, ...p.reuseDependsOn];
    });
  },
};

const ascending = (a: number, b: number) => a - b;

/**
 * Nodes in a topological order (every dependency an earlier node): each node's `reuse`
 * dependencies less those its data dependencies, or another reuse dependency, already reach.
 */
function withoutImplied(data: readonly (readonly number[])[], reuse: readonly (readonly number[])[]): number[][] {
  const words = Math.ceil(data.length / 32);
  const reach: Uint32Array[] = [];
  const has = (set: Uint32Array, n: number) => (set[n >> 5]! & (1 << (n & 31))) !== 0;
  return data.map((ds, i) => {
    const direct = [...new Set([...ds, ...reuse[i]!])];
    const kept = reuse[i]!.filter((q) => !ds.includes(q) && !direct.some((d) => d !== q && has(reach[d]!, q))).sort(ascending);
    const set = new Uint32Array(words);
    for (const d of [...ds, ...kept]) {
      set[d >> 5]! |= 1 << (d & 31);
      reach[d]!.forEach((w, k) => { set[k]! |= w; });
    }
    reach[i] = set;
    return kept;
  });
}
