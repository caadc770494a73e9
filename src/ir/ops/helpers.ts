// Inference rules shared by the cgc_op declarations: numpy broadcasting, axis normalisation,
// sliding-window sizes, rank/length/dtype checks. Each rule is written once here, with its message.
import type { AttrDef, OpContext } from '../registry';
import {
  type ElementType, type ShapedType, FLOAT_TYPES, checkShape, shapeToString, tensorType,
} from '../types';

/** ONNX's "all float + signed int" constraint, restricted to the CGC element types. */
export const SIGNED_TYPES: readonly ElementType[] = [...FLOAT_TYPES, 'int32', 'int64', 'int8'];
/** ONNX's float16/float/double + int32/int64 (+ uint32/uint64) constraint, restricted to CGC types. */
export const FLOAT_INT_TYPES: readonly ElementType[] = [...FLOAT_TYPES, 'int32', 'int64'];
export const INDEX_TYPES: readonly ElementType[] = ['int32', 'int64'];

export const range = (n: number): number[] => Array.from({ length: n }, (_, i) => i);
export const filled = (n: number, v: number): number[] => new Array<number>(Math.max(0, n)).fill(v);
export const product = (dims: readonly number[]): number => dims.reduce((a, b) => a * b, 1);
const list = (v: readonly number[]): string => `[${v.join(', ')}]`;

/** `operand #1 (filter)`: how messages name an operand (variadic operands share the last name). */
export function describe(ctx: OpContext, i: number): string {
  const defs = ctx.def.operands;
  return `operand #${i} (${defs[Math.min(i, defs.length - 1)]!.name})`;
}

/** A result type, after checking that the inferred shape stays within the IR's size limits. */
export function result(ctx: OpContext, shape: readonly number[], element: ElementType): ShapedType {
  const why = checkShape(shape);
  if (why) ctx.fail(`result shape ${shapeToString(shape)} is invalid: ${why}`);
  return tensorType(shape, element);
}

/** Numpy broadcasting of two shapes (align right; equal dims or one of them 1); undefined if they clash. */
export function broadcastShapes(a: readonly number[], b: readonly number[]): number[] | undefined {
  const n = Math.max(a.length, b.length);
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    const x = a[a.length - n + i] ?? 1;
    const y = b[b.length - n + i] ?? 1;
    if (x !== y && x !== 1 && y !== 1) return undefined;
    out.push(x === 1 ? y : x);
  }
  return out;
}

/** The multidirectional broadcast of the listed operands (all of them by default). */
export function broadcastOperands(ctx: OpContext, indices: readonly number[] = range(ctx.operands.length)): number[] {
  let shape = ctx.operand(indices[0]!).shape as number[];
  for (const i of indices.slice(1)) {
    const s = ctx.operand(i).shape;
    const b = broadcastShapes(shape, s);
    if (!b) ctx.fail(`operand #${i} shape ${shapeToString(s)} does not broadcast with ${shapeToString(shape)}`);
    shape = b;
  }
  return shape;
}

/** Whether `from` broadcasts to `to` without changing `to` (ONNX's unidirectional broadcasting). */
export function broadcastsTo(from: readonly number[], to: readonly number[]): boolean {
  if (from.length > to.length) return false;
  const off = to.length - from.length;
  return from.every((d, i) => d === 1 || d === to[off + i]);
}

export function checkBroadcastsTo(ctx: OpContext, i: number, to: readonly number[], what: string): void {
  const s = ctx.operand(i).shape;
  if (!broadcastsTo(s, to)) {
    ctx.fail(`${describe(ctx, i)} shape ${shapeToString(s)} does not broadcast to ${what} ${shapeToString(to)}`);
  }
}

/** All listed operands share operand #indices[0]'s element type, which is returned. */
export function sameElementType(ctx: OpContext, indices: readonly number[] = range(ctx.operands.length)): ElementType {
  const first = indices[0]!;
  const e = ctx.operand(first).element;
  for (const i of indices.slice(1)) {
    const f = ctx.operand(i).element;
    if (f !== e) {
      ctx.fail(`${describe(ctx, i)} element type !cgc.${f} differs from ${describe(ctx, first)} element type !cgc.${e}`);
    }
  }
  return e;
}

/** Operand i's rank lies in [min, max]; returns its shape. */
export function requireRank(ctx: OpContext, i: number, min: number, max = Infinity): readonly number[] {
  const s = ctx.operand(i).shape;
  if (s.length < min || s.length > max) {
    const want = min === max ? `${min}` : max === Infinity ? `at least ${min}` : `${min} to ${max}`;
    ctx.fail(`${describe(ctx, i)} must have rank ${want}, got rank ${s.length} (shape ${shapeToString(s)})`);
  }
  return s;
}

/** Operand i has exactly `shape`. */
export function requireShape(ctx: OpContext, i: number, shape: readonly number[], why: string): void {
  const s = ctx.operand(i).shape;
  if (s.length !== shape.length || s.some((d, k) => d !== shape[k])) {
    ctx.fail(`${describe(ctx, i)} shape ${shapeToString(s)} must be ${shapeToString(shape)} (${why})`);
  }
}

/**
 * An axis in [-rank, rank-1] (or [-rank, rank] with `inclusiveEnd`, as Flatten allows) made
 * non-negative by adding `rank`, as ONNX does.
 */
export function normalizeAxis(ctx: OpContext, attr: string, axis: number, rank: number, inclusiveEnd = false): number {
  const hi = inclusiveEnd ? rank : rank - 1;
  if (hi < 0) ctx.fail(`attribute '${attr}' needs an operand of rank at least 1, got a scalar`);
  if (axis < -rank || axis > hi) ctx.fail(`attribute '${attr}' = ${axis} is out of range [${-rank}, ${hi}] for rank ${rank}`);
  return axis < 0 ? axis + rank : axis;
}

/** Normalises every axis and rejects repeats. */
export function normalizeAxes(ctx: OpContext, attr: string, axes: readonly number[], rank: number): number[] {
  const out = axes.map((a) => normalizeAxis(ctx, attr, a, rank));
  const seen = new Set<number>();
  for (const a of out) {
    if (seen.has(a)) ctx.fail(`attribute '${attr}' = ${list(axes)} names axis ${a} twice`);
    seen.add(a);
  }
  return out;
}

export function checkLength(ctx: OpContext, attr: string, values: readonly number[], n: number, what: string): void {
  if (values.length !== n) {
    ctx.fail(`attribute '${attr}' has ${values.length} values ${list(values)}; expected ${n} (${what})`);
  }
}

export function checkMin(ctx: OpContext, attr: string, values: readonly number[] | number, min: number): void {
  const vs = typeof values === 'number' ? [values] : values;
  if (vs.some((v) => !(v >= min))) {
    ctx.fail(`attribute '${attr}' must be ≥ ${min}, got ${typeof values === 'number' ? values : list(values)}`);
  }
}

/** Rank minus the batch and channel dimensions (N, C, spatial…). */
export function spatialRank(ctx: OpContext): number {
  return Math.max(0, ctx.operand(0).shape.length - 2);
}

/** Default for a per-spatial-dimension attribute: `v` repeated for each spatial dimension of operand #0. */
export const perSpatial = (v: number) => (ctx: OpContext): number[] => filled(spatialRank(ctx), v);

/** Default for a per-dimension attribute: `v` repeated for each dimension of operand #0. */
export const perDimension = (v: number) => (ctx: OpContext): number[] => filled(ctx.operand(0).shape.length, v);

/** strides / dilations / start_padding / end_padding, as convolution and pooling declare them. */
export const WINDOW_ATTRS: Readonly<Record<string, AttrDef>> = {
  strides: { kind: 'ints', default: perSpatial(1), doc: 'step per spatial dimension' },
  dilations: { kind: 'ints', default: perSpatial(1), doc: 'window element spacing per spatial dimension' },
  start_padding: { kind: 'ints', default: perSpatial(0), doc: 'implicit padding before each spatial dimension' },
  end_padding: { kind: 'ints', default: perSpatial(0), doc: 'implicit padding after each spatial dimension' },
};

export interface Window {
  readonly strides: readonly number[];
  readonly dilations: readonly number[];
  readonly start: readonly number[];
  readonly end: readonly number[];
}

/** Reads WINDOW_ATTRS and checks one value per spatial dimension, strides/dilations ≥ 1, paddings ≥ 0. */
export function readWindow(ctx: OpContext): Window {
  const n = spatialRank(ctx);
  const get = (attr: string, min: number): readonly number[] => {
    const v = ctx.ints(attr);
    checkLength(ctx, attr, v, n, 'one per spatial dimension');
    checkMin(ctx, attr, v, min);
    return v;
  };
  return { strides: get('strides', 1), dilations: get('dilations', 1), start: get('start_padding', 0), end: get('end_padding', 0) };
}

/**
 * Output sizes of a sliding window (convolution, pooling):
 * floor-or-ceil((in + start + end − d·(k−1) − 1) / s) + 1. With ceil_mode, ONNX drops a last
 * window that would start in the end padding. Every size must be at least 1.
 */
export function slidingOutput(
  ctx: OpContext, input: readonly number[], kernel: readonly number[], w: Window, ceilMode = false,
): number[] {
  return input.map((size, i) => {
    const padded = size + w.start[i]! + w.end[i]!;
    const span = w.dilations[i]! * (kernel[i]! - 1) + 1;
    const s = w.strides[i]!;
    if (padded < span) {
      ctx.fail(`spatial dimension ${i}: input size ${size} plus padding ${w.start[i]}+${w.end[i]}`
        + ` is smaller than the dilated window ${span}`);
    }
    let out = (ceilMode ? Math.ceil((padded - span) / s) : Math.floor((padded - span) / s)) + 1;
    if (ceilMode && (out - 1) * s >= size + w.start[i]!) out -= 1;
    return out;
  });
}
