// plan-memory: every value passed between subgraphs that is not a program output lives in scratch.
// Steps are invocations in execution order; with the `inPlace` option an all-elementwise subgraph
// may write over an input of the same size that dies there. Views take no memory of their own.
// The `arenas` option spreads them over one scratch arena or one per branch (memory/plan.ts).
import { maxOf, minOf } from '../../core';
import { OpResult, type Value, byteSize, getOpDef } from '../../ir';
import { planMemory, type PlanTensor } from '../memory/plan';
import type { Pass } from '../state';

export const planMemoryPass: Pass = {
  name: 'plan-memory',
  run(s) {
    const writers = s.writersOf();
    // A view is read from its root's memory: its readers are the root's.
    const readers = new Map<Value, number[]>();
    s.schedule.forEach((sg, step) => sg.inputs.map((v) => s.memoryOf(v)).forEach((v) => { if (writers(v).length) readers.set(v, [...(readers.get(v) ?? []), step]); }));
    const ids = new Map<Value, string>();
    const taken = new Set<string>();
    // Unique ids: the results of one op share its name hint (`%v1:2 = top_k` gives two `v1`s), and
    // two tensors of one id would share one block of scratch.
    const idOf = (v: Value) => {
      if (!ids.has(v)) {
        const base = `%${v.nameHint ?? ids.size}`;
        let id = base;
        for (let k = v instanceof OpResult ? v.index : 1; taken.has(id); k++) id = `${base}#${k}`;
        taken.add(id);
        ids.set(v, id);
      }
      return ids.get(v)!;
    };
    // An elided concat's result is written part by part: it lives from its first part's writer, and
    // the later writers keep it alive as readers do.
    const wholes = new Set([...s.aliases.values()].filter((view) => view.part).map((view) => view.of));
    const own = (v: Value) => !s.aliases.has(v) && !wholes.has(v);
    const tensors: PlanTensor[] = [];
    const place = (v: Value, step: number, host?: Value) => {
      const written = writers(v);
      const later = written.filter((w) => w !== step);
      tensors.push({
        id: idOf(v), bytes: byteSize(v.type), writer: step, readers: [...later, ...readers.get(v) ?? []],
        ...(host ? { inPlaceOf: idOf(host) } : {}), ...(later.length ? { laterWriters: later } : {}),
      });
    };
    s.schedule.forEach((sg, step) => {
      const elementwise = s.options.inPlace === true && sg.ops.every((op) => getOpDef(op.opName)?.traits.includes('elementwise'));
      for (const v of sg.outputs) {
        if (s.graph.returned.has(v)) continue;
        if (s.aliases.has(v)) {
          const whole = s.memoryOf(v);
          if (!s.graph.returned.has(whole) && minOf(writers(whole)) === step) place(whole, step);
          continue;
        }
        const host = elementwise && sg.outputs.length === 1
          ? sg.inputs.find((x) => own(x) && writers(x).length && !s.graph.returned.has(x) && byteSize(x.type) === byteSize(v.type)
            && maxOf(readers.get(x) ?? []) === step)
          : undefined;
        place(v, step, host);
      }
    });
    const reach = reachability(s.schedule.map((sg) => sg.inputs.flatMap(writers)));
    s.plan = planMemory(tensors, {
      alignment: s.options.alignment ?? 256,
      ...(s.options.maxArenaBytes ? { maxArenaBytes: s.options.maxArenaBytes } : {}),
      arenas: s.options.arenas ?? 'one',
      dependsOn: (a, b) => (reach[b]![a >> 5]! & (1 << (a & 31))) !== 0,
    });
    s.planIds = ids;
  },
};

/** For each step, a bitset of the steps it (transitively) depends on. */
function reachability(deps: number[][]): Uint32Array[] {
  const words = Math.ceil(deps.length / 32);
  const out: Uint32Array[] = [];
  deps.forEach((ds, i) => {
    const set = new Uint32Array(words);
    for (const d of ds) {
      set[d >> 5]! |= 1 << (d & 31);
      const from = out[d]!;
      for (let w = 0; w < words; w++) set[w]! |= from[w]!;
    }
    out[i] = set;
  });
  return out;
}
