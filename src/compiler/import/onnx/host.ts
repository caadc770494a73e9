// Small host-tensor helpers for the importer: element values as numbers (int64, bool and float16
// converted), tensors from numbers, and row-major strides.
import { type ElementType, numElements, strides, tensorType } from '../../../ir/types';
import { type HostTensor, allocTensor, floatToHalf, halfToFloat } from '../../../core';

/** Every element as a number (int64 beyond ±2^53 rounds; it only appears as a sentinel there). */
export function toNumbers(t: HostTensor): number[] {
  const out = new Array<number>(t.data.length);
  const d = t.data;
  if (d instanceof BigInt64Array) for (let i = 0; i < d.length; i++) out[i] = Number(d[i]!);
  else if (t.type.element === 'float16') for (let i = 0; i < d.length; i++) out[i] = halfToFloat(d[i] as number);
  else for (let i = 0; i < d.length; i++) out[i] = d[i] as number;
  return out;
}

/** A tensor of `element` from numbers, converted as a cast would (ints truncate toward zero). */
export function fromNumbers(shape: readonly number[], element: ElementType, values: readonly number[]): HostTensor {
  const t = allocTensor(shape, element);
  const d = t.data;
  for (let i = 0; i < values.length; i++) {
    const v = values[i]!;
    switch (element) {
      case 'int64': (d as BigInt64Array)[i] = toInt64(v); break;
      case 'float16': d[i] = floatToHalf(v); break;
      case 'bool': d[i] = v ? 1 : 0; break;
      case 'float32': d[i] = v; break;
      default: d[i] = Number.isFinite(v) ? Math.trunc(v) : 0;
    }
  }
  return { type: tensorType(shape, element), data: d };
}

/** Saturates at the int64 range, so a rounded INT64_MAX sentinel stays INT64_MAX (not INT64_MIN). */
function toInt64(v: number): bigint {
  if (Number.isNaN(v)) return 0n;
  if (v >= 2 ** 63) return 0x7fffffffffffffffn;
  if (v <= -(2 ** 63)) return -0x8000000000000000n;
  return BigInt(Math.trunc(v));
}

/** Copies elements of `src` at flat indices `map` into a new tensor of `shape` (exact for every type). */
export function pick(src: HostTensor, shape: readonly number[], map: ArrayLike<number>): HostTensor {
  const out = allocTensor(shape, src.type.element);
  const d = out.data as unknown as { [i: number]: unknown };
  const s = src.data as unknown as { [i: number]: unknown };
  for (let i = 0; i < map.length; i++) d[i] = s[map[i]!];
  return out;
}

export function scalarTensor(element: ElementType, v: number): HostTensor {
  return fromNumbers([], element, [v]);
}

export { strides };

/** Calls `f(flatIndex, coords)` for every index of `shape` in row-major order. */
export function forEachIndex(shape: readonly number[], f: (flat: number, idx: number[]) => void): void {
  const n = numElements(shape);
  const idx = new Array<number>(shape.length).fill(0);
  for (let flat = 0; flat < n; flat++) {
    f(flat, idx);
    for (let k = shape.length - 1; k >= 0; k--) {
      if (++idx[k]! < shape[k]!) break;
      idx[k] = 0;
    }
  }
}
