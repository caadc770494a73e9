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

/** Limits a device meets by having at most the required value (alignments); every other limit it meets by having at least it. */
const AT_MOST = /^min/;

/**
 * What `device` lacks of `required` (a program's recorded profile): the first missing feature, or
 * limit it does not meet, with both values; undefined when it has them all.
 */
export function profileShortfall(required: GpuProfile, device: GpuProfile): string | undefined {
  const missing = required.features.find((f) => !device.features.includes(f));
  if (missing) return `it needs the WebGPU feature '${missing}', which this device lacks (device features: ${device.features.join(', ') || 'none'})`;
  for (const [name, want] of Object.entries(required.limits)) {
    const have = device.limits[name];
    if (have === undefined) return `it needs the limit ${name} = ${want}, which this device does not report`;
    if (AT_MOST.test(name) ? have > want : have < want) {
      return `it needs ${name} ${AT_MOST.test(name) ? '≤' : '≥'} ${want}; this device has ${have}`;
    }
  }
  return undefined;
}
