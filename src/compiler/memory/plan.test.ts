// The planner on the spec's A–E example (its table and its "C before D" implicit dependency), on
// in-place reuse and arena splitting, and a property test: no two simultaneously live tensors overlap.
import { describe, expect, it } from 'vitest';
import { type PlanTensor, planMemory, MemoryPlanError } from './plan';

/** Steps A..E = 0..4; data edges A→B, A→C, B→D, C→E, D→E. */
const SPEC: PlanTensor[] = [
  { id: 'a', bytes: 256, writer: 0, readers: [1, 2] },
  { id: 'b', bytes: 256, writer: 1, readers: [3] },
  { id: 'c', bytes: 256, writer: 2, readers: [4] },
  { id: 'd', bytes: 256, writer: 3, readers: [4] },
];
const SPEC_EDGES: [number, number][] = [[0, 1], [0, 2], [1, 3], [2, 4], [3, 4]];

function reach(edges: [number, number][]): (a: number, b: number) => boolean {
  return (a, b) => {
    const stack = [a];
    const seen = new Set<number>();
    while (stack.length) {
      const x = stack.pop()!;
      for (const [from, to] of edges) {
        if (from !== x || seen.has(to)) continue;
        if (to === b) return true;
        seen.add(to);
        stack.push(to);
      }
    }
    return false;
  };
}

describe('memory plan', () => {
  it("reproduces the spec's table: d reuses a's slot, b and c keep their own", () => {
    const plan = planMemory(SPEC, { dependsOn: reach(SPEC_EDGES) });
    const at = Object.fromEntries(plan.tensors.map((t) => [t.id, t.offset / 256]));
    // The spec's Mem[2], Mem[3], Mem[4] (Mem[0] and Mem[1] hold the bound input and output).
    expect(at).toEqual({ a: 0, b: 1, c: 2, d: 0 });
    expect(plan.scratchBytes).toBe(768);
    expect(plan.lowerBound).toBe(768);
    expect(plan.naiveBytes).toBe(1024);
    // "the memory plan above effectively makes C a dependency of D"
    expect(plan.implicitDependencies).toEqual([{ before: 2, after: 3, tensor: 'd', overwrites: 'a' }]);
  });

  it('runs an elementwise step in place when its input dies there', () => {
    const plan = planMemory([
      { id: 'x', bytes: 1000, writer: 0, readers: [1] },
      { id: 'y', bytes: 1000, writer: 1, readers: [2], inPlaceOf: 'x' },
      { id: 'z', bytes: 1000, writer: 2, readers: [3], inPlaceOf: 'y' },
    ]);
    expect(plan.tensors.map((t) => [t.offset, t.inPlace])).toEqual([[0, false], [0, true], [0, true]]);
    expect(plan.scratchBytes).toBe(1024);
  });

  it('splits arenas at the binding size limit, and names a tensor too big for any', () => {
    const plan = planMemory([
      { id: 'p', bytes: 600, writer: 0, readers: [2] },
      { id: 'q', bytes: 600, writer: 1, readers: [2] },
    ], { maxArenaBytes: 1024 });
    expect(plan.arenas).toEqual([768, 768]);
    expect(() => planMemory([{ id: 'big', bytes: 5000, writer: 0, readers: [1] }], { maxArenaBytes: 4096 }))
      .toThrow(MemoryPlanError);
  });

  it('never overlaps live tensors and is never below the lower bound (1,000 random schedules)', () => {
    let seed = 42;
    const rand = () => ((seed = (seed * 1103515245 + 12345) >>> 0) / 2 ** 32);
    let worst = 1;
    for (let trial = 0; trial < 1000; trial++) {
      const n = 2 + Math.floor(rand() * 40);
      const tensors: PlanTensor[] = Array.from({ length: n }, (_, i) => ({
        id: `t${i}`, bytes: 1 + Math.floor(rand() * 100_000), writer: i,
        readers: Array.from({ length: 1 + Math.floor(rand() * 3) }, () => i + 1 + Math.floor(rand() * 6)),
      }));
      const plan = planMemory(tensors);
      for (const a of plan.tensors) {
        for (const b of plan.tensors) {
          if (a === b || a.end < b.start || b.end < a.start) continue;
          const disjoint = a.offset + a.size <= b.offset || b.offset + b.size <= a.offset;
          expect(disjoint, `${a.id} and ${b.id} overlap in trial ${trial}`).toBe(true);
        }
      }
      expect(plan.scratchBytes).toBeGreaterThanOrEqual(plan.lowerBound);
      worst = Math.max(worst, plan.scratchBytes / plan.lowerBound);
    }
    console.log(`memory plan property test: worst plan / lower bound = ${worst.toFixed(3)}`);
  });
});
