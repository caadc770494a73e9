// TensorProto → HostTensor: element types, dims checked against MAX_IMPORT_ELEMENTS before any
// allocation, data from raw_data, the typed fields or external files (data_location = EXTERNAL).
import { type ElementType, MAX_DIM, MAX_RANK, tensorType } from '../../../ir/types';
import { type HostTensor, allocTensor } from '../../../reference/tensor';
import { MAX_IMPORT_ELEMENTS, OnnxImportError } from './errors';
import { type TensorProto, decodeTensor, int64ToBigInt, int64ToNumber } from './proto';

/** onnx.proto's TensorProto.DataType names, for messages. */
const ONNX_TYPE_NAMES: Readonly<Record<number, string>> = {
  0: 'UNDEFINED', 1: 'FLOAT', 2: 'UINT8', 3: 'INT8', 4: 'UINT16', 5: 'INT16', 6: 'INT32', 7: 'INT64', 8: 'STRING',
  9: 'BOOL', 10: 'FLOAT16', 11: 'DOUBLE', 12: 'UINT32', 13: 'UINT64', 14: 'COMPLEX64', 15: 'COMPLEX128',
  16: 'BFLOAT16', 17: 'FLOAT8E4M3FN', 18: 'FLOAT8E4M3FNUZ', 19: 'FLOAT8E5M2', 20: 'FLOAT8E5M2FNUZ', 21: 'UINT4',
  22: 'INT4', 23: 'FLOAT4E2M1', 24: 'FLOAT8E8M0', 25: 'UINT2', 26: 'INT2',
};

const TO_ELEMENT: Readonly<Record<number, ElementType>> = {
  1: 'float32', 2: 'uint8', 3: 'int8', 6: 'int32', 7: 'int64', 9: 'bool', 10: 'float16',
};

export const ELEMENT_TO_ONNX: Readonly<Record<ElementType, number>> = {
  float32: 1, uint8: 2, int8: 3, int32: 6, int64: 7, bool: 9, float16: 10,
};

export function onnxTypeName(t: number): string {
  return ONNX_TYPE_NAMES[t] ?? `data type ${t}`;
}

/** The CGC element type of an ONNX data type, or an error naming the unsupported type. */
export function elementOf(dataType: number, what: string): ElementType {
  const e = TO_ELEMENT[dataType];
  if (!e) {
    throw new OnnxImportError(`${what} has element type ${onnxTypeName(dataType)}, which CGC does not support`
      + ' (supported: FLOAT, FLOAT16, INT32, INT64, INT8, UINT8, BOOL)');
  }
  return e;
}

/** Checks rank, each dim and the element count (≤ MAX_IMPORT_ELEMENTS) of a shape about to be allocated. */
export function checkImportShape(shape: readonly number[], what: string): void {
  if (shape.length > MAX_RANK) throw new OnnxImportError(`${what} has rank ${shape.length}; the maximum is ${MAX_RANK}`);
  let n = 1;
  for (const d of shape) {
    if (!Number.isSafeInteger(d) || d < 0 || d > MAX_DIM) throw new OnnxImportError(`${what} has invalid dimension ${d} (shape [${shape.join(', ')}])`);
    n *= d;
  }
  if (n > MAX_IMPORT_ELEMENTS) {
    throw new OnnxImportError(`${what} has ${n} elements (shape [${shape.join(', ')}]), over the importer's limit of ${MAX_IMPORT_ELEMENTS}`);
  }
}

/** Files beside the model, by the relative path that `external_data`'s `location` names. */
export type ExternalFiles = ReadonlyMap<string, Uint8Array>;

function externalBytes(t: TensorProto, files: ExternalFiles | undefined, what: string): Uint8Array {
  const keys = new Map(t.external_data.map((e) => [e.key, e.value]));
  const location = keys.get('location');
  if (!location) throw new OnnxImportError(`${what} has external data without a 'location'`);
  const file = files?.get(location);
  if (!file) throw new OnnxImportError(`${what} stores its data in external file '${location}', which was not supplied`);
  const offset = Number(keys.get('offset') ?? '0');
  const length = keys.has('length') ? Number(keys.get('length')) : file.length - offset;
  if (!Number.isSafeInteger(offset) || !Number.isSafeInteger(length) || offset < 0 || length < 0 || offset + length > file.length) {
    throw new OnnxImportError(`${what}: external data offset ${keys.get('offset') ?? 0} length ${keys.get('length') ?? '(rest)'}`
      + ` lies outside '${location}' (${file.length} bytes)`);
  }
  return file.subarray(offset, offset + length);
}

/** Copies little-endian bytes into `out`'s storage after checking the byte count. */
function fromRaw(out: HostTensor, raw: Uint8Array, what: string): void {
  const want = out.data.byteLength;
  if (raw.length !== want) {
    throw new OnnxImportError(`${what}: ${raw.length} bytes of data for shape [${out.type.shape.join(', ')}]`
      + ` of ${out.type.element} (${want} bytes)`);
  }
  new Uint8Array(out.data.buffer, out.data.byteOffset, want).set(raw);
}

function fromFields(out: HostTensor, t: TensorProto, what: string): void {
  const n = out.data.length;
  const fill = (values: ArrayLike<unknown>, field: string, set: (i: number) => void): void => {
    if (values.length !== n) throw new OnnxImportError(`${what}: ${field} has ${values.length} values for ${n} elements`);
    for (let i = 0; i < n; i++) set(i);
  };
  const d = out.data;
  switch (out.type.element) {
    case 'float32': return fill(t.float_data, 'float_data', (i) => { d[i] = t.float_data[i]!; });
    case 'int64': return fill(t.int64_data, 'int64_data', (i) => { (d as BigInt64Array)[i] = int64ToBigInt(t.int64_data[i]!); });
    // int32_data carries int32, int8, uint8, bool and float16 (as its IEEE half bits).
    default: return fill(t.int32_data, 'int32_data', (i) => { (d as Int32Array)[i] = t.int32_data[i]!; });
  }
}

/** A TensorProto's contents; `what` names it in errors ("initializer 'w'"). */
export function tensorFromProto(t: TensorProto, what: string, files?: ExternalFiles): HostTensor {
  const element = elementOf(t.data_type, what);
  const shape = t.dims.map(int64ToNumber);
  checkImportShape(shape, what);
  const out = allocTensor(shape, element);
  if (t.data_location === 1) fromRaw(out, externalBytes(t, files, what), what);
  else if (t.raw_data.length > 0) fromRaw(out, t.raw_data, what);
  else if (out.data.length > 0) fromFields(out, t, what);
  return { type: tensorType(shape, element), data: out.data };
}

/** Reads a serialized TensorProto (a test_data_set `input_0.pb`); external data is not allowed there. */
export function readTensorProto(bytes: Uint8Array, what = 'tensor'): HostTensor {
  return tensorFromProto(decodeTensor(bytes, what), what);
}
