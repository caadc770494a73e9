// The CLI's GPU: Dawn through the `webgpu` package. On a machine with no GPU device node, Dawn is
// pointed at Chromium's SwiftShader Vulkan driver (a CPU implementation), and the CLI says so.
import { existsSync } from 'node:fs';
import { type OpenedDevice, openDevice } from '../runtime/device';

export const SWIFTSHADER_ICD = '/usr/lib/chromium/vk_swiftshader_icd.json';

/** Opens a device; `note` receives a line saying which adapter it is and why. */
export async function openCliDevice(note: (line: string) => void): Promise<OpenedDevice> {
  const hasGpu = existsSync('/dev/dri') || existsSync('/dev/nvidia0') || existsSync('/dev/dxg');
  if (!process.env.VK_ICD_FILENAMES && !hasGpu && existsSync(SWIFTSHADER_ICD)) {
    process.env.VK_ICD_FILENAMES = SWIFTSHADER_ICD;
    note(`no GPU found: using SwiftShader (WebGPU on the CPU) from ${SWIFTSHADER_ICD}; timings say nothing about a GPU`);
  }
  const opened = await openDevice();
  note(`WebGPU adapter: ${[opened.info.vendor, opened.info.architecture, opened.info.description].filter((s) => s).join(' / ')}`);
  return opened;
}
