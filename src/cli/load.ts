// Loads a model file for CLI commands: CGC IR text (`.mlir`) or MLIR bytecode (`.mlirbc`, which may
// carry its constants as resources), plus a weights file: `--weights`, or a `.safetensors` beside
// the model with the same base name.
import { existsSync } from 'node:fs';
import { dirname } from 'node:path';
import { CgcError } from '../core';
import { CONSTANT, PROGRAM } from '../ir/structural';
import {
  CGC_VERSION, INTERFACES, INTERFACE_ATTR, VERSION_ATTR, stringAttr,
  type Diagnostic, type Operation, type ResourceLimits, type ShapedType, byteSize, resolveLimits,
} from '../ir';
import { type Model, ModelError, detectFormat, openModel } from '../engine/model';
import { constantTypesOf, readSafetensors, SafetensorsError, type NamedTensor } from '../ir/safetensors';
import { FolderFiles, readInputFile } from './files';

export interface LoadedModel {
  /** The model, opened through the engine API (absent when it could not be read: see diagnostics). */
  model?: Model;
  module?: Operation;
  /** Constant data by name, from the weights file or the bytecode's resources. */
  weights?: ReadonlyMap<string, NamedTensor>;
  format: 'text' | 'bytecode' | 'onnx';
  /** The bytecode producer string, for bytecode input. */
  producer?: string;
  /** An ONNX model's external data files that its import read, by the `location` it names them. */
  externalFiles?: ReadonlyMap<string, Uint8Array>;
  diagnostics: Diagnostic[];
}

export function siblingWeights(file: string): string | undefined {
  const candidate = file.replace(/\.(mlir|mlirbc)$/, '') + '.safetensors';
  return candidate !== file && existsSync(candidate) ? candidate : undefined;
}

function readFile(file: string, limits: ResourceLimits): Uint8Array | string {
  try {
    return readInputFile(file, limits);
  } catch (e) {
    if (e instanceof CgcError) return e.message;
    return `${file}: cannot read: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`;
  }
}

export interface LoadOptions {
  /** The model file's bytes, when the caller has read them already (readInputFile): the file is read once. */
  bytes?: Uint8Array;
  weightsFile?: string;
  /** Shapes for ONNX graph inputs with dynamic dimensions. */
  shapes?: Readonly<Record<string, number[]>>;
  /** Resource limits (DEFAULT_LIMITS where not given). */
  limits?: Partial<ResourceLimits>;
}

export function loadModel(file: string, weightsOrOptions?: string | LoadOptions): LoadedModel {
  const options: LoadOptions = typeof weightsOrOptions === 'string' ? { weightsFile: weightsOrOptions } : weightsOrOptions ?? {};
  const limits = resolveLimits(options.limits);
  const fail = (message: string, format: LoadedModel['format'] = 'text'): LoadedModel => ({ format, diagnostics: [{ severity: 'error', message }] });
  const bytes = options.bytes ?? readFile(file, limits);
  if (typeof bytes === 'string') return fail(bytes);
  const detected = detectFormat(bytes, file);
  const format: LoadedModel['format'] = detected === 'mlirbc' ? 'bytecode' : detected === 'onnx' ? 'onnx' : 'text';
  let weights: ReadonlyMap<string, NamedTensor> | undefined;
  const wf = format === 'onnx' ? undefined : options.weightsFile ?? siblingWeights(file);
  if (wf) {
    const wbytes = readFile(wf, limits);
    if (typeof wbytes === 'string') return fail(wbytes);
    try {
      weights = readSafetensors(wbytes, limits).tensors;
    } catch (e) {
      if (e instanceof SafetensorsError) return fail(`${wf}: ${e.message}`);
      throw e;
    }
  }
  let model: Model;
  let external: FolderFiles | undefined;
  try {
    const constantTypes = weights && format === 'text' ? constantTypesOf({ tensors: weights, metadata: {} }) : undefined;
    if (format === 'onnx') external = new FolderFiles(dirname(file), limits);
    model = openModel(bytes, {
      fileName: file, limits, acceptProgram: true,
      ...(options.shapes ? { shapes: options.shapes } : {}),
      ...(external ? { externalFiles: external } : {}),
      ...(weights ? { constants: new Map([...weights].map(([k, t]) => [k, t.data])) } : {}),
      ...(constantTypes ? { constantTypes } : {}),
    });
  } catch (e) {
    if (e instanceof ModelError) return { format, diagnostics: [...e.diagnostics] };
    if (e instanceof CgcError) return fail(e.message, format);
    throw e;
  }
  const diagnostics: Diagnostic[] = [];
  const typed = typedConstants(model.module, model.constants, diagnostics, file);
  if (diagnostics.length) return { format, diagnostics };
  const loaded: LoadedModel = { format, model, module: model.module, diagnostics, ...(typed.size ? { weights: typed } : {}), ...(model.producer ? { producer: model.producer } : {}) };
  // The external data files the model read, whole, only when asked for (onnxruntime takes them as files).
  const read = external;
  if (read?.locations.size) Object.defineProperty(loaded, 'externalFiles', { get: () => read.wholeFiles(), enumerable: false });
  return loaded;
}

/** Tags a module read without an interface, as every module we write carries one: Output IR if it holds a program, else Input IR. */
export function tagInterface(module: Operation): Operation {
  if (!module.attr(INTERFACE_ATTR)) {
    const output = module.body().operations.some((o) => o.name === PROGRAM);
    module.attributes.set(INTERFACE_ATTR, stringAttr(output ? INTERFACES.CGC_OUTPUT : INTERFACES.CGC_INPUT));
    if (!module.attr(VERSION_ATTR)) module.attributes.set(VERSION_ATTR, stringAttr(CGC_VERSION));
  }
  return module;
}

/** Constant data as named tensors typed by the module's `cgc.constant` ops of the same name; data of the wrong size is an error naming it. */
function typedConstants(module: Operation, data: ReadonlyMap<string, Uint8Array>, diags: Diagnostic[], file: string): Map<string, NamedTensor> {
  const out = new Map<string, NamedTensor>();
  for (const op of module.walk()) {
    if (op.name !== CONSTANT) continue;
    const name = op.attr('name');
    if (name?.kind !== 'string') continue;
    const bytes = data.get(name.value);
    const t = op.results[0]!.type;
    if (!bytes || out.has(name.value)) continue;
    const type: ShapedType = { kind: 'tensor', shape: t.shape, element: t.element, constant: true };
    if (bytes.length === byteSize(type)) out.set(name.value, { name: name.value, type, data: bytes });
    else diags.push({ severity: 'error', message: `${file}: constant "${name.value}" has ${bytes.length} bytes; cgc.constant("${name.value}") needs ${byteSize(type)}` });
  }
  return out;
}
