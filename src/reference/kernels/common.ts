// Element-type plumbing shared by every reference kernel: exact int64 -> float conversion, and
// reading/writing tensors as float32 values, plain numbers or BigInts, so each kernel is written
// once per numeric domain instead of once per element type.
import { type ElementType, type ShapedType, tensorType } from '../../ir/types';
import { CgcError, type HostTensor, allocTensor, bfloat16ToFloat, floatToBfloat16, floatToHalf, halfToFloat } from '../../core';

// ---------------------------------------------------------------------------------------------
// int64

const TWO53 = 2n ** 53n;

/**
 * A BigInt rounded once to the nearest float32 (Number() then Math.fround would round twice).
 * Beyond 2^53 the low bits are folded into a sticky bit (round to odd), which keeps the one
 * rounding by fround correct because 53 ≥ 24 + 2 bits survive.
 */
export function bigToFloat32(v: bigint): number {
  const a = v < 0n ? -v : v;
  if (a <= TWO53) return Math.fround(Number(v));
  const shift = BigInt(a.toString(2).length - 53);
  let q = a >> shift;
  if (q << shift !== a) q |= 1n;
  const r = Math.fround(Number(q) * 2 ** Number(shift));
  return v < 0n ? -r : r;
}

/** A double truncated toward zero and wrapped to int64, as a typed-array store wraps narrower ints; NaN and ±∞ give 0. */
export function numberToBig(x: number): bigint {
  return Number.isFinite(x) ? BigInt.asIntN(64, BigInt(Math.trunc(x))) : 0n;
}

// ---------------------------------------------------------------------------------------------
// Element-type classes

export const isFloat = (e: ElementType): boolean => e === 'float32' || e === 'float16' || e === 'float64' || e === 'bfloat16';
/** Integer types stored as BigInts: int64 and uint64. */
export const isBig = (e: ElementType): boolean => e === 'int64' || e === 'uint64';
/** Integer types whose values are exact JS numbers (int64 is not: it is stored as BigInt). */
export const isSmallInt = (e: ElementType): boolean => e === 'int32' || e === 'int8' || e === 'uint8' || e === 'int16' || e === 'uint16' || e === 'uint32';

/** The smallest and largest value of an integer type (for int64, as doubles: ±2^63). */
export function intRange(e: ElementType): [number, number] {
  switch (e) {
    case 'int8': return [-128, 127];
    case 'uint8': return [0, 255];
    case 'int32': return [-(2 ** 31), 2 ** 31 - 1];
    case 'int16': return [-32768, 32767];
    case 'uint16': return [0, 65535];
    case 'uint32': return [0, 2 ** 32 - 1];
    case 'bool': return [0, 1];
    case 'uint64': return [0, 2 ** 64];
    default: return [-(2 ** 63), 2 ** 63];
  }
}

/**
 * A float tensor's values as numbers: the data itself for float32 and float64 (float64 is read
 * whole, so its kernels compute exactly in double), decoded for float16 and bfloat16.
 */
export function readFloats(t: HostTensor): Float32Array | Float64Array {
  if (t.type.element === 'float32' || t.type.element === 'float64') return t.data as Float32Array | Float64Array;
  if (t.type.element === 'float16' || t.type.element === 'bfloat16') {
    const h = t.data as Uint16Array;
    const decode = t.type.element === 'float16' ? halfToFloat : bfloat16ToFloat;
    const out = new Float32Array(h.length);
    for (let i = 0; i < h.length; i++) out[i] = decode(h[i]!);
    return out;
  }
  throw new CgcError('unsupported', `reference: expected a float tensor, got !cgc.${t.type.element}`);
}

/** Any tensor's values as doubles (int64 and uint64 through Number, exact below 2^53). */
export function readNumbers(t: HostTensor): ArrayLike<number> {
  if (isFloat(t.type.element)) return readFloats(t);
  if (isBig(t.type.element)) return Float64Array.from(t.data as BigInt64Array | BigUint64Array, Number);
  return t.data as ArrayLike<number>;
}

/**
 * Any tensor's values as BigInts (floats truncated toward zero): int64's and uint64's own storage
 * (uint64 stays unsigned, so it compares and divides as unsigned), the others converted.
 */
export function readBigInts(t: HostTensor): BigInt64Array | BigUint64Array {
  if (isBig(t.type.element)) return t.data as BigInt64Array | BigUint64Array;
  const v = readNumbers(t);
  return BigInt64Array.from({ length: v.length }, (_, i) => numberToBig(v[i]!));
}

/**
 * A tensor of `element` from double `values`: float32 rounds once, float16 and bfloat16 round the
 * float32 of the value (an op on them computes in float32), float64 stores the double exactly;
 * integers truncate toward zero and wrap as typed-array stores do, bool is `value ≠ 0`, int64 and
 * uint64 truncate and wrap.
 */
export function fromNumbers(shape: readonly number[], element: ElementType, values: ArrayLike<number>): HostTensor {
  const t = allocTensor(shape, element);
  const n = t.data.length;
  switch (element) {
    case 'float16': {
      const d = t.data as Uint16Array;
      for (let i = 0; i < n; i++) d[i] = floatToHalf(Math.fround(values[i]!));
      break;
    }
    case 'bfloat16': {
      const d = t.data as Uint16Array;
      for (let i = 0; i < n; i++) d[i] = floatToBfloat16(Math.fround(values[i]!));
      break;
    }
    case 'uint64': {
      const d = t.data as BigUint64Array;
      for (let i = 0; i < n; i++) d[i] = BigInt.asUintN(64, numberToBig(values[i]!));
      break;
    }
    case 'int64': {
      const d = t.data as BigInt64Array;
      for (let i = 0; i < n; i++) d[i] = numberToBig(values[i]!);
      break;
    }
    case 'bool': {
      const d = t.data as Uint8Array;
      for (let i = 0; i < n; i++) d[i] = values[i] !== 0 ? 1 : 0;
      break;
    }
    default: {
      const d = t.data as Float32Array | Float64Array | Int32Array | Int8Array | Uint8Array | Int16Array | Uint16Array | Uint32Array;
      for (let i = 0; i < n; i++) d[i] = values[i]!;
    }
  }
  return t;
}

/** A tensor from BigInt values, converted to `element` (floats rounded once; int64 and uint64 wrap to 64 bits). */
export function fromBigInts(shape: readonly number[], element: ElementType, values: BigInt64Array | BigUint64Array): HostTensor {
  if (element === 'int64') {
    return { type: tensorType(shape, element), data: values instanceof BigInt64Array ? values : BigInt64Array.from(values, (v) => BigInt.asIntN(64, v)) };
  }
  if (element === 'uint64') {
    return { type: tensorType(shape, element), data: values instanceof BigUint64Array ? values : BigUint64Array.from(values, (v) => BigInt.asUintN(64, v)) };
  }
  // Number(bigint) rounds once to the nearest double, so float64 is exact to its precision.
  if (element === 'float64') return fromNumbers(shape, element, Float64Array.from(values, Number));
  if (isFloat(element)) return fromNumbers(shape, element, Float64Array.from(values, bigToFloat32));
  if (element === 'bool') return fromNumbers(shape, element, Float64Array.from(values, (v) => (v !== 0n ? 1 : 0)));
  // Wrapped to 32 bits, then as the typed-array store wraps to the narrower types (uint32: unsigned).
  return fromNumbers(shape, element, Float64Array.from(values as ArrayLike<bigint>, (v) => Number(element === 'uint32' ? BigInt.asUintN(32, v) : BigInt.asIntN(32, v))));
}

/** A tensor of `type`'s shape and element type, sharing `data` (which must have the right storage). */
export function withType(type: ShapedType, data: HostTensor['data']): HostTensor {
  return { type: tensorType(type.shape, type.element), data };
}

/** The double a scalar attribute becomes in `element` (e.g. pad's `value`, one_hot's on/off values). */
export function storedValue(element: ElementType, v: number): number | bigint {
  if (element === 'float16') return floatToHalf(Math.fround(v));
  if (element === 'bfloat16') return floatToBfloat16(Math.fround(v));
  if (element === 'int64') return numberToBig(v);
  if (element === 'uint64') return BigInt.asUintN(64, numberToBig(v));
  if (element === 'bool') return v !== 0 ? 1 : 0;
  return v; // the typed-array store rounds (float32), keeps (float64) or truncates and wraps (int32, int8, uint8, …)
}
