// value-ranges: an interval analysis of the integer values of a model, run when the model is opened
// (as fold-constants is: it needs the constants' data, which the pipeline never holds). Each cgc_op
// whose int64 result provably stays within the int32 range gets `cgc.value_range = [lo, hi]`; the
// GPU targets, which compute int64 in 32 bits, may then take arithmetic on it (docs/webgpu-target.md,
// "int64"). RoBERTa's position ids — a cumulative sum of a 0/1 padding mask, times the mask, plus the
// padding index — are the case that asked for it: every value lies in [1, sequence length + 1].
//
// The analysis is sound without the runtime's help: program inputs may hold any value of their
// type, constants hold what their data holds, and an op it does not model yields its type's whole
// range. Annotations already in a model are dropped and recomputed, never trusted.
import { intsAttr } from '../../ir/attributes';
import { VALUE_RANGE_ATTR } from '../../ir/registry';
import { constantName } from './fold-constants';
import type { Operation, Value } from '../../ir/operation';
import { CONSTANT, ENTRY_POINT } from '../../ir/structural';
import { MAX_LOOP_ITERATIONS } from '../../ir/limits';
import { type ElementType, byteSize, numElements } from '../../ir/types';
import { type HostTensor, tensorFromBytes } from '../../core';

/** The attribute: the closed interval [lo, hi] every element of the op's first result lies in. */
export const VALUE_RANGE = VALUE_RANGE_ATTR;

/** A closed interval of integers; ±Infinity where unbounded. */
export type Range = readonly [number, number];

const INT32: Range = [-(2 ** 31), 2 ** 31 - 1];
const ANY: Range = [-Infinity, Infinity];
/** Beyond this a double no longer holds every integer: such bounds count as unbounded. */
const EXACT = 2 ** 52;

const TYPE_RANGES: Partial<Record<ElementType, Range>> = {
  bool: [0, 1], int8: [-128, 127], uint8: [0, 255], int16: [-32768, 32767], uint16: [0, 65535],
  int32: INT32, uint32: [0, 2 ** 32 - 1],
};

/** Whether `r` lies within the int32 range. */
export function fitsInt32(r: Range): boolean {
  return r[0] >= INT32[0] && r[1] <= INT32[1];
}

const hull = (...rs: Range[]): Range => [Math.min(...rs.map((r) => r[0])), Math.max(...rs.map((r) => r[1]))];
const bounded = (r: Range): Range => [r[0] < -EXACT ? -Infinity : r[0] + 0, r[1] > EXACT ? Infinity : r[1] + 0];
/** a·b for interval ends, where 0·∞ is 0 (an end that is 0 contributes 0 whatever the other). */
const times = (a: number, b: number): number => (a === 0 || b === 0 ? 0 : a * b);

/** Ops whose result elements are elements of their data operands (listed by index): moves, selections, widenings. */
const MOVES: Readonly<Record<string, readonly number[]>> = {
  identity: [0], reshape: [0], flatten: [0], squeeze: [0], unsqueeze: [0], expand: [0], transpose: [0], tile: [0],
  depth_to_space: [0], space_to_depth: [0], slice: [0], split: [0], gather: [0], gather_elements: [0], trilu: [0],
  reduce_max: [0], reduce_min: [0], where: [1, 2], cast: [0],
};

/**
 * The range of `op`'s first result from its operands' ranges, before it is clamped to the result's
 * element type; ANY where the op is not modelled.
 */
function transfer(op: Operation, range: (v: Value) => Range): Range {
  const name = op.opName;
  const ins = op.operands.map(range);
  const [a, b] = ins;
  if (op.results[0]?.type.element === 'bool') return [0, 1];
  if (name in MOVES) {
    // A cast from a float is a conversion, not a move.
    if (name === 'cast' && !(op.operands[0]!.type.element in TYPE_RANGES) && op.operands[0]!.type.element !== 'int64') return ANY;
    return hull(...MOVES[name]!.map((i) => ins[i] ?? ANY));
  }
  switch (name) {
    case 'concat': case 'max': case 'min':
      if (name === 'concat') return hull(...ins);
      return name === 'max' ? [Math.max(...ins.map((r) => r[0])), Math.max(...ins.map((r) => r[1]))]
        : [Math.min(...ins.map((r) => r[0])), Math.min(...ins.map((r) => r[1]))];
    case 'relu': return [Math.max(0, a![0]), Math.max(0, a![1])];
    case 'neg': return [-a![1], -a![0]];
    case 'abs': return a![0] >= 0 ? a! : a![1] <= 0 ? [-a![1], -a![0]] : [0, Math.max(-a![0], a![1])];
    case 'add': return [a![0] + b![0], a![1] + b![1]];
    case 'sub': return [a![0] - b![1], a![1] - b![0]];
    case 'mul': {
      const p = [times(a![0], b![0]), times(a![0], b![1]), times(a![1], b![0]), times(a![1], b![1])];
      return [Math.min(...p), Math.max(...p)];
    }
    case 'cumsum': {
      // Every prefix sums 1 … n elements (0 … n−1 when exclusive) of x's range.
      const x = op.operands[0]!.type.shape;
      const axis = op.attr('axis');
      const k = axis?.kind === 'int' ? (axis.value + x.length) % x.length : 0;
      const n = x[k] ?? 1;
      const r: Range = [Math.min(a![0], times(n, a![0])), Math.max(a![1], times(n, a![1]))];
      const exclusive = op.attr('exclusive');
      return exclusive?.kind === 'bool' && exclusive.value ? hull(r, [0, 0]) : r;
    }
    default:
      return ANY;
  }
}

/** The range a constant's data holds, or its type's where it holds no integers we can read. */
function constantRange(t: HostTensor | undefined, element: ElementType): Range {
  if (!t || !(element in TYPE_RANGES || element === 'int64') || t.data.length === 0) return TYPE_RANGES[element] ?? ANY;
  let lo = Infinity;
  let hi = -Infinity;
  const data = t.data as ArrayLike<number | bigint>;
  for (let i = 0; i < data.length; i++) {
    const v = Number(data[i]);
    if (v < lo) lo = v;
    if (v > hi) hi = v;
  }
  return bounded([lo, hi]);
}

/**
 * Annotates, in place, every cgc_op of `module`'s entry points whose first result is int64 and
 * provably within the int32 range with `cgc.value_range`; removes annotations it cannot prove.
 * Returns how many ops it annotated.
 */
export function annotateValueRanges(module: Operation, data: (name: string) => Uint8Array | undefined): number {
  let annotated = 0;
  for (const entry of module.body().operations.filter((op) => op.name === ENTRY_POINT)) {
    const ranges = new Map<Value, Range>();
    const range = (v: Value): Range => {
      const known = ranges.get(v);
      if (known) return known;
      const def = v.definingOp;
      let r: Range = TYPE_RANGES[v.type.element] ?? ANY;
      if (def?.name === CONSTANT) {
        const bytes = data(constantName(def));
        r = constantRange(bytes && bytes.length === byteSize(v.type) && numElements(v.type.shape) > 0 ? tensorFromBytes(v.type, bytes) : undefined, v.type.element);
      }
      ranges.set(v, r);
      return r;
    };
    annotated += annotateBlock(entry.body().operations, range, ranges);
  }
  return annotated;
}

/**
 * Annotates the ops of one block in order; `range` gives the range of a value defined before them. A
 * cgc_op.loop's body is a block of its own: its iteration number lies in [0, MAX_LOOP_ITERATIONS − 1]
 * (every target stops a loop there), its captured values in their operands' ranges, and its carried
 * values in their type's (what an iteration makes of them is not followed). A cgc_op.if's regions are
 * blocks of their own too, their arguments (the captured values) in their operands' ranges.
 */
function annotateBlock(ops: readonly Operation[], range: (v: Value) => Range, ranges: Map<Value, Range>): number {
  let annotated = 0;
  for (const op of ops) {
    if (op.opName === 'loop' && op.dialect === 'cgc_op' && op.regions[0]?.blocks[0]) {
      const body = op.regions[0].blocks[0];
      const carried = (op.attr('carried') as { value: number } | undefined)?.value ?? 0;
      body.arguments.forEach((a, i) => {
        const captured = i >= 2 + carried ? op.operands[i] : undefined;
        ranges.set(a, i === 0 ? [0, MAX_LOOP_ITERATIONS - 1] : captured ? range(captured) : TYPE_RANGES[a.type.element] ?? ANY);
      });
      annotated += annotateBlock(body.operations, range, ranges);
    }
    if (op.opName === 'if' && op.dialect === 'cgc_op') {
      for (const branch of op.regions.flatMap((r) => r.blocks.slice(0, 1))) {
        branch.arguments.forEach((a, i) => ranges.set(a, range(op.operands[i + 1]!)));
        annotated += annotateBlock(branch.operations, range, ranges);
      }
    }
    op.attributes.delete(VALUE_RANGE);
    if (op.dialect !== 'cgc_op' || !op.results.length) continue;
    const result = op.results[0]!;
    const element = result.type.element;
    if (!(element in TYPE_RANGES) && element !== 'int64') continue;
    const typeRange = TYPE_RANGES[element] ?? ANY;
    let r = bounded(transfer(op, range));
    // A result outside its type's range wraps: all that is known is the type's range.
    if (r[0] < typeRange[0] || r[1] > typeRange[1]) r = typeRange;
    // split's results are all pieces of its operand; other ops' further results keep their type's range.
    for (const res of op.opName === 'split' ? op.results : [result]) ranges.set(res, op.opName === 'split' ? bounded(range(op.operands[0]!)) : r);
    if (element === 'int64' && fitsInt32(r)) {
      op.attributes.set(VALUE_RANGE, intsAttr([r[0], r[1]]));
      annotated++;
    }
  }
  return annotated;
}
