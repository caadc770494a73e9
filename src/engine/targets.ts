// The targets the engine knows: the default set, best first — fused WebGPU kernels, the per-op
// WebGPU fallback, run-time loops iterated on the GPU, the CPU reference as the last resort — and any loaded from target files
// (docs/targets.md). A caller picks and orders among them by name; the compiler and the runtime take
// whatever targets they are given.
import type { Target } from '../ir';
import { CgcError, validateTargets } from '../core';
import { createReferenceTarget } from '../reference/target';
import { loadTargetFile } from '../webgpu-target/file-target';
import { DEFAULT_GPU_PROFILE, type GpuProfile } from '../webgpu-target/limits';
import { createWebGpuFallbackTarget, createWebGpuTarget } from '../webgpu-target/target';
import type { KernelOptions } from '../webgpu-target/kernel-plan';
import { createWebGpuLoopTarget } from '../webgpu-target/loop-target';

/** Whether a file's text is a target file (its format marker), for the app, which reads no target module itself. */
export { isTargetFile } from '../webgpu-target/target-file';

export interface TargetOptions extends KernelOptions {
  /** false drops the fused `webgpu` target: every op then gets its own kernel (or the CPU reference). */
  readonly fusion?: boolean;
  /** Patterns of the fused target to leave out, by name (WEBGPU_PATTERN_NAMES): one fusion's A/B. */
  readonly disabledPatterns?: readonly string[];
  /** Opt-in patterns of the fused target to declare, by name (OPT_IN_PATTERNS: attention_long, norm_prologue). */
  readonly enabledPatterns?: readonly string[];
}

/**
 * Patterns of the fused target declared only when asked for (`enabledPatterns`): they match and give
 * the CPU reference's results, but measured slower than the kernels they replace on an H200
 * (BENCHMARKS.md, "Dispatches against speed"), so they are for A/B runs until they pay.
 */
export const OPT_IN_PATTERNS: readonly string[] = ['attention_long', 'norm_prologue'];

/** A target file's text and the name it is known by in messages. */
export interface TargetFileSource {
  readonly fileName: string;
  readonly text: string;
}

export function defaultTargets(profile: GpuProfile = DEFAULT_GPU_PROFILE, options: TargetOptions = {}): Target[] {
  const kernels: KernelOptions = { tile: options.tile, recurrence: options.recurrence, ...(options.splitK ? { splitK: options.splitK } : {}), ...(options.sizeUniforms ? { sizeUniforms: true } : {}), ...(options.rejectedKernels ? { rejectedKernels: options.rejectedKernels } : {}) };
  return [...(options.fusion === false ? [] : [createWebGpuTarget(profile, kernels, [...(options.disabledPatterns ?? []), ...OPT_IN_PATTERNS.filter((n) => !options.enabledPatterns?.includes(n))])]), createWebGpuFallbackTarget(profile, kernels), createWebGpuLoopTarget(profile, kernels), createReferenceTarget()];
}

/** Two known targets of one name. */
export class TargetRegistryError extends CgcError {
  override name = 'TargetRegistryError';
  constructor(message: string) {
    super('usage', message);
  }
}

/**
 * Every known target: those of the target files first (in the order given), then `extra` (targets
 * a caller made), then the default set.
 * A file's problems throw TargetFileError; a name already taken throws TargetRegistryError.
 */
export function knownTargets(
  profile: GpuProfile = DEFAULT_GPU_PROFILE,
  options: TargetOptions & { readonly files?: readonly TargetFileSource[]; readonly extra?: readonly Target[] } = {},
): Target[] {
  const loaded = [...(options.files ?? []).map((f) => loadTargetFile(f.text, f.fileName, profile)), ...(options.extra ?? [])];
  const targets = [...loaded, ...defaultTargets(profile, options)];
  targets.forEach((t, i) => {
    const first = targets.findIndex((u) => u.name === t.name);
    if (first < i) throw new TargetRegistryError(`two targets are named '${t.name}'${i >= loaded.length ? ' (a loaded target took a default target\'s name)' : ''}`);
  });
  return targets;
}

/** The targets `names` picks, in that order (all of `known` when absent); an unknown name is an error, so a typo cannot drop a target. */
export function chooseTargets(known: readonly Target[], names?: readonly string[]): Target[] {
  if (!names) return [...known];
  return validateTargets(names, known.map((t) => t.name)).map((n) => known.find((t) => t.name === n)!);
}
