// Compile and run options: each one's allowed values, its default, and a check that refuses a bad
// value naming the option, the value and what is allowed. The CLI, the app, share links and the
// compiler take the values from here instead of keeping their own lists.
import { CgcError } from './errors';

// ---------------------------------------------------------------------------------------------
// Compile options

/** How the partition pass groups subgraphs: all of one target's together, per target run, or one partition per subgraph. */
export const GRANULARITIES = ['coarse', 'per-target', 'per-subgraph'] as const;
export type Granularity = (typeof GRANULARITIES)[number];
export const DEFAULT_GRANULARITY: Granularity = 'coarse';

/**
 * How the memory plan spreads tensors over scratch arenas (buffers). `one`: every tensor in one
 * arena, the smallest plan, where reuse may order steps that data leaves unordered (implicit
 * dependencies) and WebGPU orders every dispatch that writes scratch after the previous one.
 * `per-branch`: tensors that steps able to run at the same time touch go to different arenas, so
 * no buffer is shared between independent branches and reuse adds no dependencies; more memory.
 */
export const ARENA_SETTINGS = ['one', 'per-branch'] as const;
export type ArenaSetting = (typeof ARENA_SETTINGS)[number];
export const DEFAULT_ARENAS: ArenaSetting = 'one';

/** The values of a switch (fusion, profile, numeric diff) where it is given as text. */
export const ON_OFF = ['on', 'off'] as const;
/** Fusion on compiles with the fused `webgpu` target; off leaves the per-op targets. */
export const DEFAULT_FUSION = true;

export interface CompileOptionValues {
  readonly granularity: Granularity;
  readonly fusion: boolean;
  /** The targets to compile for; which names exist is the caller's (its target list), never fixed here. */
  readonly targets: readonly string[];
}

const quoted = (v: unknown): string => `'${String(v)}'`;

function refuse(option: string, value: unknown, allowed: string): never {
  throw new CgcError('usage', `${option} must be ${allowed}; got ${quoted(value)}`);
}

/** Whether `value` is one of `values`. */
function isOneOf<T extends string>(values: readonly T[], value: string): value is T {
  return (values as readonly string[]).includes(value);
}

/** `value` if it is one of `values`, `fallback` when undefined; else a refusal naming `option` and the values. */
function validateOneOf<T extends string>(values: readonly T[], fallback: T, value: string | undefined, option: string): T {
  if (value === undefined) return fallback;
  if (!isOneOf(values, value)) refuse(option, value, `one of ${values.join(', ')}`);
  return value;
}

export function isGranularity(value: string): value is Granularity {
  return isOneOf(GRANULARITIES, value);
}

/** `value`, or the default when undefined; `option` names it in the refusal (e.g. '--granularity'). */
export function validateGranularity(value: string | undefined, option = 'granularity'): Granularity {
  return validateOneOf(GRANULARITIES, DEFAULT_GRANULARITY, value, option);
}

export function isArenaSetting(value: string): value is ArenaSetting {
  return isOneOf(ARENA_SETTINGS, value);
}

/** `value`, or the default when undefined; `option` names it in the refusal (e.g. '--arenas'). */
export function validateArenas(value: string | undefined, option = 'arenas'): ArenaSetting {
  return validateOneOf(ARENA_SETTINGS, DEFAULT_ARENAS, value, option);
}

/** 'on' / 'off' (the default when undefined: on) as a boolean. */
export function validateFusion(value: string | undefined, option = 'fusion'): boolean {
  return validateOnOff(value, DEFAULT_FUSION, option);
}

/**
 * Where tiled GEMMs split a long K into partial products and their sum (two dispatches): `thin`
 * only products with fewer than 128 output tiles of 64×64, whose few workgroups would
 * leave a large GPU idle through the whole K; `eager` also wider products where the chosen tiles run
 * fewer than 256 workgroups (the default: a transformer's QKV and MLP-up projections at batch 1, and
 * ResNet-50's late convolutions, measured faster so on an H200: BENCHMARKS.md); `off` none, one dispatch per product (docs/webgpu-target.md, "Split-K").
 */
export const SPLIT_K_MODES = ['thin', 'eager', 'off'] as const;
export type SplitK = (typeof SPLIT_K_MODES)[number];
export const DEFAULT_SPLIT_K: SplitK = 'eager';
/** Kernel sizes as literals by default: the steady state measured fastest so (docs/webgpu-target.md). */
export const DEFAULT_SIZE_UNIFORMS = false;

/** `value`, or the default when undefined; `option` names it in the refusal (e.g. '--split-k'). */
export function validateSplitK(value: string | undefined, option = 'split-K'): SplitK {
  return validateOneOf(SPLIT_K_MODES, DEFAULT_SPLIT_K, value, option);
}

/** `on`: kernel sizes read from uniforms, so layers share pipelines; `off` (the default): sizes as literals. */
export function validateSizeUniforms(value: string | undefined, option = 'size uniforms'): boolean {
  return validateOnOff(value, DEFAULT_SIZE_UNIFORMS, option);
}

/**
 * Patterns of the fused target to leave out, given as a comma-separated list of names (none when
 * undefined or empty), each one of `known` (the target's WEBGPU_PATTERN_NAMES: which exist is the
 * target's, never fixed here). It measures one fusion against the kernels it replaces (an A/B):
 * `attention` leaves q·kᵀ, softmax and ·v as three kernels.
 */
export function validateDisabledPatterns(value: string | undefined, known: readonly string[], option = 'disabled patterns'): string[] {
  const names = (value ?? '').split(',').map((n) => n.trim()).filter((n) => n !== '');
  for (const n of names) if (!known.includes(n)) refuse(option, n, `a list of ${known.join(', ')}`);
  return [...new Set(names)];
}

/**
 * A non-empty list of target names, each one of `known` (the targets the caller has), without
 * repeats. The list is the caller's: a target loaded at run time is as valid as a built-in one.
 */
export function validateTargets(names: readonly string[], known: readonly string[], option = 'targets'): string[] {
  if (!names.length) refuse(option, '', `a non-empty list of ${known.join(', ')}`);
  for (const n of names) if (!known.includes(n)) refuse(option, n, `a list of ${known.join(', ')}`);
  const repeated = names.find((n, i) => names.indexOf(n) !== i);
  if (repeated !== undefined) throw new CgcError('usage', `${option} names '${repeated}' twice`);
  return [...names];
}

// ---------------------------------------------------------------------------------------------
// Run options

export interface RunOptionValues {
  /** How many times the program runs on the same inputs (timings are the median over them). */
  readonly runs: number;
  /** Seed of the random inputs. */
  readonly seed: number;
  /** Time every kernel (GPU timestamps) in one extra run. */
  readonly profile: boolean;
  /** Compare every subgraph result with the CPU reference's in one extra debug run. */
  readonly diff: boolean;
}

export const DEFAULT_RUN_OPTIONS: RunOptionValues = { runs: 1, seed: 1, profile: false, diff: false };
/** More runs than this is a typo, not a measurement. */
export const MAX_RUNS = 100_000;

function integerIn(value: string | number | undefined, def: number, lo: number, hi: number, option: string): number {
  if (value === undefined) return def;
  const n = typeof value === 'number' ? value : value.trim() === '' ? NaN : Number(value);
  if (!Number.isInteger(n) || n < lo || n > hi) refuse(option, value, `an integer from ${lo} to ${hi}`);
  return n;
}

/** A number of runs from 1 to MAX_RUNS (the default when undefined: 1). */
export function validateRuns(value: string | number | undefined, option = 'runs'): number {
  return integerIn(value, DEFAULT_RUN_OPTIONS.runs, 1, MAX_RUNS, option);
}

/** A seed from 0 to 2^32 − 1 (the default when undefined: 1). */
export function validateSeed(value: string | number | undefined, option = 'seed'): number {
  return integerIn(value, DEFAULT_RUN_OPTIONS.seed, 0, 2 ** 32 - 1, option);
}

/** An on/off switch given as text ('on' / 'off'); `def` when undefined. Profile and numeric diff are such switches. */
export function validateOnOff(value: string | undefined, def: boolean, option: string): boolean {
  if (value === undefined) return def;
  if (value === 'on') return true;
  if (value === 'off') return false;
  return refuse(option, value, ON_OFF.join(' or '));
}

// ---------------------------------------------------------------------------------------------
// App options

/**
 * How much the app's compile cache (IndexedDB) may hold, in MiB: past it, the least recently used
 * entries (compile results, models) are dropped. One entry larger than the quota is not stored.
 */
export const DEFAULT_CACHE_QUOTA_MIB = 512;
export const MAX_CACHE_QUOTA_MIB = 1024 * 1024;

/** A cache quota in MiB, an integer from 1 to MAX_CACHE_QUOTA_MIB (the default when undefined: 512). */
export function validateCacheQuota(value: string | number | undefined, option = 'cache quota MiB'): number {
  return integerIn(value, DEFAULT_CACHE_QUOTA_MIB, 1, MAX_CACHE_QUOTA_MIB, option);
}
