// The target file format (docs/targets.md): a JSON document that defines a WebGPU target as data —
// a name, a format version, and per pattern its declaration (pattern-language attributes) and a WGSL
// kernel template with placeholder expressions. readTargetFile checks an untrusted file whole and
// throws TargetFileError naming file:field, what is wrong and what is allowed.
import { CgcError } from '../core';
import { formatDiagnostic, getOpDef, parseModule } from '../ir';
import { PATTERN } from '../ir/structural';
import { EXPR_LIMITS, type Expr, ExprError, FUNCTIONS, parseExpr } from './template-expr';

/** The format marker: a target file's `format` field. */
export const TARGET_FILE_FORMAT = 'cgc-target';
/** The format version this reader reads. */
export const TARGET_FILE_VERSION = 1;

export const TARGET_FILE_LIMITS = {
  fileChars: 262_144,
  patterns: 32,
  patternChars: 4096,
  templateChars: 16_384,
  placeholders: 512,
  ops: 16,
  lets: 32,
  requires: 16,
  reads: 16,
  expressionChars: EXPR_LIMITS.maxLength,
  expressionDepth: EXPR_LIMITS.maxDepth,
  workgroupInvocations: 256,
  /** Per dimension: WebGPU's guaranteed maxComputeWorkgroupSizeX, Y, Z. */
  workgroupSize: [256, 256, 64],
} as const;

export class TargetFileError extends CgcError {
  override name = 'TargetFileError';
  constructor(message: string) {
    super('declaration', message);
  }
}

/** A parsed expression with its text (for messages). */
export interface SourceExpr {
  readonly text: string;
  readonly expr: Expr;
}

/** A template piece: WGSL text, or a placeholder to fill. */
export type TemplatePiece = string | SourceExpr;

export interface KernelTemplate {
  /** The pattern's name (its symbol in the declaration). */
  readonly name: string;
  /** The pattern's attributes as pattern-language text (without the braces). */
  readonly pattern: string;
  /** The cgc_op names the template computes, in program order: a subgraph with other ops is declined. */
  readonly ops: readonly string[];
  readonly lets: readonly { readonly name: string; readonly value: SourceExpr }[];
  readonly requires: readonly SourceExpr[];
  /** The values the kernel reads, each a subgraph argument: its read bindings. */
  readonly reads: readonly SourceExpr[];
  readonly workgroupSize: readonly [number, number, number];
  readonly dispatch: readonly [SourceExpr, SourceExpr, SourceExpr];
  readonly template: readonly TemplatePiece[];
}

export interface TargetFile {
  readonly fileName: string;
  readonly name: string;
  readonly version: number;
  readonly description?: string;
  readonly kernels: readonly KernelTemplate[];
}

/** Names an expression may not bind with `let`: those the template gives itself. */
const RESERVED = /^(?:in\d+|out|op\d+|workgroup_size)$/;
const TOP_KEYS = ['format', 'version', 'name', 'description', 'patterns'];
const PATTERN_KEYS = ['name', 'pattern', 'ops', 'let', 'requires', 'reads', 'workgroup_size', 'dispatch', 'wgsl'];

/** Whether `text` looks like a target file (its format marker near the start), without reading it. */
export function isTargetFile(text: string): boolean {
  return /^\s*\{[\s\S]{0,200}?"format"\s*:\s*"cgc-target"/.test(text.slice(0, 512));
}

/** Reads and checks a target file; throws TargetFileError naming the first problem found. */
export function readTargetFile(text: string, fileName: string): TargetFile {
  const fail = (field: string, message: string): never => {
    throw new TargetFileError(`${fileName}${field ? `:${field}` : ''}: ${message}`);
  };
  if (text.length > TARGET_FILE_LIMITS.fileChars) fail('', `is ${text.length} characters, past the limit of ${TARGET_FILE_LIMITS.fileChars}`);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    fail('', `is not JSON: ${(e as Error).message}`);
  }
  const top = object(json, '', fail);
  keysIn(top, TOP_KEYS, '', fail);
  if (top.format !== TARGET_FILE_FORMAT) fail('format', `must be "${TARGET_FILE_FORMAT}", got ${show(top.format)}`);
  if (top.version !== TARGET_FILE_VERSION) {
    fail('version', `must be ${TARGET_FILE_VERSION} (the version this reader reads), got ${show(top.version)}`);
  }
  const name = identifier(top.name, 'name', /^[a-z][a-z0-9-]{0,63}$/, 'lower-case letters, digits and -, starting with a letter, at most 64', fail);
  const description = top.description === undefined ? undefined : string(top.description, 'description', 1024, fail);
  if (!Array.isArray(top.patterns) || top.patterns.length === 0 || top.patterns.length > TARGET_FILE_LIMITS.patterns) {
    fail('patterns', `must be an array of 1 to ${TARGET_FILE_LIMITS.patterns} patterns`);
  }
  const kernels = (top.patterns as unknown[]).map((p, i) => readKernel(p, `patterns[${i}]`, fail));
  for (let i = 0; i < kernels.length; i++) {
    const same = kernels.findIndex((k) => k.name === kernels[i]!.name);
    if (same < i) fail(`patterns[${i}].name`, `'${kernels[i]!.name}' is also the name of patterns[${same}]; names are unique`);
    const ops = kernels.findIndex((k) => k.ops.join() === kernels[i]!.ops.join());
    if (ops < i) fail(`patterns[${i}].ops`, `[${kernels[i]!.ops.join(', ')}] are also the ops of patterns[${ops}]; a compiled subgraph finds its template by its ops, so each list is unique`);
  }
  return { fileName, name, version: TARGET_FILE_VERSION, ...(description !== undefined ? { description } : {}), kernels };
}

type Fail = (field: string, message: string) => never;

function readKernel(value: unknown, at: string, fail: Fail): KernelTemplate {
  const p = object(value, at, fail);
  keysIn(p, PATTERN_KEYS, at, fail);
  const name = identifier(p.name, `${at}.name`, /^[A-Za-z_][A-Za-z0-9_]{0,63}$/, 'letters, digits and _, not starting with a digit, at most 64', fail);
  const pattern = lines(p.pattern, `${at}.pattern`, TARGET_FILE_LIMITS.patternChars, fail);
  checkPattern(name, pattern, `${at}.pattern`, fail);
  const ops = list(p.ops, `${at}.ops`, 1, TARGET_FILE_LIMITS.ops, fail).map((o, i) => {
    if (typeof o !== 'string' || !getOpDef(o) || getOpDef(o)!.name !== o) fail(`${at}.ops[${i}]`, `must name a cgc_op (without 'cgc_op.'), got ${show(o)}`);
    return o as string;
  });
  const letObject = p.let === undefined ? {} : object(p.let, `${at}.let`, fail);
  if (Object.keys(letObject).length > TARGET_FILE_LIMITS.lets) fail(`${at}.let`, `has ${Object.keys(letObject).length} names, past the limit of ${TARGET_FILE_LIMITS.lets}`);
  const lets = Object.entries(letObject).map(([n, v]) => {
    if (!/^[A-Za-z_][A-Za-z0-9_]{0,31}$/.test(n) || RESERVED.test(n) || Object.hasOwn(FUNCTIONS, n)) {
      fail(`${at}.let.${n}`, 'is not a name a let may bind (letters, digits and _, at most 32; not in<i>, out, op<i>, workgroup_size or a function name)');
    }
    return { name: n, value: expression(v, `${at}.let.${n}`, fail) };
  });
  const requires = p.requires === undefined ? [] : list(p.requires, `${at}.requires`, 0, TARGET_FILE_LIMITS.requires, fail).map((r, i) => expression(r, `${at}.requires[${i}]`, fail));
  const reads = list(p.reads, `${at}.reads`, 1, TARGET_FILE_LIMITS.reads, fail).map((r, i) => expression(r, `${at}.reads[${i}]`, fail));
  const size = list(p.workgroup_size, `${at}.workgroup_size`, 3, 3, fail);
  const most = TARGET_FILE_LIMITS.workgroupSize;
  if (!size.every((n, i) => Number.isInteger(n) && (n as number) >= 1 && (n as number) <= most[i]!)
    || (size as number[]).reduce((a, b) => a * b, 1) > TARGET_FILE_LIMITS.workgroupInvocations) {
    fail(`${at}.workgroup_size`, `must be 3 positive integers, at most ${most.join(', ')}, whose product is at most ${TARGET_FILE_LIMITS.workgroupInvocations}, got ${show(size)}`);
  }
  const dispatch = list(p.dispatch, `${at}.dispatch`, 3, 3, fail).map((d, i) => expression(d, `${at}.dispatch[${i}]`, fail));
  const wgsl = lines(p.wgsl, `${at}.wgsl`, TARGET_FILE_LIMITS.templateChars, fail);
  return {
    name, pattern, ops, lets, requires, reads, workgroupSize: size as [number, number, number],
    dispatch: dispatch as [SourceExpr, SourceExpr, SourceExpr], template: readTemplate(wgsl, `${at}.wgsl`, fail),
  };
}

/** The pattern's attributes parse as a pattern op of that name, and as nothing more. */
function checkPattern(name: string, text: string, at: string, fail: Fail): void {
  // The text sits on lines of its own, from line 3, so a diagnostic's line maps back to the field's.
  const parsed = parseModule(`cgc.module {\ncgc_pattern.pattern @${name} attributes {\n${text}\n}\n}\n`, { file: 'pattern' });
  if (!parsed.module) {
    const d = parsed.diagnostics[0]!;
    fail(at, d.loc ? `line ${d.loc.line - 2}, column ${d.loc.col}: ${d.message}` : formatDiagnostic(d));
  }
  const ops = parsed.module!.body().operations;
  if (ops.length !== 1 || ops[0]!.name !== PATTERN || ops[0]!.symbolName !== name) fail(at, 'must be one pattern\'s attributes (the text closes its dictionary early)');
}

const PLACEHOLDER = /\{\{([^{}\n]*)\}\}/g;

function readTemplate(wgsl: string, at: string, fail: Fail): TemplatePiece[] {
  // Bindings are declared by the target from `reads`, so the layout always matches the shader.
  const declared = /@(?:binding|group)\b|\benable\b/.exec(wgsl);
  if (declared) fail(at, `must not declare bindings or enable extensions ('${declared[0]}'): the target declares the bindings named in reads and the result 'out'`);
  if (!wgsl.includes('{{workgroup_size}}')) fail(at, "must use {{workgroup_size}} in its entry point's @workgroup_size");
  if (!/\bfn\s+main\s*\(/.test(wgsl)) fail(at, "must define the entry point 'fn main('");
  const pieces: TemplatePiece[] = [];
  let last = 0;
  let count = 0;
  for (const m of wgsl.matchAll(PLACEHOLDER)) {
    if (++count > TARGET_FILE_LIMITS.placeholders) fail(at, `has more than ${TARGET_FILE_LIMITS.placeholders} placeholders`);
    pieces.push(wgsl.slice(last, m.index));
    const text = m[1]!.trim();
    pieces.push(text === 'workgroup_size' ? { text, expr: { kind: 'name', name: text } } : expression(text, `${at} placeholder {{${text.slice(0, 40)}}}`, fail));
    last = m.index + m[0].length;
  }
  pieces.push(wgsl.slice(last));
  if (pieces.some((p) => typeof p === 'string' && (p.includes('{{') || p.includes('}}')))) fail(at, "has an unmatched '{{' or '}}' (a placeholder is one line; write '} }' for two closing braces)");
  return pieces;
}

function expression(value: unknown, at: string, fail: Fail): SourceExpr {
  if (typeof value !== 'string') fail(at, `must be an expression (a string), got ${show(value)}`);
  try {
    return { text: value as string, expr: parseExpr(value as string) };
  } catch (e) {
    if (!(e instanceof ExprError)) throw e;
    return fail(at, `expression ${show(value)}: ${e.message}`);
  }
}

function object(value: unknown, at: string, fail: Fail): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) fail(at, `must be a JSON object, got ${show(value)}`);
  return value as Record<string, unknown>;
}

function keysIn(o: Record<string, unknown>, known: readonly string[], at: string, fail: Fail): void {
  for (const k of Object.keys(o)) if (!known.includes(k)) fail(at ? `${at}.${k}` : k, `is not a field here (fields: ${known.join(', ')})`);
}

function list(value: unknown, at: string, min: number, max: number, fail: Fail): unknown[] {
  if (!Array.isArray(value) || value.length < min || value.length > max) fail(at, `must be an array of ${min === max ? min : `${min} to ${max}`} entries, got ${show(value)}`);
  return value as unknown[];
}

function string(value: unknown, at: string, max: number, fail: Fail): string {
  if (typeof value !== 'string' || value.length > max) fail(at, `must be a string of at most ${max} characters, got ${show(value)}`);
  return value as string;
}

/** A string, or an array of lines joined with newlines, of at most `max` characters. */
function lines(value: unknown, at: string, max: number, fail: Fail): string {
  const text = Array.isArray(value) && value.every((l) => typeof l === 'string') ? value.join('\n') : value;
  if (typeof text !== 'string' || !text.trim()) fail(at, `must be a string or an array of strings (lines), got ${show(value)}`);
  if ((text as string).length > max) fail(at, `is ${(text as string).length} characters, past the limit of ${max}`);
  return text as string;
}

function identifier(value: unknown, at: string, re: RegExp, allowed: string, fail: Fail): string {
  if (typeof value !== 'string' || !re.test(value)) fail(at, `must be a name of ${allowed}; got ${show(value)}`);
  return value as string;
}

/** A value for a message, cut short. */
function show(value: unknown): string {
  const text = value === undefined ? 'nothing' : JSON.stringify(value) ?? String(value);
  return text.length > 60 ? `${text.slice(0, 57)}…` : text;
}
