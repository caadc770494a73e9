// The WebGPU features and limits the target specializes against: a device's, or WebGPU's
// guaranteed defaults when compiling without one (in the CLI or before a device exists).

export interface GpuProfile {
  readonly features: readonly string[];
  readonly limits: Readonly<Record<string, number>>;
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
  return { features: [...device.features].sort(), limits };
}
