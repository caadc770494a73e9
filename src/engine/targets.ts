// The default target set, best first: fused WebGPU kernels, the per-op WebGPU fallback, and the
// CPU reference as the last resort. The engine assembles it; the compiler and the runtime take
// whatever targets they are given.
import type { Target } from '../ir';
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
