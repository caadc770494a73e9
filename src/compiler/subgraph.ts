// Builds a `cgc.subgraph` with its `cgc.functional_definition` from a set of ops of an entry point:
// the values it reads become arguments, the values it hands out become results (the spec's form).
import {
  Operation, type Value, formatDict, functionType, stringAttr, typeAttr, typeToString, type Attribute,
} from '../ir';
import { ATTR, FUNCTIONAL_DEFINITION, RETURN, SUBGRAPH } from '../ir/structural';
import { cloneRegions } from '../ir/clone';
import { objectIds } from '../core';
import { REGION_ATTR, regionOf } from '../ir/registry';

/** A number naming an op with regions for as long as it lives. */
const regionOwnerId = objectIds<Operation>();

/**
 * An op's attributes without its `cgc.region`: a subgraph body may be shared by invocations from
 * several regions (one per unrolled iteration), so the region rides on each invoke instead.
 */
function bodyAttributes(op: Operation): Map<string, Attribute> {
  const attrs = new Map(op.attributes);
  attrs.delete(REGION_ATTR);
  return attrs;
}

/** The region path every op of a subgraph shares (the longest common prefix of theirs); empty when none. */
export function commonRegion(ops: readonly Operation[]): string[] {
  let path: readonly string[] | undefined;
  for (const op of ops) {
    const r = regionOf(op.attributes);
    if (!path) { path = r; continue; }
    let k = 0;
    while (k < path.length && k < r.length && path[k] === r[k]) k++;
    path = path.slice(0, k);
    if (!path.length) break;
  }
  return [...(path ?? [])];
}

export function buildSubgraphOp(
  symbol: string, origin: string, ops: readonly Operation[], inputs: readonly Value[], outputs: readonly Value[],
  extra: ReadonlyMap<string, Attribute> = new Map(),
): Operation {
  const sg = new Operation(SUBGRAPH, [], [], new Map([[ATTR.symName, stringAttr(symbol)], [ATTR.origin, stringAttr(origin)], ...extra]));
  const fn = new Operation(FUNCTIONAL_DEFINITION, [], [], new Map([
    [ATTR.symName, stringAttr(`${symbol}Functional`)],
    [ATTR.functionType, typeAttr(functionType(inputs.map((v) => v.type), outputs.map((v) => v.type)))],
    [ATTR.visibility, stringAttr('private')],
  ]));
  sg.addRegion().addBlock().append(fn);
  const block = fn.addRegion().addBlock();
  const map = new Map<Value, Value>();
  for (const v of inputs) map.set(v, block.addArgument(v.type, v.nameHint));
  for (const op of ops) {
    const clone = new Operation(op.name, op.operands.map((v) => map.get(v) ?? missing(op)), op.results.map((r) => r.type), bodyAttributes(op), op.loc);
    op.results.forEach((r, i) => {
      const c = clone.results[i]!;
      if (r.nameHint !== undefined) c.nameHint = r.nameHint;
      map.set(r, c);
    });
    cloneRegions(op, clone); // a loop's body: isolated from above, so it reads nothing the map holds
    block.append(clone);
  }
  block.append(new Operation(RETURN, outputs.map((v) => map.get(v)!), []));
  return sg;
}

/**
 * A text two subgraphs share exactly when `buildSubgraphOp` builds them alike, value names aside: the
 * argument types, each op with its attributes (but `cgc.region`, which the body does not keep), result
 * types and the values it reads, and what is returned. Cheaper than printing the built subgraph (a cold ResNet-50 compile spent ~10 ms so).
 */
export function subgraphKey(ops: readonly Operation[], inputs: readonly Value[], outputs: readonly Value[]): string {
  const ref = new Map<Value, string>();
  inputs.forEach((v, i) => ref.set(v, `%a${i}`));
  const parts = [inputs.map((v) => typeToString(v.type)).join(',')];
  ops.forEach((op, i) => {
    op.results.forEach((r, k) => ref.set(r, `%${i}#${k}`));
    const attrs = formatDict(op.attributes, [...op.attributes.keys()].filter((k) => k !== REGION_ATTR).sort());
    // An op with regions (a loop) shares its subgraph with no other: its body is not in the key.
    const regions = op.regions.length ? `#${regionOwnerId(op)}` : '';
    parts.push(`${op.name}(${op.operands.map((v) => ref.get(v) ?? missing(op)).join(',')})${attrs}${regions}:${op.results.map((r) => typeToString(r.type)).join(',')}`);
  });
  parts.push(`return ${outputs.map((v) => ref.get(v)).join(',')}`);
  return parts.join(';');
}

function missing(op: Operation): never {
  throw new Error(`subgraph op '${op.name}' reads a value that is neither an input nor computed inside`);
}

/** The values `ops` read that they do not compute, in first-use order. */
export function subgraphInputs(ops: readonly Operation[]): Value[] {
  const inside = new Set(ops);
  const seen = new Set<Value>();
  const out: Value[] = [];
  for (const op of ops) {
    for (const v of op.operands) {
      if (seen.has(v) || (v.definingOp && inside.has(v.definingOp))) continue;
      seen.add(v);
      out.push(v);
    }
  }
  return out;
}
