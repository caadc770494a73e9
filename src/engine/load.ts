// Loading a compiled program on a device with the engine's targets: the default set for the
// device's profile, with the targets of the target files it was compiled with, unless the caller
// gives its own.
import type { Operation, Target } from '../ir';
import { type LoadOptions, type LoadedProgram, loadProgram } from '../runtime/runtime';
import { gpuProfile } from '../webgpu-target/limits';
import { type TargetFileSource, knownTargets } from './targets';

/** What loading throws for a kernel the device does not compile: compile again with it in `rejectedKernels`. */
export { KernelCompileError } from '../webgpu-target/executable';

export async function loadCompiled(
  device: GPUDevice, output: Operation, constant: (name: string) => Uint8Array | undefined,
  options: Partial<LoadOptions> & { readonly targetFiles?: readonly TargetFileSource[]; readonly rejectedKernels?: ReadonlyMap<string, string> } = {},
): Promise<LoadedProgram> {
  // Kernels the device refused when the program was compiled: a first tier planned at load leaves them out too.
  const targets: readonly Target[] = options.targets ?? knownTargets(gpuProfile(device), { files: options.targetFiles ?? [], ...(options.rejectedKernels ? { rejectedKernels: options.rejectedKernels } : {}) });
  return loadProgram(device, output, constant, { ...options, targets });
}

/** The device profile a compile specializes for: the page's and the CLI's view of a device, from the WebGPU targets. */
export { DEFAULT_GPU_PROFILE, type GpuProfile, gpuProfile } from '../webgpu-target/limits';
