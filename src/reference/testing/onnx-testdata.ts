// Test-only reader of the ONNX backend test data (/usr/share/libonnx-testdata): just enough protobuf
// to read a node test's model.onnx (the node's op type, inputs and attributes) and its
// test_data_set_0/{input,output}_N.pb TensorProtos. The real ONNX importer lives in
// src/compiler/import/onnx; this stays a small, independent oracle for the reference kernels' tests.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export const ONNX_NODE_TESTS = '/usr/share/libonnx-testdata/data/node';

export interface OnnxTensor {
  name: string;
  dims: number[];
  /** ONNX TensorProto.DataType: 1 float, 2 uint8, 3 int8, 6 int32, 7 int64, 9 bool, 10 float16. */
  dataType: number;
  /** Values as numbers (int64 through Number; float16 decoded by the caller from raw bits if needed). */
  values: number[];
}

export type OnnxAttr = number | string | number[];

export interface OnnxNodeTest {
  opType: string;
  inputs: string[];
  attributes: Map<string, OnnxAttr>;
  /** Test inputs by graph input name, and the expected outputs in order. */
  feeds: Map<string, OnnxTensor>;
  expected: OnnxTensor[];
}

type Field = { no: number; wire: number; varint?: bigint; bytes?: Uint8Array };

function* fields(buf: Uint8Array): Generator<Field> {
  let p = 0;
  const varint = (): bigint => {
    let v = 0n;
    let shift = 0n;
    for (;;) {
      const b = buf[p++]!;
      v |= BigInt(b & 0x7f) << shift;
      if (!(b & 0x80)) return v;
      shift += 7n;
    }
  };
  while (p < buf.length) {
    const key = Number(varint());
    const no = key >> 3;
    const wire = key & 7;
    if (wire === 0) yield { no, wire, varint: varint() };
    else if (wire === 1) { yield { no, wire, bytes: buf.subarray(p, p + 8) }; p += 8; }
    else if (wire === 5) { yield { no, wire, bytes: buf.subarray(p, p + 4) }; p += 4; }
    else if (wire === 2) {
      const n = Number(varint());
      yield { no, wire, bytes: buf.subarray(p, p + n) };
      p += n;
    } else throw new Error(`protobuf wire type ${wire} not supported`);
  }
}

const text = (b: Uint8Array): string => new TextDecoder().decode(b);
const f32 = (b: Uint8Array): number => new DataView(b.buffer, b.byteOffset, 4).getFloat32(0, true);
const signed = (v: bigint): number => Number(BigInt.asIntN(64, v));

/** Varints of a repeated field, packed or not. */
function varints(f: Field): number[] {
  if (f.wire === 0) return [signed(f.varint!)];
  return [...fields(withKeys(f.bytes!))].map((g) => signed(g.varint!));
}

/** Packed varints carry no keys; give each a field-1 varint key so `fields` can read them. */
function withKeys(packed: Uint8Array): Uint8Array {
  const out: number[] = [];
  let start = true;
  for (const b of packed) {
    if (start) out.push(0x08);
    out.push(b);
    start = !(b & 0x80);
  }
  return Uint8Array.from(out);
}

function floats(f: Field): number[] {
  if (f.wire === 5) return [f32(f.bytes!)];
  return Array.from({ length: f.bytes!.length / 4 }, (_, i) => f32(f.bytes!.subarray(i * 4)));
}

export function readTensor(buf: Uint8Array): OnnxTensor {
  const t: OnnxTensor = { name: '', dims: [], dataType: 0, values: [] };
  let raw: Uint8Array | undefined;
  for (const f of fields(buf)) {
    if (f.no === 1) t.dims.push(...varints(f));
    else if (f.no === 2) t.dataType = Number(f.varint!);
    else if (f.no === 4) t.values.push(...floats(f));
    else if (f.no === 5 || f.no === 7) t.values.push(...varints(f));
    else if (f.no === 8) t.name = text(f.bytes!);
    else if (f.no === 9) raw = f.bytes!;
  }
  if (raw) {
    const v = new DataView(raw.buffer, raw.byteOffset, raw.byteLength);
    const size = { 1: 4, 2: 1, 3: 1, 6: 4, 7: 8, 9: 1, 10: 2 }[t.dataType];
    if (!size) throw new Error(`TensorProto data type ${t.dataType} not supported`);
    for (let i = 0; i < raw.length / size; i++) {
      const o = i * size;
      t.values.push(t.dataType === 1 ? v.getFloat32(o, true) : t.dataType === 2 || t.dataType === 9 ? v.getUint8(o)
        : t.dataType === 3 ? v.getInt8(o) : t.dataType === 6 ? v.getInt32(o, true) : t.dataType === 7 ? Number(v.getBigInt64(o, true))
          : v.getUint16(o, true));
    }
  }
  return t;
}

function readAttribute(buf: Uint8Array): [string, OnnxAttr] {
  let name = '';
  let value: OnnxAttr = [];
  for (const f of fields(buf)) {
    if (f.no === 1) name = text(f.bytes!);
    else if (f.no === 2) value = f32(f.bytes!);
    else if (f.no === 3) value = signed(f.varint!);
    else if (f.no === 4) value = text(f.bytes!);
    else if (f.no === 7) value = [...(value as number[]), ...floats(f)];
    else if (f.no === 8) value = [...(value as number[]), ...varints(f)];
  }
  return [name, value];
}

/**
 * The last node of a node test's model (earlier Constant nodes become feeds named by their output),
 * with its test data set 0; undefined when the test is absent.
 */
export function readNodeTest(name: string): OnnxNodeTest | undefined {
  const dir = join(ONNX_NODE_TESTS, name);
  if (!existsSync(join(dir, 'model.onnx'))) return undefined;
  const model = readFileSync(join(dir, 'model.onnx'));
  const graph = [...fields(model)].find((f) => f.no === 7)!.bytes!;
  const test: OnnxNodeTest = { opType: '', inputs: [], attributes: new Map(), feeds: new Map(), expected: [] };
  for (const n of [...fields(graph)].filter((f) => f.no === 1)) {
    let opType = '';
    const inputs: string[] = [];
    const outputs: string[] = [];
    const attributes = new Map<string, OnnxAttr>();
    let constant: OnnxTensor | undefined;
    for (const f of fields(n.bytes!)) {
      if (f.no === 1) inputs.push(text(f.bytes!));
      else if (f.no === 2) outputs.push(text(f.bytes!));
      else if (f.no === 4) opType = text(f.bytes!);
      else if (f.no === 5) {
        const t = [...fields(f.bytes!)].find((g) => g.no === 5);
        if (t) constant = readTensor(t.bytes!);
        else attributes.set(...readAttribute(f.bytes!));
      }
    }
    if (opType === 'Constant' && constant) test.feeds.set(outputs[0]!, constant);
    else Object.assign(test, { opType, inputs, attributes });
  }
  const data = join(dir, 'test_data_set_0');
  for (const file of readdirSync(data).sort((a, b) => a.localeCompare(b, 'en', { numeric: true }))) {
    const t = readTensor(readFileSync(join(data, file)));
    if (file.startsWith('input_')) test.feeds.set(t.name, t);
    else test.expected.push(t);
  }
  return test;
}

/** Names of the node tests whose directory name starts with `prefix`. */
export function listNodeTests(prefix: string): string[] {
  return existsSync(ONNX_NODE_TESTS) ? readdirSync(ONNX_NODE_TESTS).filter((n) => n.startsWith(prefix)).sort() : [];
}
