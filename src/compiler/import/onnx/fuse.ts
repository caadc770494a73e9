// Graph rewrites before mapping, where ONNX spells one op as several: a layer normalization written
// out (exports before opset 17 have no LayerNormalization) becomes one LayerNormalization node, so
// the compiler sees — and the WebGPU target runs — one row kernel instead of five kernels.
import { toNumbers } from './host';
import { numElements } from '../../../ir';
import { type AttributeProto, type GraphProto, type NodeProto, type TensorProto, int64ToNumber } from './proto';
import { type ExternalFiles, tensorFromProto } from './tensor-proto';

/** A small constant's values by name (initializers and Constant nodes), or undefined. */
type Constants = (name: string) => number[] | undefined;

const ATTR_FLOAT = 1;
const ATTR_INT = 2;

/**
 * The graph's nodes with each written-out layer normalization over the last axis replaced by one
 * LayerNormalization node (axis −1, its ε), PyTorch's export of nn.LayerNorm at opsets 9–16:
 *
 *   m = ReduceMean(x, axes [−1]); d = Sub(x, m); v = ReduceMean(Pow(d, 2), axes [−1]);
 *   y = Add(Mul(Div(d, Sqrt(Add(v, ε))), γ), β)        with γ and β 1-D initializers (or Identity of one).
 *
 * Every intermediate must be read only inside the pattern (d by the Pow and the Div) and not be a
 * graph output; anything else is left as written.
 */
export function fuseLayerNorms(graph: GraphProto, files?: ExternalFiles): NodeProto[] {
  const readers = new Map<string, number[]>();
  graph.node.forEach((n, i) => { for (const v of n.input) if (v) readers.set(v, [...(readers.get(v) ?? []), i]); });
  const outputs = new Set(graph.output.map((o) => o.name));
  const producer = new Map<string, number>();
  graph.node.forEach((n, i) => { for (const o of n.output) if (o) producer.set(o, i); });
  const constants = constantValues(graph, files);
  const initializer1d = new Set(graph.initializer.filter((t) => t.dims.length === 1).map((t) => t.name));
  /** Whether `v` is a 1-D initializer, or an Identity of one (exporters share equal initializers so). */
  const vector = (v: string): boolean => {
    const p = producer.get(v);
    if (p === undefined) return initializer1d.has(v);
    return graph.node[p]!.op_type === 'Identity' && vector(graph.node[p]!.input[0]!);
  };
  /** The one node reading `v` (of type `op`), when `v` is read once and is no graph output. */
  const sole = (v: string | undefined, op: string): number | undefined => {
    const r = v === undefined ? undefined : readers.get(v);
    return r?.length === 1 && !outputs.has(v!) && graph.node[r[0]!]!.op_type === op ? r[0] : undefined;
  };
  const other = (n: NodeProto, v: string) => (n.input[0] === v ? n.input[1] : n.input[1] === v ? n.input[0] : undefined);
  const scalar = (name: string | undefined) => {
    const c = name === undefined ? undefined : constants(name);
    return c?.length === 1 ? c[0] : undefined;
  };
  const meanOverLast = (n: NodeProto) => {
    const axes = n.attribute.find((a) => a.name === 'axes')?.ints.map(int64ToNumber) ?? (n.input[1] ? constants(n.input[1]) : undefined);
    const keep = n.attribute.find((a) => a.name === 'keepdims');
    return axes?.length === 1 && axes[0] === -1 && (!keep || int64ToNumber(keep.i) === 1);
  };
  const removed = new Set<number>();
  const replaced = new Map<number, NodeProto>();
  graph.node.forEach((mean, i) => {
    if (mean.op_type !== 'ReduceMean' || !meanOverLast(mean)) return;
    const x = mean.input[0]!;
    const s = sole(mean.output[0], 'Sub');
    const sub = s === undefined ? undefined : graph.node[s]!;
    if (!sub || sub.input[0] !== x || sub.input[1] !== mean.output[0]) return;
    const d = sub.output[0]!;
    const dReaders = readers.get(d) ?? [];
    const pi = dReaders.find((r) => graph.node[r]!.op_type === 'Pow');
    const di = dReaders.find((r) => graph.node[r]!.op_type === 'Div');
    if (dReaders.length !== 2 || outputs.has(d) || pi === undefined || di === undefined) return;
    const pow = graph.node[pi]!;
    const div = graph.node[di]!;
    if (pow.input[0] !== d || scalar(pow.input[1]) !== 2 || div.input[0] !== d) return;
    const vi = sole(pow.output[0], 'ReduceMean');
    if (vi === undefined || !meanOverLast(graph.node[vi]!)) return;
    const ai = sole(graph.node[vi]!.output[0], 'Add');
    const add = ai === undefined ? undefined : graph.node[ai]!;
    const epsilon = add && scalar(other(add, graph.node[vi]!.output[0]!));
    if (!add || epsilon === undefined) return;
    const qi = sole(add.output[0], 'Sqrt');
    if (qi === undefined || div.input[1] !== graph.node[qi]!.output[0] || sole(graph.node[qi]!.output[0], 'Div') !== di) return;
    const mi = sole(div.output[0], 'Mul');
    const mul = mi === undefined ? undefined : graph.node[mi]!;
    const gamma = mul && other(mul, div.output[0]!);
    const bi = mul && sole(mul.output[0], 'Add');
    const biasAdd = bi === undefined ? undefined : graph.node[bi]!;
    const beta = biasAdd && other(biasAdd, mul!.output[0]!);
    if (!gamma || !beta || !vector(gamma) || !vector(beta)) return;
    for (const k of [i, s!, pi, vi, ai!, qi, di, mi!]) removed.add(k);
    replaced.set(bi!, {
      input: [x, gamma, beta], output: [biasAdd!.output[0]!], name: biasAdd!.name || mean.name, op_type: 'LayerNormalization', domain: '',
      attribute: [attribute('axis', ATTR_INT, -1), attribute('epsilon', ATTR_FLOAT, epsilon)],
    });
  });
  return graph.node.flatMap((n, i) => (removed.has(i) ? [] : [replaced.get(i) ?? n]));
}

function attribute(name: string, type: number, value: number): AttributeProto {
  return { name, type, f: type === ATTR_FLOAT ? value : 0, i: type === ATTR_INT ? value : 0, s: new Uint8Array(), floats: [], ints: [], strings: [] };
}

/** Values of the graph's initializers and Constant nodes of at most 8 elements (what patterns compare against). */
function constantValues(graph: GraphProto, files?: ExternalFiles): Constants {
  const small = new Map<string, () => number[]>();
  const few = (t: TensorProto) => numElements(t.dims.map(int64ToNumber)) <= 8;
  for (const t of graph.initializer) {
    if (few(t)) small.set(t.name, () => toNumbers(tensorFromProto(t, `initializer '${t.name}'`, files)));
  }
  for (const n of graph.node) {
    if (n.op_type !== 'Constant' || !n.output[0]) continue;
    const a = n.attribute[0];
    if (a?.name === 'value' && a.t && few(a.t)) small.set(n.output[0], () => toNumbers(tensorFromProto(a.t!, `Constant '${n.output[0]}'`, files)));
    else if (a?.name === 'value_float') small.set(n.output[0], () => [a.f]);
    else if (a?.name === 'value_int') small.set(n.output[0], () => [int64ToNumber(a.i)]);
  }
  return (name) => {
    try {
      return small.get(name)?.();
    } catch {
      return undefined;
    }
  };
}
