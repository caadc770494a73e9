// The engine API, one for every entry point (the compile worker, the CLI, the library, the app):
// openModel(bytes | text) → Model; model.compile(options) → Program; program.load(device) → a loaded
// program that runs. Environment-neutral: files, workers and devices are the caller's.
import {
  type Diagnostic, type Operation, type ParseOptions, type ResourceLimits, type Target, formatDiagnostic, isBytecode, parseModule, parseModuleBytes, readBytecode,
} from '../ir';
import { compile as compileModule, compileAsync } from '../compiler/pipeline';
import { type CompileOptions, type CompileState, CompileError } from '../compiler/state';
import { type DecodedOnnx, type ExternalFiles, externalFilesOf, importOnnx } from '../compiler/import/onnx';
import { evaluateOp } from '../reference';
import { concatProjections } from '../compiler/passes/concat-projections';
import { rollsAsGathers } from '../compiler/passes/rolls-as-gathers';
import { constantName, foldConstants } from '../compiler/passes/fold-constants';
import { annotateValueRanges } from '../compiler/passes/value-ranges';
import { splitLargeTables } from '../compiler/passes/split-tables';
import { CgcError, type HostTensor, type SplitK, awaitBytes, tensorBytes } from '../core';
import type { LoadedProgram, LoadOptions } from '../runtime/runtime';
import { loadProgram } from '../runtime/runtime';
import { DEFAULT_GPU_PROFILE, type GpuProfile } from '../webgpu-target/limits';
import { resolveLimits } from '../ir/limits';
import { CONSTANT } from '../ir/structural';
import { ProgramError, moduleRole } from './program';
import { type TargetFileSource, TargetRegistryError, chooseTargets, knownTargets } from './targets';
import { TargetFileError } from '../webgpu-target/target-file';
import { KernelCompileError } from '../webgpu-target/executable';

export type ModelFormat = 'onnx' | 'mlir' | 'mlirbc';

/**
 * A model file's format, from its bytes first (MLIR bytecode starts with "MLïR"; an ONNX model is a
 * protobuf whose first field is ir_version, tag 0x08) and its name only where the bytes cannot say.
 */
export function detectFormat(source: string | Uint8Array, fileName = ''): ModelFormat {
  if (typeof source === 'string') return 'mlir';
  if (isBytecode(source)) return 'mlirbc';
  if (/\.onnx$/i.test(fileName) || source[0] === 0x08) return 'onnx';
  return 'mlir';
}

/** A model that could not be read: its diagnostics, each with its place. */
export class ModelError extends CgcError {
  override name = 'ModelError';
  constructor(readonly diagnostics: readonly Diagnostic[]) {
    const first = diagnostics.find((d) => d.severity === 'error');
    super('parse', diagnostics.map(formatDiagnostic).join('\n'), first?.loc ? { file: first.loc.file, line: first.loc.line, column: first.loc.col } : undefined);
  }
}

export interface OpenOptions {
  readonly fileName?: string;
  /** Constant data by name (a weights file's tensors); a bytecode file's resources come first. */
  readonly constants?: ReadonlyMap<string, Uint8Array>;
  /** ONNX external data by the `location` initializers give: files in memory, or a reader of byte ranges (the CLI's reads them from disk). */
  readonly externalFiles?: ReadonlyMap<string, Uint8Array> | ExternalFiles;
  /** Full shapes for ONNX inputs with dynamic dimensions. */
  readonly shapes?: Readonly<Record<string, number[]>>;
  /**
   * ONNX inputs bound at compile time: they become constants, so what depends on them folds (an
   * If on a sample rate imports its taken branch only; docs/compiler.md, "Control flow").
   */
  readonly constantInputs?: ReadonlyMap<string, HostTensor>;
  readonly limits?: Partial<ResourceLimits>;
  /** Read a compiled program (CGC Output IR) too instead of refusing it: for a caller that then hands it to readProgram's checks. */
  readonly acceptProgram?: boolean;
  /** Types of constants written without one (a text model's weights file). */
  readonly constantTypes?: ParseOptions['constantTypes'];
  /**
   * The ONNX source decoded before (`decodeOnnx`, from these same bytes): imported without decoding
   * the file again (a session imports one model at each new set of sizes).
   */
  readonly decoded?: DecodedOnnx;
}

export interface ModelCompileOptions extends CompileOptions {
  /** The device's features and limits (WebGPU's defaults when absent): what the targets specialize for. */
  readonly gpu?: GpuProfile;
  /** false drops the fused `webgpu` target. */
  readonly fusion?: boolean;
  /** Patterns of the fused `webgpu` target to leave out, by name (an A/B of one fusion; core/options.ts). */
  readonly disabledPatterns?: readonly string[];
  /** Opt-in patterns of the fused target to declare (OPT_IN_PATTERNS: attention_long, norm_prologue): measured slower on an H100 and an H200 so far. */
  readonly enabledPatterns?: readonly string[];
  /** Where tiled GEMMs split K into partial products and a sum (`eager` by default; an A/B of split-K; core/options.ts). */
  readonly splitK?: SplitK;
  /** true: kernel sizes as uniforms, so layers share pipelines (a faster cold start); literals by default (KernelOptions.sizeUniforms). */
  readonly sizeUniforms?: boolean;
  /** Target files (docs/targets.md): their targets come first, ahead of `extraTargets` and the defaults. */
  readonly targetFiles?: readonly TargetFileSource[];
  /** Targets beyond the default set that the caller made, tried before the defaults. */
  readonly extraTargets?: readonly Target[];
  /** The names of the targets to use, in that order, from all known ones; all when absent. */
  readonly targets?: readonly string[];
  /** Kernels (by WGSL) the device did not compile, with its message: their subgraphs go to the next target. */
  readonly rejectedKernels?: ReadonlyMap<string, string>;
}

export interface Program {
  /** CGC Output IR. */
  readonly output: Operation;
  readonly constants: ReadonlyMap<string, Uint8Array>;
  /** The targets it was compiled for, which run it. */
  readonly targets: readonly Target[];
  /** The compile's record: partitions, schedule, plan, decisions, pass times. */
  readonly state: CompileState;
  /** CreateStateObject for every partition and the constants uploaded: a program ready to run on `device`. */
  load(device: GPUDevice, options?: Omit<LoadOptions, 'targets'>): Promise<LoadedProgram>;
}

export interface Model {
  /** CGC Input IR. */
  readonly module: Operation;
  readonly constants: ReadonlyMap<string, Uint8Array>;
  readonly format: ModelFormat;
  readonly fileName: string;
  /** The producer string of a bytecode file. */
  readonly producer?: string;
  /** Compiles a copy of the model (the model stays as it was: it can be compiled again with other options). */
  compile(options?: ModelCompileOptions): Program;
  /** As `compile`, yielding between passes (a worker can take a cancel message). */
  compileAsync(options?: ModelCompileOptions): Promise<Program>;
}

/** Reads a model: ONNX bytes, CGC IR text (or its UTF-8 bytes), or MLIR bytecode (its resources become constants). Throws ModelError. */
export function openModel(source: string | Uint8Array, options: OpenOptions = {}): Model {
  const format = detectFormat(source, options.fileName);
  const fileName = options.fileName ?? (format === 'onnx' ? 'model.onnx' : format === 'mlirbc' ? 'model.mlirbc' : 'model.mlir');
  const limits = options.limits ?? {};
  let module: Operation;
  let constants: ReadonlyMap<string, Uint8Array>;
  let producer: string | undefined;
  if (format === 'onnx') {
    if (options.decoded && options.decoded.bytes !== source) throw new CgcError('usage', 'OpenOptions.decoded was decoded from other bytes than the source given');
    const r = importOnnx(options.decoded ?? source as Uint8Array, {
      limits, fileName, evaluate: evaluateOp, ...(options.shapes ? { shapes: options.shapes } : {}),
      ...(options.constantInputs ? { constantInputs: options.constantInputs } : {}), ...(options.externalFiles ? { externalFiles: 'read' in options.externalFiles ? options.externalFiles : externalFilesOf(options.externalFiles) } : {}),
    });
    module = r.module;
    constants = new Map([...r.constants].map(([k, t]) => [k, tensorBytes(t)]));
  } else if (format === 'mlirbc') {
    const r = readBytecode(source as Uint8Array, { file: fileName, limits });
    if (!r.module || r.diagnostics.some((d) => d.severity === 'error')) throw new ModelError(r.diagnostics);
    module = r.module;
    constants = new Map([...r.resources, ...(options.constants ?? [])]);
    producer = r.producer;
  } else {
    const parseOptions = { file: fileName, limits, ...(options.constantTypes ? { constantTypes: options.constantTypes } : {}) };
    const r = typeof source === 'string' ? parseModule(source, parseOptions) : parseModuleBytes(source, parseOptions);
    if (!r.module) throw new ModelError(r.diagnostics);
    module = r.module;
    constants = options.constants ?? new Map();
  }
  if (!options.acceptProgram && moduleRole(module) === 'CGC_OUTPUT') {
    throw new ProgramError(`${fileName} is a compiled program (CGC Output IR), not a model: read it with readProgram and load it with loadProgramOn (\`cgc run\` runs it)`);
  }
  // IR read as text or bytecode: ops on constants fold here, as the ONNX importer folds as it maps.
  if (format !== 'onnx' && moduleRole(module) !== 'CGC_OUTPUT') {
    const known = constants;
    const { folded } = foldConstants(module, (n) => known.get(n), evaluateOp, resolveLimits(limits).maxFoldElements);
    if (folded.size) constants = new Map([...constants, ...[...folded].map(([k, t]) => [k, tensorBytes(t)] as const)]);
  }
  if (moduleRole(module) !== 'CGC_OUTPUT') {
    // Projections of one value (q, k, v) read their weights as column ranges of one constant.
    const { made, unused } = concatProjections(module, (n) => constants.get(n));
    if (made.size) {
      const named = new Set([...module.walk()].filter((op) => op.name === CONSTANT).map(constantName));
      const gone = new Set(unused.filter((n) => !named.has(n)));
      constants = new Map([...[...constants].filter(([n]) => !gone.has(n)), ...made]);
    }
    // A cyclic shift exported as slices and a concat is one gather at constant indices (an operand view).
    const rolls = rollsAsGathers(module);
    if (rolls.size) constants = new Map([...constants, ...rolls]);
    // Tables no WebGPU buffer may hold are gathered from row ranges (views of their bytes).
    const pieces = splitLargeTables(module, (n) => constants.get(n));
    if (pieces.size) constants = new Map([...constants, ...pieces]);
    // int64 results provably within int32 are marked so the GPU targets may compute them.
    annotateValueRanges(module, (n) => constants.get(n));
  }
  const program = (state: CompileState, targets: readonly Target[], compileOptions: ModelCompileOptions): Program => ({
    output: state.output!, constants, targets, state,
    async load(device, loadOptions = {}) {
      try {
        return await loadProgram(device, state.output!, (n) => awaitBytes(constants.get(n)), { ...loadOptions, targets });
      } catch (e) {
        const again = refusing(e, compileOptions);
        return (await compileAndLoad(module, (n) => awaitBytes(constants.get(n)), device, again, loadOptions)).program;
      }
    },
  });
  return {
    module, constants, format, fileName, ...(producer ? { producer } : {}),
    compile(compileOptions = {}) {
      const targets = targetsFor(compileOptions);
      return program(compileModule(module, targets, compileOptions), targets, compileOptions);
    },
    async compileAsync(compileOptions = {}) {
      const targets = targetsFor(compileOptions);
      return program(await compileAsync(module, targets, compileOptions), targets, compileOptions);
    },
  };
}

/**
 * Compiles `module` for `device` and loads it. A kernel the device does not compile is a
 * specialization its target declines: the module is compiled again with that kernel refused
 * (`rejectedKernels`), so its subgraph goes to the next target, and the decision log says why.
 */
export async function compileAndLoad(
  module: Operation, constant: (name: string) => Uint8Array | undefined, device: GPUDevice,
  options: ModelCompileOptions = {}, loadOptions: Omit<LoadOptions, 'targets'> = {},
): Promise<{ program: LoadedProgram; state: CompileState }> {
  const targets = targetsFor(options);
  const state = compileModule(module, targets, options);
  try {
    return { program: await loadProgram(device, state.output!, constant, { ...loadOptions, targets }), state };
  } catch (e) {
    return compileAndLoad(module, constant, device, refusing(e, options), loadOptions);
  }
}

/** The options with the kernel that `e` says does not compile refused; `e` again if it says otherwise (or that kernel was refused already). */
function refusing(e: unknown, options: ModelCompileOptions): ModelCompileOptions {
  const rejected = options.rejectedKernels;
  if (!(e instanceof KernelCompileError) || rejected?.has(e.kernel.wgsl)) throw e;
  return { ...options, rejectedKernels: new Map([...(rejected ?? []), [e.kernel.wgsl, e.reason]]) };
}

/**
 * The targets a compile uses: target files' and the caller's first, then the defaults for the
 * device, narrowed to `targets` by name in that order. A malformed target file, a name taken twice
 * or an unknown name is a CompileError.
 */
export function targetsFor(options: Pick<ModelCompileOptions, 'gpu' | 'fusion' | 'disabledPatterns' | 'enabledPatterns' | 'splitK' | 'sizeUniforms' | 'targetFiles' | 'extraTargets' | 'targets' | 'rejectedKernels'>): Target[] {
  try {
    const known = knownTargets(options.gpu ?? DEFAULT_GPU_PROFILE, {
      ...(options.fusion !== undefined ? { fusion: options.fusion } : {}), ...(options.disabledPatterns ? { disabledPatterns: options.disabledPatterns } : {}), ...(options.enabledPatterns ? { enabledPatterns: options.enabledPatterns } : {}), ...(options.splitK ? { splitK: options.splitK } : {}), ...(options.sizeUniforms ? { sizeUniforms: true } : {}), files: options.targetFiles ?? [], extra: options.extraTargets ?? [],
      ...(options.rejectedKernels ? { rejectedKernels: options.rejectedKernels } : {}),
    });
    return chooseTargets(known, options.targets);
  } catch (e) {
    if (e instanceof TargetRegistryError || e instanceof TargetFileError) throw new CompileError(e.message);
    throw e;
  }
}
