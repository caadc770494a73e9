// The runtime-only entry (`dxcgc-web/runtime`, docs/api.md): loads a compiled program — CGC Output
// IR as MLIR bytecode, its kernels and weights inside (`cgc compile MODEL --format bytecode`) — and
// runs it on a GPUDevice. It holds no compiler, no ONNX importer, no kernel generator and no op
// definitions: each GPU partition runs the WGSL its program recorded. A partition compiled for the
// host (the CPU reference) needs its target passed in (`hostTargets`, e.g. `createReferenceTarget`
// from `dxcgc-web/reference`); without it the load is refused naming the partition and its ops.
import type { Operation } from '../ir/operation';
import { readSafetensors } from '../ir/safetensors';
import { ATTR, FUNCTIONAL_DEFINITION, INVOKE, PARTITION, SUBGRAPH } from '../ir/structural';
import type { KernelTiers, PipelineCreation, Target } from '../ir/target';
import { openDevice } from '../runtime/device';
import { type LoadedProgram, loadProgram as loadOnDevice } from '../runtime/runtime';
import { gpuProfile, profileShortfall } from '../webgpu-target/limits';
import { createRecordedTarget, recordsKernels } from '../webgpu-target/recorded-target';
import { type ProgramFile, ProgramError, readProgram } from './program-file';

export type { HostTensor, ElementType } from '../core';
export { CgcError, allocTensor, tensorBytes, tensorFromBytes, floatToHalf, halfToFloat } from '../core';
export type { IntermediateValue, KernelTiming, LoadedProgram, PartitionTiming, RunOptions, RunResult } from '../runtime/runtime';
export type { Target } from '../ir/target';
export { openDevice, type OpenedDevice, type AdapterSummary } from '../runtime/device';
export { PROGRAM_FORMAT, type ProgramFile, ProgramError, readProgram } from './program-file';
export type { GpuProfile } from '../webgpu-target/limits';

export interface ProgramLoadOptions {
  /** The program's file name, for messages. */
  readonly fileName?: string;
  /**
   * The `.safetensors` bytes of the weights, for a program that names a weights file instead of
   * carrying its weights (`cgc compile --weights-out`).
   */
  readonly weights?: Uint8Array;
  /** Targets for partitions compiled to run on the host (the CPU reference from `dxcgc-web/reference`). */
  readonly hostTargets?: readonly Target[];
  /** How pipelines are created: 'async' (default, all at once) or 'sync'. */
  readonly pipelines?: PipelineCreation;
  /** Which form of a kernel with uniform sizes runs: 'tiered' (default: generic first, specialized once created), 'generic' or 'specialized'. */
  readonly tiers?: KernelTiers;
}

/** A program loaded on a device: run it with host tensors in the order of `inputTypes`. */
export interface RunnableProgram extends LoadedProgram {
  /** The program as read: its Output IR, format, the device profile it was compiled for. */
  readonly file: ProgramFile;
}

/**
 * Reads the program in `bytes` and loads it on `device` — its pipelines created and its weights
 * uploaded once. Refused with a ProgramError (a CgcError) when the bytes are not a program of this
 * format, the device lacks a feature or limit the program was compiled for (named, with both
 * values), a weight is missing, or a partition needs a host target that was not given.
 */
export async function loadProgram(device: GPUDevice, bytes: Uint8Array, options: ProgramLoadOptions = {}): Promise<RunnableProgram> {
  // With no host target the ops are never interpreted, so none need a definition; a host target (the
  // CPU reference) interprets its partitions' ops, and its entry registers them: the program is verified.
  const hostTargets = options.hostTargets ?? [];
  const file = readProgram(bytes, options.fileName ?? 'program.mlirbc', { opaqueOps: hostTargets.length === 0 });
  const short = profileShortfall(file.profile, gpuProfile(device));
  if (short) throw new ProgramError(`this program cannot run on this device: ${short}`);
  const weights = options.weights ? readSafetensors(options.weights).tensors : undefined;
  if (file.weightsFile !== undefined && !weights && file.constants.size === 0) {
    throw new ProgramError(`${options.fileName ?? 'the program'} names its weights file '${file.weightsFile}' instead of carrying its weights: pass that file's bytes as \`weights\``);
  }
  const targets = targetsFor(file.output, hostTargets);
  const loaded = await loadOnDevice(device, file.output, (name) => file.constants.get(name) ?? weights?.get(name)?.data, {
    targets, ...(options.pipelines ? { pipelines: options.pipelines } : {}), ...(options.tiers ? { tiers: options.tiers } : {}),
  });
  return Object.assign(loaded, { file });
}

/**
 * Opens a GPUDevice (navigator.gpu) with the optional features the runtime uses and the adapter's
 * largest limits, or throws a CgcError saying in words why there is none (no WebGPU in this
 * browser, no adapter). In Node, import `dxcgc-web/node` first.
 */
export async function requestDevice(): Promise<GPUDevice> {
  return (await openDevice()).device;
}

/**
 * The targets that run `output`'s partitions: for each target a partition was compiled by, the
 * recorded-kernel target under its name where every subgraph of its partitions records kernels,
 * else the host target of that name; a partition neither covers is refused by name with its ops.
 */
function targetsFor(output: Operation, hostTargets: readonly Target[]): Target[] {
  const symbols = new Map(output.body().operations.filter((o) => o.symbolName).map((o) => [o.symbolName!, o]));
  const byName = new Map<string, Target>();
  for (const partition of output.body().operations.filter((o) => o.name === PARTITION)) {
    const invoked = partition.body().operations.filter((o) => o.name === INVOKE).map((op) => symbols.get((op.attr(ATTR.callee) as { name: string }).name));
    const subgraphs = invoked.filter((s): s is Operation => s?.name === SUBGRAPH);
    const origin = (subgraphs[0]?.attr(ATTR.origin) as { value: string } | undefined)?.value;
    if (origin === undefined || byName.has(origin)) continue;
    if (subgraphs.length === invoked.length && recordsKernels(subgraphs)) {
      byName.set(origin, createRecordedTarget(origin));
      continue;
    }
    const host = hostTargets.find((t) => t.name === origin);
    if (host) {
      byName.set(origin, host);
      continue;
    }
    const ops = [...new Set(subgraphs.flatMap((sg) => sg.body().operations.find((o) => o.name === FUNCTIONAL_DEFINITION)?.body().operations ?? [])
      .map((o) => o.name).filter((n) => n.startsWith('cgc_op.')))].sort();
    throw new ProgramError(`partition @${partition.symbolName} runs on '${origin}' (${ops.join(', ') || 'no ops'}), which records no GPU kernels: `
      + `pass a target named '${origin}' as \`hostTargets\` (createReferenceTarget() from 'dxcgc-web/reference' runs the CPU reference's partitions), `
      + 'or load the program with the full engine (\'dxcgc-web\')');
  }
  return [...byName.values()];
}
