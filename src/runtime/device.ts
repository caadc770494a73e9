// Acquires the session's GPUDevice from navigator.gpu: a browser's or worker's, or in Node Dawn's
// (the `webgpu` package), which dawn.ts installs there. Reports the adapter as plain data and forwards device loss and uncaptured errors.
import { CgcError } from '../core';

/** Optional features the runtime uses when present (GPU timings, f16 kernels, subgroup reductions). */
export const OPTIONAL_FEATURES: readonly GPUFeatureName[] = ['timestamp-query', 'shader-f16', 'subgroups'];

/** Limits raised to the adapter's maximum: ML workloads bind large buffers and big workgroups. */
const RAISED_LIMITS = [
  'maxBufferSize',
  'maxStorageBufferBindingSize',
  'maxStorageBuffersPerShaderStage',
  'maxComputeWorkgroupStorageSize',
  'maxComputeInvocationsPerWorkgroup',
  'maxComputeWorkgroupSizeX',
  'maxComputeWorkgroupSizeY',
  'maxComputeWorkgroupSizeZ',
  'maxComputeWorkgroupsPerDimension',
] as const;

const REPORTED_LIMITS = [...RAISED_LIMITS, 'minStorageBufferOffsetAlignment', 'minUniformBufferOffsetAlignment'] as const;

export type ReportedLimit = (typeof REPORTED_LIMITS)[number];

/** The adapter and device as plain, JSON-able data (crosses the worker boundary, shown in the UI). */
export interface AdapterSummary {
  readonly vendor: string;
  readonly architecture: string;
  readonly device: string;
  readonly description: string;
  readonly isFallbackAdapter: boolean;
  /** Features enabled on the device, sorted. */
  readonly features: readonly string[];
  /** Key limits of the device as created. */
  readonly limits: Readonly<Record<ReportedLimit, number>>;
}

/** A device-level failure, as plain data. */
export interface DeviceError {
  readonly kind: 'lost' | 'validation' | 'out-of-memory' | 'internal';
  readonly message: string;
}

export interface OpenDeviceOptions {
  readonly powerPreference?: GPUPowerPreference;
  /** Called on device loss (other than our own `device.destroy()`) and on every uncaptured error. */
  readonly onError?: (error: DeviceError) => void;
}

export interface OpenedDevice {
  readonly adapter: GPUAdapter;
  readonly device: GPUDevice;
  readonly info: AdapterSummary;
}

interface GpuLookup {
  readonly gpu?: GPU;
  readonly reason?: string;
}

/**
 * Dawn toggles a Node instance turns on, as Chrome does: the shader robustness transform leaves out
 * the clamp of a workgroup or local array index that integer range analysis proves in bounds (the
 * GEMM's workgroup reads are indexed from `local_invocation_id` and constants). Dawn leaves this
 * toggle to its embedder (Chrome enables it; the `webgpu` package's build already defaults it on).
 * Without it the GEMM at 4096³ ran 33.0 TFLOP/s instead of 37.2 on an H100 (docs/webgpu-target.md).
 */
const NODE_DAWN_TOGGLES = ['enable_integer_range_analysis_in_robustness'];

/**
 * The flags for Node's `webgpu.create`: NODE_DAWN_TOGGLES, then `extra`, then the whitespace-separated
 * flags of the environment's CGC_DAWN_FLAGS (for experiments, e.g.
 * `CGC_DAWN_FLAGS=disable-dawn-features=enable_integer_range_analysis_in_robustness`). Toggle lists
 * (`enable-dawn-features=a,b`, `disable-dawn-features=…`) are merged; a toggle both enabled and
 * disabled is disabled. Other flags pass through, the last of a name winning.
 */
export function dawnFlags(extra: readonly string[] = []): string[] {
  const env = typeof process !== 'undefined' ? (process.env?.CGC_DAWN_FLAGS ?? '') : '';
  const given = [`enable-dawn-features=${NODE_DAWN_TOGGLES.join(',')}`, ...extra, ...env.split(/\s+/).filter((f) => f)];
  const enable = new Set<string>();
  const disable = new Set<string>();
  const other = new Map<string, string>();
  for (const flag of given) {
    const at = flag.indexOf('=');
    const name = at < 0 ? flag : flag.slice(0, at);
    const value = at < 0 ? '' : flag.slice(at + 1);
    const toggles = value.split(',').filter((t) => t);
    if (name === 'enable-dawn-features') toggles.forEach((t) => enable.add(t));
    else if (name === 'disable-dawn-features') toggles.forEach((t) => disable.add(t));
    else other.set(name, flag);
  }
  for (const t of disable) enable.delete(t);
  return [
    ...(enable.size ? [`enable-dawn-features=${[...enable].join(',')}`] : []),
    ...(disable.size ? [`disable-dawn-features=${[...disable].join(',')}`] : []),
    ...other.values(),
  ];
}

function isNode(): boolean {
  return typeof process !== 'undefined' && typeof process.versions?.node === 'string';
}

function lookUpGpu(): GpuLookup {
  const nav = (globalThis as { navigator?: { gpu?: GPU } }).navigator;
  if (nav?.gpu) return { gpu: nav.gpu };
  if (isNode()) return { reason: "Node has no navigator.gpu: import 'dxcgc-web/node' (or call its installDawn()) first, which makes Dawn, the 'webgpu' package, the GPU" };
  return { reason: 'navigator.gpu is missing: this browser has no WebGPU, or it is turned off (WebGPU needs Chrome or Edge 113+, Safari 26+ or Firefox 141+ on Windows, and a secure context: https or localhost)' };
}

/** The platform's GPU entry point, or undefined where there is none. */
export async function requestGpu(): Promise<GPU | undefined> {
  return lookUpGpu().gpu;
}

export async function openDevice(opts: OpenDeviceOptions = {}): Promise<OpenedDevice> {
  const { gpu, reason } = lookUpGpu();
  if (!gpu) throw new CgcError('device', `WebGPU is unavailable: ${reason ?? 'no GPU entry point'}`);
  const adapter = await gpu.requestAdapter(opts.powerPreference ? { powerPreference: opts.powerPreference } : {});
  if (!adapter) {
    throw new CgcError(
      'device',
      'WebGPU has no adapter: requestAdapter() returned null (no usable GPU or driver; ' +
        'in Chromium without a GPU use --enable-unsafe-webgpu --use-webgpu-adapter=swiftshader, ' +
        'in Node set VK_ICD_FILENAMES to a Vulkan ICD such as SwiftShader)',
    );
  }
  const requiredFeatures = OPTIONAL_FEATURES.filter((f) => adapter.features.has(f));
  const requiredLimits: Record<string, number> = {};
  for (const name of RAISED_LIMITS) requiredLimits[name] = adapter.limits[name];
  const device = await adapter.requestDevice({ label: 'Runtime.device', requiredFeatures, requiredLimits });
  watchDevice(device, opts.onError);
  return { adapter, device, info: summarize(adapter, device) };
}

function watchDevice(device: GPUDevice, onError: OpenDeviceOptions['onError']): void {
  void device.lost.then((lost) => {
    if (lost.reason === 'destroyed') return;
    onError?.({ kind: 'lost', message: lost.message || 'device lost' });
  });
  device.addEventListener('uncapturederror', (event) => {
    const { error } = event as GPUUncapturedErrorEvent;
    onError?.({ kind: errorKind(error), message: error.message });
  });
}

function errorKind(error: GPUError): DeviceError['kind'] {
  if (typeof GPUOutOfMemoryError !== 'undefined' && error instanceof GPUOutOfMemoryError) return 'out-of-memory';
  if (typeof GPUInternalError !== 'undefined' && error instanceof GPUInternalError) return 'internal';
  return 'validation';
}

function summarize(adapter: GPUAdapter, device: GPUDevice): AdapterSummary {
  const info = adapter.info;
  const limits = {} as Record<ReportedLimit, number>;
  for (const name of REPORTED_LIMITS) limits[name] = device.limits[name];
  return {
    vendor: info.vendor,
    architecture: info.architecture,
    device: info.device,
    description: info.description,
    isFallbackAdapter: info.isFallbackAdapter ?? false,
    features: [...device.features].sort(),
    limits,
  };
}

/** One line for a status bar: the description, else vendor/architecture. */
export function describeAdapter(info: AdapterSummary): string {
  if (info.description) return info.description;
  const parts = [info.vendor, info.architecture].filter((s) => s !== '');
  return parts.length > 0 ? parts.join('/') : 'unknown adapter';
}
