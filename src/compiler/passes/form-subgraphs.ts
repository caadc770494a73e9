// form-subgraphs: each selected match becomes a subgraph invocation; invocations are put in a
// topological order of the contracted graph (ties by program position), and identical subgraphs
// share one symbol, as the spec's two `convolution → relu → add` invocations of @convReluAdd do.
import { minOf } from '../../core';
import type { Operation } from '../../ir';
import type { Match } from '../patterns/matcher';
import type { Pass, SubgraphInfo } from '../state';
import { subgraphInputs, subgraphKey } from '../subgraph';
import { topologicalOrder } from '../topo';

export const formSubgraphs: Pass = {
  name: 'form-subgraphs',
  run(s) {
    const owner = new Map<Operation, number>();
    s.selected.forEach((m, i) => m.ops.forEach((op) => owner.set(op, i)));
    const deps = s.selected.map((m) => new Set(subgraphInputs(m.ops).map((v) => (v.definingOp ? owner.get(v.definingOp) : undefined))
      .filter((x): x is number => x !== undefined)));
    const first = s.selected.map((m) => minOf(m.ops.map((op) => s.graph.position.get(op)!)));
    const order = topologicalOrder(s.selected.length, deps.map((d) => [...d]), (i) => first[i]!);
    const bodies = new Map<string, string>();
    // The program takes the entry point's name; partitions are named partitionN_…
    const used = new Set<string>([s.entry.symbolName ?? 'main']);
    for (const i of order) {
      const m = s.selected[i]!;
      const inputs = subgraphInputs(m.ops);
      const configuration = s.configurations.get(m);
      const info: SubgraphInfo = {
        symbol: '', target: m.pattern.target, pattern: m.pattern.name, ops: m.ops, inputs, outputs: m.outputs, ...(configuration ? { configuration } : {}),
      };
      const key = `${m.pattern.target}\n${subgraphKey(m.ops, inputs, m.outputs)}`;
      info.symbol = bodies.get(key) ?? uniqueName(symbolFor(m), used);
      bodies.set(key, info.symbol);
      s.schedule.push(info);
      for (const op of m.ops) s.decision(op).taken!.subgraph = info.symbol;
    }
  },
};

/** `convolution → relu → add` ⇒ convolutionReluAdd; long chains keep their first ops. */
function symbolFor(m: Match): string {
  const names = m.ops.map((op) => op.opName);
  const shown = names.length > 4 ? [...names.slice(0, 3), `plus${names.length - 3}`] : names;
  return shown.map((n, i) => {
    const camel = n.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
    return i === 0 ? camel : camel[0]!.toUpperCase() + camel.slice(1);
  }).join('');
}

function uniqueName(base: string, used: Set<string>): string {
  let name = base;
  for (let k = 1; used.has(name); k++) name = `${base}_${k}`;
  used.add(name);
  return name;
}
