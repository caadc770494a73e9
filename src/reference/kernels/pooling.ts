// Reference kernels of the pooling cgc_ops over 1 to 3 spatial dimensions (run as 3-D). Sums are in
// double and round once. Padding never contributes a value: max ignores it, average divides by the
// window's in-bounds count, or with include_padding by the count of positions inside input + explicit
// padding (as ONNX Runtime: ceil_mode's overhang past the end padding is never counted).
import { implement, type KernelContext } from '../registry';
import type { HostTensor } from '../../core';
import { fromNumbers, intRange, isFloat, readNumbers } from './common';

/** What a pooling op does with the in-bounds values of one window. */
interface Pool {
  /** `base`: the flat index of the window's (n, c) plane in x. */
  start(base: number): void;
  /** `at`: the value's 3-D spatial position (leading dimensions of size 1 for 1-D and 2-D). */
  add(v: number, at: readonly [number, number, number]): void;
  /** `inBounds`: values added; `padded`: window positions inside input + explicit padding. */
  finish(inBounds: number, padded: number): number;
}

const to3 = (v: readonly number[], fill: number): number[] => [...new Array<number>(3 - v.length).fill(fill), ...v];

function windowed(x: HostTensor, ctx: KernelContext, makePool: (I: readonly number[]) => Pool): HostTensor[] {
  const out = ctx.result();
  const X = readNumbers(x);
  const [N, C] = x.type.shape as [number, number];
  const I = to3(x.type.shape.slice(2), 1);
  const O = to3(out.shape.slice(2), 1);
  const K = to3(ctx.ints('window_size'), 1);
  const S = to3(ctx.ints('strides'), 1);
  const D = to3(ctx.ints('dilations'), 1);
  const P = to3(ctx.ints('start_padding'), 0);
  const E = to3(ctx.ints('end_padding'), 0);
  const inPlane = I[0]! * I[1]! * I[2]!;
  const pool = makePool(I);
  const res = new Float64Array(out.shape.reduce((p, d) => p * d, 1));
  let r = 0;
  for (let nc = 0; nc < N * C; nc++) {
    const base = nc * inPlane;
    for (let o1 = 0; o1 < O[0]!; o1++) {
      for (let o2 = 0; o2 < O[1]!; o2++) {
        for (let o3 = 0; o3 < O[2]!; o3++) {
          pool.start(base);
          let inBounds = 0;
          let padded = 0;
          for (let k1 = 0; k1 < K[0]!; k1++) {
            const i1 = o1 * S[0]! - P[0]! + k1 * D[0]!;
            for (let k2 = 0; k2 < K[1]!; k2++) {
              const i2 = o2 * S[1]! - P[1]! + k2 * D[1]!;
              for (let k3 = 0; k3 < K[2]!; k3++) {
                const i3 = o3 * S[2]! - P[2]! + k3 * D[2]!;
                if (i1 < I[0]! + E[0]! && i2 < I[1]! + E[1]! && i3 < I[2]! + E[2]!) padded++;
                if (i1 < 0 || i2 < 0 || i3 < 0 || i1 >= I[0]! || i2 >= I[1]! || i3 >= I[2]!) continue;
                pool.add(X[base + (i1 * I[1]! + i2) * I[2]! + i3]!, [i1, i2, i3]);
                inBounds++;
              }
            }
          }
          res[r++] = pool.finish(inBounds, padded);
        }
      }
    }
  }
  return [fromNumbers(out.shape, out.element, res)];
}

/** The maximum; NaN inputs are skipped (a comparison with NaN is false), an empty window gives the type's lowest value. */
function maxPool(lowest: number): Pool {
  let m = lowest;
  return { start: () => { m = lowest; }, add: (v) => { if (v > m) m = v; }, finish: () => m };
}

function sumPool(finish: (sum: number, inBounds: number, padded: number) => number, term: (v: number) => number = (v) => v): Pool {
  let s = 0;
  return { start: () => { s = 0; }, add: (v) => { s += term(v); }, finish: (n, p) => finish(s, n, p) };
}

const lowestOf = (x: HostTensor): number => (isFloat(x.type.element) ? -Infinity : intRange(x.type.element)[0]);

/**
 * Where maxPool's maximum is: the first in-bounds position (in window order) holding a value above
 * every one before it, counted from the lowest value as maxPool does (so NaN is skipped); a window of
 * NaNs gives its first position. Flat in x: base + the spatial position, row- or column-major.
 */
function maxIndexPool(lowest: number, I: readonly number[], columnMajor: boolean): Pool {
  let m = lowest;
  let base = 0;
  let at = -1;
  const flat = ([i1, i2, i3]: readonly [number, number, number]) => (columnMajor ? (i3 * I[1]! + i2) * I[0]! + i1 : (i1 * I[1]! + i2) * I[2]! + i3);
  return {
    start: (b) => { m = lowest; base = b; at = -1; },
    add: (v, pos) => {
      if (at < 0) at = flat(pos);
      if (v > m) { m = v; at = flat(pos); }
    },
    finish: () => base + at,
  };
}

implement('max_pool', ([x], ctx) => windowed(x!, ctx, () => maxPool(lowestOf(x!))));
implement('max_pool_indices', ([x], ctx) => windowed(x!, ctx, (I) => maxIndexPool(lowestOf(x!), I, ctx.int('storage_order') === 1)));
implement('average_pool', ([x], ctx) => {
  const includePadding = ctx.bool('include_padding');
  return windowed(x!, ctx, () => sumPool((s, n, p) => s / (includePadding ? p : n)));
});
implement('lp_pool', ([x], ctx) => {
  const p = ctx.int('p');
  return windowed(x!, ctx, () => sumPool((s) => Math.pow(s, 1 / p), (v) => Math.pow(Math.abs(v), p)));
});

/** Pools every (n, c) plane whole. */
function global(x: HostTensor, ctx: KernelContext, pool: Pool): HostTensor[] {
  const out = ctx.result();
  const X = readNumbers(x);
  const planes = x.type.shape[0]! * x.type.shape[1]!;
  const size = planes === 0 ? 0 : X.length / planes;
  const res = new Float64Array(planes);
  for (let i = 0; i < planes; i++) {
    pool.start(i * size);
    for (let k = 0; k < size; k++) pool.add(X[i * size + k]!, [0, 0, k]);
    res[i] = pool.finish(size, size);
  }
  return [fromNumbers(out.shape, out.element, res)];
}

implement('global_average_pool', ([x], ctx) => global(x!, ctx, sumPool((s, n) => s / n)));
implement('global_max_pool', ([x], ctx) => global(x!, ctx, maxPool(-Infinity)));
implement('global_lp_pool', ([x], ctx) => {
  const p = ctx.int('p');
  return global(x!, ctx, sumPool((s) => Math.pow(s, 1 / p), (v) => Math.pow(Math.abs(v), p)));
});
