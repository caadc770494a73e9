// The compile fuzzer's model under construction: leaves (entry-point arguments and constants) and
// cgc_op lines, each op checked by the registry's verifier (inferOp) before it is kept. A sampler
// proposes an op; a proposal the verifier rejects leaves nothing behind (its new leaves go too).
import {
  type AttrDef, type AttrValue, type Attribute, type ElementType, type ShapedType, IRError, arrayAttr, boolAttr, floatAttr,
  formatAttribute, getOpDef, inferOp, intAttr, numElements, stringAttr, tensorType, typeAttr, typeToString,
} from '../../ir';
import '../../ir/ops';
import { type Rng, pick, randInt } from '../mutate-bytes';
import { type Fill, writeHeader } from './model-file';

/** A value ops can read. `exact`: both sides hold the same bits (a leaf, or data moved from one). */
export interface Val {
  readonly ref: string;
  readonly type: ShapedType;
  readonly exact: boolean;
  /** Known > 0 (a leaf drawn from a positive range, exp, sigmoid …): log and sqrt may read it. */
  readonly positive?: boolean;
}

export interface LeafOptions {
  readonly constant?: boolean;
  readonly fill?: Fill;
}

/** What a sampler proposes: operands, the attributes it chose (the rest are drawn or left to defaults), results of a variadic op. */
export interface Proposal {
  readonly operands: readonly Val[];
  readonly attrs?: Readonly<Record<string, AttrValue>>;
  readonly results?: number;
}

/** Most elements of any tensor a model holds: keeps the CPU reference and SwiftShader quick. */
export const MAX_TENSOR_ELEMENTS = 4096;

interface Leaf { readonly name: string; readonly type: ShapedType; readonly constant: boolean; readonly fill?: Fill }

export class ModelBuilder {
  private readonly leaves: Leaf[] = [];
  private pending: Leaf[] = [];
  private readonly lines: string[] = [];
  private readonly values: Val[] = [];
  private readonly used = new Set<string>();
  private count = 0;
  /** The ops kept, by name, in order. */
  readonly ops: string[] = [];

  constructor(readonly r: Rng, private readonly seed: number) {}

  /** A new leaf (kept only if the proposal that made it is): ~N(0, 1) floats, small integers unless `fill` says otherwise. */
  leaf(shape: readonly number[], element: ElementType, o: LeafOptions = {}): Val {
    const name = `${o.constant ? 'c' : 'x'}${this.count++}`;
    this.pending.push({ name, type: tensorType(shape, element, !!o.constant), constant: !!o.constant, ...(o.fill ? { fill: o.fill } : {}) });
    const positive = o.fill?.kind === 'range' ? o.fill.lo > 0 : o.fill ? o.fill.values.every((v) => v > 0) : false;
    return { ref: `%${name}`, type: tensorType(shape, element), exact: true, positive };
  }

  /** Values of the model so far, newest last. */
  pool(): readonly Val[] {
    return this.values;
  }

  /** A value of one of `dtypes`: usually the newest that fits (chains), sometimes any that fits, else undefined. */
  choose(dtypes: readonly ElementType[], fits: (v: Val) => boolean = () => true): Val | undefined {
    const ok = this.values.filter((v) => dtypes.includes(v.type.element) && fits(v));
    if (!ok.length) return undefined;
    return this.r() < 0.7 ? ok[ok.length - 1] : pick(this.r, ok);
  }

  /**
   * Verifies `op` with the proposal's operands and attributes (drawn where the proposal leaves them)
   * and keeps it; returns its results, or the verifier's message (and drops the proposal's leaves).
   */
  emit(op: string, p: Proposal, drawAttr: (name: string, def: AttrDef) => AttrValue | undefined): Val[] | string {
    const def = getOpDef(op)!;
    const attrs = new Map<string, Attribute>();
    for (const [name, ad] of Object.entries(def.attributes ?? {})) {
      const v = p.attrs && name in p.attrs ? p.attrs[name] : drawAttr(name, ad);
      if (v !== undefined) attrs.set(name, toAttribute(v, ad));
    }
    let types: ShapedType[];
    try {
      types = inferOp(op, p.operands.map((v) => v.type), attrs, p.results);
    } catch (e) {
      this.pending = [];
      if (e instanceof IRError) return e.message.split('\n')[0]!;
      throw e;
    }
    const tooBig = types.find((t) => numElements(t.shape) > MAX_TENSOR_ELEMENTS || numElements(t.shape) === 0);
    if (tooBig) {
      this.pending = [];
      return `result ${typeToString(tooBig)} is empty or past ${MAX_TENSOR_ELEMENTS} elements`;
    }
    this.leaves.push(...this.pending);
    this.pending = [];
    const id = `v${this.count++}`;
    const refs = types.length === 1 ? [`%${id}`] : types.map((_, i) => `%${id}#${i}`);
    const dict = [...attrs].map(([k, a]) => `${k} = ${formatAttribute(a)}`).join(', ');
    this.lines.push(`    %${id}${types.length === 1 ? '' : `:${types.length}`} = cgc_op.${def.name}(${p.operands.map((v) => v.ref).join(', ')})${dict ? ` {${dict}}` : ''}`);
    for (const v of p.operands) this.used.add(v.ref);
    this.ops.push(def.name);
    const moves = def.traits.includes('data_movement') && def.name !== 'resize' && def.name !== 'upsample';
    const exactIn = p.operands.every((v) => v.exact);
    const results = types.map((t, i): Val => ({
      ref: refs[i]!, type: t, exact: (moves && exactIn) || (t.element !== 'float32' && t.element !== 'float16' && exactIn),
      positive: POSITIVE_RESULTS.has(def.name),
    }));
    this.values.push(...results);
    return results;
  }

  /** The module text with its header, returning the values no op reads (and, sometimes, one that an op does). */
  finish(): string | undefined {
    const outs = this.values.filter((v) => !this.used.has(v.ref));
    const inner = this.values.filter((v) => this.used.has(v.ref));
    if (inner.length && this.r() < 0.15) outs.push(pick(this.r, inner));
    if (!outs.length) return undefined;
    const fills = new Map(this.leaves.filter((l) => l.fill).map((l) => [l.name, l.fill!]));
    const args = this.leaves.filter((l) => !l.constant).map((l) => `%${l.name}: ${typeToString(l.type)}`);
    const consts = this.leaves.filter((l) => l.constant).map((l) => `    %${l.name} = cgc.constant("${l.name}") : ${typeToString(l.type)}`);
    const results = outs.map((v) => typeToString(v.type));
    return `${writeHeader({ seed: this.seed, fills })}cgc.module {
  cgc.entry_point @main(${args.join(', ')}) -> ${results.length === 1 ? results[0] : `(${results.join(', ')})`} {
${[...consts, ...this.lines].join('\n')}
    cgc.return ${outs.map((v) => v.ref).join(', ')}
  }
}
`;
  }

  /** A random shape of `rank` with dimensions 1–`maxDim`, within `maxElements`. */
  shape(rank: number, maxDim = 6, maxElements = 512): number[] {
    const dims = Array.from({ length: rank }, () => 1 + randInt(this.r, maxDim));
    while (numElements(dims) > maxElements) dims[randInt(this.r, rank)] = Math.max(1, dims[randInt(this.r, rank)]! >> 1);
    return dims;
  }
}

/** Ops whose results are > 0 (up to underflow, which both sides share). */
const POSITIVE_RESULTS = new Set(['exp', 'sigmoid', 'softplus', 'softmax']);

function toAttribute(v: AttrValue, def: AttrDef): Attribute {
  switch (def.kind) {
    case 'int': return intAttr(v as number);
    case 'float': return floatAttr(v as number);
    case 'bool': return boolAttr(v as boolean);
    case 'string': return stringAttr(v as string);
    case 'type': return typeAttr({ kind: 'element', element: v as ElementType });
    case 'ints': return arrayAttr((v as number[]).map(intAttr));
    case 'floats': return arrayAttr((v as number[]).map(floatAttr));
    case 'strings': return arrayAttr((v as string[]).map(stringAttr));
    case 'types': return arrayAttr((v as ShapedType[]).map(typeAttr));
  }
}
