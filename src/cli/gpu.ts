// The CLI's GPU: Dawn through the `webgpu` package. On a machine with no GPU device node, Dawn is
// pointed at Chromium's SwiftShader Vulkan driver (a CPU implementation), and the CLI says so.
import { existsSync } from 'node:fs';
import { type OpenDeviceOptions, type OpenedDevice, dawnFlags, openDevice } from '../runtime/device';

export const SWIFTSHADER_ICD = '/usr/lib/chromium/vk_swiftshader_icd.json';

/** Points Dawn at SwiftShader when there is no GPU (before the first Dawn instance is created). */
function chooseVulkanDriver(note: (line: string) => void): void {
  const hasGpu = existsSync('/dev/dri') || existsSync('/dev/nvidia0') || existsSync('/dev/dxg');
  if (!process.env.VK_ICD_FILENAMES && !hasGpu && existsSync(SWIFTSHADER_ICD)) {
    process.env.VK_ICD_FILENAMES = SWIFTSHADER_ICD;
    note(`no GPU found: using SwiftShader (WebGPU on the CPU) from ${SWIFTSHADER_ICD}; timings say nothing about a GPU`);
  }
}

/**
 * Makes one Dawn instance this process's `navigator.gpu`, as in a browser, so that another WebGPU
 * library loaded here (onnxruntime-web, for `cgc bench --vs ort`) shares it with our runtime.
 */
export async function useDawn(note: (line: string) => void, flags: readonly string[] = []): Promise<void> {
  if ((globalThis as { navigator?: { gpu?: GPU } }).navigator?.gpu) return;
  chooseVulkanDriver(note);
  const dawn = (await import('webgpu')) as typeof import('webgpu');
  Object.assign(globalThis, dawn.globals);
  Object.defineProperty(globalThis, 'navigator', { value: { gpu: dawn.create(dawnFlags(flags)) }, configurable: true });
  // Dawn's writeBuffer rejects views of a SharedArrayBuffer (browsers accept them); copy those.
  const write = GPUQueue.prototype.writeBuffer;
  GPUQueue.prototype.writeBuffer = function (this: GPUQueue, buffer: GPUBuffer, offset: number, data: BufferSource | SharedArrayBuffer, dataOffset?: number, size?: number) {
    const view = ArrayBuffer.isView(data) ? data : undefined;
    const copy = view && view.buffer instanceof SharedArrayBuffer ? new Uint8Array(new Uint8Array(view.buffer, view.byteOffset, view.byteLength)) : undefined;
    if (copy) {
      const bytesPer = (view as unknown as { BYTES_PER_ELEMENT?: number }).BYTES_PER_ELEMENT ?? 1;
      return write.call(this, buffer, offset, copy, dataOffset === undefined ? undefined : dataOffset * bytesPer, size === undefined ? undefined : size * bytesPer);
    }
    return write.call(this, buffer, offset, data as BufferSource, dataOffset, size);
  } as typeof write;
}

/** Dawn flags for benchmarks: full-resolution GPU timestamps (Dawn rounds them to 2^16 ns by default, as browsers do). */
export const BENCH_DAWN_FLAGS = ['disable-dawn-features=timestamp_quantization'];

/** Opens a device; `note` receives a line saying which adapter it is and why. */
export async function openCliDevice(note: (line: string) => void, options: OpenDeviceOptions = {}): Promise<OpenedDevice> {
  chooseVulkanDriver(note);
  const opened = await openDevice(options);
  note(`WebGPU adapter: ${[opened.info.vendor, opened.info.architecture, opened.info.description].filter((s) => s).join(' / ')}`);
  return opened;
}
