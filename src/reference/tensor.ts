// Host tensors: a shaped type plus its elements in a typed array, as the CPU reference, the
// importers' constant folding and the runtime's readback exchange them.
import { type ElementType, type ShapedType, numElements, tensorType } from '../ir/types';

/** Storage per element type. float16 is kept as raw IEEE half bits; int64 as BigInt64Array. */
export interface ElementStorage {
  float32: Float32Array;
  float16: Uint16Array;
  int32: Int32Array;
  int64: BigInt64Array;
  int8: Int8Array;
  uint8: Uint8Array;
  bool: Uint8Array;
}

export type TypedData = ElementStorage[ElementType];

export interface HostTensor {
  readonly type: ShapedType;
  readonly data: TypedData;
}

const CTORS = {
  float32: Float32Array, float16: Uint16Array, int32: Int32Array, int64: BigInt64Array,
  int8: Int8Array, uint8: Uint8Array, bool: Uint8Array,
} as const;

/** A zero-filled tensor. Callers check sizes against their limits before allocating. */
export function allocTensor(shape: readonly number[], element: ElementType): HostTensor {
  return { type: tensorType(shape, element), data: new CTORS[element](numElements(shape)) };
}

/** Views little-endian bytes (e.g. from a weights file) as a tensor of `type`, copying them. */
export function tensorFromBytes(type: ShapedType, bytes: Uint8Array): HostTensor {
  // new Uint8Array(bytes) always copies into a fresh buffer; a Node Buffer's slice() is a view of the
  // whole (pooled) file buffer, which would put the data at the wrong offset.
  const copy = new Uint8Array(bytes);
  return { type, data: new CTORS[type.element](copy.buffer, 0, numElements(type.shape)) };
}

export function tensorBytes(t: HostTensor): Uint8Array {
  return new Uint8Array(t.data.buffer, t.data.byteOffset, t.data.byteLength);
}
