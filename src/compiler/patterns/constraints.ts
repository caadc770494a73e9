// Checks one op against a pattern node's constraints; the reason it fails goes to the decision log.
import { OpContext, type Operation, attrToValue, getOpDef, numElements, shapeToString } from '../../ir';
import type { OpConstraint } from './pattern';

/**
 * Whether `op` is of the kind `c` names (a cgc_op among its ops, with its traits): what `unmet`
 * checks first, without the reason (most ops are of another kind than most patterns' anchors).
 */
export function ofKind(op: Operation, c: OpConstraint): boolean {
  if (!op.name.startsWith('cgc_op.')) return false;
  const def = getOpDef(op.opName);
  if (!def || (c.ops && !c.ops.includes(op.opName))) return false;
  return !c.traits || c.traits.every((t) => def.traits.includes(t));
}

/** Returns why `op` does not satisfy `c`, or undefined when it does. */
export function unmet(op: Operation, c: OpConstraint): string | undefined {
  const name = op.opName;
  const def = getOpDef(name);
  if (!op.name.startsWith('cgc_op.') || !def) return `'${op.name}' is not a cgc_op`;
  if (c.ops && !c.ops.includes(name)) return `op is not one of ${c.ops.join(', ')}`;
  if (c.traits) {
    const missing = c.traits.filter((t) => !def.traits.includes(t));
    if (missing.length) return `op lacks trait ${missing.join(', ')}`;
  }
  if (c.elementTypes) {
    const bad = [...op.operands, ...op.results].find((v) => !c.elementTypes!.includes(v.type.element));
    if (bad) return `element type ${bad.type.element} is not one of ${c.elementTypes.join(', ')}`;
  }
  const out = op.results[0]?.type;
  if (c.ranks && out && !c.ranks.includes(out.shape.length)) return `result rank ${out.shape.length} is not one of ${c.ranks.join(', ')}`;
  const last = out?.shape[out.shape.length - 1] ?? 1;
  if (c.lastDimMultiple && out && last % c.lastDimMultiple) return `innermost dimension ${last} of ${shapeToString(out.shape)} is not a multiple of ${c.lastDimMultiple}`;
  if (c.maxLastDim && out && last > c.maxLastDim) return `innermost dimension ${last} of ${shapeToString(out.shape)} is more than ${c.maxLastDim}`;
  if (c.maxElements && out && numElements(out.shape) > c.maxElements) return `result has ${numElements(out.shape)} elements, more than ${c.maxElements}`;
  if (c.attrs) {
    const ctx = new OpContext(def, op.operands.map((v) => v.type), op.attributes);
    for (const [k, want] of c.attrs) {
      const ad = def.attributes?.[k];
      if (!ad) return `op has no attribute '${k}'`;
      const given = op.attributes.get(k);
      const have = given !== undefined ? attrToValue(given, ad.kind) : typeof ad.default === 'function' ? ad.default(ctx) : ad.default;
      const wanted = attrToValue(want, ad.kind);
      if (JSON.stringify(have) !== JSON.stringify(wanted)) return `attribute ${k} is ${JSON.stringify(have)}, not ${JSON.stringify(wanted)}`;
    }
  }
  return undefined;
}
