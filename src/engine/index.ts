// The library API (docs/api.md): open a model, compile it for a device, load the program, run it —
// or record it into your own command encoder. The same engine API the CLI and the app's worker use.
import type { LoadedProgram } from '../runtime/runtime';
import { CgcError } from '../core';
import { openDevice } from '../runtime/device';
import type { Program } from './model';

export type { IntermediateValue, KernelTiming, LoadedProgram, PartitionTiming, RunOptions, RunResult } from '../runtime/runtime';
export type { HostTensor } from '../core';
export { allocTensor, tensorFromBytes, tensorBytes, CgcError, type ErrorKind, type ErrorPosition } from '../core';
export { gpuProfile } from '../webgpu-target/limits';
export { Int64RangeError } from '../runtime/checks';
export { KernelCompileError } from './load';
export { DEFAULT_MAX_PROGRAMS, type Session, type SessionInput, type SessionOptions, openSession } from './session';
export { WARM_UP_MODEL, type WarmUpResult, isSoftwareAdapter, warmUpConstants, warmUpFirstTier } from './warm-up';
export { type DecodedOnnx, decodeOnnx } from '../compiler/import/onnx';
export { type Model, type ModelCompileOptions, type ModelFormat, type OpenOptions, type Program, ModelError, detectFormat, openModel, targetsFor } from './model';
export { PROGRAM_FORMAT, type ProgramFile, ProgramError, loadProgramOn, readProgram, writeProgram } from './program';
export { type TargetFileSource, TargetRegistryError, chooseTargets, defaultTargets, knownTargets } from './targets';

export interface Runtime {
  /** The current device (a new one after a loss). */
  readonly device: GPUDevice;
  /**
   * Compiles the program's partitions and uploads its constants. The program survives a lost
   * device: the next run re-creates the device, recompiles and re-uploads, then runs.
   */
  load(program: Program): Promise<LoadedProgram>;
  /** How many times the runtime has replaced a lost device. */
  readonly recoveries: number;
}

/**
 * A runtime on `device`, or on a device it opens (navigator.gpu in browsers, Dawn in Node). A
 * runtime that opened its own device replaces it when it is lost.
 */
export async function createRuntime(device?: GPUDevice): Promise<Runtime> {
  let current = device ?? (await openDevice()).device;
  let lost = false;
  let recoveries = 0;
  const watch = (d: GPUDevice) => { void d.lost.then(() => { if (d === current) lost = true; }); };
  watch(current);
  const ensureDevice = async (): Promise<GPUDevice> => {
    if (!lost) return current;
    if (device) throw new CgcError('device', 'the GPU device was lost; it was supplied by the caller, who must create a new runtime');
    current = (await openDevice()).device;
    lost = false;
    recoveries++;
    watch(current);
    return current;
  };
  return {
    get device() { return current; },
    get recoveries() { return recoveries; },
    async load(compiled) {
      let dev = await ensureDevice();
      let program = await compiled.load(dev);
      const fresh = async (): Promise<LoadedProgram> => {
        const now = await ensureDevice();
        if (now !== dev) {
          dev = now;
          program = await compiled.load(dev);
        }
        return program;
      };
      return {
        get inputTypes() { return program.inputTypes; },
        get outputTypes() { return program.outputTypes; },
        get dispatchCount() { return program.dispatchCount; },
        get settled() { return program.settled; },
        get settleFailure() { return program.settleFailure; },
        get partitions() { return program.partitions; },
        settle: () => program.settle(),
        run: async (inputs, options) => (await fresh()).run(inputs, options),
        record: (encoder, io) => program.record(encoder, io),
        submit: (io) => program.submit(io),
        destroy: () => program.destroy(),
      };
    },
  };
}

