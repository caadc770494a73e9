// The cgc_op registry: each op is declared once (operands, attributes with defaults and allowed
// values, traits, shape/type inference); the parser, printer and verifier read these declarations.
import { ownValue } from '../core';
import type { Attribute } from './attributes';
import type { Operation } from './operation';
import { IRError } from './diagnostics';
import { type ElementType, type FunctionType, type ShapedType, isElementType, typeToString } from './types';

/** Properties the pattern language and passes can test without knowing the op. */
export type Trait =
  | 'elementwise' // output[i] depends only on inputs at the (broadcast) index i
  | 'unary' | 'binary' | 'ternary'
  | 'broadcasts' // operands broadcast numpy-style to the result shape
  | 'reduction' // reduces over `axes` / `axis`
  | 'activation'
  | 'comparison' // result is bool
  | 'logical'
  | 'normalization'
  | 'pooling'
  | 'convolution'
  | 'matmul'
  | 'data_movement' // only rearranges or selects elements
  | 'recurrent' // a sequence through a recurrence (rnn, gru, lstm)
  | 'linear_algebra' // a matrix function of the last two dimensions (det)
  | 'indices' // results are positions in an operand, not its values (max_pool_indices)
  | 'control_flow' // runs a region of its own (loop's body)
  | 'commutative';

export interface OperandDef {
  readonly name: string;
  /** Element types this operand accepts. */
  readonly dtypes: readonly ElementType[];
  /** Trailing operands may be optional: absent operands are simply not passed. */
  readonly optional?: boolean;
  /** The last operand may be variadic (one or more values; zero or more when also optional). */
  readonly variadic?: boolean;
}

export type AttrKind = 'int' | 'float' | 'bool' | 'string' | 'ints' | 'floats' | 'strings' | 'type' | 'types';
export type AttrValue = number | boolean | string | readonly number[] | readonly string[] | readonly ShapedType[];

export interface AttrDef {
  readonly kind: AttrKind;
  /** Used when the attribute is absent; absent and no default means the attribute is required. */
  readonly default?: AttrValue | ((ctx: OpContext) => AttrValue);
  /** Attributes that may be absent with no default (the op's inference decides what absence means). */
  readonly optional?: boolean;
  /** For `string` and `strings` attributes: the allowed values. */
  readonly allowed?: readonly string[];
  readonly doc?: string;
}

export interface OpDef {
  /** Without the dialect: `convolution` is `cgc_op.convolution`. */
  readonly name: string;
  readonly summary: string;
  readonly operands: readonly OperandDef[];
  readonly attributes?: Readonly<Record<string, AttrDef>>;
  readonly traits: readonly Trait[];
  /** Other spellings accepted on input (printed as `name`): e.g. `upsample2d` for `upsample`. */
  readonly aliases?: readonly string[];
  /** Result types from operand types and attributes; throws IRError naming the broken rule. */
  infer(ctx: OpContext): ShapedType[];
  /**
   * For ops that carry regions (cgc_op.loop's body): each region's signature from the op's operands
   * and attributes — its block's argument types, and what its `cgc.return` gives. Absent: no regions.
   */
  regions?(ctx: OpContext): FunctionType[];
}

/** What inference sees: operand types and attributes resolved against their defaults. */
export class OpContext {
  constructor(
    readonly def: OpDef,
    /** Operand types in order; optional operands that are absent are not in the list. */
    readonly operands: readonly ShapedType[],
    readonly attributes: ReadonlyMap<string, Attribute>,
    /** The number of results the text declared, if it declared any (for ops with a variable count). */
    readonly declaredResults?: number,
  ) {}

  operand(i: number): ShapedType {
    const t = this.operands[i];
    if (!t) throw new IRError(`'cgc_op.${this.def.name}' expects operand #${i}`);
    return t;
  }

  has(name: string): boolean {
    return this.attributes.has(name) || ownValue(this.def.attributes, name)?.default !== undefined;
  }

  private value(name: string): AttrValue {
    const attr = this.attributes.get(name);
    const def = ownValue(this.def.attributes, name);
    if (!def) throw new Error(`op '${this.def.name}' reads undeclared attribute '${name}'`);
    if (attr === undefined) {
      if (def.default === undefined) throw new IRError(`'cgc_op.${this.def.name}' requires attribute '${name}'`);
      return typeof def.default === 'function' ? def.default(this) : def.default;
    }
    return attrToValue(attr, def.kind)!;
  }

  int(name: string): number { return this.value(name) as number; }
  float(name: string): number { return this.value(name) as number; }
  bool(name: string): boolean { return this.value(name) as boolean; }
  string(name: string): string { return this.value(name) as string; }
  ints(name: string): readonly number[] { return this.value(name) as readonly number[]; }
  floats(name: string): readonly number[] { return this.value(name) as readonly number[]; }
  strings(name: string): readonly string[] { return this.value(name) as readonly string[]; }
  type(name: string): ElementType { return this.value(name) as ElementType; }
  types(name: string): readonly ShapedType[] { return this.value(name) as readonly ShapedType[]; }

  /** Throws an IRError with the op's name in front, for a broken rule. */
  fail(rule: string): never {
    throw new IRError(`'cgc_op.${this.def.name}' ${rule}`);
  }
}

/** Converts an attribute to the plain value of `kind`, or undefined when it has the wrong kind. */
export function attrToValue(a: Attribute, kind: AttrKind): AttrValue | undefined {
  switch (kind) {
    case 'int': return a.kind === 'int' ? a.value : undefined;
    case 'float': return a.kind === 'float' || a.kind === 'int' ? a.value : undefined;
    case 'bool': return a.kind === 'bool' ? a.value : undefined;
    case 'string': return a.kind === 'string' ? a.value : undefined;
    case 'type': return a.kind === 'type' && a.type.kind === 'element' ? a.type.element : undefined;
    case 'ints':
      return a.kind === 'array' && a.elements.every((e) => e.kind === 'int')
        ? a.elements.map((e) => (e as { value: number }).value) : undefined;
    case 'floats':
      return a.kind === 'array' && a.elements.every((e) => e.kind === 'float' || e.kind === 'int')
        ? a.elements.map((e) => (e as { value: number }).value) : undefined;
    case 'strings':
      return a.kind === 'array' && a.elements.every((e) => e.kind === 'string')
        ? a.elements.map((e) => (e as { value: string }).value) : undefined;
    case 'types':
      return a.kind === 'array' && a.elements.every((e) => e.kind === 'type' && e.type.kind === 'tensor')
        ? a.elements.map((e) => (e as { type: ShapedType }).type) : undefined;
  }
}

const KIND_TEXT: Record<AttrKind, string> = {
  int: 'an integer', float: 'a float', bool: 'a bool (true/false)', string: 'a string',
  ints: 'an array of integers', floats: 'an array of floats', strings: 'an array of strings', type: 'an element type (!cgc.float32 …)',
  types: 'an array of tensor types ([!cgc.tensor<…>, …])',
};

/**
 * An attribute any op may carry besides its declared ones: the interval its first result's
 * elements lie in, which the compiler derives when a model is opened (src/compiler/passes/value-ranges.ts).
 */
export const VALUE_RANGE_ATTR = 'cgc.value_range';

/**
 * The other: where in the source's control flow an op came from, outermost first — `["Loop l",
 * "iteration 3", "If i", "then_branch"]` (the ONNX importer lowers branches and bodies into one graph,
 * src/compiler/import/onnx/map-control.ts). Discardable: it changes nothing an op computes.
 */
export const REGION_ATTR = 'cgc.region';

/** The region path an op's `cgc.region` gives; empty when it carries none. */
export function regionOf(attrs: ReadonlyMap<string, Attribute>): readonly string[] {
  const a = attrs.get(REGION_ATTR);
  if (a?.kind !== 'array') return [];
  return a.elements.flatMap((e) => (e.kind === 'string' ? [e.value] : []));
}

/** The [lo, hi] an op's `cgc.value_range` gives, if it carries one. */
export function valueRangeOf(attrs: ReadonlyMap<string, Attribute>): readonly [number, number] | undefined {
  const a = attrs.get(VALUE_RANGE_ATTR);
  if (a?.kind !== 'array' || a.elements.length !== 2) return undefined;
  const [lo, hi] = a.elements;
  return lo?.kind === 'int' && hi?.kind === 'int' ? [lo.value, hi.value] : undefined;
}

/** Checks attribute names, kinds and allowed values against the declaration; returns the rules broken. */
export function checkAttributes(def: OpDef, attrs: ReadonlyMap<string, Attribute>): string[] {
  const problems: string[] = [];
  const declared = def.attributes ?? {};
  for (const [name, attr] of attrs) {
    if (name === VALUE_RANGE_ATTR) {
      const ok = attr.kind === 'array' && attr.elements.length === 2 && attr.elements.every((e) => e.kind === 'int')
        && (attr.elements[0] as { value: number }).value <= (attr.elements[1] as { value: number }).value;
      if (!ok) problems.push(`'cgc_op.${def.name}' attribute '${name}' must be [lo, hi], two integers with lo ≤ hi`);
      continue;
    }
    if (name === REGION_ATTR) {
      const ok = attr.kind === 'array' && attr.elements.length > 0 && attr.elements.every((e) => e.kind === 'string' && e.value !== '');
      if (!ok) problems.push(`'cgc_op.${def.name}' attribute '${name}' must be a region path: an array of non-empty strings, outermost first`);
      continue;
    }
    const ad = ownValue(declared, name);
    if (!ad) {
      const known = Object.keys(declared);
      problems.push(`'cgc_op.${def.name}' has no attribute '${name}'`
        + (known.length ? ` (it has: ${known.join(', ')})` : ' (it takes no attributes)'));
      continue;
    }
    const v = attrToValue(attr, ad.kind);
    if (v === undefined) {
      problems.push(`'cgc_op.${def.name}' attribute '${name}' must be ${KIND_TEXT[ad.kind]}`);
    } else if (ad.allowed && (Array.isArray(v) ? v : [v]).some((x) => !ad.allowed!.includes(x as string))) {
      const bad = (Array.isArray(v) ? v : [v]).find((x) => !ad.allowed!.includes(x as string));
      problems.push(`'cgc_op.${def.name}' attribute '${name}' ${Array.isArray(v) ? 'holds' : 'is'} "${String(bad)}"; allowed: ${ad.allowed.map((x) => `"${x}"`).join(', ')}`);
    } else if (ad.kind === 'type' && !isElementType(v as string)) {
      problems.push(`'cgc_op.${def.name}' attribute '${name}' is not an element type`);
    }
  }
  return problems;
}

/** Checks operand count and element types; returns the rules broken. */
export function checkOperands(def: OpDef, operands: readonly ShapedType[]): string[] {
  const problems: string[] = [];
  const fixed = def.operands.filter((o) => !o.variadic);
  const required = def.operands.filter((o) => !o.optional && !o.variadic).length;
  const variadic = def.operands.find((o) => o.variadic);
  const max = variadic ? Infinity : fixed.length;
  const min = required + (variadic && !variadic.optional ? 1 : 0);
  if (operands.length < min || operands.length > max) {
    const want = variadic ? `at least ${min}` : min === max ? `${min}` : `${min} to ${max}`;
    problems.push(`'cgc_op.${def.name}' expects ${want} operand${max === 1 ? '' : 's'}`
      + ` (${def.operands.map((o) => o.name + (o.optional ? '?' : o.variadic ? '...' : '')).join(', ')}), got ${operands.length}`);
    return problems;
  }
  operands.forEach((t, i) => {
    const od = def.operands[Math.min(i, def.operands.length - 1)]!;
    if (t.kind !== 'tensor') {
      problems.push(`'cgc_op.${def.name}' operand #${i} (${od.name}) must be a tensor, got ${typeToString(t)}`);
    } else if (!od.dtypes.includes(t.element)) {
      problems.push(`'cgc_op.${def.name}' operand #${i} (${od.name}) has element type !cgc.${t.element};`
        + ` allowed: ${od.dtypes.map((d) => `!cgc.${d}`).join(', ')}`);
    }
  });
  return problems;
}

const REGISTRY = new Map<string, OpDef>();
const ALIASES = new Map<string, string>();

export function defineOp(def: OpDef): OpDef {
  if (REGISTRY.has(def.name)) throw new Error(`cgc_op.${def.name} declared twice`);
  REGISTRY.set(def.name, def);
  for (const a of def.aliases ?? []) ALIASES.set(a, def.name);
  return def;
}

/** Looks up an op by its name without dialect prefix, following aliases. */
export function getOpDef(name: string): OpDef | undefined {
  return REGISTRY.get(name) ?? REGISTRY.get(ALIASES.get(name) ?? '');
}

/** A registered `cgc_op` operation's context: its operand types and attributes, defaults included. */
export function ctxOf(op: Operation): OpContext {
  return new OpContext(getOpDef(op.opName)!, op.operands.map((v) => v.type), op.attributes);
}

export function registeredOps(): readonly OpDef[] {
  return [...REGISTRY.values()];
}

/**
 * Checks operands and attributes of `cgc_op.<name>` and infers its result types.
 * Throws IRError with every broken rule (joined by newlines) when the op is invalid.
 */
export function inferOp(
  name: string,
  operands: readonly ShapedType[],
  attrs: ReadonlyMap<string, Attribute>,
  declaredResults?: number,
): ShapedType[] {
  const def = getOpDef(name);
  if (!def) throw new IRError(`unknown op 'cgc_op.${name}'`);
  const problems = [...checkOperands(def, operands), ...checkAttributes(def, attrs)];
  if (problems.length) throw new IRError(problems.join('\n'));
  return def.infer(new OpContext(def, operands, attrs, declaredResults));
}
