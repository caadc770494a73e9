// The pattern language of subgraph declarations (docs/patterns.md): a pattern is a fixed DAG of
// constrained op nodes, optionally extended by a dynamic elementwise epilogue or prologue chain.
// Declarations arrive as CGC_SUBGRAPH_DECLARATION documents; readDeclaration checks them.
import { CgcError } from '../../core';
import {
  type Attribute, type ElementType, type IRDocument, INTERFACES, type Operation, type Trait, attrToValue, getOpDef,
  isElementType, parseModule, formatDiagnostic,
} from '../../ir';
import { PATTERN } from '../../ir/structural';

export interface OpConstraint {
  /** Op names (without `cgc_op.`) the op may have. */
  readonly ops?: readonly string[];
  /** Traits the op must all have. */
  readonly traits?: readonly Trait[];
  /** Element types every operand and result must have. */
  readonly elementTypes?: readonly ElementType[];
  /** Ranks the (first) result may have. */
  readonly ranks?: readonly number[];
  /** Attribute values the op must have (defaults count). */
  readonly attrs?: ReadonlyMap<string, Attribute>;
  /** The result's innermost dimension must be a multiple of this (vector alignment). */
  readonly lastDimMultiple?: number;
  /** The result's innermost dimension may be at most this (a kernel measured faster only up to it). */
  readonly maxLastDim?: number;
  readonly maxElements?: number;
}

export interface PatternNode extends OpConstraint {
  /** Per operand: the index of an earlier node whose result it is, or '*' for a value from outside. */
  readonly inputs?: readonly (number | '*')[];
  /** A sibling: the node reads, as its first operand, the value an earlier node reads as its first (two reductions of one tensor); its other operands come from outside. */
  readonly sameInput?: number;
}

export interface ChainSpec extends OpConstraint {
  readonly maxOps: number;
  /** What the chain's other operands may be: any value from outside, only constants, or none. */
  readonly sideInputs: 'any' | 'constant' | 'none';
  /** Small side computations the chain takes in and recomputes for every element it writes. */
  readonly sideChains?: SideChains;
  /** Operand prologues: a chain holding none of these ops is not taken (the operand is read as it is). */
  readonly needsOps?: readonly string[];
}

/**
 * Ops computing a chain op's side input that the chain takes in (with the ops computing their own
 * side inputs): each meets these constraints, has at most `maxElements` result elements and is read
 * by the op it feeds alone; at most `maxOps` of them per chain (a quantizer's scale and zero point).
 */
export interface SideChains extends OpConstraint {
  readonly maxOps: number;
  readonly maxElements: number;
}

export interface Pattern {
  readonly name: string;
  readonly target: string;
  readonly benefit: number;
  readonly nodes: readonly PatternNode[];
  /** Elementwise ops after the last node, each consuming the previous result. */
  readonly epilogue?: ChainSpec;
  /** Elementwise ops before node 0, feeding its first operand. */
  readonly prologue?: ChainSpec;
  /** A chain before each operand of node 0 (views and scaling the anchor reads through); the chains found are taken together or not at all. */
  readonly operandPrologues?: ChainSpec;
  /** Whether values computed inside may also be used outside (the subgraph then has several results). */
  readonly multipleResults: boolean;
}

export class DeclarationError extends CgcError {
  override name = 'DeclarationError';
  constructor(message: string) {
    super('declaration', message);
  }
}

const TRAITS: ReadonlySet<string> = new Set([
  'elementwise', 'unary', 'binary', 'ternary', 'broadcasts', 'reduction', 'activation', 'comparison', 'logical',
  'normalization', 'pooling', 'convolution', 'matmul', 'data_movement', 'commutative', 'recurrent',
  'linear_algebra', 'indices',
]);
const CONSTRAINT_KEYS = ['ops', 'traits', 'element_types', 'ranks', 'attrs', 'last_dim_multiple', 'max_last_dim', 'max_elements'];

/** Reads a target's declaration document; throws DeclarationError listing every problem. */
export function readDeclaration(doc: IRDocument, target: string): Pattern[] {
  if (doc.interface !== INTERFACES.CGC_SUBGRAPH_DECLARATION) {
    throw new DeclarationError(`target '${target}' answered with interface ${doc.interface}, not CGC_SUBGRAPH_DECLARATION`);
  }
  // A target answers every compile with the same declaration: it is read once (patterns are read-only).
  const key = `${target}\n${doc.text}`;
  const known = declarations.get(key);
  if (known) return [...known];
  const patterns = readPatterns(doc, target);
  if (declarations.size >= MAX_DECLARATIONS) declarations.delete(declarations.keys().next().value!);
  declarations.set(key, patterns);
  return [...patterns];
}

/** Declarations read, by target name and text: parsing the fused target's costs a compile 20–50 ms. */
const declarations = new Map<string, readonly Pattern[]>();
/** Declarations kept (a process compiles for a few targets, each with few option sets). */
const MAX_DECLARATIONS = 32;

function readPatterns(doc: IRDocument, target: string): Pattern[] {
  const parsed = parseModule(doc.text, { file: `${target}.declaration` });
  if (!parsed.module) throw new DeclarationError(`target '${target}' declaration does not parse:\n${parsed.diagnostics.map(formatDiagnostic).join('\n')}`);
  const problems: string[] = [];
  const patterns: Pattern[] = [];
  for (const op of parsed.module.body().operations) {
    if (op.name !== PATTERN) {
      problems.push(`'${op.name}' is not a pattern`);
      continue;
    }
    try {
      patterns.push(readPattern(op, target));
    } catch (e) {
      if (!(e instanceof DeclarationError)) throw e;
      problems.push(e.message);
    }
  }
  if (problems.length) throw new DeclarationError(`target '${target}' declaration:\n  ${problems.join('\n  ')}`);
  return patterns;
}

function readPattern(op: Operation, target: string): Pattern {
  const name = op.symbolName ?? '?';
  const fail = (msg: string): never => { throw new DeclarationError(`pattern @${name}: ${msg}`); };
  const known = new Set(['sym_name', 'benefit', 'nodes', 'epilogue', 'prologue', 'operand_prologues', 'multiple_results']);
  for (const k of op.attributes.keys()) if (!known.has(k)) fail(`unknown attribute '${k}' (patterns have: ${[...known].slice(1).join(', ')})`);
  const benefit = op.attr('benefit');
  if (benefit?.kind !== 'int' || benefit.value < 0) fail("needs 'benefit', a non-negative integer");
  const nodesAttr = op.attr('nodes');
  if (nodesAttr?.kind !== 'array' || !nodesAttr.elements.length) fail("needs 'nodes', a non-empty array of node dictionaries");
  const nodes = (nodesAttr as { elements: readonly Attribute[] }).elements.map((n, i) => readNode(n, i, fail));
  const chain = (key: string): ChainSpec | undefined => {
    const a = op.attr(key);
    return a === undefined ? undefined : readChain(a, key, fail);
  }
  const multi = op.attr('multiple_results');
  if (multi !== undefined && multi.kind !== 'bool') fail("'multiple_results' must be true or false");
  const epilogue = chain('epilogue');
  const prologue = chain('prologue');
  const operandPrologues = chain('operand_prologues');
  if (prologue && operandPrologues) fail("takes 'prologue' or 'operand_prologues', not both");
  return {
    name, target, benefit: (benefit as { value: number }).value, nodes,
    ...(epilogue ? { epilogue } : {}), ...(prologue ? { prologue } : {}), ...(operandPrologues ? { operandPrologues } : {}),
    multipleResults: multi?.kind === 'bool' && multi.value,
  };
}

function dictOf(a: Attribute, what: string, fail: (m: string) => never): ReadonlyMap<string, Attribute> {
  if (a.kind !== 'dict') fail(`${what} must be a dictionary`);
  return (a as { entries: ReadonlyMap<string, Attribute> }).entries;
}

function readConstraint(d: ReadonlyMap<string, Attribute>, what: string, fail: (m: string) => never): OpConstraint {
  const strings = (k: string): string[] | undefined => {
    const a = d.get(k);
    if (a === undefined) return undefined;
    const v = attrToValue(a, 'ints') === undefined && a.kind === 'array' && a.elements.every((e) => e.kind === 'string')
      ? a.elements.map((e) => (e as { value: string }).value) : undefined;
    return v ?? fail(`${what} '${k}' must be an array of strings`);
  };
  const int = (k: string): number | undefined => {
    const a = d.get(k);
    if (a === undefined) return undefined;
    return a.kind === 'int' && a.value > 0 ? a.value : fail(`${what} '${k}' must be a positive integer`);
  };
  const ops = strings('ops');
  const traits = strings('traits');
  const elementTypes = strings('element_types');
  for (const o of ops ?? []) if (!getOpDef(o)) fail(`${what} names unknown op '${o}'`);
  for (const t of traits ?? []) if (!TRAITS.has(t)) fail(`${what} names unknown trait '${t}'`);
  for (const e of elementTypes ?? []) if (!isElementType(e)) fail(`${what} names unknown element type '${e}'`);
  if (!ops && !traits) fail(`${what} matches every op: give 'ops' or 'traits'`);
  if (ops && traits) {
    const possible = ops.filter((o) => traits.every((t) => getOpDef(o)!.traits.includes(t as Trait)));
    if (!possible.length) fail(`${what} can never match: none of its ops has all of the traits ${traits.join(', ')}`);
  }
  const ranksAttr = d.get('ranks');
  const ranks = ranksAttr === undefined ? undefined : (attrToValue(ranksAttr, 'ints') as number[] | undefined) ?? fail(`${what} 'ranks' must be an array of integers`);
  const attrs = d.get('attrs');
  const lastDimMultiple = int('last_dim_multiple');
  const maxLastDim = int('max_last_dim');
  const maxElements = int('max_elements');
  return {
    ...(ops ? { ops } : {}), ...(traits ? { traits: traits as Trait[] } : {}),
    ...(elementTypes ? { elementTypes: elementTypes as ElementType[] } : {}), ...(ranks ? { ranks } : {}),
    ...(attrs ? { attrs: dictOf(attrs, `${what} 'attrs'`, fail) } : {}),
    ...(lastDimMultiple ? { lastDimMultiple } : {}), ...(maxLastDim ? { maxLastDim } : {}), ...(maxElements ? { maxElements } : {}),
  };
}

function readNode(a: Attribute, i: number, fail: (m: string) => never): PatternNode {
  const d = dictOf(a, `node #${i}`, fail);
  for (const k of d.keys()) if (k !== 'inputs' && k !== 'same_input' && !CONSTRAINT_KEYS.includes(k)) fail(`node #${i} has unknown key '${k}'`);
  const c = readConstraint(d, `node #${i}`, fail);
  const inputsAttr = d.get('inputs');
  const same = d.get('same_input');
  if (same !== undefined) {
    if (same.kind !== 'int' || same.value < 0 || same.value >= i) fail(`node #${i} 'same_input' must be an earlier node's index`);
    if (inputsAttr !== undefined) fail(`node #${i} takes 'inputs' or 'same_input', not both`);
    return { ...c, sameInput: (same as { value: number }).value };
  }
  if (inputsAttr === undefined) {
    if (i > 0) fail(`node #${i} must say which earlier node feeds it ('inputs')`);
    return c;
  }
  if (inputsAttr.kind !== 'array') fail(`node #${i} 'inputs' must be an array`);
  const inputs = (inputsAttr as { elements: readonly Attribute[] }).elements.map((e) => {
    if (e.kind === 'string' && e.value === '*') return '*' as const;
    if (e.kind === 'int' && e.value >= 0 && e.value < i) return e.value;
    return fail(`node #${i} 'inputs' entries are earlier node indices or "*"`);
  });
  if (i > 0 && !inputs.some((x) => x !== '*')) fail(`node #${i} is not connected to an earlier node`);
  return { ...c, inputs };
}

function readChain(a: Attribute, what: string, fail: (m: string) => never): ChainSpec {
  const d = dictOf(a, `'${what}'`, fail);
  for (const k of d.keys()) if (!['max_ops', 'side_inputs', 'side_chains', 'needs_ops'].includes(k) && !CONSTRAINT_KEYS.includes(k)) fail(`'${what}' has unknown key '${k}'`);
  const needs = d.get('needs_ops');
  let needsOps: string[] | undefined;
  if (needs !== undefined) {
    if (what !== 'operand_prologues') fail(`'${what}' takes no 'needs_ops' (operand prologues do)`);
    if (needs.kind !== 'array' || !needs.elements.length || needs.elements.some((e) => e.kind !== 'string')) fail(`'${what}' 'needs_ops' must be a non-empty array of op names`);
    needsOps = (needs as { elements: readonly { value: string }[] }).elements.map((e) => e.value);
    for (const o of needsOps) if (!getOpDef(o)) fail(`'${what}' 'needs_ops' names unknown op '${o}'`);
  }
  const maxOps = opCount(d, `'${what}'`, fail);
  const side = d.get('side_inputs') ?? { kind: 'string', value: 'any' };
  if (side.kind !== 'string' || !['any', 'constant', 'none'].includes(side.value)) fail(`'${what}' 'side_inputs' must be "any", "constant" or "none"`);
  const sideInputs = (side as { value: string }).value as ChainSpec['sideInputs'];
  const chains = d.get('side_chains');
  let sideChains: ChainSpec['sideChains'];
  if (chains !== undefined) {
    const c = dictOf(chains, `'${what}' 'side_chains'`, fail);
    for (const k of c.keys()) if (k !== 'max_ops' && k !== 'max_elements' && !CONSTRAINT_KEYS.includes(k)) fail(`'${what}' 'side_chains' has unknown key '${k}'`);
    const elements = c.get('max_elements');
    if (elements?.kind !== 'int' || elements.value < 1) fail(`'${what}' 'side_chains' needs 'max_elements', a positive integer`);
    if (sideInputs !== 'any') fail(`'${what}' 'side_chains' needs side_inputs = "any" (the side computations read values from outside)`);
    sideChains = {
      ...readConstraint(c, `'${what}' 'side_chains'`, fail),
      maxOps: opCount(c, `'${what}' 'side_chains'`, fail), maxElements: (elements as { value: number }).value,
    };
  }
  return { ...readConstraint(d, `'${what}'`, fail), maxOps, sideInputs, ...(sideChains ? { sideChains } : {}), ...(needsOps ? { needsOps } : {}) };
}

/** A chain's `max_ops`: an integer from 1 to 64. */
function opCount(d: ReadonlyMap<string, Attribute>, what: string, fail: (m: string) => never): number {
  const max = d.get('max_ops');
  if (max?.kind !== 'int' || max.value < 1 || max.value > 64) fail(`${what} needs 'max_ops', an integer from 1 to 64`);
  return (max as { value: number }).value;
}
