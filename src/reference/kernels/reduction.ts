// Reference kernels of reduce_* and arg_max / arg_min. Float reductions accumulate in double and
// round once (order-independent, see convolution.ts); integer reductions are exact in BigInt and
// wrap to the element type once; the transcendental ones (l2, log_sum, log_sum_exp) take the exact
// integer sum to double and truncate. An empty reduction gives the identity: 0, 1, ∓∞ or the type's bounds.
import { lookupTable } from '../../core';
import type { ElementType } from '../../ir/types';
import { implement, type KernelContext } from '../registry';
import type { HostTensor } from '../../core';
import { fromBigInts, fromNumbers, intRange, isBig, isFloat, readBigInts, readNumbers, withType } from './common';
import { axisLayout, broadcastMap, normAxis } from './indexing';

interface Reducer {
  init: number;
  add(acc: number, v: number): number;
  done?(acc: number, n: number): number;
}

const nanMax = (a: number, v: number): number => (v > a || Number.isNaN(v) ? v : a);
const nanMin = (a: number, v: number): number => (v < a || Number.isNaN(v) ? v : a);

const FLOAT_REDUCERS: Record<string, Reducer> = lookupTable({
  reduce_sum: { init: 0, add: (a, v) => a + v },
  reduce_mean: { init: 0, add: (a, v) => a + v, done: (a, n) => a / n },
  reduce_max: { init: -Infinity, add: nanMax },
  reduce_min: { init: Infinity, add: nanMin },
  reduce_prod: { init: 1, add: (a, v) => a * v },
  reduce_l1: { init: 0, add: (a, v) => a + Math.abs(v) },
  reduce_l2: { init: 0, add: (a, v) => a + v * v, done: Math.sqrt },
  reduce_log_sum: { init: 0, add: (a, v) => a + v, done: Math.log },
  reduce_sum_square: { init: 0, add: (a, v) => a + v * v },
});

interface BigReducer {
  init: bigint;
  add(acc: bigint, v: bigint): bigint;
  /** Back to a double for the ops that end in a float function. */
  done?(acc: bigint, n: number): bigint;
}

const BIG_REDUCERS: Record<string, BigReducer> = lookupTable({
  reduce_sum: { init: 0n, add: (a, v) => a + v },
  reduce_mean: { init: 0n, add: (a, v) => a + v, done: (a, n) => (n === 0 ? 0n : a / BigInt(n)) },
  reduce_prod: { init: 1n, add: (a, v) => a * v },
  // max / min start from the element type's bounds instead (see reduce).
  reduce_max: { init: 0n, add: (a, v) => (v > a ? v : a) },
  reduce_min: { init: 0n, add: (a, v) => (v < a ? v : a) },
  reduce_l1: { init: 0n, add: (a, v) => a + (v < 0n ? -v : v) },
  reduce_l2: { init: 0n, add: (a, v) => a + v * v, done: (a) => BigInt(Math.trunc(Math.sqrt(Number(a)))) },
  reduce_log_sum: { init: 0n, add: (a, v) => a + v, done: (a) => truncBig(Math.log(Number(a))) },
  reduce_sum_square: { init: 0n, add: (a, v) => a + v * v },
});

const truncBig = (x: number): bigint => (Number.isFinite(x) ? BigInt(Math.trunc(x)) : 0n);

/** The resolved reduction axes, or undefined for noop_with_empty_axes. */
function reductionAxes(ctx: KernelContext, rank: number): number[] | undefined {
  const axes = ctx.ints('axes').map((a) => normAxis(a, rank));
  if (axes.length > 0) return axes;
  return ctx.bool('noop_with_empty_axes') ? undefined : Array.from({ length: rank }, (_, i) => i);
}

function reduce(name: string, x: HostTensor, ctx: KernelContext): HostTensor {
  const out = ctx.result();
  const shape = x.type.shape;
  const axes = reductionAxes(ctx, shape.length);
  if (!axes) return withType(out, x.data.slice());
  const kept = shape.map((d, i) => (axes.includes(i) ? 1 : d));
  const groupOf = broadcastMap(kept, shape);
  const groups = kept.reduce((p, d) => p * d, 1);
  const n = axes.reduce((p, a) => p * shape[a]!, 1);
  const e: ElementType = x.type.element;
  const big = BIG_REDUCERS[name];
  if (!isFloat(e) && big) {
    const X = readBigInts(x);
    const [lo, hi] = e === 'int64' ? [-(2n ** 63n), 2n ** 63n - 1n] : e === 'uint64' ? [0n, 2n ** 64n - 1n] : intRange(e).map(BigInt) as [bigint, bigint];
    const acc = new Array<bigint>(groups).fill(name === 'reduce_max' ? lo : name === 'reduce_min' ? hi : big.init);
    for (let i = 0; i < X.length; i++) {
      const g = groupOf ? groupOf[i]! : i;
      acc[g] = big.add(acc[g]!, X[i]!);
    }
    return fromBigInts(out.shape, e, BigInt64Array.from(acc, (a) => BigInt.asIntN(64, big.done ? big.done(a, n) : a)));
  }
  const X = readNumbers(x);
  if (name === 'reduce_log_sum_exp') return fromNumbers(out.shape, e, logSumExp(X, groups, groupOf));
  const r = FLOAT_REDUCERS[name]!;
  const acc = new Float64Array(groups).fill(r.init);
  for (let i = 0; i < X.length; i++) {
    const g = groupOf ? groupOf[i]! : i;
    acc[g] = r.add(acc[g]!, X[i]!);
  }
  if (r.done) for (let g = 0; g < groups; g++) acc[g] = r.done(acc[g]!, n);
  if (isBig(e)) return fromBigInts(out.shape, e, BigInt64Array.from(acc, truncBig));
  return fromNumbers(out.shape, e, acc);
}

/** ln Σ e^x, shifted by the group maximum so that nothing overflows. */
function logSumExp(X: ArrayLike<number>, groups: number, groupOf: Int32Array | undefined): Float64Array {
  const max = new Float64Array(groups).fill(-Infinity);
  for (let i = 0; i < X.length; i++) {
    const g = groupOf ? groupOf[i]! : i;
    if (X[i]! > max[g]!) max[g] = X[i]!;
  }
  const sum = new Float64Array(groups);
  for (let i = 0; i < X.length; i++) {
    const g = groupOf ? groupOf[i]! : i;
    sum[g] += Math.exp(X[i]! - max[g]!);
  }
  return sum.map((s, g) => (max[g] === -Infinity || max[g] === Infinity ? max[g]! : Math.log(s) + max[g]!));
}

for (const name of [...Object.keys(FLOAT_REDUCERS), 'reduce_log_sum_exp']) {
  implement(name, ([x], ctx) => [reduce(name, x!, ctx)]);
}

/** Index of the first (or, with select_last_index, last) extreme value along axis (comparisons with NaN are false). */
function argReduce(x: HostTensor, ctx: KernelContext, better: (a: number | bigint, b: number | bigint) => boolean): HostTensor[] {
  const out = ctx.result();
  const { outer, len, inner } = axisLayout(x.type.shape, normAxis(ctx.int('axis'), x.type.shape.length));
  const last = ctx.bool('select_last_index');
  const X: ArrayLike<number | bigint> = isBig(x.type.element) ? (x.data as BigInt64Array | BigUint64Array) : readNumbers(x);
  const res = new BigInt64Array(outer * inner);
  for (let o = 0; o < outer; o++) {
    for (let i = 0; i < inner; i++) {
      const base = o * len * inner + i;
      let best = 0;
      for (let k = 1; k < len; k++) {
        const v = X[base + k * inner]!;
        const b = X[base + best * inner]!;
        if (better(v, b) || (last && v === b)) best = k;
      }
      res[o * inner + i] = BigInt(best);
    }
  }
  return [withType(out, res)];
}

implement('arg_max', ([x], ctx) => argReduce(x!, ctx, (a, b) => a > b));
implement('arg_min', ([x], ctx) => argReduce(x!, ctx, (a, b) => a < b));
