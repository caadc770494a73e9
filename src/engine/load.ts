// Loading a compiled program on a device with the engine's targets: the default set for the
// device's profile unless the caller gives its own (targets loaded from files join it there).
import type { Operation, Target } from '../ir';
import { type LoadOptions, type LoadedProgram, loadProgram } from '../runtime/runtime';
import { gpuProfile } from '../webgpu-target/limits';
import { defaultTargets } from './targets';

export async function loadCompiled(
  device: GPUDevice, output: Operation, constant: (name: string) => Uint8Array | undefined, options: Partial<LoadOptions> = {},
): Promise<LoadedProgram> {
  const targets: readonly Target[] = options.targets ?? defaultTargets(gpuProfile(device));
  return loadProgram(device, output, constant, { ...options, targets });
}

/** The device profile a compile specializes for: the page's and the CLI's view of a device, from the WebGPU targets. */
export { DEFAULT_GPU_PROFILE, type GpuProfile, gpuProfile } from '../webgpu-target/limits';
