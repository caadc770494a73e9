// Resource limits on models from untrusted sources, stated once: file size, op count, elements of
// one tensor, total constant bytes, nesting depth, compile time and a weights header's size.
// Readers check them before they allocate; passing one is an error that names the limit, the value
// seen, and how to raise it.
import { CgcError } from '../core';
import type { Diagnostic } from './diagnostics';
import type { Operation } from './operation';
import { CONSTANT } from './structural';
import { type ShapedType, byteSize, isShaped, numElements, typeToString } from './types';

/**
 * The most iterations one cgc_op.loop runs, on any target: 2^20. Past it a run stops with an error
 * (a model's loop that never ends would otherwise hold the page or process), so the iteration number
 * lies in [0, MAX_LOOP_ITERATIONS − 1], which the value-range analysis relies on.
 */
export const MAX_LOOP_ITERATIONS = 2 ** 20;

export interface ResourceLimits {
  /** Bytes of one model or weights file. */
  readonly maxFileBytes: number;
  /** Operations in a module (every op, nested ones included). */
  readonly maxOps: number;
  /** Elements of one tensor: WebGPU shaders index with 32-bit integers. */
  readonly maxTensorElements: number;
  /** Bytes of all constants (weights) together. */
  readonly maxConstantBytes: number;
  /** Nesting of regions, attributes and types (deeper input would overflow the parser's stack). */
  readonly maxNesting: number;
  /** Wall time of one compile, checked between passes. */
  readonly compileTimeoutMs: number;
  /** Bytes of a weights (safetensors) file's JSON header. */
  readonly maxHeaderBytes: number;
  /** Entries (tensors) in a weights file's header: each costs memory and time to parse, even an empty one. */
  readonly maxHeaderEntries: number;
  /**
   * Elements of one result computed at compile time (an op whose operands are all constants): a
   * larger result stays an op and runs on the device, so folding never turns a small model into a
   * large one. Not an error when passed.
   */
  readonly maxFoldElements: number;
}

const MiB = 1024 * 1024;

export const DEFAULT_LIMITS: ResourceLimits = {
  maxFileBytes: 2048 * MiB - 1,
  maxOps: 1_000_000,
  maxTensorElements: 2 ** 31 - 1,
  maxConstantBytes: 2048 * MiB,
  maxNesting: 64,
  compileTimeoutMs: 120_000,
  maxHeaderBytes: 100 * MiB,
  maxHeaderEntries: 100_000,
  maxFoldElements: 1 << 20,
};

export type LimitName = keyof ResourceLimits;

/**
 * How each limit is named and raised: the `cgc` flag (with its unit) and the app's setting. The
 * flag takes `value / scale`.
 */
export const LIMITS: Readonly<Record<LimitName, { label: string; unit: string; flag: string; scale: number; setting: string }>> = {
  maxFileBytes: { label: 'file size limit', unit: 'bytes', flag: '--max-file-mb', scale: MiB, setting: 'max file MiB' },
  maxOps: { label: 'op count limit', unit: 'ops', flag: '--max-ops', scale: 1, setting: 'max ops' },
  maxTensorElements: { label: 'tensor element limit', unit: 'elements', flag: '--max-tensor-elements', scale: 1, setting: 'max tensor elements' },
  maxConstantBytes: { label: 'constant size limit', unit: 'bytes', flag: '--max-constant-mb', scale: MiB, setting: 'max constant MiB' },
  maxNesting: { label: 'nesting limit', unit: 'levels', flag: '--max-nesting', scale: 1, setting: 'max nesting' },
  compileTimeoutMs: { label: 'compile time limit', unit: 'ms', flag: '--compile-timeout-s', scale: 1000, setting: 'compile timeout s' },
  maxHeaderBytes: { label: 'weights header size limit', unit: 'bytes', flag: '--max-header-mb', scale: MiB, setting: 'max header MiB' },
  maxHeaderEntries: { label: 'weights header entry limit', unit: 'entries', flag: '--max-header-entries', scale: 1, setting: 'max header entries' },
  maxFoldElements: { label: 'fold size limit', unit: 'elements', flag: '--max-fold-elements', scale: 1, setting: 'max folded elements' },
};

/** "…: 2147483648 elements is over the tensor element limit of 2147483647; raise it with --max-tensor-elements (cgc) or Limits → max tensor elements (app)". */
export function limitMessage(limit: LimitName, value: number, max: number, subject: string): string {
  const l = LIMITS[limit];
  return `${subject}: ${value} ${l.unit} is over the ${l.label} of ${max} ${l.unit}; `
    + `raise it with ${l.flag} (cgc) or Limits → ${l.setting} (app)`;
}

/** Thrown where a reader has no diagnostics list; carries which limit was passed. */
export class LimitError extends CgcError {
  override name = 'LimitError';
  constructor(readonly limit: LimitName, readonly value: number, readonly max: number, subject: string) {
    super('limit', limitMessage(limit, value, max, subject));
  }
}

/** The defaults with `given` laid over them; a value that is not a positive number is refused. */
export function resolveLimits(given: Partial<ResourceLimits> = {}): ResourceLimits {
  const out = { ...DEFAULT_LIMITS };
  for (const [k, v] of Object.entries(given) as [LimitName, number | undefined][]) {
    if (v === undefined) continue;
    if (!(k in DEFAULT_LIMITS)) throw new CgcError('usage', `unknown limit '${k}' (limits: ${Object.keys(DEFAULT_LIMITS).join(', ')})`);
    if (!(v > 0)) throw new CgcError('usage', `limit ${k} must be a positive number, got ${v}`);
    out[k] = v;
  }
  return out;
}

/** Checks that `bytes` of input are within the file size limit. */
export function checkFileSize(bytes: number, limits: ResourceLimits, subject: string): void {
  if (bytes > limits.maxFileBytes) throw new LimitError('maxFileBytes', bytes, limits.maxFileBytes, subject);
}

/** The first limit a parsed module passes (op count, a value's elements, total constant bytes), as a diagnostic at the op. */
export function checkModuleLimits(module: Operation, limits: ResourceLimits): Diagnostic | undefined {
  let ops = 0;
  let constantBytes = 0;
  const counted = new Set<string>();
  for (const op of module.walk()) {
    const at = op.loc ? { loc: op.loc } : {};
    const fail = (limit: LimitName, value: number, subject: string): Diagnostic => ({ severity: 'error', message: limitMessage(limit, value, limits[limit], subject), ...at });
    if (++ops > limits.maxOps) return fail('maxOps', ops, `the module has more than ${limits.maxOps} ops`);
    const values = [...op.results, ...op.regions.flatMap((r) => r.blocks.flatMap((b) => b.arguments))];
    for (const v of values) {
      if (!isShaped(v.type)) continue;
      const n = numElements(v.type.shape);
      if (n > limits.maxTensorElements) return fail('maxTensorElements', n, `'${op.name}' ${v.nameHint ? `%${v.nameHint} ` : ''}of type ${typeToString(v.type)}`);
    }
    const name = op.name === CONSTANT ? op.attr('name') : undefined;
    if (name?.kind === 'string' && !counted.has(name.value) && op.results[0] && isShaped(op.results[0].type)) {
      counted.add(name.value);
      constantBytes += byteSize(op.results[0].type as ShapedType);
      if (constantBytes > limits.maxConstantBytes) return fail('maxConstantBytes', constantBytes, `constants up to cgc.constant("${name.value}")`);
    }
  }
  return undefined;
}
