// The WebGPU features and limits the target specializes against: a device's, or WebGPU's
// guaranteed defaults when compiling without one (in the CLI or before a device exists).

export interface GpuProfile {
  readonly features: readonly string[];
  readonly limits: Readonly<Record<string, number>>;
  /** The subgroup size where the adapter has one size only (32 on NVIDIA): kernels built of whole subgroups rely on it. */
  readonly subgroupSize?: number;
  /** The subgroup matrix shapes the adapter offers (GPUAdapterInfo.subgroupMatrixConfigs), with 'chromium-experimental-subgroup-matrix'. */
  readonly subgroupMatrices?: readonly SubgroupMatrixShape[];
}

/** One subgroup matrix configuration: M×K left times K×N right, `component` inputs into `result`. */
export interface SubgroupMatrixShape {
  readonly component: string;
  readonly result: string;
  readonly M: number;
  readonly N: number;
  readonly K: number;
}

/** What a device's adapter said of its subgroups (a GPUDevice does not say it everywhere): noted when the device is opened. */
const adapterFacts = new WeakMap<GPUDevice, Pick<GpuProfile, 'subgroupSize' | 'subgroupMatrices'>>();

/** Notes `info`'s subgroup size and subgroup matrix shapes for `device`'s profile. */
export function noteAdapterInfo(device: GPUDevice, info: GPUAdapterInfo): void {
  const i = info as GPUAdapterInfo & { subgroupMinSize?: number; subgroupMaxSize?: number; subgroupMatrixConfigs?: Iterable<{ componentType: string; resultComponentType: string; M: number; N: number; K: number }> };
  const configs = [...(i.subgroupMatrixConfigs ?? [])].map((c) => ({ component: c.componentType, result: c.resultComponentType, M: c.M, N: c.N, K: c.K }));
  adapterFacts.set(device, {
    ...(i.subgroupMinSize !== undefined && i.subgroupMinSize === i.subgroupMaxSize ? { subgroupSize: i.subgroupMinSize } : {}),
    ...(configs.length ? { subgroupMatrices: configs } : {}),
  });
}

/** WebGPU's default limits (what every adapter offers), for the limits the kernels depend on. */
export const DEFAULT_GPU_PROFILE: GpuProfile = {
  features: [],
  limits: {
    maxStorageBufferBindingSize: 134_217_728,
    maxBufferSize: 268_435_456,
    maxStorageBuffersPerShaderStage: 8,
    maxComputeWorkgroupsPerDimension: 65_535,
    maxComputeInvocationsPerWorkgroup: 256,
    maxComputeWorkgroupStorageSize: 16_384,
    minStorageBufferOffsetAlignment: 256,
  },
};

/** The features and limits of `device`, for compiling against what it can really do. */
export function gpuProfile(device: GPUDevice): GpuProfile {
  const limits: Record<string, number> = {};
  for (const k of Object.keys(DEFAULT_GPU_PROFILE.limits)) limits[k] = (device.limits as unknown as Record<string, number>)[k] ?? DEFAULT_GPU_PROFILE.limits[k]!;
  // Sorted: a GPUSupportedFeatures set iterates in no fixed order, and the profile is part of cache keys.
  return { features: [...device.features].sort(), limits, ...adapterFacts.get(device) };
}
