// The default target set, best first: fused WebGPU kernels, the per-op WebGPU fallback, and the
// CPU reference as the last resort. The engine assembles it; the compiler and the runtime take
// whatever targets they are given.
import type { Target } from '../ir';
import { validateTargets } from '../core';
import { createReferenceTarget } from '../reference/target';
import { DEFAULT_GPU_PROFILE, type GpuProfile } from '../webgpu-target/limits';
import { createWebGpuFallbackTarget, createWebGpuTarget } from '../webgpu-target/target';

export interface TargetOptions {
  /** false drops the fused `webgpu` target: every op then gets its own kernel (or the CPU reference). */
  readonly fusion?: boolean;
}

export function defaultTargets(profile: GpuProfile = DEFAULT_GPU_PROFILE, options: TargetOptions = {}): Target[] {
  return [...(options.fusion === false ? [] : [createWebGpuTarget(profile)]), createWebGpuFallbackTarget(profile), createReferenceTarget()];
}

/** The targets `names` picks from `all`, in `all`'s order; an unknown name is an error (a typo must not drop a target). */
export function selectTargets(all: readonly Target[], names: readonly string[]): Target[] {
  const chosen = validateTargets(names, all.map((t) => t.name));
  return all.filter((t) => chosen.includes(t.name));
}
