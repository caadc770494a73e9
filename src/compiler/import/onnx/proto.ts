// Decodes ONNX protobuf messages with protobufjs from the embedded onnx.proto, into plain typed
// objects (field names as in onnx.proto). Decoding failures become OnnxImportError.
import protobuf from 'protobufjs/minimal.js';
import { onnx } from './onnx-proto.js';
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
  /** Types the model declares for values inside the graph (optional; a bound for a run-time loop's scan output). */
  value_info: ValueInfoProto[];
}

export interface ModelProto {
  ir_version: Int64;
  producer_name: string;
  producer_version: string;
  opset_import: { domain: string; version: Int64 }[];
  graph?: GraphProto | null;
}

// The decoders are static code generated from onnx.proto (onnx-proto.js, snake_case field names as
// in the schema): no eval, which a strict Content-Security-Policy forbids in the page and workers.

/** Where a protobufjs reader stopped: its position, the end of the message it was in, and the bytes. */
export interface ReaderState {
  readonly pos: number;
  readonly len: number;
  readonly buf: Uint8Array;
}

/**
 * The length varint that ends just before `pos` (a nested message's length, read before protobufjs
 * checked it). Scanning back is unambiguous: a varint's earlier bytes have the high bit set, and the
 * field tag before it ends in a byte without.
 */
function lengthBefore({ pos, buf }: ReaderState): number | undefined {
  let i = pos - 1;
  if (i < 0 || buf[i]! & 0x80) return undefined;
  while (i > 0 && buf[i - 1]! & 0x80) i--;
  let v = 0;
  for (let k = pos - 1; k >= i; k--) v = v * 128 + (buf[k]! & 0x7f);
  return v;
}

function cutShort(what: string, kind: string, size: number, missing: number): string {
  return `${what} is not a complete ${kind}: it ends at byte ${size} inside a field that needs ${missing} more byte${missing === 1 ? '' : 's'} (the file was cut short, or is not ONNX)`;
}

/**
 * protobufjs's decode errors in a reader's words. A truncated file ("index out of range: 3 + 18 > 6",
 * or a bare "index out of range" when a nested message's length runs past the end) says where the
 * file ends and how much is missing; bytes that are no protobuf say where they stop making sense.
 */
export function decodeErrorText(e: unknown, what: string, typeName: string, at: ReaderState): string {
  const kind = typeName === 'ModelProto' ? 'ONNX model' : `ONNX ${typeName}`;
  const size = at.buf.length;
  const message = messageOf(e);
  const field = /^index out of range: (\d+) \+ (\d+) > (\d+)$/.exec(message);
  if (field) {
    const [pos, need, end] = field.slice(1).map(Number) as [number, number, number];
    if (end < size) return `${what} is not a valid ${kind}: a field at byte ${pos} runs past the end of the message holding it (byte ${end}); the file is damaged`;
    return cutShort(what, kind, size, pos + need - end);
  }
  if (message === 'index out of range') {
    const length = lengthBefore(at);
    if (length !== undefined && at.len === size) return cutShort(what, kind, size, at.pos + length - size);
    return `${what} is not a valid ${kind}: a message at byte ${at.pos} runs past the end of the one holding it; the file is damaged or cut short`;
  }
  const wire = /^invalid wire type (\d+) at offset (\d+)$/.exec(message);
  if (wire) return `${what} is not an ${kind}: the bytes at offset ${wire[2]} are not a protobuf field (wire type ${wire[1]}); the file is damaged or in another format`;
  return `${what} could not be read as an ${kind} (protobuf: ${message})`;
}

function decode<T>(type: { decode(r: protobuf.Reader): unknown }, typeName: string, bytes: Uint8Array, what: string): T {
  const reader = protobuf.Reader.create(bytes);
  try {
    return type.decode(reader) as T;
  } catch (e) {
    // protobufjs throws RangeError/Error on truncation, bad wire types and over-deep nesting.
    throw new OnnxImportError(decodeErrorText(e, what, typeName, reader));
  }
}

export function decodeModel(bytes: Uint8Array, what = 'model'): ModelProto {
  return decode<ModelProto>(onnx.ModelProto, 'ModelProto', bytes, what);
}

export function decodeTensor(bytes: Uint8Array, what = 'tensor'): TensorProto {
  return decode<TensorProto>(onnx.TensorProto, 'TensorProto', bytes, what);
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
