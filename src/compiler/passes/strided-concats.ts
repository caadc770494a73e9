// Strided slices concatenated as a transpose: concat(x[…, 0::2, 0::2, :], x[…, 1::2, 0::2, :], …)
// along an axis the slices keep whole, where the slices hold each element of x once and come in the
// order of a number whose digits are their phases, is x's strided axes split in two (reshape), the
// phases moved before the concat's axis (transpose) and merged with it (reshape): one data-movement
// kernel, or a view that a kernel reads through, where there were a slice or two per piece and a
// concat. Swin's patch merging and YOLOv5's Focus layer (a space-to-depth written as slices) export so.
import { intsAttr } from '../../ir/attributes';
import { OpContext, getOpDef, inferOp } from '../../ir/registry';
import { Operation, type Value } from '../../ir/operation';

/** What a chain of slices keeps of one axis of its source: elements start, start + step, … (count of them). */
interface Stride {
  readonly start: number;
  readonly step: number;
  readonly count: number;
}

/** Most strided axes tried: their orders are tried one by one. */
const MAX_STRIDED_AXES = 4;

/**
 * The ops that replace `concat` (reshape, transpose, reshape, the last writing a new result of the
 * concat's type), or undefined where it is no such concat. `uses` counts each value's readers: every
 * slice must be read by the slices after it or the concat alone.
 */
export function stridedConcat(concat: Operation, uses: ReadonlyMap<Value, number>): Operation[] | undefined {
  if (concat.name !== 'cgc_op.concat' || concat.operands.length < 2 || concat.results.length !== 1) return undefined;
  const pieces = concat.operands.map(slicesOf);
  const x = pieces[0]?.x;
  if (!x || pieces.some((p) => !p || p.x !== x)) return undefined;
  // Every slice read only by the concat and the slices after it (they go with it).
  const slices = new Set(pieces.flatMap((p) => p!.chain));
  const reads = new Map<Value, number>();
  for (const op of [...slices, concat]) for (const v of op.operands) reads.set(v, (reads.get(v) ?? 0) + 1);
  if ([...slices].some((op) => reads.get(op.results[0]!) !== uses.get(op.results[0]!))) return undefined;
  const shape = x.type.shape;
  const rank = shape.length;
  const axisAttr = new OpContext(getOpDef('concat')!, concat.operands.map((v) => v.type), concat.attributes).int('axis');
  const axis = axisAttr < 0 ? axisAttr + rank : axisAttr;
  const out = concat.results[0]!;
  if (out.type.element !== x.type.element || shape.some((d) => d === 0)) return undefined;
  // Each axis kept whole, or cut into `step` phases of n / step elements the same way in every piece.
  const steps = shape.map((_, d) => pieces[0]!.strides[d]!.step);
  for (const { strides } of pieces.map((p) => p!)) {
    for (let d = 0; d < rank; d++) {
      const s = strides[d]!;
      const whole = s.start === 0 && s.step === 1 && s.count === shape[d];
      if (d === axis ? !whole : s.step !== steps[d] || (s.step === 1 ? !whole : shape[d]! % s.step !== 0 || s.start >= s.step || s.count !== shape[d]! / s.step)) return undefined;
    }
  }
  const strided = steps.flatMap((s, d) => (s > 1 ? [d] : []));
  const phases = strided.reduce((n, d) => n * steps[d]!, 1);
  if (!strided.length || strided.length > MAX_STRIDED_AXES || phases !== pieces.length) return undefined;
  // The piece order: piece i's phases are the digits of i, most significant first, in some order of the strided axes.
  const order = permutations(strided).find((axes) => pieces.every((p, i) => axes.reduce((n, d) => n * steps[d]! + p!.strides[d]!.start, 0) === i));
  if (!order) return undefined;
  // x split: each strided axis d into (n / step, step); then the phases, in `order`, before the concat's axis.
  const split: number[] = [];
  const outer = new Map<number, number>();
  const phase = new Map<number, number>();
  shape.forEach((n, d) => {
    outer.set(d, split.length);
    if (steps[d]! > 1) {
      split.push(n / steps[d]!, steps[d]!);
      phase.set(d, split.length - 1);
    } else split.push(n);
  });
  const permutation = shape.flatMap((_, d) => (d === axis ? [...order.map((p) => phase.get(p)!), outer.get(d)!] : [outer.get(d)!]));
  const loc = concat.loc;
  const make = (name: string, input: Value, attrs: Map<string, ReturnType<typeof intsAttr>>): Operation => {
    const op = new Operation(`cgc_op.${name}`, [input], inferOp(name, [input.type], attrs), attrs, loc);
    op.parent = concat.parent;
    return op;
  };
  const splitOp = make('reshape', x, new Map([['shape', intsAttr(split)]]));
  const transpose = make('transpose', splitOp.results[0]!, new Map([['permutation', intsAttr(permutation)]]));
  const merged = make('reshape', transpose.results[0]!, new Map([['shape', intsAttr(out.type.shape)]]));
  merged.results[0]!.nameHint = out.nameHint;
  return [splitOp, transpose, merged];
}

/** The value a chain of slices (steps > 0) reads, the slices, and what they keep of each axis; undefined for anything else. */
function slicesOf(v: Value): { x: Value; chain: Operation[]; strides: Stride[] } | undefined {
  const chain: Operation[] = [];
  let cur = v.definingOp;
  while (cur?.name === 'cgc_op.slice' && cur.operands.length === 1) {
    chain.push(cur);
    cur = cur.operands[0]!.definingOp;
  }
  if (!chain.length) return undefined;
  const x = chain.at(-1)!.operands[0]!;
  const strides: Stride[] = x.type.shape.map((n) => ({ start: 0, step: 1, count: n }));
  for (const slice of [...chain].reverse()) {
    const input = slice.operands[0]!.type;
    const ctx = new OpContext(getOpDef('slice')!, [input], slice.attributes);
    const [starts, ends, steps] = [ctx.ints('starts'), ctx.ints('ends'), ctx.ints('steps')];
    const rank = input.shape.length;
    const axes = ctx.ints('axes').map((a) => (a < 0 ? a + rank : a));
    for (let i = 0; i < axes.length; i++) {
      const d = axes[i]!;
      const n = input.shape[d]!;
      const step = steps[i]!;
      if (step <= 0) return undefined;
      const clamp = (k: number) => Math.min(Math.max(k < 0 ? k + n : k, 0), n);
      const [start, end] = [clamp(starts[i]!), clamp(ends[i]!)];
      const s = strides[d]!;
      strides[d] = { start: s.start + start * s.step, step: s.step * step, count: Math.max(0, Math.ceil((end - start) / step)) };
    }
    if (slice.results[0]!.type.shape.some((n, d) => n !== strides[d]!.count)) return undefined;
  }
  return { x, chain, strides };
}

function permutations<T>(items: readonly T[]): T[][] {
  if (items.length <= 1) return [[...items]];
  return items.flatMap((item, i) => permutations([...items.slice(0, i), ...items.slice(i + 1)]).map((rest) => [item, ...rest]));
}
