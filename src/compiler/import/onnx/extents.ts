// Values whose size along one axis is known only at run time (docs/dynamic-shapes.md): the importer
// carries each as its upper-bound tensor plus a 0-D int64 count, and lets it flow only through ONNX
// ops that treat that axis entry by entry, so that the entries past the count never reach one that
// is kept. Anything else reading such a value is refused, naming the op.
import type { Value } from '../../../ir/operation';
import { type NodeCtx, type Produced, isHost } from './context';
import { ELEMENTWISE } from './map-elementwise';

/** A bounded value's dynamic axis and the count of its entries that hold data. */
export interface Extent {
  readonly count: Value;
  readonly axis: number;
}

/** ONNX ops whose output keeps an input's dynamic axis in place, entry by entry. */
const ENTRYWISE = new Set(Object.keys(ELEMENTWISE));
const RESHAPES = new Set(['Reshape', 'Squeeze', 'Unsqueeze', 'Flatten']);

const SUPPORTED = 'elementwise ops, Cast, Gather, GatherND (as indices), Transpose, and Reshape / Squeeze / Unsqueeze / Flatten that keep that axis whole';

const product = (dims: readonly number[]): number => dims.reduce((a, b) => a * b, 1);

/** Where axis `a` of `from` lies in `to` when a reshape keeps the row-major layout: same size, same elements before it. */
function reshapedAxis(from: readonly number[], to: readonly number[], a: number): number | undefined {
  const before = product(from.slice(0, a));
  for (let j = 0; j < to.length; j++) if (to[j] === from[a] && product(to.slice(0, j)) === before) return j;
  return undefined;
}

/**
 * The extents of a node's outputs, from those of its inputs (none when no input is bounded).
 * Throws, naming the node, where the op would need the exact size.
 */
export function propagateExtents(n: NodeCtx, produced: readonly Produced[], extentOf: (p: Produced) => Extent | undefined): (Extent | undefined)[] {
  const inputs = n.node.input.map((name, i) => (name ? extentOf(n.input(i)) : undefined));
  const first = inputs.findIndex((e) => e !== undefined);
  if (first < 0) return [];
  const refuse = (why: string): never => n.fail(`input #${first} ('${n.node.input[first]}') has a size known only at run time along axis ${inputs[first]!.axis} `
    + `(it comes from NonZero, Compress, NonMaxSuppression, Unique, TopK with a computed k or a Loop's scan output), ${why}; what can read such a value: ${SUPPORTED}, and graph outputs (docs/dynamic-shapes.md)`);
  const out = produced[0];
  if (!out || isHost(out)) return refuse(`and ${n.op} folds it`);
  const rank = out.type.shape.length;
  if (ENTRYWISE.has(n.op)) {
    let extent: Extent | undefined;
    n.node.input.forEach((name, i) => {
      if (!name) return;
      const shape = n.shape(i);
      const e = inputs[i];
      if (e) {
        const axis = e.axis + rank - shape.length;
        if (extent && (extent.count !== e.count || extent.axis !== axis)) refuse(`and input #${i} has another run-time size`);
        extent = { count: e.count, axis };
      }
    });
    n.node.input.forEach((name, i) => {
      if (!name || inputs[i]) return;
      const shape = n.shape(i);
      const d = shape[extent!.axis - (rank - shape.length)];
      if (d !== undefined && d !== 1) refuse(`and ${n.op} pairs it with input #${i}, which spans that axis`);
    });
    return [extent];
  }
  if (n.op === 'Gather') {
    const axis = n.axis(n.attrInt('axis', 0), n.shape(0).length);
    const [data, indices] = inputs;
    if (data && indices) return refuse('and so do the indices');
    if (indices) return [{ count: indices.count, axis: axis + indices.axis }];
    if (data!.axis === axis) return refuse('and Gather indexes along that axis');
    return [{ count: data!.count, axis: data!.axis < axis ? data!.axis : data!.axis + n.shape(1).length - 1 }];
  }
  if (n.op === 'GatherND') {
    // Output = indices' leading dims, then data's trailing ones: an index row per entry.
    const [data, indices] = inputs;
    if (data) return refuse('and GatherND indexes into it');
    if (indices!.axis === n.shape(1).length - 1) return refuse('along the axis that holds each index');
    return [{ count: indices!.count, axis: indices!.axis }];
  }
  if (first === 0 && RESHAPES.has(n.op)) {
    const axis = reshapedAxis(n.shape(0), out.type.shape, inputs[0]!.axis);
    if (axis === undefined) return refuse(`and ${n.op} to ${JSON.stringify(out.type.shape)} splits or merges that axis`);
    return [{ count: inputs[0]!.count, axis }];
  }
  if (first === 0 && n.op === 'Transpose') {
    const perm = n.attrInts('perm', n.shape(0).map((_, i) => n.shape(0).length - 1 - i));
    return [{ count: inputs[0]!.count, axis: perm.indexOf(inputs[0]!.axis) }];
  }
  return refuse(`which ${n.op} would read in full`);
}
