// Loading a compiled program with the engine's targets (program-file.ts reads and writes programs).
import type { LoadOptions, LoadedProgram } from '../runtime/runtime';
import { gpuProfile, profileShortfall } from '../webgpu-target/limits';
import { loadCompiled } from './load';
import { type ProgramFile, ProgramError } from './program-file';

export * from './program-file';

/** Loads a program on `device` with the engine's targets, without compiling: refused (ProgramError) when the device lacks what its profile needs. */
export async function loadProgramOn(
  device: GPUDevice, program: ProgramFile, constant: (name: string) => Uint8Array | undefined, options: Partial<LoadOptions> = {},
): Promise<LoadedProgram> {
  const short = profileShortfall(program.profile, gpuProfile(device));
  if (short) throw new ProgramError(`this program cannot run on this device: ${short}`);
  return loadCompiled(device, program.output, (name) => program.constants.get(name) ?? constant(name), options);
}

