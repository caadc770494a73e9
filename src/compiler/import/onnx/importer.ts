// importOnnx: an ONNX model (bytes) → a CGC Input IR module with one entry point `@main` whose
// arguments are the graph inputs, whose weights are `cgc.constant` ops backed by the returned
// constants map, and whose results are the graph outputs. Every failure is an OnnxImportError.
import { arrayAttr, intAttr, stringAttr, typeAttr } from '../../../ir/attributes';
import { CGC_VERSION, INTERFACES, INTERFACE_ATTR, VERSION_ATTR } from '../../../ir/interfaces';
import { Operation, type Value } from '../../../ir/operation';
import { ATTR, ENTRY_POINT, MODULE, RETURN } from '../../../ir/structural';
import { functionType } from '../../../ir/types';
import type { HostTensor } from '../../../core';
import { GraphBuilder, NodeCtx, type Produced, isHost } from './context';
import { OnnxImportError, messageOf } from './errors';
import { declaredDims, defaultOpset, inputType, topologicalOrder } from './graph';
import { MAPPERS, SUPPORTED_ONNX_OPS } from './ops';
import { UNSUPPORTED_ONNX_OPS } from './unsupported';
import { type GraphProto, type ModelProto, type TensorProto, decodeModel } from './proto';
import { type ExternalFiles, type TensorBudget, tensorFromProto } from './tensor-proto';
import { fuseLayerNorms } from './fuse';
import { trackOffset } from './offsets';
import { propagateExtents } from './extents';
import type { OpEvaluator } from '../../../ir/evaluator';
import { LimitError, type ResourceLimits, checkFileSize, checkModuleLimits, resolveLimits } from '../../../ir/limits';

export interface ImportOptions {
  /** Files that initializers with data_location = EXTERNAL name in their `location`. */
  readonly externalFiles?: ExternalFiles;
  /** Full shapes for graph inputs with dynamic (dim_param or missing) dimensions. */
  readonly shapes?: Readonly<Record<string, number[]>>;
  /**
   * Values for graph inputs that are really constants (e.g. a Reshape's shape fed as an input, as
   * ONNX's backend tests do): they become constants instead of entry-point arguments.
   */
  readonly constantInputs?: ReadonlyMap<string, HostTensor>;
  /** Put in front of error messages. */
  readonly fileName?: string;
  /** Resource limits (DEFAULT_LIMITS where not given): file size, initializer elements and bytes, then the module's op count and tensor sizes. */
  readonly limits?: Partial<ResourceLimits>;
  /**
   * Evaluates ops whose operands are all constants (within `limits.maxFoldElements`), so shape
   * arithmetic and constant subgraphs import as constants; the engine passes the CPU reference's.
   * Without one nothing is folded, and an input that must be a constant (a Reshape's shape) must
   * be one in the file.
   */
  readonly evaluate?: OpEvaluator;
}

export interface ImportResult {
  readonly module: Operation;
  /** The data behind every `cgc.constant("name")` in the module. */
  readonly constants: Map<string, HostTensor>;
}

/**
 * An ONNX file's protobuf decoded once (`decodeOnnx`), to import at several sets of input shapes
 * without decoding the file again (a session's sizes: the decode is a third of an import). Its
 * tensors are views of `bytes`, which must not change.
 */
export interface DecodedOnnx {
  readonly bytes: Uint8Array;
  readonly model: ModelProto;
}

/** Decodes an ONNX file for `importOnnx` and `onnxGraphIo`; throws OnnxImportError where it does not decode. */
export function decodeOnnx(bytes: Uint8Array, opts: Pick<ImportOptions, 'limits' | 'fileName'> = {}): DecodedOnnx {
  return withImportErrors(opts.fileName, () => decoded(bytes, opts));
}

export function importOnnx(source: Uint8Array | DecodedOnnx, opts: ImportOptions = {}): ImportResult {
  return withImportErrors(opts.fileName, () => importModel(source instanceof Uint8Array ? decoded(source, opts) : source, opts));
}

/** `bytes` within the file size limit, decoded (errors as they are thrown). */
function decoded(bytes: Uint8Array, opts: Pick<ImportOptions, 'limits'>): DecodedOnnx {
  checkFileSize(bytes.length, resolveLimits(opts.limits), 'the model file');
  return { bytes, model: decodeModel(bytes) };
}

/** `run`'s result, its input errors as OnnxImportError naming `fileName`. */
function withImportErrors<T>(fileName: string | undefined, run: () => T): T {
  try {
    return run();
  } catch (e) {
    // A passed limit, and stack exhaustion (absurdly deep protobuf nesting), are input errors too;
    // any other RangeError is a bug in the importer and stays one.
    const err = e instanceof OnnxImportError ? e
      : e instanceof LimitError || (e instanceof RangeError && /call stack/i.test(e.message)) ? new OnnxImportError(messageOf(e)) : undefined;
    if (!err) throw e;
    if (fileName) err.message = `${fileName}: ${err.message}`;
    throw err;
  }
}

function importModel({ model }: DecodedOnnx, opts: ImportOptions): ImportResult {
  const limits = resolveLimits(opts.limits);
  const budget: TensorBudget = { limits, constantBytes: 0 };
  if (!model.graph) throw new OnnxImportError('the model has no graph');
  // Layer normalizations written out as ops are fused into a node list of this import's own: the
  // decoded model is imported again at other shapes.
  const graph: GraphProto = { ...model.graph, node: fuseLayerNorms(model.graph, opts.externalFiles) };
  const opset = defaultOpset(model);
  const entry = new Operation(ENTRY_POINT, [], [], new Map([[ATTR.symName, stringAttr('main')]]));
  const block = entry.addRegion().addBlock();
  const g = new GraphBuilder(block, opts.externalFiles, opts.evaluate, limits.maxFoldElements);
  g.maxOps = limits.maxOps;
  g.importGraph = (sub, inputs, subOpset) => g.scoped(() => mapGraph(g, sub, inputs, subOpset, (init) => tensorFromProto(init, `initializer '${init.name}'`, opts.externalFiles, budget)));

  defineInitializers(g, graph, (init) => tensorFromProto(init, `initializer '${init.name}'`, opts.externalFiles, budget));
  for (const vi of graph.input) {
    if (g.has(vi.name)) continue; // IR < 4 lists initializers among the inputs too.
    const bound = opts.constantInputs?.get(vi.name);
    if (bound) {
      g.define(vi.name, bound);
      continue;
    }
    g.define(vi.name, block.addArgument(inputType(vi, opts.shapes ?? {})));
  }
  const defined = new Set([...graph.initializer.map((t) => t.name), ...graph.input.map((i) => i.name)]);
  for (const i of topologicalOrder(graph, defined)) mapNode(g, graph, i, opset);

  const results = graph.output.map((o) => outputValue(g, o.name));
  // A bounded output returns its count too, after the graph's outputs; `extents` pairs them.
  const counts: Value[] = [];
  const extents: number[] = [];
  results.forEach((r, i) => {
    const e = g.extents.get(r);
    if (!e) return;
    const c = counts.includes(e.count) ? counts.indexOf(e.count) : counts.push(e.count) - 1;
    extents.push(i, graph.output.length + c, e.axis);
  });
  results.push(...counts);
  if (extents.length) entry.attributes.set(ATTR.extents, arrayAttr(extents.map(intAttr)));
  block.append(new Operation(RETURN, results, []));
  entry.attributes.set(ATTR.functionType, typeAttr(functionType(block.arguments.map((a) => a.type), results.map((r) => r.type))));

  const module = new Operation(MODULE, [], [], new Map([
    [INTERFACE_ATTR, stringAttr(INTERFACES.CGC_INPUT)], [VERSION_ATTR, stringAttr(CGC_VERSION)],
  ]));
  module.addRegion().addBlock().append(entry);
  const overLimit = checkModuleLimits(module, limits);
  if (overLimit) throw new OnnxImportError(overLimit.message);
  return { module, constants: g.constants };
}

function defineInitializers(g: GraphBuilder, graph: GraphProto, decode: (init: TensorProto) => HostTensor): void {
  if (graph.sparse_initializer.length) throw new OnnxImportError('sparse initializers are not supported');
  for (const vi of [...graph.output, ...graph.value_info]) {
    const dims = declaredDims(vi);
    if (dims) g.declared.set(vi.name, dims);
  }
  for (const init of graph.initializer) {
    if (!init.name) throw new OnnxImportError('an initializer has no name');
    g.define(init.name, decode(init));
  }
}

/**
 * A nested graph (a branch or a body), mapped into the entry point's block in the builder's current
 * scope: its inputs bound to `inputs`, its nodes mapped in topological order (names of enclosing
 * scopes count as defined), its outputs returned. Control flow is lowered by the caller, so the
 * graph's ops join the one dataflow graph.
 */
function mapGraph(g: GraphBuilder, graph: GraphProto, inputs: readonly Produced[], opset: number, decode: (init: TensorProto) => HostTensor): Produced[] {
  defineInitializers(g, graph, decode);
  graph.input.forEach((vi, i) => g.define(vi.name, inputs[i]!));
  for (const i of topologicalOrder(graph, g)) mapNode(g, graph, i, opset);
  return graph.output.map((o) => g.produced(o.name));
}

function mapNode(g: GraphBuilder, graph: GraphProto, index: number, opset: number): void {
  const node = graph.node[index]!;
  const n = new NodeCtx(g, node, opset);
  const mapper = node.domain === '' || node.domain === 'ai.onnx' ? MAPPERS[node.op_type] : undefined;
  if (!mapper) {
    const domain = node.domain && node.domain !== 'ai.onnx' ? ` in domain '${node.domain}'` : '';
    const why = domain ? undefined : UNSUPPORTED_ONNX_OPS[node.op_type];
    throw new OnnxImportError(`unsupported ONNX op '${node.op_type}'${domain} (node ${n.label}, opset ${opset})${why ? `: ${why}` : ''}`
      + `; docs/operators.md lists what is supported; supported ops: ${SUPPORTED_ONNX_OPS.join(', ')}`);
  }
  const produced = mapper(n);
  const offset = trackOffset(n, produced, g.offsets);
  if (offset) g.offsets.set(produced[0] as Value, offset);
  propagateExtents(n, produced, (p) => (isHost(p) ? undefined : g.extents.get(p))).forEach((e, i) => {
    const p = produced[i];
    if (e && p && !isHost(p)) g.extents.set(p, e);
  });
  node.output.forEach((name, i) => {
    if (!name) return;
    const p = produced[i];
    if (!p) n.fail(`output #${i} ('${name}') is not supported`);
    g.define(name, p);
  });
}

/** A graph output; a constant (folded) output is returned through cgc_op.identity, as results are not constants. */
function outputValue(g: GraphBuilder, name: string): Value {
  const p = g.produced(name);
  if (!isHost(p)) return p;
  const c = g.valueOf(name);
  const id = new Operation('cgc_op.identity', [c], [{ ...c.type, constant: false }]);
  g.block.append(id);
  const v = id.results[0]!;
  v.nameHint = g.hint(name);
  return v;
}
