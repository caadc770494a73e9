// Reference kernels of the cgc_ops that work along one axis: softmax, log_softmax, hardmax (opset 13:
// one axis), cumsum and top_k. Float math is in double, rounded once per result; integer cumsum is
// exact (BigInt) and wraps once.
import { implement, type KernelContext } from '../registry';
import type { HostTensor } from '../../core';
import { fromBigInts, fromNumbers, isBig, isFloat, readBigInts, readFloats, readNumbers } from './common';
import { axisLayout, normAxis } from './indexing';

/** Calls fn(base, stride) for every line along `axis`: its elements are base + k·stride, k < len. */
function forEachLine(shape: readonly number[], axis: number, fn: (base: number, stride: number, len: number) => void): void {
  const { outer, len, inner } = axisLayout(shape, axis);
  for (let o = 0; o < outer; o++) for (let i = 0; i < inner; i++) fn(o * len * inner + i, inner, len);
}

function softmaxLike(x: HostTensor, ctx: KernelContext, log: boolean): HostTensor[] {
  const out = ctx.result();
  const X = readFloats(x);
  const res = new Float64Array(X.length);
  forEachLine(x.type.shape, normAxis(ctx.int('axis'), x.type.shape.length), (base, stride, len) => {
    let max = -Infinity;
    for (let k = 0; k < len; k++) max = Math.max(max, X[base + k * stride]!);
    let sum = 0;
    for (let k = 0; k < len; k++) sum += Math.exp(X[base + k * stride]! - max);
    const logSum = Math.log(sum);
    for (let k = 0; k < len; k++) {
      const d = X[base + k * stride]! - max;
      res[base + k * stride] = log ? d - logSum : Math.exp(d) / sum;
    }
  });
  return [fromNumbers(out.shape, out.element, res)];
}

implement('softmax', ([x], ctx) => softmaxLike(x!, ctx, false));
implement('log_softmax', ([x], ctx) => softmaxLike(x!, ctx, true));

// 1 at the first maximum of each line (NaN never is one), 0 elsewhere.
implement('hardmax', ([x], ctx) => {
  const out = ctx.result();
  const X = readFloats(x!);
  const res = new Float64Array(X.length);
  forEachLine(x!.type.shape, normAxis(ctx.int('axis'), x!.type.shape.length), (base, stride, len) => {
    let best = -1;
    for (let k = 0; k < len; k++) if (best < 0 || X[base + k * stride]! > X[base + best * stride]!) best = k;
    if (best >= 0) res[base + best * stride] = 1;
  });
  return [fromNumbers(out.shape, out.element, res)];
});

implement('cumsum', ([x], ctx) => {
  const out = ctx.result();
  const exclusive = ctx.bool('exclusive');
  const reverse = ctx.bool('reverse');
  const axis = normAxis(ctx.int('axis'), x!.type.shape.length);
  const float = isFloat(out.element);
  const X: ArrayLike<number | bigint> = float ? readFloats(x!) : readBigInts(x!);
  const res: (number | bigint)[] = new Array(X.length);
  forEachLine(x!.type.shape, axis, (base, stride, len) => {
    let acc: number | bigint = float ? 0 : 0n;
    for (let j = 0; j < len; j++) {
      const idx = base + (reverse ? len - 1 - j : j) * stride;
      const v = X[idx]!;
      if (!exclusive) acc = (acc as number) + (v as number);
      res[idx] = acc;
      if (exclusive) acc = (acc as number) + (v as number);
    }
  });
  return [float ? fromNumbers(out.shape, out.element, res as number[]) : fromBigInts(out.shape, out.element, BigInt64Array.from(res as bigint[], (v) => BigInt.asIntN(64, v)))];
});

/**
 * The k largest (smallest) values of each line and their indices, in order; equal values keep
 * the lower index first (ONNX). NaN sorts above every number. `sorted = false` still sorts: any
 * order is allowed then.
 */
implement('top_k', ([x], ctx) => {
  const values = ctx.alloc(0);
  const indices = ctx.alloc(1);
  const k = ctx.int('k');
  const largest = ctx.bool('largest');
  const axis = normAxis(ctx.int('axis'), x!.type.shape.length);
  const X: ArrayLike<number | bigint> = isBig(x!.type.element) ? (x!.data as BigInt64Array | BigUint64Array) : readNumbers(x!);
  const src = x!.data as unknown as ArrayLike<number | bigint>;
  const dstV = values.data as unknown as { [i: number]: number | bigint };
  const dstI = indices.data as BigInt64Array;
  const { inner } = axisLayout(x!.type.shape, axis);
  const key = (v: number | bigint): number | bigint => (typeof v === 'number' && Number.isNaN(v) ? Infinity : v);
  let line = 0;
  forEachLine(x!.type.shape, axis, (base, stride, len) => {
    const order = Array.from({ length: len }, (_, j) => j);
    order.sort((a, b) => {
      const va = key(X[base + a * stride]!);
      const vb = key(X[base + b * stride]!);
      if (va === vb) return a - b;
      return (largest ? va > vb : va < vb) ? -1 : 1;
    });
    const outBase = Math.floor(line / inner) * k * inner + (line % inner);
    for (let j = 0; j < k; j++) {
      dstV[outBase + j * inner] = src[base + order[j]! * stride]!;
      dstI[outBase + j * inner] = BigInt(order[j]!);
    }
    line++;
  });
  return [values, indices];
});
