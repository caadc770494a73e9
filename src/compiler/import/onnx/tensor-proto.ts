// TensorProto → HostTensor: element types, dims checked against MAX_IMPORT_ELEMENTS and the resource
// limits, and the data's size against the shape, before any allocation; data from raw_data or
// external files (data_location = EXTERNAL) as a view of those bytes, never copied, or from the typed fields.
import { type ElementType, MAX_DIM, MAX_RANK, elementByteSize, tensorType } from '../../../ir/types';
import { LimitError, type ResourceLimits, checkFileSize, resolveLimits } from '../../../ir/limits';
import { type HostTensor, allocTensor, tensorOverBytes } from '../../../core';
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
  1: 'float32', 2: 'uint8', 3: 'int8', 6: 'int32', 7: 'int64', 9: 'bool', 10: 'float16', 4: 'uint16', 5: 'int16', 12: 'uint32',
  11: 'float64', 13: 'uint64', 16: 'bfloat16',
};

export const ELEMENT_TO_ONNX: Readonly<Record<ElementType, number>> = {
  float32: 1, uint8: 2, int8: 3, int32: 6, int64: 7, bool: 9, float16: 10, uint16: 4, int16: 5, uint32: 12,
  float64: 11, uint64: 13, bfloat16: 16,
};

export function onnxTypeName(t: number): string {
  return ONNX_TYPE_NAMES[t] ?? `data type ${t}`;
}

/** The CGC element type of an ONNX data type, or an error naming the unsupported type. */
export function elementOf(dataType: number, what: string): ElementType {
  const e = TO_ELEMENT[dataType];
  if (!e) {
    throw new OnnxImportError(`${what} has element type ${onnxTypeName(dataType)}, which CGC does not support`
      + ' (supported: FLOAT, FLOAT16, DOUBLE, BFLOAT16, INT32, INT64, INT8, UINT8, INT16, UINT16, UINT32, UINT64, BOOL)');
  }
  return e;
}

/**
 * Checks rank, each dim and the element count of a shape: ≤ MAX_IMPORT_ELEMENTS for a tensor the
 * importer computes (constant folding allocates it from a few bytes of input); `maxElements` is
 * Infinity where the resource limits check the count instead (inputs, initializers whose data is in the file).
 */
export function checkImportShape(shape: readonly number[], what: string, maxElements = MAX_IMPORT_ELEMENTS): void {
  if (shape.length > MAX_RANK) throw new OnnxImportError(`${what} has rank ${shape.length}; the maximum is ${MAX_RANK}`);
  let n = 1;
  for (const d of shape) {
    if (!Number.isSafeInteger(d) || d < 0 || d > MAX_DIM) throw new OnnxImportError(`${what} has invalid dimension ${d} (shape [${shape.join(', ')}])`);
    n *= d;
  }
  if (n > maxElements) {
    throw new OnnxImportError(`${what} has ${n} elements (shape [${shape.join(', ')}]), over the importer's limit of ${maxElements} for tensors it computes`);
  }
}

/**
 * Files beside the model, by the relative path that `external_data`'s `location` names. `read` gives
 * at most `length` bytes from `offset` (fewer where the file ends), undefined for a file not
 * supplied, and throws a CgcError for one it may not read; so a tensor costs the bytes it needs,
 * however large the file (a CLI reads the range from disk).
 */
export interface ExternalFiles {
  read(location: string, offset: number, length: number): Uint8Array | undefined;
}

/** External files held in memory (files dropped in the app, say). */
export function externalFilesOf(files: ReadonlyMap<string, Uint8Array>): ExternalFiles {
  return {
    read: (location, offset, length) => files.get(location)?.subarray(offset, offset + length),
  };
}

/** `want` bytes of external data: the range `offset`, `length` names (the rest of the file without a length) must hold exactly that. */
function externalBytes(t: TensorProto, files: ExternalFiles | undefined, what: string, want: number): Uint8Array {
  const keys = new Map(t.external_data.map((e) => [e.key, e.value]));
  const location = keys.get('location');
  if (!location) throw new OnnxImportError(`${what} has external data without a 'location'`);
  const offset = Number(keys.get('offset') ?? '0');
  const length = keys.has('length') ? Number(keys.get('length')) : undefined;
  if (!Number.isSafeInteger(offset) || offset < 0 || (length !== undefined && (!Number.isSafeInteger(length) || length < 0))) {
    throw new OnnxImportError(`${what}: external data offset ${keys.get('offset') ?? 0} length ${keys.get('length') ?? '(rest)'} is not a byte range`);
  }
  if (length !== undefined && length !== want) throw new OnnxImportError(`${what}: ${length} bytes of external data in '${location}' for a ${want}-byte tensor`);
  // One byte more than needed: a file that goes on past the tensor's data is wrong when no length is given.
  const bytes = files?.read(location, offset, length ?? want + 1);
  if (!bytes) throw new OnnxImportError(`${what} stores its data in external file '${location}', which was not supplied`);
  if (bytes.length !== want) {
    throw new OnnxImportError(`${what}: external data offset ${offset} length ${length ?? '(rest)'} in '${location}' holds ${bytes.length === want + 1 ? 'more than' : bytes.length} bytes; the tensor needs ${want}`);
  }
  return bytes;
}

/** Checks that `raw` holds exactly the shape's bytes (before anything is allocated for it). */
function checkRaw(raw: Uint8Array, shape: readonly number[], element: ElementType, what: string): void {
  const want = shape.reduce((a, b) => a * b, 1) * elementByteSize(element);
  if (raw.length !== want) throw new OnnxImportError(`${what}: ${raw.length} bytes of data for shape [${shape.join(', ')}] of ${element} (${want} bytes)`);
}

/**
 * The typed field that carries `element`'s values: int32_data also carries int8, uint8, int16,
 * uint16, bool, float16 and bfloat16 (their bits); uint64_data carries uint32 and uint64.
 */
function fieldOf(t: TensorProto, element: ElementType): { name: string; values: ArrayLike<unknown> } {
  if (element === 'float32') return { name: 'float_data', values: t.float_data };
  if (element === 'float64') return { name: 'double_data', values: t.double_data };
  if (element === 'int64') return { name: 'int64_data', values: t.int64_data };
  if (element === 'uint32' || element === 'uint64') return { name: 'uint64_data', values: t.uint64_data };
  return { name: 'int32_data', values: t.int32_data };
}

function fromFields(out: HostTensor, t: TensorProto): void {
  const d = out.data;
  const n = d.length;
  if (out.type.element === 'float32') for (let i = 0; i < n; i++) d[i] = t.float_data[i]!;
  else if (out.type.element === 'float64') for (let i = 0; i < n; i++) d[i] = t.double_data[i]!;
  else if (out.type.element === 'uint64') for (let i = 0; i < n; i++) (d as BigUint64Array)[i] = BigInt.asUintN(64, int64ToBigInt(t.uint64_data[i]!));
  else if (out.type.element === 'int64') for (let i = 0; i < n; i++) (d as BigInt64Array)[i] = int64ToBigInt(t.int64_data[i]!);
  else if (out.type.element === 'uint32') for (let i = 0; i < n; i++) (d as Uint32Array)[i] = Number(BigInt.asUintN(32, int64ToBigInt(t.uint64_data[i]!)));
  else for (let i = 0; i < n; i++) (d as Int32Array)[i] = t.int32_data[i]!;
}

/** Limits on what a model's tensors may hold, and the constant bytes counted so far. */
export interface TensorBudget {
  readonly limits: ResourceLimits;
  constantBytes: number;
}

/**
 * A TensorProto's contents; `what` names it in errors ("initializer 'w'"). The data is checked
 * against the shape before allocating. Bytes (raw_data, which decoding leaves as a view of the
 * file's bytes, or external data) are not copied: the tensor is a view of them (`tensorOverBytes`),
 * typed only where a consumer reads its numbers.
 */
export function tensorFromProto(t: TensorProto, what: string, files?: ExternalFiles, budget?: TensorBudget): HostTensor {
  const element = elementOf(t.data_type, what);
  const shape = t.dims.map(int64ToNumber);
  checkImportShape(shape, what, budget ? Infinity : MAX_IMPORT_ELEMENTS);
  const n = shape.reduce((a, b) => a * b, 1);
  if (budget) {
    const { limits } = budget;
    if (n > limits.maxTensorElements) throw new LimitError('maxTensorElements', n, limits.maxTensorElements, `${what} of shape [${shape.join(', ')}]`);
    budget.constantBytes += n * elementByteSize(element);
    if (budget.constantBytes > limits.maxConstantBytes) throw new LimitError('maxConstantBytes', budget.constantBytes, limits.maxConstantBytes, `initializers up to ${what}`);
  }
  const raw = t.data_location === 1 ? externalBytes(t, files, what, n * elementByteSize(element)) : t.raw_data.length > 0 ? t.raw_data : undefined;
  if (raw) checkRaw(raw, shape, element, what);
  const field = fieldOf(t, element);
  if (!raw && n > 0 && field.values.length !== n) throw new OnnxImportError(`${what}: ${field.name} has ${field.values.length} values for ${n} elements`);
  if (raw) return tensorOverBytes(tensorType(shape, element), raw);
  const out = allocTensor(shape, element);
  if (n > 0) fromFields(out, t);
  return out;
}

/** Reads a serialized TensorProto (a test_data_set `input_0.pb`); external data is not allowed there. */
export function readTensorProto(bytes: Uint8Array, what = 'tensor', limits: Partial<ResourceLimits> = {}): HostTensor {
  try {
    const resolved = resolveLimits(limits);
    checkFileSize(bytes.length, resolved, what);
    return tensorFromProto(decodeTensor(bytes, what), what, undefined, { limits: resolved, constantBytes: 0 });
  } catch (e) {
    throw e instanceof LimitError ? new OnnxImportError(e.message) : e;
  }
}
