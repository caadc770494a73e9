// compilePartition, the CreateStateObject analogue: an isolated partition's IR in, an executable
// out (partition-executable.ts) — each subgraph's kernels as recorded by its specialization answer,
// or generated here for a subgraph without them.
import type { Operation } from '../ir';
import type { KernelTiers } from '../ir/target';
import { type KernelOptions, type KernelSpec, planKernels } from './kernel-plan';
import { KernelDecline } from './wgsl/builder';
import { DEFAULT_GPU_PROFILE, type GpuProfile, gpuProfile } from './limits';
import { PipelineCache, type PartitionExecutable, type PlannedKernel, WORKSPACE_POINT, boundKernels, executableOf, partitionInvokes, planPartitionWith, recordedKernels } from './partition-executable';
import { type PartKernel, normalizationParts } from './first-tier-parts';

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
  const planned = new Map<string, PartKernel[] | KernelSpec[]>();
  return partitionInvokes(isolated, name).flatMap(({ callee, subgraph, def, points }) => {
    if (!planned.has(callee)) planned.set(callee, quickKernels(subgraph, def, callee, profile, options));
    const kernels = planned.get(callee)!;
    return kernels.map((k) => ('slots' in k
      ? { kernel: k.kernel, subgraph: callee, bindPoints: k.slots.map((slot) => (slot === WORKSPACE_POINT ? slot : points[slot]!)) }
      : boundKernels([k], points, callee)[0]!));
  });
}

/**
 * A subgraph's first-tier kernels: a product fused with the layer normalization of its result as its
 * two parts (first-tier-parts.ts), or planned with QUICK_KERNELS; its final kernels where those
 * cannot be generated or the device refused one of them.
 */
function quickKernels(subgraph: Operation, def: Operation, symbol: string, profile: GpuProfile, options: KernelOptions): PartKernel[] | KernelSpec[] {
  const quick = { ...options, ...QUICK_KERNELS };
  const refused = (kernels: readonly KernelSpec[]) => kernels.some((k) => options.rejectedKernels?.has(k.wgsl));
  try {
    const parts = normalizationParts(def, symbol, (part, partSymbol) => planKernels(part, partSymbol, profile, quick));
    if (parts && !refused(parts.map((p) => p.kernel))) return parts;
    const kernels = planKernels(def, symbol, profile, quick);
    return refused(kernels) ? kernelsOf(subgraph, def, symbol, profile, options) : kernels;
  } catch (e) {
    if (e instanceof KernelDecline) return kernelsOf(subgraph, def, symbol, profile, options);
    throw e;
  }
}

export async function compilePartition(device: GPUDevice, isolated: Operation, name: string, cache = PipelineCache.of(device), options: KernelOptions = {}, tiers: KernelTiers = 'tiered'): Promise<PartitionExecutable> {
  const profile = gpuProfile(device);
  const planned = planPartition(isolated, name, profile, options);
  return executableOf(device, planned, name, cache, tiers, tiers === 'specialized' ? undefined : quickPlan(isolated, name, profile, options));
}

