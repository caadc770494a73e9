// The compile service behind the Web Worker (worker.ts) and usable directly: plain data in (IR text
// or bytecode, constant types, options), plain data out (Output IR, partitions, plan, decision log,
// diagnostics). Nothing with methods crosses this boundary. The download files (.mlirbc, .safetensors)
// are built on request from the modules a compile hands to `onCompiled`, not on every compile.
import {
  type ElementType, INTERFACES, type Operation, type Target, documentOf, targetNamed, type ShapedType, formatDiagnostic, parseModule, printModule, typeToString, writeBytecode,
} from '../ir';
import { ATTR, CONSTANT, FUNCTIONAL_DEFINITION, INVOKE, PARTITION, SUBGRAPH } from '../ir/structural';
import { type ResourceLimits, checkFileSize, resolveLimits } from '../ir/limits';
import { DEFAULT_GPU_PROFILE, type GpuProfile, profileShortfall } from '../webgpu-target/limits';
import type { TargetFileSource } from './targets';
import { readTargetFile } from '../webgpu-target/target-file';
import { type Model, ModelError, openModel, targetsFor } from './model';
import { type Safetensors, constantTypesOf, readSafetensors, writeSafetensors } from '../ir/safetensors';
import { READABLE_OUTPUT, decisionLines } from '../compiler/dump';
import { hasRecordedProfile, moduleRole, programOf, recordProfile, writeProgram } from './program';
import { decodeModel, int64ToNumber } from '../compiler/import/onnx/proto';
import type { MemoryPlan } from '../compiler/memory/plan';
import { isolatePartition } from '../ir/isolate';
import { hostPartitionReasons } from './host-partitions';
import { CompileError, type Decision } from '../compiler/state';
import { type ArenaSetting, CgcError, DEFAULT_ARENAS, DEFAULT_GRANULARITY, type Granularity, ownValue } from '../core';

export interface CompileRequest {
  /** CGC IR text, or MLIR bytecode bytes; ignored when `onnx` is given. */
  readonly model: string | Uint8Array;
  /** An ONNX model, imported here (in the worker) instead of `model`. */
  readonly onnx?: OnnxSource;
  readonly fileName?: string;
  /** Types of named constants (from the weights file) for constants written without one. */
  readonly constantTypes?: Readonly<Record<string, { shape: number[]; element: ElementType }>>;
  /**
   * A text model's .safetensors weights file, read here (in the worker, off the page's main thread):
   * its tensors type the constants written without one, and the response's `weightRanges` say
   * where the bytes of each constant the module names lie in it.
   */
  readonly weights?: { readonly name: string; readonly bytes: Uint8Array };
  readonly granularity?: Granularity;
  /** One scratch arena ('one', the default) or one per branch ('per-branch'): memory against parallelism (memory/plan.ts). */
  readonly arenas?: ArenaSetting;
  /** Names of the targets to compile for, in order, among the defaults (webgpu, webgpu-fallback, webgpu-loop, cpu-reference) and `targetFiles`'; all when absent. */
  readonly targets?: readonly string[];
  /** Target files' text (docs/targets.md): their targets join the known ones, ahead of the defaults. */
  readonly targetFiles?: readonly TargetFileSource[];
  /** The device's features and limits; WebGPU's defaults when absent. */
  readonly gpu?: GpuProfile;
  /** Resource limits on the model and the compile (DEFAULT_LIMITS where not given). */
  readonly limits?: Partial<ResourceLimits>;
  /**
   * Kernels the device refused to compile, by their WGSL, with the device's message: their
   * specializations are declined, so their subgraphs go to the next target (KernelCompileError).
   */
  readonly rejectedKernels?: Readonly<Record<string, string>>;
}

export interface OnnxSource {
  readonly bytes: Uint8Array;
  /** External data files by the name initializers give as their `location`. */
  readonly externalFiles?: Readonly<Record<string, Uint8Array>>;
  /** Full shapes for inputs with dynamic dimensions. */
  readonly shapes?: Readonly<Record<string, number[]>>;
}

export interface CompileResponse {
  readonly ok: boolean;
  /** Names this compile's result (set when it compiled), so a later request can ask for its download files. */
  readonly id?: string;
  readonly diagnostics: string[];
  readonly inputText?: string;
  /** The Output IR, whole: what is parsed to load and run it. */
  readonly outputText?: string;
  /** The Output IR as people read it: long strings (the kernels' WGSL recorded on subgraphs) shown by their first line. */
  readonly outputView?: string;
  /** Each subgraph symbol's WGSL kernels, or why it has none (CPU reference, or a declined kernel). */
  readonly kernels?: { symbol: string; target: string; kernels: { name: string; wgsl: string }[]; note?: string }[];
  /**
   * `step` indexes the plan's steps; `opIds` are the ops' decision ids (`%name`). `dependsOn` (of a
   * partition: partition names; of a subgraph: steps) is what must finish first: data it reads, and
   * memory it overwrites; `reuseDependsOn` names those there only because of memory reuse.
   */
  readonly partitions?: {
    name: string; target: string; dependsOn: string[]; reuseDependsOn: string[];
    /** Of a partition that runs on the host: why its subgraphs are on no GPU target (the decision log's reasons). */
    hostReasons?: string[];
    subgraphs: { symbol: string; target: string; pattern: string; ops: string[]; opIds: string[]; step: number; dependsOn: number[]; reuseDependsOn: number[] }[];
  }[];
  /** Each partition's isolated module (CGC_SUBGRAPH_PARTITION), printed for people (long strings elided). */
  readonly isolated?: Record<string, string>;
  /** ONNX graph inputs (a dynamic dimension is its dim_param, or '?'), so a caller can ask for sizes. */
  readonly onnxInputs?: { name: string; dims: (number | string)[] }[];
  /** The ONNX model's header: IR version, producer and the opsets it imports. */
  readonly onnxModel?: { irVersion: number; producer: string; opsets: { domain: string; version: number }[] };
  /** The ONNX model's weights: name, type, bytes. */
  readonly weights?: { name: string; type: string; bytes: number }[];
  /** For a request with a `weights` file: each constant the module names that the file holds, its type and its bytes' range in that file. */
  readonly weightRanges?: WeightRange[];
  /** Constant data by name, where the worker holds it (ONNX initializers, bytecode resources), for running the program; those in `constantRanges` aside. */
  readonly constants?: Record<string, Uint8Array>;
  /**
   * Constants whose bytes are a range of a file the request carried (an ONNX model's initializers are
   * views of its file): the caller views them in the bytes it sent instead of receiving a copy.
   */
  readonly constantRanges?: ConstantRange[];
  readonly plan?: MemoryPlan;
  readonly decisions?: Decision[];
  readonly decisionText?: string;
  readonly passTimes?: { pass: string; ms: number }[];
  /** Set when the request held a compiled program (CGC Output IR), shown and run without compiling: it has no Input IR, plan or decisions. */
  readonly program?: { format: number; profile: GpuProfile };
  /** The target files whose targets took partitions: loading the program needs them (engine/load.ts). */
  readonly targetFiles?: TargetFileSource[];
  /** The request's kernels the device refused: loading needs them too (a first tier must not plan them again). */
  readonly rejectedKernels?: Readonly<Record<string, string>>;
}

/** A constant's bytes as [begin, end) of the ONNX model file a request carried, or of its external data file `file`. */
export interface ConstantRange {
  readonly name: string;
  readonly file?: string;
  readonly begin: number;
  readonly end: number;
}

/**
 * An ONNX model's constants as byte ranges of the request's files where they are views of them
 * (the importer's initializers are), and as bytes where not (folded or joined constants): a
 * response then carries the file's weights back as a few numbers, not as a copy of the file.
 */
export function constantsByFile(constants: ReadonlyMap<string, Uint8Array>, onnx: OnnxSource): Pick<CompileResponse, 'constants' | 'constantRanges'> {
  const files: [string | undefined, Uint8Array][] = [[undefined, onnx.bytes], ...Object.entries(onnx.externalFiles ?? {})];
  const bytes: Record<string, Uint8Array> = {};
  const ranges: ConstantRange[] = [];
  for (const [name, c] of constants) {
    const within = files.find(([, f]) => c.buffer === f.buffer && c.byteOffset >= f.byteOffset && c.byteOffset + c.byteLength <= f.byteOffset + f.byteLength);
    if (!within) {
      bytes[name] = c;
      continue;
    }
    const [file, f] = within;
    const begin = c.byteOffset - f.byteOffset;
    ranges.push({ name, ...(file !== undefined ? { file } : {}), begin, end: begin + c.byteLength });
  }
  return { constants: bytes, ...(ranges.length ? { constantRanges: ranges } : {}) };
}

/** A tensor of a weights file: its type, and its data at bytes [begin, end) of the file. */
export interface WeightRange {
  readonly name: string;
  readonly shape: number[];
  readonly element: ElementType;
  readonly begin: number;
  readonly end: number;
}

export interface CompileHooks {
  onProgress?: (pass: number, total: number, name: string) => void;
  isCancelled?: () => boolean;
  /** Receives the modules of a successful compile (the worker keeps the last, to build downloads from). */
  onCompiled?: (kept: CompiledModules) => void;
}

/** What a compile leaves to build its download files from: the Input and Output IR and the weights the service holds. */
export interface CompiledModules {
  readonly id: string;
  readonly input: Operation;
  readonly output: Operation;
  /** Constant data by name (ONNX initializers, bytecode resources); a text model's weights stay with the caller. */
  readonly data?: Readonly<Record<string, Uint8Array>>;
}

/** The download files: the Output IR as bytecode (weights as resources) and the weights as one .safetensors file. */
export interface ExportFiles {
  readonly outputBytecode: Uint8Array;
  /** Absent when the model has no weights data. */
  readonly weightsFile?: Uint8Array;
}

export async function compileRequest(req: CompileRequest, hooks: CompileHooks = {}): Promise<CompileResponse> {
  const file = req.fileName ?? (req.onnx ? 'model.onnx' : 'model.mlir');
  const types = req.constantTypes;
  let constantTypes = types ? (name: string): ShapedType | undefined => {
    const t = ownValue(types, name);
    return t && { kind: 'tensor', shape: t.shape, element: t.element, constant: true };
  } : undefined;
  const limits = req.limits ?? {};
  let onnxInputs: CompileResponse['onnxInputs'];
  let onnxModel: CompileResponse['onnxModel'];
  let weightsFile: Safetensors | undefined;
  let model: Model;
  try {
    if (req.weights && !req.onnx) {
      weightsFile = readWeights(req.weights, limits);
      constantTypes = constantTypesOf(weightsFile);
    }
    if (req.onnx) {
      checkFileSize(req.onnx.bytes.length, resolveLimits(req.limits), file);
      ({ inputs: onnxInputs, header: onnxModel } = onnxHeader(req.onnx.bytes, file));
      model = openModel(req.onnx.bytes, {
        fileName: file, limits, externalFiles: new Map(Object.entries(req.onnx.externalFiles ?? {})), ...(req.onnx.shapes ? { shapes: req.onnx.shapes } : {}),
      });
    } else {
      model = openModel(req.model, { fileName: file, limits, acceptProgram: true, ...(constantTypes ? { constantTypes } : {}) });
      if (moduleRole(model.module) === 'CGC_OUTPUT') return programResponse(model, req, file);
    }
  } catch (e) {
    if (e instanceof ModelError) return { ok: false, diagnostics: e.diagnostics.map(formatDiagnostic) };
    if (e instanceof CgcError) return { ok: false, diagnostics: [e.message], ...(onnxInputs ? { onnxInputs } : {}), ...(onnxModel ? { onnxModel } : {}) };
    throw e;
  }
  const data = model.constants.size ? Object.fromEntries(model.constants) : undefined;
  const compiled = await compileModel(model, req, file, hooks, data);
  const ranges = weightsFile && req.weights ? { weightRanges: weightRangesOf(model.module, weightsFile, req.weights.bytes) } : {};
  if (model.format !== 'onnx') return data ? { ...compiled, ...ranges, constants: data } : { ...compiled, ...ranges };
  const typeOf = new Map([...model.module.walk()].filter((op) => op.name === CONSTANT).map((op) => [(op.attr('name') as { value: string }).value, op.results[0]!.type]));
  const weights = [...model.constants].map(([name, bytes]) => ({ name, type: typeOf.has(name) ? typeToString(typeOf.get(name)!) : '?', bytes: bytes.byteLength }));
  return { ...compiled, onnxInputs, onnxModel, weights, ...constantsByFile(model.constants, req.onnx!) };
}

/**
 * The constant data of the model in `req` (ONNX initializers, bytecode resources), read without
 * compiling: a compile result from a cache holds none. An ONNX model's weights come as ranges of
 * its files (constantsByFile). Undefined for IR text (its weights file is the caller's) or a model
 * that does not open.
 */
export function modelConstants(req: CompileRequest): Pick<CompileResponse, 'constants' | 'constantRanges'> | undefined {
  if (!req.onnx && typeof req.model === 'string') return undefined;
  try {
    if (req.onnx) {
      const model = openModel(req.onnx.bytes, { fileName: req.fileName ?? 'model.onnx', limits: req.limits ?? {}, externalFiles: new Map(Object.entries(req.onnx.externalFiles ?? {})), ...(req.onnx.shapes ? { shapes: req.onnx.shapes } : {}) });
      return constantsByFile(model.constants, req.onnx);
    }
    const model = openModel(req.model, { fileName: req.fileName ?? 'model.mlirbc', limits: req.limits ?? {}, acceptProgram: true });
    return { constants: Object.fromEntries(model.constants) };
  } catch (e) {
    if (e instanceof CgcError) return undefined;
    throw e;
  }
}

/** Reads a weights file; a refusal (a passed limit, a malformed header) names the file. */
function readWeights(file: NonNullable<CompileRequest['weights']>, limits: Partial<ResourceLimits>): Safetensors {
  try {
    return readSafetensors(file.bytes, limits);
  } catch (e) {
    if (e instanceof CgcError) throw new CgcError(e.kind, `${file.name}: ${e.message}`);
    throw e;
  }
}

/** The tensors of `weights` (read from `file`) that `module`'s constants name, with their bytes' place in the file. */
function weightRangesOf(module: Operation, weights: Safetensors, file: Uint8Array): WeightRange[] {
  const named = new Set<string>();
  for (const op of module.walk()) {
    const name = op.name === CONSTANT ? op.attr('name') : undefined;
    if (name?.kind === 'string') named.add(name.value);
  }
  const out: WeightRange[] = [];
  for (const name of named) {
    const t = weights.tensors.get(name);
    if (!t) continue;
    const begin = t.data.byteOffset - file.byteOffset;
    out.push({ name, shape: [...t.type.shape], element: t.type.element, begin, end: begin + t.data.byteLength });
  }
  return out;
}

/**
 * The ONNX graph's inputs (a dynamic dimension is its dim_param, or '?') and the model's header (IR
 * version, producer, opsets), read before the import so a failed import can still ask for sizes.
 */
function onnxHeader(bytes: Uint8Array, file: string): { inputs: CompileResponse['onnxInputs']; header: CompileResponse['onnxModel'] } {
  const model = decodeModel(bytes, file);
  const graph = model.graph;
  const weights = new Set(graph?.initializer.map((t) => t.name));
  return {
    inputs: graph?.input.filter((vi) => !weights.has(vi.name)).map((vi) => ({
      name: vi.name,
      dims: (vi.type?.tensor_type?.shape?.dim ?? []).map((d) => (Object.hasOwn(d, 'dim_value') ? int64ToNumber(d.dim_value!) : d.dim_param || '?')),
    })),
    header: {
      irVersion: int64ToNumber(model.ir_version),
      producer: [model.producer_name, model.producer_version].filter(Boolean).join(' '),
      opsets: model.opset_import.map((o) => ({ domain: o.domain || 'ai.onnx', version: int64ToNumber(o.version) })),
    },
  };
}

async function compileModel(model: Model, req: CompileRequest, file: string, hooks: CompileHooks, data?: Readonly<Record<string, Uint8Array>>): Promise<CompileResponse> {
  const module = model.module;
  const diagnostics: string[] = [];
  const inputText = printModule(module);
  try {
    const program = await model.compileAsync({
      granularity: req.granularity ?? DEFAULT_GRANULARITY,
      arenas: req.arenas ?? DEFAULT_ARENAS,
      limits: req.limits ?? {},
      gpu: req.gpu ?? DEFAULT_GPU_PROFILE,
      ...(req.targets ? { targets: req.targets } : {}),
      ...(req.targetFiles ? { targetFiles: req.targetFiles } : {}),
      ...(req.rejectedKernels ? { rejectedKernels: new Map(Object.entries(req.rejectedKernels)) } : {}),
      ...(hooks.onProgress ? { onProgress: hooks.onProgress } : {}),
      ...(hooks.isCancelled ? { isCancelled: hooks.isCancelled } : {}),
    });
    const s = program.state;
    // The profile it was specialized for rides on the Output IR, so either download path writes a program (exportFiles).
    recordProfile(s.output!, req.gpu ?? DEFAULT_GPU_PROFILE);
    // getRandomValues, not randomUUID: the latter exists only in secure contexts (a page served over plain http has none).
    const id = [...crypto.getRandomValues(new Uint8Array(16))].map((b) => b.toString(16).padStart(2, '0')).join('');
    hooks.onCompiled?.({ id, input: module, output: s.output!, ...(data ? { data } : {}) });
    const isolated = new Map(s.partitions.map((p) => [p.name, isolatePartition(s.output!, p.name)]));
    const host = hostPartitionReasons(s, program.targets, isolated);
    return {
      ok: true, id, diagnostics, inputText,
      outputText: printModule(s.output!),
      outputView: printModule(s.output!, READABLE_OUTPUT),
      kernels: kernelSources(s.output!, s.partitions, isolated, program.targets),
      partitions: s.partitions.map((p) => ({
        name: p.name, target: p.target, dependsOn: p.dependsOn, reuseDependsOn: p.reuseDependsOn,
        ...(host.has(p.name) ? { hostReasons: host.get(p.name)! } : {}),
        subgraphs: p.steps.map((step) => ({ step, sg: s.schedule[step]! })).map(({ step, sg }) => ({
          symbol: sg.symbol, target: sg.target, pattern: sg.pattern, ops: sg.ops.map((o) => o.opName), step,
          opIds: sg.ops.map((o) => s.decisions.get(o)?.op ?? o.opName),
          dependsOn: [...s.stepDependencies[step]!.dependsOn], reuseDependsOn: [...s.stepDependencies[step]!.reuseDependsOn],
        })),
      })),
      isolated: Object.fromEntries([...isolated].map(([name, m]) => [name, printModule(m, READABLE_OUTPUT)])),
      plan: s.plan!,
      decisions: s.graph.ops.map((op) => s.decisions.get(op)).filter((d): d is Decision => !!d),
      decisionText: decisionLines(s).join('\n'),
      passTimes: s.passTimes,
      ...targetFilesUsed(req, s.partitions),
      ...(req.rejectedKernels ? { rejectedKernels: req.rejectedKernels } : {}),
    };
  } catch (e) {
    if (e instanceof CgcError) {
      return { ok: false, diagnostics: [...diagnostics, `${file}: error: ${e.message}`], inputText };
    }
    throw e;
  }
}

/**
 * The Output IR as a compiled program with the weights as resources, and the weights as .safetensors: each
 * `cgc.constant` of the Input IR that `data` has bytes for. A weight whose bytes do not fit its
 * declared type is an error naming it.
 */
export function exportFiles(input: Operation, output: Operation, data: Readonly<Record<string, Uint8Array>> | undefined): ExportFiles {
  const resources = new Map(Object.entries(data ?? {}));
  const tensors: { name: string; type: ShapedType; data: Uint8Array }[] = [];
  for (const op of input.walk()) {
    const name = op.name === CONSTANT ? op.attr('name') : undefined;
    const bytes = name?.kind === 'string' ? resources.get(name.value) : undefined;
    if (name?.kind === 'string' && bytes && !tensors.some((t) => t.name === name.value)) {
      tensors.push({ name: name.value, type: op.results[0]!.type as ShapedType, data: bytes });
    }
  }
  const weightsFile = tensors.length ? writeSafetensors(tensors) : undefined;
  // A compiled program (docs/bytecode.md) where the Output IR knows its profile; Output IR printed by an earlier build does not.
  const outputBytecode = hasRecordedProfile(output) ? writeProgram(output, { constants: resources }) : writeBytecode(output, { resources });
  return { outputBytecode, ...(weightsFile ? { weightsFile } : {}) };
}

/** exportFiles from printed Input and Output IR (a compile result the caller holds but the service no longer does). */
export function exportFilesFromText(inputText: string, outputText: string, data: Readonly<Record<string, Uint8Array>> | undefined): ExportFiles {
  const parse = (text: string, file: string): Operation => {
    const r = parseModule(text, { file });
    if (!r.module) throw new CompileError(`${file} did not parse: ${r.diagnostics.map(formatDiagnostic).join('; ')}`);
    return r.module;
  };
  return exportFiles(parse(inputText, 'input.mlir'), parse(outputText, 'output.mlir'), data);
}

/** The request's target files whose targets took a partition (by the name each file declares). */
function targetFilesUsed(req: CompileRequest, partitions: readonly { target: string }[]): Pick<CompileResponse, 'targetFiles'> {
  const used = (req.targetFiles ?? []).filter((f) => partitions.some((p) => p.target === readTargetFile(f.text, f.fileName).name));
  return used.length ? { targetFiles: used } : {};
}

/** Each subgraph's WGSL as its partition's target describes it, or why it has none (it runs on the host, say). */
function kernelSources(output: Operation, partitions: readonly { name: string; target: string }[], isolated: ReadonlyMap<string, Operation>, targets: readonly Target[]): NonNullable<CompileResponse['kernels']> {
  const bySymbol = new Map<string, { target: string; kernels: { name: string; wgsl: string }[]; note?: string }>();
  for (const p of partitions) {
    const described = targetNamed(targets, p.target, `partition @${p.name}`).describe(documentOf(INTERFACES.CGC_SUBGRAPH_PARTITION, isolated.get(p.name)!), p.name);
    for (const k of described.kernels) {
      const entry = bySymbol.get(k.subgraph) ?? { target: p.target, kernels: [] };
      // A subgraph invoked twice dispatches its kernels twice; it has them once.
      if (!entry.kernels.some((x) => x.name === k.name)) entry.kernels.push({ name: k.name, wgsl: k.wgsl });
      bySymbol.set(k.subgraph, entry);
    }
    for (const [symbol, note] of Object.entries(described.notes ?? {})) bySymbol.set(symbol, { target: p.target, kernels: [], note });
  }
  return output.body().operations.filter((o) => o.name === SUBGRAPH && o.symbolName).map((sg) => {
    const symbol = sg.symbolName!;
    return { symbol, ...(bySymbol.get(symbol) ?? { target: '?', kernels: [], note: 'invoked by no partition' }) };
  });
}

/**
 * A compiled program dropped where a model was expected: checked (format version, the device's
 * profile) and described from its Output IR — partitions, subgraphs, each partition's kernels as
 * its target describes them — without running the compiler.
 */
function programResponse(model: Model, req: CompileRequest, file: string): CompileResponse {
  const program = programOf(model.module, model.constants, file);
  const short = profileShortfall(program.profile, req.gpu ?? DEFAULT_GPU_PROFILE);
  if (short) return { ok: false, diagnostics: [`${file}: error: this program cannot run on this device: ${short}`] };
  const output = program.output;
  const ops = output.body().operations;
  const symbols = new Map(ops.filter((o) => o.symbolName).map((o) => [o.symbolName!, o]));
  const callees = (op: Operation) => op.body().operations.filter((o) => o.name === INVOKE).map((o) => (o.attr(ATTR.callee) as { name: string }).name);
  let step = 0;
  const partitions = ops.filter((o) => o.name === PARTITION).map((p) => {
    const subgraphs = callees(p).map((symbol) => {
      const sg = symbols.get(symbol)!;
      const def = sg.body().operations.find((o) => o.name === FUNCTIONAL_DEFINITION);
      const opNames = (def?.body().operations ?? []).filter((o) => o.name.startsWith('cgc_op.')).map((o) => o.opName);
      const pattern = sg.attr('pattern');
      return {
        symbol, target: (sg.attr(ATTR.origin) as { value: string } | undefined)?.value ?? '?', pattern: pattern?.kind === 'string' ? pattern.value : '',
        ops: opNames, opIds: [], step: step++, dependsOn: [], reuseDependsOn: [],
      };
    });
    return { name: p.symbolName!, target: subgraphs[0]?.target ?? '?', dependsOn: [], reuseDependsOn: [], subgraphs };
  });
  const isolated = new Map(partitions.map((p) => [p.name, isolatePartition(output, p.name)]));
  const targets = targetsFor({ gpu: req.gpu ?? DEFAULT_GPU_PROFILE, ...(req.targetFiles ? { targetFiles: req.targetFiles } : {}) });
  return {
    ok: true, id: [...crypto.getRandomValues(new Uint8Array(16))].map((b) => b.toString(16).padStart(2, '0')).join(''),
    diagnostics: [], outputText: printModule(output), outputView: printModule(output, READABLE_OUTPUT),
    kernels: kernelSources(output, partitions, isolated, targets), partitions,
    isolated: Object.fromEntries([...isolated].map(([name, m]) => [name, printModule(m, READABLE_OUTPUT)])),
    constants: Object.fromEntries(program.constants), program: { format: program.format, profile: program.profile },
  };
}
