// The CLI's GPU: Dawn through the `webgpu` package. On a machine with no GPU device node, Dawn is
// pointed at Chromium's SwiftShader Vulkan driver (a CPU implementation), and the CLI says so.
import { existsSync } from 'node:fs';
import { type OpenDeviceOptions, type OpenedDevice, openDevice } from '../runtime/device';
import { installDawn } from '../runtime/dawn';
import type { LoadedProgram } from '../runtime/runtime';
import { KernelCompileError } from '../engine/load';

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
 * Makes one Dawn instance this process's `navigator.gpu` (SwiftShader where there is no GPU), with
 * `flags` for its instance.
 */
export async function useDawn(note: (line: string) => void, flags: readonly string[] = []): Promise<void> {
  chooseVulkanDriver(note);
  await installDawn(flags);
}

/** Dawn flags for benchmarks: full-resolution GPU timestamps (Dawn rounds them to 2^16 ns by default, as browsers do). */
export const BENCH_DAWN_FLAGS = ['disable-dawn-features=timestamp_quantization'];

/** Opens a device; `note` receives a line saying which adapter it is and why. */
export async function openCliDevice(note: (line: string) => void, options: OpenDeviceOptions = {}): Promise<OpenedDevice> {
  await useDawn(note);
  const opened = await openDevice(options);
  note(`WebGPU adapter: ${[opened.info.vendor, opened.info.architecture, opened.info.description].filter((s) => s).join(' / ')}`);
  return opened;
}

/**
 * Waits for `program` to settle on its final kernels. Where one of them does not compile on this
 * device, the program runs on with its first tier (runtime: settle rejects, the executable runs on):
 * `note` says which kernel and why, a declined specialization rather than a failed command.
 * Returns whether the program settled.
 */
export async function settleOrStay(program: LoadedProgram, note: (line: string) => void): Promise<boolean> {
  try {
    await program.settle();
    return true;
  } catch (e) {
    if (!(e instanceof KernelCompileError)) throw e;
    note(`kernel ${e.kernel.name}'s final form does not compile on this device (${e.reason.split('\n')[0]}): the program runs on its first tier`);
    return false;
  }
}
