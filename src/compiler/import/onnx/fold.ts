// Host evaluation of the cgc_ops that shape computations use (arithmetic, comparisons, casts,
// reshapes, gathers, slices, concatenation …), so `Shape → Gather → Concat → Reshape` chains fold
// to constants at import time. Attributes are read through the op's declaration (defaults apply).
import type { OpContext } from '../../../ir/registry';
import { type ShapedType, numElements } from '../../../ir/types';
import { type HostTensor, allocTensor, lookupTable } from '../../../core';
import { forEachIndex, fromNumbers, pick, strides, toNumbers } from './host';

export type HostEval = (ins: readonly HostTensor[], ctx: OpContext, out: readonly ShapedType[]) => HostTensor[];

/** Outputs larger than this stay IR ops: folding is for shape arithmetic, not for computing weights. */
export const FOLD_LIMIT = 1 << 20;

/** For each output index, the flat index into an input of `inShape` broadcast to `outShape`. */
export function broadcastMap(inShape: readonly number[], outShape: readonly number[]): Int32Array {
  const st = strides(inShape);
  const off = outShape.length - inShape.length;
  const map = new Int32Array(numElements(outShape));
  forEachIndex(outShape, (flat, idx) => {
    let k = 0;
    for (let i = 0; i < inShape.length; i++) if (inShape[i] !== 1) k += idx[i + off]! * st[i]!;
    map[flat] = k;
  });
  return map;
}

/** Elementwise over broadcast inputs, in numbers; the result takes out[0]'s element type. */
function elementwise(f: (...xs: number[]) => number): HostEval {
  return (ins, _ctx, out) => {
    const shape = out[0]!.shape;
    const vals = ins.map((t) => toNumbers(t));
    const maps = ins.map((t) => broadcastMap(t.type.shape, shape));
    const n = numElements(shape);
    const res = new Array<number>(n);
    for (let i = 0; i < n; i++) res[i] = f(...vals.map((v, k) => v[maps[k]![i]!]!));
    return [fromNumbers(shape, out[0]!.element, res)];
  };
}

const isInt = (ctx: OpContext) => !['float32', 'float16'].includes(ctx.operand(0).element);
const intOrFloat = (fi: (a: number, b: number) => number, ff: (a: number, b: number) => number): HostEval =>
  (ins, ctx, out) => elementwise(isInt(ctx) ? fi : ff)(ins, ctx, out);

/** Same elements, new shape (reshape, flatten, squeeze, unsqueeze, identity). */
const retype: HostEval = (ins, _ctx, out) => [{ type: out[0]!, data: ins[0]!.data }];

function transpose(ins: readonly HostTensor[], ctx: OpContext, out: readonly ShapedType[]): HostTensor[] {
  const perm = ctx.ints('permutation');
  const st = strides(ins[0]!.type.shape);
  const map = new Int32Array(numElements(out[0]!.shape));
  forEachIndex(out[0]!.shape, (flat, idx) => {
    let k = 0;
    idx.forEach((v, i) => { k += v * st[perm[i]!]!; });
    map[flat] = k;
  });
  return [pick(ins[0]!, out[0]!.shape, map)];
}

function slice(ins: readonly HostTensor[], ctx: OpContext, out: readonly ShapedType[]): HostTensor[] {
  const x = ins[0]!.type.shape;
  const start = x.map(() => 0);
  const step = x.map(() => 1);
  const starts = ctx.ints('starts');
  const stepsAttr = ctx.ints('steps');
  ctx.ints('axes').forEach((a, i) => {
    const axis = a < 0 ? a + x.length : a;
    const dim = x[axis]!;
    const s = stepsAttr[i]!;
    const v = starts[i]! < 0 ? starts[i]! + dim : starts[i]!;
    start[axis] = s > 0 ? Math.min(Math.max(v, 0), dim) : Math.min(Math.max(v, 0), dim - 1);
    step[axis] = s;
  });
  const st = strides(x);
  const map = new Int32Array(numElements(out[0]!.shape));
  forEachIndex(out[0]!.shape, (flat, idx) => {
    let k = 0;
    idx.forEach((v, i) => { k += (start[i]! + v * step[i]!) * st[i]!; });
    map[flat] = k;
  });
  return [pick(ins[0]!, out[0]!.shape, map)];
}

function concat(ins: readonly HostTensor[], ctx: OpContext, out: readonly ShapedType[]): HostTensor[] {
  const shape = out[0]!.shape;
  const axis = ctx.int('axis') < 0 ? ctx.int('axis') + shape.length : ctx.int('axis');
  const res = allocTensor(shape, out[0]!.element);
  const d = res.data as unknown as unknown[];
  const outer = numElements(shape.slice(0, axis));
  const inner = numElements(shape.slice(axis + 1));
  let at = 0;
  for (let o = 0; o < outer; o++) {
    for (const t of ins) {
      const chunk = t.type.shape[axis]! * inner;
      const s = t.data as unknown as unknown[];
      for (let i = 0; i < chunk; i++) d[at++] = s[o * chunk + i];
    }
  }
  return [res];
}

function gather(ins: readonly HostTensor[], ctx: OpContext, out: readonly ShapedType[]): HostTensor[] {
  const x = ins[0]!.type.shape;
  const axis = ctx.int('axis') < 0 ? ctx.int('axis') + x.length : ctx.int('axis');
  const indices = toNumbers(ins[1]!).map((v) => (v < 0 ? v + x[axis]! : v));
  if (indices.some((v) => v < 0 || v >= x[axis]!)) throw new RangeError(`gather index out of range for dimension ${x[axis]}`);
  const outer = numElements(x.slice(0, axis));
  const inner = numElements(x.slice(axis + 1));
  const map: number[] = [];
  for (let o = 0; o < outer; o++) {
    for (const j of indices) for (let i = 0; i < inner; i++) map.push((o * x[axis]! + j) * inner + i);
  }
  return [pick(ins[0]!, out[0]!.shape, map)];
}

const expand: HostEval = (ins, _ctx, out) => [pick(ins[0]!, out[0]!.shape, broadcastMap(ins[0]!.type.shape, out[0]!.shape))];

function tile(ins: readonly HostTensor[], _ctx: OpContext, out: readonly ShapedType[]): HostTensor[] {
  const x = ins[0]!.type.shape;
  const st = strides(x);
  const map = new Int32Array(numElements(out[0]!.shape));
  forEachIndex(out[0]!.shape, (flat, idx) => {
    let k = 0;
    idx.forEach((v, i) => { k += (v % x[i]!) * st[i]!; });
    map[flat] = k;
  });
  return [pick(ins[0]!, out[0]!.shape, map)];
}

/** reduce_* over axes with numbers (shape arithmetic such as ReduceProd of a shape). */
function reduce(init: number, f: (acc: number, v: number) => number): HostEval {
  return (ins, ctx, out) => {
    const x = ins[0]!.type.shape;
    const axes = ctx.ints('axes').map((a) => (a < 0 ? a + x.length : a));
    const keep = x.map((d, i) => (axes.length === 0 || axes.includes(i) ? 1 : d));
    const acc = new Array<number>(numElements(keep)).fill(init);
    const ks = strides(keep);
    const v = toNumbers(ins[0]!);
    forEachIndex(x, (flat, idx) => {
      let k = 0;
      idx.forEach((c, i) => { if (keep[i] !== 1) k += c * ks[i]!; });
      acc[k] = f(acc[k]!, v[flat]!);
    });
    return [fromNumbers(out[0]!.shape, out[0]!.element, acc)];
  };
}

const truncDiv = (a: number, b: number) => (b === 0 ? 0 : Math.trunc(a / b));
const pyMod = (a: number, b: number) => (b === 0 ? 0 : ((a % b) + b) % b);

export const HOST_EVAL: Readonly<Record<string, HostEval>> = lookupTable({
  add: elementwise((a, b) => a + b),
  sub: elementwise((a, b) => a - b),
  mul: elementwise((a, b) => a * b),
  div: intOrFloat(truncDiv, (a, b) => a / b),
  mod: (ins, ctx, out) => elementwise(ctx.bool('fmod') ? (a, b) => a % b : pyMod)(ins, ctx, out),
  max: elementwise(Math.max),
  min: elementwise(Math.min),
  pow: elementwise(Math.pow),
  equal: elementwise((a, b) => Number(a === b)),
  less: elementwise((a, b) => Number(a < b)),
  less_or_equal: elementwise((a, b) => Number(a <= b)),
  greater: elementwise((a, b) => Number(a > b)),
  greater_or_equal: elementwise((a, b) => Number(a >= b)),
  and: elementwise((a, b) => Number(a && b)),
  or: elementwise((a, b) => Number(a || b)),
  xor: elementwise((a, b) => Number(Boolean(a) !== Boolean(b))),
  not: elementwise((a) => Number(!a)),
  neg: elementwise((a) => -a),
  abs: elementwise(Math.abs),
  sign: elementwise(Math.sign),
  floor: elementwise(Math.floor),
  ceil: elementwise(Math.ceil),
  sqrt: elementwise(Math.sqrt),
  relu: elementwise((a) => Math.max(a, 0)),
  cast: elementwise((a) => a),
  where: elementwise((c, a, b) => (c ? a : b)),
  identity: retype,
  reshape: retype,
  flatten: retype,
  squeeze: retype,
  unsqueeze: retype,
  transpose,
  slice,
  concat,
  gather,
  expand,
  tile,
  reduce_sum: reduce(0, (a, v) => a + v),
  reduce_prod: reduce(1, (a, v) => a * v),
  reduce_max: reduce(-Infinity, Math.max),
  reduce_min: reduce(Infinity, Math.min),
});
