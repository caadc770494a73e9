// The importer's state while it walks the graph: ONNX value names → IR values or host constants
// (materialized as `cgc.constant` ops on first use), and the per-node view the op mappers use
// (inputs, constant inputs, attributes, `emit` with inference, errors that name the node).
import {
  type Attribute, arrayAttr, boolAttr, floatAttr, intAttr, stringAttr, typeAttr,
} from '../../../ir/attributes';
import { IRError } from '../../../ir/diagnostics';
import '../../../ir/ops'; // registers every cgc_op declaration that inferOp checks against
import { type Block, Operation, Value } from '../../../ir/operation';
import { REGION_ATTR, getOpDef, inferOp } from '../../../ir/registry';
import { ATTR, CONSTANT } from '../../../ir/structural';
import { type ElementType, type ShapedType, numElements, tensorType } from '../../../ir/types';
import type { OpEvaluator } from '../../../ir/evaluator';
import { DEFAULT_LIMITS } from '../../../ir/limits';
import { CgcError, type HostTensor } from '../../../core';
import { OnnxImportError } from './errors';
import { toNumbers } from './host';
import { type AttributeProto, type GraphProto, type NodeProto, type TensorProto, bytesToString, int64ToNumber } from './proto';
import { type ExternalFiles, tensorFromProto } from './tensor-proto';
import type { Extent } from './extents';
import type { Offset } from './offsets';

/** What a mapper produces for each node output: an IR value, or a host constant (folded). */
export type Produced = Value | HostTensor;

export function isHost(p: Produced): p is HostTensor {
  return !(p instanceof Value);
}

export function typeOfProduced(p: Produced): ShapedType {
  return p.type;
}

/** Value names as the IR text allows them: [A-Za-z0-9_$.-], starting with a letter or `_` unless all digits. */
export function sanitizeName(name: string): string {
  let s = name.replace(/[^A-Za-z0-9_$.-]/g, '_');
  if (s === '' || (!/^[A-Za-z_]/.test(s) && !/^[0-9]+$/.test(s))) s = `v${s}`;
  return s;
}

/**
 * Maps a nested graph (an If branch, a Loop or Scan body) with `inputs` bound to its graph inputs,
 * in a scope of its own that sees the enclosing names; returns its outputs. The importer supplies
 * it, as it owns the op table.
 */
export type GraphImporter = (graph: GraphProto, inputs: readonly Produced[], opset: number) => Produced[];

export class GraphBuilder {
  readonly constants = new Map<string, HostTensor>();
  private slots = new Map<string, Produced>();
  /** Decoded attribute tensors, so that a loop body mapped once per iteration shares its constants. */
  readonly attributeTensors = new WeakMap<TensorProto, HostTensor>();
  importGraph?: GraphImporter;
  /** The module's op limit: unrolled loops check it as they grow, before the whole module is counted. */
  maxOps = DEFAULT_LIMITS.maxOps;
  private readonly hints = new Set<string>();
  /** ONNX names of host constants (for `cgc.constant("name")`) and their IR values once used. */
  private readonly constNames = new Map<HostTensor, string>();
  private readonly materialized = new Map<HostTensor, Value>();
  /** Values sized to an upper bound along one axis, with their run-time counts (extents.ts). */
  readonly extents = new Map<Value, Extent>();
  /** One-element run-time integers as a base plus a constant (offsets.ts): Slice lengths from starts and ends. */
  readonly offsets = new Map<Value, Offset>();
  /** The dims graphs declare for their outputs and value_info, by name: a bound for a run-time loop's scan outputs. */
  readonly declared = new Map<string, readonly (number | undefined)[]>();
  /** Where in the model's control flow the ops emitted now come from (`cgc.region`), outermost first. */
  readonly region: string[] = [];

  /**
   * `evaluate` folds any op whose operands are all host constants and whose operands and results
   * have at most `foldLimit` elements; without one nothing is folded.
   */
  /** Where ops are emitted: the entry point's block, or a loop body's while it is mapped (`inBlock`). */
  block: Block;

  constructor(
    /** The entry point's block, which holds every `cgc.constant` (a loop body captures those it reads). */
    readonly root: Block,
    readonly externalFiles?: ExternalFiles,
    readonly evaluate?: OpEvaluator,
    readonly foldLimit = DEFAULT_LIMITS.maxFoldElements,
  ) {
    this.block = root;
  }

  /** Runs `fn` with ops emitted into `block` (a loop body's); constants still go to the entry point. */
  inBlock<T>(block: Block, fn: () => T): T {
    const saved = this.block;
    this.block = block;
    try {
      return fn();
    } finally {
      this.block = saved;
    }
  }

  /** A unique, sanitized name hint for an ONNX name. */
  hint(name: string): string {
    const base = sanitizeName(name);
    let h = base;
    for (let i = 1; this.hints.has(h); i++) h = `${base}_${i}`;
    this.hints.add(h);
    return h;
  }

  has(name: string): boolean {
    return this.slots.has(name);
  }

  /** Runs `fn` in a nested scope: names it defines are gone afterwards, enclosing ones stay visible. */
  scoped<T>(fn: () => T): T {
    const saved = this.slots;
    this.slots = new Map(saved);
    try {
      return fn();
    } finally {
      this.slots = saved;
    }
  }

  define(name: string, p: Produced): void {
    if (isHost(p)) {
      if (!this.constNames.has(p)) this.constNames.set(p, name);
    } else if (p.nameHint === undefined) {
      p.nameHint = this.hint(name);
    }
    this.slots.set(name, p);
  }

  constOf(name: string): HostTensor | undefined {
    const p = this.slots.get(name);
    return p && isHost(p) ? p : undefined;
  }

  typeOf(name: string): ShapedType {
    return this.produced(name).type;
  }

  produced(name: string): Produced {
    const p = this.slots.get(name);
    if (!p) throw new OnnxImportError(`value '${name}' is used before it is defined`);
    return p;
  }

  /** The IR value for a name; a constant becomes a `cgc.constant` op the first time it is used. */
  valueOf(name: string): Value {
    return this.materialize(this.produced(name), name);
  }

  /** A host constant as a `cgc.constant` op (one per tensor), named after the ONNX value that holds it. */
  materialize(p: Produced, fallbackName: string): Value {
    if (!isHost(p)) return p;
    let v = this.materialized.get(p);
    if (!v) {
      v = this.constantOp(this.constNames.get(p) ?? fallbackName, p);
      this.materialized.set(p, v);
    }
    return v;
  }

  /** A `cgc.constant` op backed by `t` in the constants map, under a unique name derived from `name`. */
  constantOp(name: string, t: HostTensor): Value {
    let key = name;
    for (let i = 1; this.constants.has(key); i++) key = `${name}_${i}`;
    this.constants.set(key, t);
    const op = new Operation(CONSTANT, [], [tensorType(t.type.shape, t.type.element, true)], new Map([[ATTR.constantName, stringAttr(key)]]));
    this.root.append(op);
    const v = op.results[0]!;
    v.nameHint = this.hint(key);
    return v;
  }
}

/** An IR attribute from a plain value, of the kind the op declares for it. */
function toAttribute(op: string, name: string, v: unknown): Attribute {
  const kind = getOpDef(op)?.attributes?.[name]?.kind;
  switch (kind) {
    case 'int': return intAttr(v as number);
    case 'float': return floatAttr(v as number);
    case 'bool': return boolAttr(Boolean(v));
    case 'string': return stringAttr(v as string);
    case 'ints': return arrayAttr((v as number[]).map(intAttr));
    case 'floats': return arrayAttr((v as number[]).map(floatAttr));
    case 'strings': return arrayAttr((v as string[]).map(stringAttr));
    case 'types': return arrayAttr((v as ShapedType[]).map(typeAttr));
    case 'type': return typeAttr({ kind: 'element', element: v as ElementType });
    default: throw new Error(`importer bug: cgc_op.${op} has no attribute '${name}'`);
  }
}

export type AttrValues = Record<string, number | boolean | string | readonly number[] | readonly string[] | readonly ShapedType[] | undefined>;

/** Inputs read as attributes (shapes, pads, scales …) are short; a huge one is a corrupt model. */
const MAX_ATTRIBUTE_VALUES = 1 << 16;

/** One ONNX node as the mappers see it. */
export class NodeCtx {
  constructor(readonly g: GraphBuilder, readonly node: NodeProto, readonly opset: number) {}

  get op(): string { return this.node.op_type; }

  /** `Reshape 'node_3' (opset 13)`; unnamed nodes are named by their first output. */
  get where(): string {
    return `${this.op} ${this.label} (opset ${this.opset})`;
  }

  get label(): string {
    return this.node.name ? `'${this.node.name}'` : `output '${this.node.output[0] ?? '?'}'`;
  }

  fail(rule: string): never {
    throw new OnnxImportError(`${this.where}: ${rule}`);
  }

  get inputCount(): number { return this.node.input.length; }

  /** Whether input i is given (ONNX leaves optional inputs out or names them ''). */
  has(i: number): boolean {
    return (this.node.input[i] ?? '') !== '';
  }

  private inputName(i: number): string {
    if (!this.has(i)) this.fail(`input #${i} is required`);
    return this.node.input[i]!;
  }

  type(i: number): ShapedType { return this.g.typeOf(this.inputName(i)); }
  shape(i: number): readonly number[] { return this.type(i).shape; }
  input(i: number): Produced { return this.g.produced(this.inputName(i)); }
  isConst(i: number): boolean { return this.has(i) && this.g.constOf(this.node.input[i]!) !== undefined; }

  /** Input i's host value; inputs that become CGC attributes must be constants after folding. */
  constant(i: number, what: string): HostTensor {
    const t = this.g.constOf(this.inputName(i));
    if (!t) this.fail(`input '${what}' must be a constant (it is computed at run time), which CGC's static shapes require`);
    if (t.data.length > MAX_ATTRIBUTE_VALUES) this.fail(`input '${what}' has ${t.data.length} values; at most ${MAX_ATTRIBUTE_VALUES} are read as attributes`);
    return t;
  }

  constInts(i: number, what: string): number[] {
    const t = this.constant(i, what);
    if (!['int64', 'int32', 'int8', 'uint8'].includes(t.type.element)) this.fail(`input '${what}' must be integers, got ${t.type.element}`);
    return toNumbers(t);
  }

  constFloats(i: number, what: string): number[] {
    return toNumbers(this.constant(i, what));
  }

  /** Input i's single value (a scalar or one-element tensor). */
  constScalar(i: number, what: string): number {
    const v = toNumbers(this.constant(i, what));
    if (v.length !== 1) this.fail(`input '${what}' must hold one value, got ${v.length}`);
    return v[0]!;
  }

  private attr(name: string): AttributeProto | undefined {
    return this.node.attribute.find((a) => a.name === name);
  }

  hasAttr(name: string): boolean { return this.attr(name) !== undefined; }

  /** Axis `a` of a rank-`rank` tensor (negative counts from the end) in [0, rank); `what` names it in the error. */
  axis(a: number, rank: number, what = `attribute 'axis'`): number {
    const axis = a < 0 ? a + rank : a;
    if (axis < 0 || axis >= rank) this.fail(`${what} is ${a}, out of range for rank ${rank}`);
    return axis;
  }

  attrInt(name: string, def?: number): number {
    const a = this.attr(name);
    if (!a) return def ?? this.fail(`attribute '${name}' is required`);
    return int64ToNumber(a.i);
  }

  attrInts(name: string, def?: number[]): number[] {
    const a = this.attr(name);
    if (!a) return def ?? this.fail(`attribute '${name}' is required`);
    return a.ints.map(int64ToNumber);
  }

  attrFloat(name: string, def?: number): number {
    const a = this.attr(name);
    if (!a) return def ?? this.fail(`attribute '${name}' is required`);
    return a.f;
  }

  attrFloats(name: string, def?: number[]): number[] {
    const a = this.attr(name);
    if (!a) return def ?? this.fail(`attribute '${name}' is required`);
    return [...a.floats];
  }

  attrString(name: string, def?: string): string {
    const a = this.attr(name);
    if (!a) return def ?? this.fail(`attribute '${name}' is required`);
    return bytesToString(a.s);
  }

  attrTensor(name: string): HostTensor | undefined {
    const a = this.attr(name);
    if (!a?.t) return undefined;
    const proto = a.t as TensorProto;
    let t = this.g.attributeTensors.get(proto);
    if (!t) {
      t = tensorFromProto(proto, `${this.where} attribute '${name}'`, this.g.externalFiles);
      this.g.attributeTensors.set(proto, t);
    }
    return t;
  }

  /** A graph-valued attribute (a branch or a body). */
  attrGraph(name: string): GraphProto {
    const g = this.attr(name)?.g as GraphProto | null | undefined;
    if (!g) this.fail(`attribute '${name}' (a graph) is required`);
    return g;
  }

  /** `If if_1`: this node as a level of a region path; unnamed nodes go by their first output. */
  get regionName(): string {
    return `${this.op} ${this.node.name || this.node.output[0] || '?'}`;
  }

  /** Runs `fn` with `level` appended to the region path, so every op it emits records it (`cgc.region`). */
  inRegion<T>(level: string, fn: () => T): T {
    const path = this.g.region;
    path.push(level);
    try {
      return fn();
    } finally {
      path.pop();
    }
  }

  /** Maps the graph attribute `name` with `inputs` bound to its inputs; errors inside name this node and the attribute. */
  subgraph(name: string, inputs: readonly Produced[]): Produced[] {
    const graph = this.attrGraph(name);
    if (graph.input.length !== inputs.length) this.fail(`attribute '${name}' takes ${graph.input.length} inputs; ${inputs.length} are bound to it`);
    if (!this.g.importGraph) throw new Error('importer bug: no graph importer for nested graphs');
    try {
      return this.g.importGraph(graph, inputs, this.opset);
    } catch (e) {
      if (e instanceof OnnxImportError) e.message = `${this.where} ${name}: ${e.message}`;
      throw e;
    }
  }

  /**
   * Emits `cgc_op.<op>`; inference checks it, and a broken rule becomes an error naming this node.
   * When every operand is a host constant, the result is folded by the graph's evaluator (results
   * and operands within its fold limit) — unless `fold` is false: a kernel that reads the op's
   * operand itself (MatMulInteger's byte weights, widened as the integer product loads them) needs
   * the op, not a constant four times the size.
   */
  emitN(op: string, operands: readonly Produced[], attrs: AttrValues = {}, fold = true): Produced[] {
    const map = new Map<string, Attribute>();
    for (const [k, v] of Object.entries(attrs)) if (v !== undefined) map.set(k, toAttribute(op, k, v));
    if (this.g.region.length) map.set(REGION_ATTR, arrayAttr(this.g.region.map(stringAttr)));
    const inTypes = operands.map(typeOfProduced);
    let types: ShapedType[];
    try {
      types = inferOp(op, inTypes, map);
    } catch (e) {
      if (e instanceof IRError) this.fail(e.message);
      throw e;
    }
    const { evaluate, foldLimit } = this.g;
    const small = (t: ShapedType) => numElements(t.shape) <= foldLimit;
    if (fold && evaluate && operands.length > 0 && operands.every(isHost) && types.every(small) && inTypes.every(small)) {
      try {
        return evaluate(op, operands, map, types.length);
      } catch (e) {
        if (e instanceof CgcError) this.fail(`cannot fold cgc_op.${op}: ${e.message}`);
        throw e;
      }
    }
    const values = operands.map((p, i) => this.g.materialize(p, `${this.node.output[0] || this.op}.in${i}`));
    const o = new Operation(`cgc_op.${op}`, values, types, map);
    this.g.block.append(o);
    return o.results;
  }

  emit(op: string, operands: readonly Produced[], attrs: AttrValues = {}, fold = true): Produced {
    return this.emitN(op, operands, attrs, fold)[0]!;
  }

}

export type Mapper = (n: NodeCtx) => Produced[];
export type MapperTable = Readonly<Record<string, Mapper>>;
