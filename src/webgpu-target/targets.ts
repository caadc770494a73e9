// The default target set, best first: fused WebGPU kernels, the per-op WebGPU fallback, and the
// CPU reference as the last resort. Compile entry points (worker, CLI) assemble it.
import type { CompileTarget } from '../ir';
import { createReferenceTarget } from '../reference/target';
import { DEFAULT_GPU_PROFILE, type GpuProfile } from './limits';
import { createWebGpuFallbackTarget, createWebGpuTarget } from './target';

export interface TargetOptions {
  /** false drops the fused `webgpu` target: every op then gets its own kernel (or the CPU reference). */
  readonly fusion?: boolean;
}

export function defaultTargets(profile: GpuProfile = DEFAULT_GPU_PROFILE, options: TargetOptions = {}): CompileTarget[] {
  return [...(options.fusion === false ? [] : [createWebGpuTarget(profile)]), createWebGpuFallbackTarget(profile), createReferenceTarget()];
}
