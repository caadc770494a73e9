// Small host-tensor helpers for the importer: element values as numbers (int64, uint64, bool,
// float16 and bfloat16 converted) and tensors from numbers.
import { type ElementType, tensorType } from '../../../ir/types';
import { type HostTensor, allocTensor, bfloat16ToFloat, floatToBfloat16, floatToHalf, halfToFloat } from '../../../core';

/** Every element as a number (int64 beyond ±2^53 rounds; it only appears as a sentinel there). */
export function toNumbers(t: HostTensor): number[] {
  const out = new Array<number>(t.data.length);
  const d = t.data;
  if (d instanceof BigInt64Array || d instanceof BigUint64Array) for (let i = 0; i < d.length; i++) out[i] = Number(d[i]!);
  else if (t.type.element === 'float16') for (let i = 0; i < d.length; i++) out[i] = halfToFloat(d[i] as number);
  else if (t.type.element === 'bfloat16') for (let i = 0; i < d.length; i++) out[i] = bfloat16ToFloat(d[i] as number);
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
      case 'uint64': (d as BigUint64Array)[i] = BigInt.asUintN(64, toInt64(v)); break;
      case 'float16': d[i] = floatToHalf(v); break;
      case 'bfloat16': d[i] = floatToBfloat16(v); break;
      case 'bool': d[i] = v ? 1 : 0; break;
      case 'float32': case 'float64': d[i] = v; break;
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

export function scalarTensor(element: ElementType, v: number): HostTensor {
  return fromNumbers([], element, [v]);
}
