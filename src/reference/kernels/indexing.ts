// Index arithmetic shared by the reference kernels: row-major strides, numpy broadcasting maps,
// separable index maps (every data-movement op that picks one source element per result element)
// and the outer × axis × inner layout of along-axis ops. Maps are Int32Arrays: results are capped
// far below 2^31 elements by the interpreter's allocation limit.
import { type ElementType, strides } from '../../ir/types';
import { type HostTensor, allocTensor } from '../../core';
import { storedValue } from './common';

export { strides };

export function count(shape: readonly number[]): number {
  let n = 1;
  for (const d of shape) n *= d;
  return n;
}

/**
 * A map from result index to source index, built axis by axis: `tables[k][j]` is what result
 * coordinate j on axis k adds to the source index, or −1 when that coordinate lies outside the
 * source (padding, extrapolation); such result elements map to −1.
 */
export function separableMap(outShape: readonly number[], tables: readonly Int32Array[]): Int32Array {
  const map = new Int32Array(count(outShape));
  const rank = outShape.length;
  if (map.length === 0) return map;
  if (rank === 0) return map; // one element, source index 0
  let pos = 0;
  const walk = (axis: number, base: number): void => {
    const t = tables[axis]!;
    const n = outShape[axis]!;
    if (axis === rank - 1) {
      for (let j = 0; j < n; j++) {
        const v = t[j]!;
        map[pos++] = base < 0 || v < 0 ? -1 : base + v;
      }
      return;
    }
    for (let j = 0; j < n; j++) {
      const v = t[j]!;
      walk(axis + 1, base < 0 || v < 0 ? -1 : base + v);
    }
  };
  walk(0, 0);
  return map;
}

/** The table of an axis whose result coordinate j reads source coordinate f(j) (−1: outside). */
export function axisTable(n: number, stride: number, f: (j: number) => number): Int32Array {
  const t = new Int32Array(n);
  for (let j = 0; j < n; j++) {
    const c = f(j);
    t[j] = c < 0 ? -1 : c * stride;
  }
  return t;
}

/**
 * For numpy broadcasting of `inShape` to `outShape`: the source index of every result element,
 * or undefined when the shapes are equal (the identity map).
 */
export function broadcastMap(inShape: readonly number[], outShape: readonly number[]): Int32Array | undefined {
  if (inShape.length === outShape.length && inShape.every((d, i) => d === outShape[i])) return undefined;
  const off = outShape.length - inShape.length;
  const s = strides(inShape);
  const tables = outShape.map((n, k) => {
    const i = k - off;
    const d = i < 0 ? 1 : inShape[i]!;
    return axisTable(n, i < 0 ? 0 : s[i]!, (j) => (d === 1 ? 0 : j));
  });
  return separableMap(outShape, tables);
}

/**
 * A tensor of `outShape` whose element i is `x`'s element map[i] (or `fill` where map[i] is −1).
 * Copies raw storage, so it is exact for every element type (float16 bits, int64 BigInts).
 */
export function take(x: HostTensor, outShape: readonly number[], map: Int32Array, fill = 0, element: ElementType = x.type.element): HostTensor {
  const out = allocTensor(outShape, element);
  const src = x.data as unknown as { [i: number]: number | bigint };
  const dst = out.data as unknown as { [i: number]: number | bigint };
  const f = storedValue(element, fill);
  for (let i = 0; i < map.length; i++) {
    const m = map[i]!;
    dst[i] = m < 0 ? f : src[m]!;
  }
  return out;
}

/** The dimensions of `shape` before, at and after `axis`, as flat sizes. */
export interface AxisLayout {
  readonly outer: number;
  readonly len: number;
  readonly inner: number;
}

export function axisLayout(shape: readonly number[], axis: number): AxisLayout {
  return { outer: count(shape.slice(0, axis)), len: shape[axis]!, inner: count(shape.slice(axis + 1)) };
}

/** An axis attribute made non-negative (inference already checked its range). */
export function normAxis(axis: number, rank: number): number {
  return axis < 0 ? axis + rank : axis;
}
