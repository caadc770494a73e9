// The Input IR dataflow graph as the graph view draws it: graph inputs, cgc_op ops and outputs as
// nodes (constants fold into their users' details), edges per value use, each op's subgraph instance
// and partition from the compile result, and its control-flow region (graph-regions.ts). Pure; runs
// in the layout worker.
import { type Attribute, type Operation, formatAttribute, parseModule, regionOf, typeToString } from '../ir';
import type { CompileResponse } from '../engine/service';
import { type GraphRegion, applyRegions } from './graph-regions';

/** `region`: a closed control-flow region drawn as one node. */
export type NodeKind = 'input' | 'op' | 'output' | 'region';

export interface PortInfo {
  readonly value: string;
  readonly type: string;
  /** The weights name, when the operand is a `cgc.constant`. */
  readonly constant?: string;
}

export interface GraphNode {
  /** `%name` of its (first) result; `%arg` for inputs; `return #i` for outputs. */
  readonly id: string;
  readonly kind: NodeKind;
  /** The op without its dialect (`convolution`), `input` or `output`. */
  readonly op: string;
  readonly attrs: readonly (readonly [string, string])[];
  readonly inputs: readonly PortInfo[];
  readonly outputs: readonly PortInfo[];
  /** Index into GraphModel.groups, when a subgraph holds this op. */
  readonly group?: number;
  /** Index into GraphModel.regions: the open region whose box holds this node. */
  readonly region?: number;
  /** For a `region` node, the closed region it stands for (GraphModel.regions). */
  readonly closedRegion?: number;
}

export interface GraphGroup {
  readonly symbol: string;
  readonly target: string;
  readonly pattern: string;
  readonly partition: number;
  readonly step: number;
}

export interface GraphModel {
  readonly nodes: readonly GraphNode[];
  readonly edges: readonly (readonly [number, number])[];
  /** Per edge: the type of the value it carries (`!cgc.tensor<1x64x!cgc.float32>`). */
  readonly edgeTypes: readonly string[];
  readonly groups: readonly GraphGroup[];
  readonly partitions: readonly { name: string; target: string }[];
  /** Control-flow regions (`cgc.region`), each open (a box) or closed (one node). */
  readonly regions: readonly GraphRegion[];
  /** The nodes closed regions hold (not drawn; counted in the model's facts). */
  readonly closedNodes?: readonly GraphNode[];
  /** Per closed node, the index of the region node that stands for it (search and links land there). */
  readonly closedIn?: readonly number[];
}

export const NODE_HEIGHT = 36;
/** Characters a node's label line shows; longer names lose their middle (the ends tell them apart). */
export const LABEL_CHARS = 30;

/** The two lines drawn in a node: its op, and its value name; a closed region's label and size. */
export function nodeLabel(node: GraphNode, regions: readonly GraphRegion[] = []): [string, string] {
  if (node.kind === 'region') {
    const ops = regions[node.closedRegion!]?.ops ?? 0;
    return [node.op, `${ops} op${ops === 1 ? '' : 's'} · double-click to open`];
  }
  return [node.op, node.kind === 'output' ? node.inputs[0]?.value ?? node.id : node.id];
}

/** `text` cut to `max` characters in the middle: `%StatefulPart…conv2d_3/Relu`. */
export function middleEllipsis(text: string, max = LABEL_CHARS): string {
  if (text.length <= max) return text;
  const head = Math.floor((max - 1) * 0.45);
  return `${text.slice(0, head)}…${text.slice(text.length - (max - 1 - head))}`;
}

/** A tensor type as a person reads it: `!cgc.tensor<1x64x56x56x!cgc.float32>` → `1×64×56×56 float32`. */
export function shapeText(type: string): string {
  const m = /^!cgc\.(?:tensor|memref)<(constant )?((?:[^x<>]+x)*)!cgc\.(\w+)>$/.exec(type);
  if (!m) return type;
  const dims = m[2]!.split('x').filter(Boolean);
  return `${dims.length ? dims.join('×') : 'scalar'} ${m[3]}${m[1] ? ' (constant)' : ''}`;
}

const attrText = (a: Attribute): string => formatAttribute(a);

/**
 * Builds the graph of `inputText`'s first entry point; partitions come from a successful compile;
 * `regions` opens (true) or closes (false) control-flow regions by key (graph-regions.ts).
 */
export function buildGraph(inputText: string, partitions: CompileResponse['partitions'] = [], regions: Readonly<Record<string, boolean>> = {}): GraphModel {
  const { model, paths } = fullGraph(inputText, partitions);
  return applyRegions(model, paths, regions);
}

/** Every node, with each node's region path (empty outside control flow). */
export function fullGraph(inputText: string, partitions: CompileResponse['partitions'] = []): { model: GraphModel; paths: (readonly string[])[] } {
  const { module } = parseModule(inputText, { file: 'input.mlir' });
  const entry = module?.body().operations.find((o) => o.name === 'cgc.entry_point');
  if (!entry) return { model: { nodes: [], edges: [], edgeTypes: [], groups: [], partitions: [], regions: [] }, paths: [] };

  const groups: GraphGroup[] = [];
  const groupOfOp = new Map<string, number>();
  partitions.forEach((p, pi) => {
    for (const sg of p.subgraphs) {
      const g = groups.push({ symbol: sg.symbol, target: sg.target, pattern: sg.pattern, partition: pi, step: sg.step }) - 1;
      for (const id of sg.opIds) groupOfOp.set(id, g);
    }
  });

  const nodes: GraphNode[] = [];
  const paths: (readonly string[])[] = [];
  const edges: [number, number][] = [];
  const edgeTypes: string[] = [];
  const producer = new Map<unknown, number>();
  const constantName = new Map<unknown, string>();
  const port = (v: Operation['operands'][number]): PortInfo => {
    const constant = constantName.get(v);
    return { value: `%${v.nameHint ?? '?'}`, type: typeToString(v.type), ...(constant !== undefined ? { constant } : {}) };
  };
  const link = (op: { readonly operands: readonly Operation['operands'][number][] }, to: number) => {
    const seen = new Set<number>();
    for (const v of op.operands) {
      const from = producer.get(v);
      if (from !== undefined && !seen.has(from)) { edges.push([from, to]); edgeTypes.push(typeToString(v.type)); }
      if (from !== undefined) seen.add(from);
    }
  };

  /**
   * One node per cgc_op. An op with regions (a run-time loop's body, a run-time if's branches) has its
   * regions' ops drawn before it, under their own region paths: each block argument stands for the
   * operand it takes (a loop's iteration number for none), and the op itself reads its first operand
   * (the trip count, the condition) and what each region returns.
   */
  const addOp = (op: Operation): void => {
    const reads: Operation['operands'][number][] = [];
    if (op.regions.length) {
      for (const region of op.regions) {
        const body = region.blocks[0];
        if (!body) continue;
        body.arguments.forEach((a, i) => {
          const operand = op.opName === 'if' ? op.operands[i + 1] : i ? op.operands[i] : undefined;
          const from = operand && producer.get(operand);
          if (from !== undefined) producer.set(a, from);
          if (operand && constantName.has(operand)) constantName.set(a, constantName.get(operand)!);
        });
        for (const inner of body.operations) {
          if (inner.name === 'cgc.return') reads.push(...inner.operands);
          else if (inner.name.startsWith('cgc_op.')) addOp(inner);
        }
      }
    }
    const index = nodes.length;
    const id = `%${op.results[0]?.nameHint ?? index}`;
    const group = groupOfOp.get(id);
    paths.push(regionOf(op.attributes));
    nodes.push({
      id, kind: 'op', op: op.opName,
      attrs: [...op.attributes].map(([k, a]) => [k, attrText(a)] as const),
      inputs: op.operands.map(port), outputs: op.results.map(port),
      ...(group !== undefined ? { group } : {}),
    });
    link(op.regions.length ? { operands: [op.operands[0]!, ...reads] } : op, index);
    for (const r of op.results) producer.set(r, index);
  };

  const block = entry.body();
  for (const arg of block.arguments) {
    producer.set(arg, nodes.length);
    paths.push([]);
    nodes.push({ id: `%${arg.nameHint ?? arg.index}`, kind: 'input', op: 'input', attrs: [], inputs: [], outputs: [port(arg)] });
  }
  for (const op of block.operations) {
    if (op.name === 'cgc.constant') {
      const name = op.attr('name');
      constantName.set(op.results[0], name?.kind === 'string' ? name.value : '?');
      continue;
    }
    if (op.name === 'cgc.return') {
      op.operands.forEach((v, i) => {
        const to = nodes.length;
        paths.push([]);
        nodes.push({ id: `return #${i}`, kind: 'output', op: 'output', attrs: [], inputs: [port(v)], outputs: [] });
        const from = producer.get(v);
        if (from !== undefined) { edges.push([from, to]); edgeTypes.push(typeToString(v.type)); }
      });
      continue;
    }
    if (!op.name.startsWith('cgc_op.')) continue;
    addOp(op);
  }
  return { model: { nodes, edges, edgeTypes, groups, partitions: partitions.map((p) => ({ name: p.name, target: p.target })), regions: [] }, paths };
}
