// A compiled program you can ship: CGC Output IR as MLIR bytecode that records its program format
// version, the device profile its kernels were specialized for (the WebGPU features and the limits
// they rely on), each subgraph's kernels (the targets' recorded configurations) and its weights
// (as resources, or a .safetensors file it names). It loads without the compiler (docs/bytecode.md).
// Specific IR modules, never the IR's index: the runtime-only entry reads programs with this module
// and must not pull in the op registry's definitions.
import { type Attribute, arrayAttr, dictAttr, intAttr, stringAttr } from '../ir/attributes';
import { readBytecode } from '../ir/bytecode/reader';
import { writeBytecode } from '../ir/bytecode/writer';
import { cloneOp } from '../ir/clone';
import { formatDiagnostic } from '../ir/diagnostics';
import { CGC_VERSION, INTERFACE_ATTR, interfaceName } from '../ir/interfaces';
import type { Operation } from '../ir/operation';
import { PROGRAM } from '../ir/structural';
import { CgcError } from '../core';
import type { GpuProfile } from '../webgpu-target/limits';

/**
 * The program format this build writes. Bump it when what a program records changes meaning. 2: a
 * kernel may read sizes from a uniform (its configuration's `params`, `params_binding`).
 */
export const PROGRAM_FORMAT = 2;
/** The oldest format it reads: format 1's kernels hold every size as a literal, which still means the same. */
export const OLDEST_PROGRAM_FORMAT = 1;
/** Module attributes of a program. */
export const PROGRAM_FORMAT_ATTR = 'cgc.program_format';
export const PROFILE_ATTR = 'cgc.device_profile';
/** The weights file a program names when its weights are not inside it (a path relative to the program). */
export const WEIGHTS_FILE_ATTR = 'cgc.weights_file';

export interface ProgramFile {
  /** CGC Output IR with the program's module attributes. */
  readonly output: Operation;
  readonly format: number;
  /** The device profile its kernels were specialized for. */
  readonly profile: GpuProfile;
  /** Weights carried inside the file, by constant name. */
  readonly constants: ReadonlyMap<string, Uint8Array>;
  /** The weights file it names, when its weights are beside it. */
  readonly weightsFile?: string;
}

/** Refused: not a program, a program of another format version, or one the device cannot run. The message says which. */
export class ProgramError extends CgcError {
  override name = 'ProgramError';
  constructor(message: string) {
    super('runtime', message);
  }
}

export interface WriteProgramOptions {
  /** The profile `output` was compiled (specialized) for; where absent, the one `recordProfile` put on it. */
  readonly profile?: GpuProfile;
  /** Weights to carry inside the file. */
  readonly constants?: ReadonlyMap<string, Uint8Array>;
  /** Instead: the weights file to name (written beside the program by the caller). */
  readonly weightsFile?: string;
}

/** `output` (Output IR, left unchanged) as a program: MLIR bytecode with the program's attributes and resources. */
export function writeProgram(output: Operation, options: WriteProgramOptions): Uint8Array {
  if (interfaceName(stringOf(output.attr(INTERFACE_ATTR)) ?? '') !== 'CGC_OUTPUT') throw new ProgramError('only CGC Output IR (a compiled model) can be written as a program');
  const recorded = output.attr(PROFILE_ATTR);
  if (!options.profile && !recorded) throw new ProgramError('a program records the device profile it was specialized for: give it (the Output IR has none recorded)');
  const module = cloneOp(output);
  module.attributes.set(PROGRAM_FORMAT_ATTR, intAttr(PROGRAM_FORMAT));
  module.attributes.set(PROFILE_ATTR, options.profile ? profileAttr(options.profile) : recorded!);
  if (options.weightsFile !== undefined) module.attributes.set(WEIGHTS_FILE_ATTR, stringAttr(options.weightsFile));
  return writeBytecode(module, options.constants ? { resources: options.constants } : {});
}

/**
 * Notes on Output IR the profile it was just compiled for (`cgc.device_profile`), so that it can be
 * written as a program later — from its printed text too — without being told again.
 */
export function recordProfile(output: Operation, profile: GpuProfile): Operation {
  output.attributes.set(PROFILE_ATTR, profileAttr(profile));
  return output;
}

/** Whether Output IR carries the profile it was compiled for (`recordProfile`). */
export function hasRecordedProfile(output: Operation): boolean {
  return output.attr(PROFILE_ATTR) !== undefined;
}

/** The role a module declares (its interface's name), 'untagged' without one, or the unknown GUID. */
export function moduleRole(module: Operation): string {
  const guid = stringOf(module.attr(INTERFACE_ATTR));
  return guid === undefined ? 'untagged' : interfaceName(guid) ?? guid;
}

export interface ReadProgramOptions {
  /**
   * Read ops this build has no definition for as they are (the runtime-only entry, which registers
   * none and runs only recorded kernels); otherwise the module is verified as Output IR.
   */
  readonly opaqueOps?: boolean;
}

/** Reads a program from bytecode (`file` names it in messages); throws ProgramError when it is not one this build runs. */
export function readProgram(bytes: Uint8Array, file = 'program.mlirbc', options: ReadProgramOptions = {}): ProgramFile {
  const r = readBytecode(bytes, { file, ...(options.opaqueOps ? { opaqueOps: true } : {}) });
  if (!r.module) throw new ProgramError(r.diagnostics.map(formatDiagnostic).join('\n'));
  return programOf(r.module, r.resources, file);
}

/** A read module as a program: it must be CGC Output IR of this build's program format. */
export function programOf(module: Operation, resources: ReadonlyMap<string, Uint8Array>, file = 'program.mlirbc'): ProgramFile {
  const role = moduleRole(module);
  if (role !== 'CGC_OUTPUT') {
    throw new ProgramError(`${file} is ${role === 'CGC_INPUT' ? 'CGC Input IR (a model), not a compiled program' : `not a compiled program (its interface is ${role})`}; `
      + 'compile it into one with `cgc compile MODEL --format bytecode -o PROGRAM.mlirbc`');
  }
  const format = module.attr(PROGRAM_FORMAT_ATTR);
  const reads = `program formats ${OLDEST_PROGRAM_FORMAT}–${PROGRAM_FORMAT}`;
  if (format === undefined) throw new ProgramError(`${file} is Output IR without '${PROGRAM_FORMAT_ATTR}': it records no program format (this build reads ${reads}); compile the model again`);
  if (format.kind !== 'int' || format.value < OLDEST_PROGRAM_FORMAT || format.value > PROGRAM_FORMAT) {
    throw new ProgramError(`${file} is program format ${format.kind === 'int' ? format.value : 'of no number'}; this build (CGC dialects ${CGC_VERSION}) reads ${reads}: compile the model again with this build`);
  }
  if (!module.body().operations.some((o) => o.name === PROGRAM)) throw new ProgramError(`${file} holds no cgc.program`);
  const profile = profileOf(module.attr(PROFILE_ATTR), file);
  const weightsFile = stringOf(module.attr(WEIGHTS_FILE_ATTR));
  return { output: module, format: format.value, profile, constants: resources, ...(weightsFile !== undefined ? { weightsFile } : {}) };
}

function profileAttr(profile: GpuProfile): Attribute {
  return dictAttr([
    ['features', arrayAttr([...profile.features].sort().map(stringAttr))],
    ['limits', dictAttr(Object.keys(profile.limits).sort().map((k) => [k, intAttr(profile.limits[k]!)]))],
  ]);
}

function profileOf(a: Attribute | undefined, file: string): GpuProfile {
  const fail = (): never => { throw new ProgramError(`${file}: '${PROFILE_ATTR}' must be {features = ["…"], limits = {name = N, …}}`); };
  if (a?.kind !== 'dict') return fail();
  const features = a.entries.get('features');
  const limits = a.entries.get('limits');
  if (features?.kind !== 'array' || limits?.kind !== 'dict') return fail();
  return {
    features: features.elements.map((f) => stringOf(f) ?? fail()),
    limits: Object.fromEntries([...limits.entries].map(([k, v]) => [k, v.kind === 'int' ? v.value : fail()])),
  };
}

function stringOf(a: Attribute | undefined): string | undefined {
  return a?.kind === 'string' ? a.value : undefined;
}
