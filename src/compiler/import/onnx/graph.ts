// Graph-level checks before mapping: opset, graph inputs with static shapes (dynamic dims fixed by
// the caller's `shapes`), and a topological order of the nodes (missing values and cycles named).
import { ownValue } from '../../../core';
import { type ShapedType, tensorType } from '../../../ir/types';
import { OnnxImportError } from './errors';
import { type GraphProto, type ModelProto, type NodeProto, type ValueInfoProto, int64ToNumber } from './proto';
import { checkImportShape, elementOf } from './tensor-proto';

/**
 * Oldest default-domain opset read. The mappers follow opsets 7–21; of opsets 1–6 they honour what
 * old exporters (PyTorch's opset 6) use: `broadcast`/`axis` on binary ops, attributes that later
 * became inputs, and ignorable training attributes (is_test, consumed_inputs, momentum).
 */
export const MIN_OPSET = 1;
/** The newest default-domain opset whose op semantics the mappings follow. */
export const MAX_OPSET = 21;

export function defaultOpset(model: ModelProto): number {
  const entry = model.opset_import.find((o) => o.domain === '' || o.domain === 'ai.onnx');
  if (!entry) throw new OnnxImportError('the model imports no default-domain (ai.onnx) opset');
  const v = int64ToNumber(entry.version);
  if (v < MIN_OPSET) throw new OnnxImportError(`opset ${v} is older than ${MIN_OPSET}, the oldest this importer reads`);
  // A later opset may change what an op means without changing its name: refused, not guessed
  // (docs/security.md, "Engine and CLI").
  if (v > MAX_OPSET) {
    throw new OnnxImportError(`the model imports default-domain (ai.onnx) opset ${v}; this importer reads opsets up to ${MAX_OPSET}`
      + ' (re-export the model at a supported opset)');
  }
  return v;
}

/** The dims a value's declared type gives (undefined where one is dynamic); undefined without a tensor shape. */
export function declaredDims(vi: ValueInfoProto): (number | undefined)[] | undefined {
  const dims = vi.type?.tensor_type?.shape?.dim;
  return dims?.map((d) => (Object.hasOwn(d, 'dim_value') ? int64ToNumber(d.dim_value!) : undefined));
}

/** A graph input's static type: dims from the model, dynamic ones from `shapes[name]`. */
export function inputType(vi: ValueInfoProto, shapes: Readonly<Record<string, number[]>>): ShapedType {
  const what = `graph input '${vi.name}'`;
  const tt = vi.type?.tensor_type;
  if (!tt) throw new OnnxImportError(`${what} is not a tensor (sequences, maps and optionals are not supported)`);
  const element = elementOf(tt.elem_type, what);
  const given = ownValue(shapes, vi.name);
  const dims = tt.shape?.dim;
  if (!dims) {
    if (!given) throw new OnnxImportError(`${what} has no shape; give it with shapes: { '${vi.name}': [...] }`);
    checkImportShape(given, what, Infinity);
    return tensorType(given, element);
  }
  if (given && given.length !== dims.length) {
    throw new OnnxImportError(`${what} has rank ${dims.length}, but the shape given for it, [${given.join(', ')}], has rank ${given.length}`);
  }
  const shape = dims.map((d, i) => {
    // protobufjs sets decoded fields as own properties; defaults live on the prototype.
    const known = Object.hasOwn(d, 'dim_value') ? int64ToNumber(d.dim_value!) : undefined;
    if (given) {
      if (known !== undefined && given[i] !== known) {
        throw new OnnxImportError(`${what} dimension ${i} is ${known} in the model, but the shape given for it says ${given[i]}`);
      }
      return given[i]!;
    }
    if (known === undefined) {
      const param = d.dim_param ? ` ('${d.dim_param}')` : '';
      throw new OnnxImportError(`${what} dimension ${i}${param} is dynamic; give the input's full shape with shapes: { '${vi.name}': [...] }`);
    }
    return known;
  });
  // The element count is the resource limits' to check (an input is not allocated here).
  checkImportShape(shape, what, Infinity);
  return tensorType(shape, element);
}

/** The graph-valued attributes of a node (If's branches, Loop's and Scan's bodies). */
export function subgraphsOf(node: NodeProto): GraphProto[] {
  return node.attribute.flatMap((a) => (a.g ? [a.g as GraphProto] : []));
}

/**
 * Names a nested graph uses from the scopes around it: read by its nodes (or their own nested
 * graphs) or returned as outputs, and defined by none of its inputs, initializers or nodes.
 */
export function outerNames(graph: GraphProto): Set<string> {
  const own = new Set([...graph.input.map((i) => i.name), ...graph.initializer.map((t) => t.name)]);
  for (const node of graph.node) for (const o of node.output) own.add(o);
  const used = new Set<string>();
  for (const node of graph.node) {
    for (const name of node.input) if (name) used.add(name);
    for (const sub of subgraphsOf(node)) for (const name of outerNames(sub)) used.add(name);
  }
  for (const o of graph.output) used.add(o.name);
  return new Set([...used].filter((name) => !own.has(name)));
}

/** A node's inputs, explicit and implicit (the enclosing values its nested graphs use). */
function nodeInputs(node: NodeProto): Set<string> {
  const names = new Set(node.input);
  for (const sub of subgraphsOf(node)) for (const name of outerNames(sub)) names.add(name);
  return names;
}

/** Node indices in an order where every input is defined before use; names what is missing or cyclic. */
export function topologicalOrder(graph: GraphProto, defined: { has(name: string): boolean }): number[] {
  const producer = new Map<string, number>();
  graph.node.forEach((node, i) => {
    for (const o of node.output) {
      if (!o) continue;
      if (producer.has(o) || defined.has(o)) throw new OnnxImportError(`value '${o}' is defined twice (output of node ${label(graph, i)})`);
      producer.set(o, i);
    }
  });
  const waiting = graph.node.map(() => 0);
  const users = graph.node.map((): number[] => []);
  graph.node.forEach((node, i) => {
    for (const name of nodeInputs(node)) {
      if (!name || defined.has(name)) continue;
      const p = producer.get(name);
      if (p === undefined) {
        throw new OnnxImportError(`node ${label(graph, i)} uses '${name}', which no node, graph input or initializer defines`);
      }
      waiting[i]!++;
      users[p]!.push(i);
    }
  });
  const ready = waiting.flatMap((w, i) => (w === 0 ? [i] : []));
  const order: number[] = [];
  for (let k = 0; k < ready.length; k++) {
    const i = ready[k]!;
    order.push(i);
    for (const u of users[i]!) if (--waiting[u]! === 0) ready.push(u);
  }
  if (order.length < graph.node.length) {
    const stuck = waiting.findIndex((w) => w > 0);
    throw new OnnxImportError(`the graph has a cycle through node ${label(graph, stuck)}`);
  }
  return order;
}

function label(graph: GraphProto, i: number): string {
  const n = graph.node[i]!;
  return `'${n.name || n.output[0] || `#${i}`}' (${n.op_type})`;
}
