// Decodes ONNX protobuf messages with protobufjs from the embedded onnx.proto, into plain typed
// objects (field names as in onnx.proto). Decoding failures become OnnxImportError.
import protobuf from 'protobufjs';
import { ONNX_PROTO } from './onnx-schema';
import { OnnxImportError, messageOf } from './errors';

/** protobufjs gives int64 fields as Long objects (or numbers when they fit). */
export type Int64 = number | { low: number; high: number; unsigned?: boolean };

export interface StringEntry { key: string; value: string }

export interface TensorProto {
  dims: Int64[];
  data_type: number;
  float_data: number[];
  int32_data: number[];
  int64_data: Int64[];
  double_data: number[];
  uint64_data: Int64[];
  string_data: Uint8Array[];
  raw_data: Uint8Array;
  name: string;
  data_location: number;
  external_data: StringEntry[];
}

export interface AttributeProto {
  name: string;
  type: number;
  f: number;
  i: Int64;
  s: Uint8Array;
  t?: TensorProto | null;
  g?: unknown;
  floats: number[];
  ints: Int64[];
  strings: Uint8Array[];
  sparse_tensor?: unknown;
}

export interface NodeProto {
  input: string[];
  output: string[];
  name: string;
  op_type: string;
  domain: string;
  attribute: AttributeProto[];
}

export interface Dimension { dim_value?: Int64; dim_param?: string; value?: string }
export interface TypeProto {
  tensor_type?: { elem_type: number; shape?: { dim: Dimension[] } | null } | null;
  value?: string;
}
export interface ValueInfoProto { name: string; type?: TypeProto | null }

export interface GraphProto {
  node: NodeProto[];
  name: string;
  initializer: TensorProto[];
  sparse_initializer: unknown[];
  input: ValueInfoProto[];
  output: ValueInfoProto[];
}

export interface ModelProto {
  ir_version: Int64;
  opset_import: { domain: string; version: Int64 }[];
  graph?: GraphProto | null;
}

// The schema is proto2 text; keepCase keeps onnx.proto's snake_case field names.
const root = protobuf.parse(ONNX_PROTO, { keepCase: true }).root;
export const MODEL_PROTO = root.lookupType('onnx.ModelProto');
export const TENSOR_PROTO = root.lookupType('onnx.TensorProto');

function decode<T>(type: protobuf.Type, bytes: Uint8Array, what: string): T {
  try {
    return type.decode(bytes) as unknown as T;
  } catch (e) {
    // protobufjs throws RangeError/Error on truncation, bad wire types and over-deep nesting.
    throw new OnnxImportError(`${what} is not a valid protobuf ${type.name}: ${messageOf(e)}`);
  }
}

export function decodeModel(bytes: Uint8Array, what = 'model'): ModelProto {
  return decode<ModelProto>(MODEL_PROTO, bytes, what);
}

export function decodeTensor(bytes: Uint8Array, what = 'tensor'): TensorProto {
  return decode<TensorProto>(TENSOR_PROTO, bytes, what);
}

/** An int64 field as a bigint, exactly. */
export function int64ToBigInt(v: Int64): bigint {
  if (typeof v === 'number') return BigInt(v);
  const big = (BigInt(v.high >>> 0) << 32n) | BigInt(v.low >>> 0);
  return v.unsigned ? big : BigInt.asIntN(64, big);
}

/** An int64 field as a number (rounded beyond ±2^53, which only sentinels such as INT64_MAX reach). */
export function int64ToNumber(v: Int64): number {
  return typeof v === 'number' ? v : Number(int64ToBigInt(v));
}

/** Bytes of a `string` field in onnx.proto's `bytes` form, as UTF-8 text. */
export function bytesToString(b: Uint8Array): string {
  return new TextDecoder().decode(b);
}
