// Deep copies of ops: regions, blocks and values are new; `map` sends old values to new ones and
// must already hold every value the copied ops read from outside themselves.
import { Operation, type Value } from './operation';

export function cloneOp(op: Operation, map: Map<Value, Value> = new Map()): Operation {
  const copy = new Operation(op.name, op.operands.map((v) => map.get(v) ?? v), op.results.map((r) => r.type), new Map(op.attributes), op.loc);
  op.results.forEach((r, i) => {
    const c = copy.results[i]!;
    if (r.nameHint !== undefined) c.nameHint = r.nameHint;
    map.set(r, c);
  });
  cloneRegions(op, copy, map);
  return copy;
}

/** Deep copies of `from`'s regions into `to` (which has none yet); `map` as for cloneOp. */
export function cloneRegions(from: Operation, to: Operation, map: Map<Value, Value> = new Map()): void {
  for (const region of from.regions) {
    const r = to.addRegion();
    for (const block of region.blocks) {
      const b = r.addBlock();
      for (const a of block.arguments) map.set(a, b.addArgument(a.type, a.nameHint));
      for (const inner of block.operations) b.append(cloneOp(inner, map));
    }
  }
}
