// compilePartition, the CreateStateObject analogue: an isolated partition's IR in, an executable
// out (partition-executable.ts) — each subgraph's kernels as recorded by its specialization answer,
// or generated here for a subgraph without them.
import type { Operation } from '../ir';
import type { KernelTiers } from '../ir/target';
import { type KernelOptions, type KernelSpec, planKernels } from './kernel-plan';
import { DEFAULT_GPU_PROFILE, type GpuProfile, gpuProfile } from './limits';
import { PipelineCache, type PartitionExecutable, type PlannedKernel, executableOf, planPartitionWith, recordedKernels } from './partition-executable';

export { KernelCompileError, type KernelStep, type PartitionExecutable, type PlannedKernel, PipelineCache, executableOf, hashWgsl, planPartitionWith, recordedKernels, specializedKernel } from './partition-executable';

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

export async function compilePartition(device: GPUDevice, isolated: Operation, name: string, cache = PipelineCache.of(device), options: KernelOptions = {}, tiers?: KernelTiers): Promise<PartitionExecutable> {
  return executableOf(device, planPartition(isolated, name, gpuProfile(device), options), name, cache, tiers);
}

