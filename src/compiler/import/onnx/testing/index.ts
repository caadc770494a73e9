// Test helpers: ONNX models built as plain objects and encoded with protobufjs, so each mapping
// test states its graph in a few lines. Imports fold with the CPU reference, as the engine's do.
import protobuf from 'protobufjs';
import { printModule, verifyModule } from '../../../../ir';
import { evaluateOp } from '../../../../reference';
import { type ImportOptions, type ImportResult, importOnnx } from '../importer';
import { ONNX_PROTO } from '../onnx-schema';

// Encoding for tests only: protobufjs's reflection (which generates code with eval) from the schema
// text; the importer decodes with static code (onnx-proto.js). keepCase keeps snake_case field names.
const root = protobuf.parse(ONNX_PROTO, { keepCase: true }).root;
export const MODEL_PROTO = root.lookupType('onnx.ModelProto');
export const TENSOR_PROTO = root.lookupType('onnx.TensorProto');

/** importOnnx with the CPU reference as its evaluator (what `openModel` passes). */
export function importFolded(bytes: Uint8Array, opts: ImportOptions = {}): ImportResult {
  return importOnnx(bytes, { evaluate: evaluateOp, ...opts });
}

export const FLOAT = 1;
export const INT64 = 7;

export interface AttrSpec { [name: string]: number | number[] | string | { floats: number[] } | { f: number } | { t: object } | { strings: string[] } | { g: GraphSpec } }

/** A graph attribute (an If branch, a Loop or Scan body). */
export function graphAttr(g: GraphSpec): { g: GraphSpec } {
  return { g };
}

/** An AttributeProto: integers as INT(S), strings as STRING, `{f}` / `{floats}` for floats, `{t}` for a tensor, `{strings}` for STRINGS, `{g}` for a GRAPH. */
function attribute(name: string, v: AttrSpec[string]): object {
  if (typeof v === 'number') return { name, type: 2, i: v };
  if (typeof v === 'string') return { name, type: 3, s: new TextEncoder().encode(v) };
  if (Array.isArray(v)) return { name, type: 7, ints: v };
  if ('f' in v) return { name, type: 1, f: v.f };
  if ('floats' in v) return { name, type: 6, floats: v.floats };
  if ('strings' in v) return { name, type: 8, strings: v.strings.map((x) => new TextEncoder().encode(x)) };
  if ('g' in v) return { name, type: 5, g: graphProto(v.g) };
  return { name, type: 4, t: v.t };
}

export function node(op: string, inputs: string[], outputs: string[], attrs: AttrSpec = {}, name = ''): object {
  return { op_type: op, input: inputs, output: outputs, name, attribute: Object.entries(attrs).map(([k, v]) => attribute(k, v)) };
}

export function tensorInfo(name: string, dims: (number | string)[], elemType = FLOAT): object {
  return {
    name,
    type: { tensor_type: { elem_type: elemType, shape: { dim: dims.map((d) => (typeof d === 'number' ? { dim_value: d } : { dim_param: d })) } } },
  };
}

export function floatTensor(name: string, dims: number[], values: number[]): object {
  return { name, dims, data_type: FLOAT, float_data: values };
}

export function intTensor(name: string, dims: number[], values: number[]): object {
  return { name, dims, data_type: INT64, int64_data: values };
}

export interface GraphSpec {
  nodes: object[];
  inputs: object[];
  outputs: object[];
  initializers?: object[];
  opset?: number;
}

function graphProto(g: GraphSpec): object {
  return { name: 'g', node: g.nodes, input: g.inputs, output: g.outputs, initializer: g.initializers ?? [] };
}

export function modelBytes(g: GraphSpec): Uint8Array {
  const msg = MODEL_PROTO.fromObject({
    ir_version: 8,
    opset_import: [{ domain: '', version: g.opset ?? 17 }],
    graph: graphProto(g),
  });
  return MODEL_PROTO.encode(msg).finish();
}

export function tensorBytes(t: object): Uint8Array {
  return TENSOR_PROTO.encode(TENSOR_PROTO.fromObject(t)).finish();
}

/** Imports a model, checks that it verifies, and returns its printed IR and constants. */
export function importText(g: GraphSpec, opts: ImportOptions = {}): { text: string; constants: ReturnType<typeof importOnnx>['constants'] } {
  const { module, constants } = importFolded(modelBytes(g), opts);
  const diags = verifyModule(module);
  if (diags.length) throw new Error(`module does not verify: ${diags.map((d) => d.message).join('\n')}\n${printModule(module)}`);
  return { text: printModule(module), constants };
}

/** Shorthand: one node `op(x …) → y` over float inputs of the given shapes, output declared without shape. */
export function single(op: string, shapes: number[][], attrs: AttrSpec = {}, extra: Partial<GraphSpec> = {}): string {
  const names = shapes.map((_, i) => `x${i}`);
  const inits = (extra.initializers ?? []) as { name: string }[];
  return importText({
    nodes: [node(op, [...names, ...inits.map((t) => t.name)], ['y'], attrs)],
    inputs: shapes.map((s, i) => tensorInfo(names[i]!, s)),
    outputs: [{ name: 'y' }],
    ...extra,
  }).text;
}

/**
 * A chain of `n` ops over a 1×4 float input: `Relu`, or `Reshape` (to the same shape: each one a
 * view of the last). Long chains are what a recursion or an argument spread over ops overflows on.
 */
export function chainModel(n: number, op: 'Relu' | 'Reshape' = 'Relu'): Uint8Array {
  const nodes: object[] = [];
  const value = (i: number) => (i < 0 ? 'x' : i === n - 1 ? 'y' : `t${i}`);
  for (let i = 0; i < n; i++) nodes.push(node(op, op === 'Reshape' ? [value(i - 1), 'shape'] : [value(i - 1)], [value(i)]));
  return modelBytes({
    nodes, inputs: [tensorInfo('x', [1, 4])], outputs: [tensorInfo('y', [1, 4])],
    initializers: op === 'Reshape' ? [intTensor('shape', [2], [1, 4])] : [],
  });
}
