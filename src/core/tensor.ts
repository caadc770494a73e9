// Host tensors and the element types they hold: a shaped type plus its elements in a typed array,
// as the CPU reference, the importers' constant folding and the runtime's readback exchange them.
// The IR's types (src/ir/types.ts) build on these; nothing here imports the rest of src.
import { awaitBytes } from './arriving-bytes';

export const ELEMENT_TYPES = ['float32', 'float16', 'int32', 'int64', 'int8', 'uint8', 'bool', 'int16', 'uint16', 'uint32', 'float64', 'uint64', 'bfloat16'] as const;
export type ElementType = (typeof ELEMENT_TYPES)[number];

const BYTE_SIZE: Record<ElementType, number> = {
  float32: 4, float16: 2, int32: 4, int64: 8, int8: 1, uint8: 1, bool: 1, int16: 2, uint16: 2, uint32: 4, float64: 8, uint64: 8, bfloat16: 2,
};

export function isElementType(name: string): name is ElementType {
  return (ELEMENT_TYPES as readonly string[]).includes(name);
}

export function elementByteSize(e: ElementType): number {
  return BYTE_SIZE[e];
}

export interface ShapedType {
  readonly kind: 'tensor' | 'memref';
  readonly shape: readonly number[];
  readonly element: ElementType;
  /** The spec's `constant` qualifier: data bound once, before execution (weights). */
  readonly constant: boolean;
}

export function tensorType(shape: readonly number[], element: ElementType, constant = false): ShapedType {
  return { kind: 'tensor', shape: [...shape], element, constant };
}

export function numElements(shape: readonly number[]): number {
  let n = 1;
  for (const d of shape) n *= d;
  return n;
}

export function byteSize(t: ShapedType): number {
  return numElements(t.shape) * elementByteSize(t.element);
}

/** Storage per element type. float16 and bfloat16 are kept as raw bits; int64 and uint64 as BigInt arrays. */
export interface ElementStorage {
  float32: Float32Array;
  float16: Uint16Array;
  int32: Int32Array;
  int64: BigInt64Array;
  int8: Int8Array;
  uint8: Uint8Array;
  bool: Uint8Array;
  int16: Int16Array;
  uint16: Uint16Array;
  uint32: Uint32Array;
  float64: Float64Array;
  uint64: BigUint64Array;
  bfloat16: Uint16Array;
}

export type TypedData = ElementStorage[ElementType];

export interface HostTensor {
  readonly type: ShapedType;
  readonly data: TypedData;
  /**
   * The little-endian bytes the tensor was made over (`tensorOverBytes`: a model file's weights),
   * when it was: `tensorBytes` gives them as they are, without making `data`.
   */
  readonly bytes?: Uint8Array;
}

const CTORS = {
  float32: Float32Array, float16: Uint16Array, int32: Int32Array, int64: BigInt64Array,
  int8: Int8Array, uint8: Uint8Array, bool: Uint8Array, int16: Int16Array, uint16: Uint16Array, uint32: Uint32Array,
  float64: Float64Array, uint64: BigUint64Array, bfloat16: Uint16Array,
} as const;

/** A zero-filled tensor. Callers check sizes against their limits before allocating. */
export function allocTensor(shape: readonly number[], element: ElementType): HostTensor {
  return { type: tensorType(shape, element), data: new CTORS[element](numElements(shape)) };
}

/** Views little-endian bytes (e.g. from a weights file) as a tensor of `type`, copying them. */
export function tensorFromBytes(type: ShapedType, bytes: Uint8Array): HostTensor {
  // new Uint8Array(bytes) always copies into a fresh buffer; a Node Buffer's slice() is a view of the
  // whole (pooled) file buffer, which would put the data at the wrong offset.
  const copy = new Uint8Array(awaitBytes(bytes));
  return { type, data: new CTORS[type.element](copy.buffer, 0, numElements(type.shape)) };
}

/**
 * A tensor over little-endian `bytes` without copying them (a weight in a model file's buffer): its
 * `data` is made on first read — a view where the bytes start at a multiple of the element size,
 * else a copy (a typed array cannot start elsewhere) — and `tensorBytes` gives the bytes themselves,
 * so a weight that only travels to the GPU never becomes a typed array. The caller checks the size.
 */
export function tensorOverBytes(type: ShapedType, bytes: Uint8Array): HostTensor {
  let data: TypedData | undefined;
  const n = numElements(type.shape);
  // An own enumerable getter: a spread or a structured clone of the tensor reads `data` too.
  return {
    type,
    bytes,
    get data(): TypedData {
      if (!data) {
        awaitBytes(bytes);
        const aligned = bytes.byteOffset % BYTE_SIZE[type.element] === 0;
        // new Uint8Array(bytes) copies (a Node Buffer's slice() would not).
        data = aligned ? new CTORS[type.element](bytes.buffer as ArrayBuffer, bytes.byteOffset, n) : new CTORS[type.element](new Uint8Array(bytes).buffer, 0, n);
      }
      return data;
    },
  };
}

/** The tensor's elements as little-endian bytes: the bytes it was made over, else a view of `data`. */
export function tensorBytes(t: HostTensor): Uint8Array {
  return t.bytes ?? new Uint8Array(t.data.buffer, t.data.byteOffset, t.data.byteLength);
}
