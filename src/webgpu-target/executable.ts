// compilePartition, the CreateStateObject analogue: an isolated partition's IR in, an executable
// out (partition-executable.ts) — each subgraph's kernels as recorded by its specialization answer,
// or generated here for a subgraph without them.
import type { Operation } from '../ir';
import type { KernelTiers } from '../ir/target';
import { type KernelOptions, type KernelSpec, planKernels } from './kernel-plan';
import { KernelDecline } from './wgsl/builder';
import { DEFAULT_GPU_PROFILE, type GpuProfile, gpuProfile } from './limits';
import { PipelineCache, type PartitionExecutable, type PlannedKernel, executableOf, planPartitionWith, recordedKernels } from './partition-executable';

export { KernelCompileError, type KernelStep, type PartitionExecutable, type PlannedKernel, PipelineCache, executableOf, hashWgsl, pipelineKey, planPartitionWith, recordedKernels, specializedKernel } from './partition-executable';

/**
 * The kernels an isolated partition dispatches per run, in order (no device needed: also what `cgc
 * partitions` counts): each subgraph's recorded configuration (the kernels its specialization
 * answer gave), or, for a subgraph without one, kernels planned for `profile` and `options`.
 */
export function planPartition(isolated: Operation, name: string, profile: GpuProfile = DEFAULT_GPU_PROFILE, options: KernelOptions = {}): PlannedKernel[] {
  return planPartitionWith(isolated, name, (def, symbol, subgraph) => kernelsOf(subgraph, def, symbol, profile, options));
}

function kernelsOf(subgraph: Operation, def: Operation, symbol: string, profile: GpuProfile, options: KernelOptions): KernelSpec[] {
  return recordedKernels(subgraph, def, symbol, profile) ?? planKernels(def, symbol, profile, options);
}

/**
 * The first tier's kernels (docs/webgpu-target.md, "Kernel tiers"): every GEMM and convolution on
 * 16×16 tiles of one accumulator per thread with K whole, and every size a uniform, so the driver
 * compiles a pipeline in a fraction of the tiled kernels' time and layers of one family share it
 * (generic code: a convolution's window a size too, one workgroup size for element kernels).
 */
export const QUICK_KERNELS: KernelOptions = { tile: { tm: 16, tn: 16, tk: 16, splits: 1 }, splitK: 'off', sizeUniforms: true, generic: true };

/**
 * The partition's kernels in the first tier: each subgraph's planned with QUICK_KERNELS, or, where
 * those cannot be generated or the device refused one of them (KernelOptions.rejectedKernels), its
 * final kernels.
 */
export function quickPlan(isolated: Operation, name: string, profile: GpuProfile = DEFAULT_GPU_PROFILE, options: KernelOptions = {}): PlannedKernel[] {
  return planPartitionWith(isolated, name, (def, symbol, subgraph) => {
    try {
      const quick = planKernels(def, symbol, profile, { ...options, ...QUICK_KERNELS });
      return quick.some((k) => options.rejectedKernels?.has(k.wgsl)) ? kernelsOf(subgraph, def, symbol, profile, options) : quick;
    } catch (e) {
      if (e instanceof KernelDecline) return kernelsOf(subgraph, def, symbol, profile, options);
      throw e;
    }
  });
}

export async function compilePartition(device: GPUDevice, isolated: Operation, name: string, cache = PipelineCache.of(device), options: KernelOptions = {}, tiers: KernelTiers = 'tiered'): Promise<PartitionExecutable> {
  const profile = gpuProfile(device);
  const planned = planPartition(isolated, name, profile, options);
  return executableOf(device, planned, name, cache, tiers, tiers === 'specialized' ? undefined : quickPlan(isolated, name, profile, options));
}

