// The library API (docs/api.md): compile a model, create a runtime on a GPUDevice, load the
// compiled program with its constants, then run it — or record it into your own command encoder.
import { type Operation, type ResourceLimits, parseModule, formatDiagnostic, readBytecode, isBytecode } from '../ir';
import { compile as compileModule } from '../compiler/pipeline';
import type { CompileOptions } from '../compiler/state';
import { importOnnx } from '../compiler/import/onnx';
import { tensorBytes } from '../reference/tensor';
import { type GpuProfile, DEFAULT_GPU_PROFILE, gpuProfile } from '../webgpu-target/limits';
import { defaultTargets } from './targets';
import { ProgramError, moduleRole } from './program';
import { type LoadedProgram, loadProgram } from '../runtime/runtime';
import { openDevice } from '../runtime/device';

export type { IntermediateValue, KernelTiming, LoadedProgram, PartitionTiming, RunOptions, RunResult } from '../runtime/runtime';
export type { HostTensor } from '../reference/tensor';
export { allocTensor, tensorFromBytes, tensorBytes } from '../reference/tensor';
export { gpuProfile } from '../webgpu-target/limits';
export { Int64RangeError } from '../runtime/checks';
export { PROGRAM_FORMAT, type Program, ProgramError, loadProgramOn, readProgram, writeProgram } from './program';

export interface Model {
  /** CGC Input IR. */
  readonly module: Operation;
  /** Constant data by name. */
  readonly constants: ReadonlyMap<string, Uint8Array>;
}

export interface ReadModelOptions {
  constants?: ReadonlyMap<string, Uint8Array>;
  shapes?: Record<string, number[]>;
  fileName?: string;
  /** Resource limits (DEFAULT_LIMITS where not given); passing one throws an Error that names it. */
  limits?: Partial<ResourceLimits>;
}

/** Reads a model: ONNX bytes, CGC IR text, or MLIR bytecode (constants from its resources). */
export function readModel(source: string | Uint8Array, options: ReadModelOptions = {}): Model {
  const limits = options.limits ?? {};
  if (typeof source !== 'string' && isBytecode(source)) {
    const r = readBytecode(source, { file: options.fileName ?? 'model.mlirbc', limits });
    if (!r.module) throw new Error(r.diagnostics.map(formatDiagnostic).join('\n'));
    if (moduleRole(r.module) === 'CGC_OUTPUT') throw new ProgramError(`${options.fileName ?? 'model.mlirbc'} is a compiled program (CGC Output IR), not a model: read it with readProgram and load it with loadProgramOn`);
    return { module: r.module, constants: new Map([...r.resources, ...(options.constants ?? [])]) };
  }
  if (typeof source !== 'string') {
    const r = importOnnx(source, { limits, ...(options.shapes ? { shapes: options.shapes } : {}), ...(options.fileName ? { fileName: options.fileName } : {}) });
    return { module: r.module, constants: new Map([...r.constants].map(([k, t]) => [k, tensorBytes(t)])) };
  }
  const r = parseModule(source, { file: options.fileName ?? 'model.mlir', limits });
  if (!r.module) throw new Error(r.diagnostics.map(formatDiagnostic).join('\n'));
  return { module: r.module, constants: options.constants ?? new Map() };
}

/** Compiles Input IR to Output IR for a device profile (WebGPU's defaults when absent). */
export function compile(model: Model, options: CompileOptions & { gpu?: GpuProfile } = {}): Operation {
  return compileModule(model.module, defaultTargets(options.gpu ?? DEFAULT_GPU_PROFILE), options).output!;
}

export interface Runtime {
  /** The current device (a new one after a loss). */
  readonly device: GPUDevice;
  /**
   * Compiles the program's partitions and uploads its constants. The program survives a lost
   * device: the next run re-creates the device, recompiles and re-uploads, then runs.
   */
  load(output: Operation, constants: ReadonlyMap<string, Uint8Array>): Promise<LoadedProgram>;
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
    if (device) throw new Error('the GPU device was lost; it was supplied by the caller, who must create a new runtime');
    current = (await openDevice()).device;
    lost = false;
    recoveries++;
    watch(current);
    return current;
  };
  return {
    get device() { return current; },
    get recoveries() { return recoveries; },
    async load(output, constants) {
      let dev = await ensureDevice();
      let program = await loadProgram(dev, output, (n) => constants.get(n), { targets: defaultTargets(gpuProfile(dev)) });
      const fresh = async (): Promise<LoadedProgram> => {
        const now = await ensureDevice();
        if (now !== dev) {
          dev = now;
          program = await loadProgram(dev, output, (n) => constants.get(n), { targets: defaultTargets(gpuProfile(dev)) });
        }
        return program;
      };
      return {
        get inputTypes() { return program.inputTypes; },
        get outputTypes() { return program.outputTypes; },
        get dispatchCount() { return program.dispatchCount; },
        get partitions() { return program.partitions; },
        run: async (inputs, options) => (await fresh()).run(inputs, options),
        record: (encoder, io) => program.record(encoder, io),
        destroy: () => program.destroy(),
      };
    },
  };
}

