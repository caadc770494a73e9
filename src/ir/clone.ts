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
  for (const region of op.regions) {
    const r = copy.addRegion();
    for (const block of region.blocks) {
      const b = r.addBlock();
      for (const a of block.arguments) map.set(a, b.addArgument(a.type, a.nameHint));
      for (const inner of block.operations) b.append(cloneOp(inner, map));
    }
  }
  return copy;
}
