// The range each integer model input is used with, from the Input IR: an input that indexes (through
// value-preserving ops such as cast and reshape) a gather's table, a scatter's target or a one-hot
// depth must stay below that size, so `cgc check` draws its random values there (BERT's
// token_type_ids index a 2-row table; onnxruntime refuses an index past it).
import { type Operation, type Value, OpContext, getOpDef } from '../ir';
import { ENTRY_POINT } from '../ir/structural';

/** Ops whose result holds (some of) operand `i`'s values unchanged, for the operands listed. */
const PASSES_VALUES: Readonly<Record<string, readonly number[]>> = {
  cast: [0], identity: [0], reshape: [0], flatten: [0], squeeze: [0], unsqueeze: [0], expand: [0],
  transpose: [0], slice: [0], tile: [0], concat: [], gather: [0], gather_elements: [0], where: [1, 2],
};

const normAxis = (axis: number, rank: number) => (axis < 0 ? axis + rank : axis);

/** The exclusive bound operand `i` of `op` must stay below as an index, if it is one. */
function indexBound(op: Operation, i: number): number | undefined {
  const def = getOpDef(op.opName);
  if (!def) return undefined;
  const ctx = new OpContext(def, op.operands.map((v) => v.type), op.attributes);
  const data = op.operands[0]?.type.shape ?? [];
  switch (op.opName) {
    case 'gather':
    case 'gather_elements':
    case 'scatter_elements':
      return i === 1 ? data[normAxis(ctx.int('axis'), data.length)] : undefined;
    case 'gather_nd':
    case 'scatter_nd': {
      if (i !== 1) return undefined;
      // Each index tuple addresses data's dimensions after the batch ones: the smallest bounds them all.
      const k = op.operands[1]!.type.shape.at(-1) ?? 0;
      const batch = op.opName === 'gather_nd' ? ctx.int('batch_dims') : 0;
      const dims = data.slice(batch, batch + k);
      return dims.length ? Math.min(...dims) : undefined;
    }
    case 'one_hot':
      return i === 0 ? ctx.int('depth') : undefined;
    default:
      return undefined;
  }
}

/**
 * For each argument of the module's first entry point: the smallest size among the tables, targets
 * and depths its values index, or undefined where it indexes none.
 */
export function integerBounds(module: Operation): (number | undefined)[] {
  const entry = module.body().operations.find((op) => op.name === ENTRY_POINT);
  if (!entry) return [];
  const block = entry.body();
  const users = new Map<Value, { op: Operation; i: number }[]>();
  for (const op of block.operations) {
    op.operands.forEach((v, i) => {
      const list = users.get(v) ?? [];
      list.push({ op, i });
      users.set(v, list);
    });
  }
  return block.arguments.map((arg) => {
    let bound: number | undefined;
    const seen = new Set<Value>();
    const visit = (v: Value) => {
      if (seen.has(v)) return;
      seen.add(v);
      for (const { op, i } of users.get(v) ?? []) {
        const b = indexBound(op, i);
        if (b !== undefined) bound = Math.min(bound ?? b, b);
        const passes = PASSES_VALUES[op.opName];
        if (passes && (op.opName === 'concat' || passes.includes(i))) op.results.forEach(visit);
      }
    };
    visit(arg);
    return bound;
  });
}
