// The library API (docs/api.md): compile a model, create a runtime on a GPUDevice, load the
// compiled program with its constants, then run it — or record it into your own command encoder.
import { type Operation, parseModule, formatDiagnostic, readBytecode, isBytecode } from '../ir';
import { compile as compileModule } from '../compiler/pipeline';
import type { CompileOptions } from '../compiler/state';
import { importOnnx } from '../compiler/import/onnx';
import { tensorBytes } from '../reference/tensor';
import { type GpuProfile, DEFAULT_GPU_PROFILE } from '../webgpu-target/limits';
import { defaultTargets } from '../webgpu-target/targets';
import { type LoadedProgram, loadProgram } from './runtime';
import { openDevice } from './device';

export type { LoadedProgram, RunResult, PartitionTiming } from './runtime';
export type { HostTensor } from '../reference/tensor';
export { allocTensor, tensorFromBytes, tensorBytes } from '../reference/tensor';

export interface Model {
  /** CGC Input IR. */
  readonly module: Operation;
  /** Constant data by name. */
  readonly constants: ReadonlyMap<string, Uint8Array>;
}

/** Reads a model: ONNX bytes, CGC IR text, or MLIR bytecode (constants from its resources). */
export function readModel(source: string | Uint8Array, options: { constants?: ReadonlyMap<string, Uint8Array>; shapes?: Record<string, number[]>; fileName?: string } = {}): Model {
  if (typeof source !== 'string' && isBytecode(source)) {
    const r = readBytecode(source, { file: options.fileName ?? 'model.mlirbc' });
    if (!r.module) throw new Error(r.diagnostics.map(formatDiagnostic).join('\n'));
    return { module: r.module, constants: new Map([...r.resources, ...(options.constants ?? [])]) };
  }
  if (typeof source !== 'string') {
    const r = importOnnx(source, { ...(options.shapes ? { shapes: options.shapes } : {}), ...(options.fileName ? { fileName: options.fileName } : {}) });
    return { module: r.module, constants: new Map([...r.constants].map(([k, t]) => [k, tensorBytes(t)])) };
  }
  const r = parseModule(source, { file: options.fileName ?? 'model.mlir' });
  if (!r.module) throw new Error(r.diagnostics.map(formatDiagnostic).join('\n'));
  return { module: r.module, constants: options.constants ?? new Map() };
}

/** Compiles Input IR to Output IR for a device profile (WebGPU's defaults when absent). */
export function compile(model: Model, options: CompileOptions & { gpu?: GpuProfile } = {}): Operation {
  return compileModule(model.module, defaultTargets(options.gpu ?? DEFAULT_GPU_PROFILE), options).output!;
}

export interface Runtime {
  readonly device: GPUDevice;
  /** Compiles the program's partitions and uploads its constants. */
  load(output: Operation, constants: ReadonlyMap<string, Uint8Array>): Promise<LoadedProgram>;
}

/** A runtime on `device`, or on a device it opens (navigator.gpu in browsers, Dawn in Node). */
export async function createRuntime(device?: GPUDevice): Promise<Runtime> {
  const dev = device ?? (await openDevice()).device;
  return { device: dev, load: (output, constants) => loadProgram(dev, output, (n) => constants.get(n)) };
}

/** The features and limits of `device`, for compiling against what it can really do. */
export function gpuProfile(device: GPUDevice): GpuProfile {
  const limits: Record<string, number> = {};
  for (const k of Object.keys(DEFAULT_GPU_PROFILE.limits)) limits[k] = (device.limits as unknown as Record<string, number>)[k] ?? DEFAULT_GPU_PROFILE.limits[k]!;
  return { features: [...device.features], limits };
}
