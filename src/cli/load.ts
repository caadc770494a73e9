// Loads a model file for CLI commands: CGC IR text (`.mlir`) or MLIR bytecode (`.mlirbc`, which may
// carry its constants as resources), plus a weights file: `--weights`, or a `.safetensors` beside
// the model with the same base name.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, isAbsolute, join, normalize } from 'node:path';
import { OnnxImportError, importOnnx } from '../compiler/import/onnx';
import { tensorBytes } from '../reference/tensor';
import { CONSTANT, PROGRAM } from '../ir/structural';
import {
  CGC_VERSION, INTERFACES, INTERFACE_ATTR, VERSION_ATTR, stringAttr,
  type Diagnostic, type Operation, type ResourceLimits, type ShapedType, byteSize, isBytecode, limitMessage, parseModuleBytes, readBytecode, resolveLimits,
} from '../ir';
import { constantTypesOf, readSafetensors, SafetensorsError, type NamedTensor } from '../compiler/import/safetensors';

export interface LoadedModel {
  module?: Operation;
  /** Constant data by name, from the weights file or the bytecode's resources. */
  weights?: ReadonlyMap<string, NamedTensor>;
  format: 'text' | 'bytecode' | 'onnx';
  /** The bytecode producer string, for bytecode input. */
  producer?: string;
  diagnostics: Diagnostic[];
}

export function siblingWeights(file: string): string | undefined {
  const candidate = file.replace(/\.(mlir|mlirbc)$/, '') + '.safetensors';
  return candidate !== file && existsSync(candidate) ? candidate : undefined;
}

function readFile(file: string): Uint8Array | string {
  try {
    return readFileSync(file);
  } catch (e) {
    return `${file}: cannot read: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`;
  }
}

export interface LoadOptions {
  weightsFile?: string;
  /** Shapes for ONNX graph inputs with dynamic dimensions. */
  shapes?: Readonly<Record<string, number[]>>;
  /** Resource limits (DEFAULT_LIMITS where not given). */
  limits?: Partial<ResourceLimits>;
}

/** ONNX external data, read on demand from the model's folder (names may not leave it). */
class ExternalDataFiles implements ReadonlyMap<string, Uint8Array> {
  private cache = new Map<string, Uint8Array>();
  constructor(private readonly dir: string) {}
  get(name: string): Uint8Array | undefined {
    if (isAbsolute(name) || normalize(name).startsWith('..')) return undefined;
    if (!this.cache.has(name)) {
      try {
        this.cache.set(name, readFileSync(join(this.dir, name)));
      } catch {
        return undefined;
      }
    }
    return this.cache.get(name);
  }
  has(name: string): boolean { return this.get(name) !== undefined; }
  get size(): number { return this.cache.size; }
  forEach(f: (v: Uint8Array, k: string, m: ReadonlyMap<string, Uint8Array>) => void): void { this.cache.forEach((v, k) => f(v, k, this)); }
  entries() { return this.cache.entries(); }
  keys() { return this.cache.keys(); }
  values() { return this.cache.values(); }
  [Symbol.iterator]() { return this.cache[Symbol.iterator](); }
}

function loadOnnx(file: string, bytes: Uint8Array, shapes: Readonly<Record<string, number[]>> | undefined, limits: Partial<ResourceLimits>): LoadedModel {
  try {
    const r = importOnnx(bytes, { fileName: file, limits, externalFiles: new ExternalDataFiles(dirname(file)), ...(shapes ? { shapes } : {}) });
    const weights = new Map<string, NamedTensor>();
    for (const [name, t] of r.constants) weights.set(name, { name, type: { ...t.type, constant: true }, data: tensorBytes(t) });
    return { format: 'onnx', module: r.module, weights, diagnostics: [] };
  } catch (e) {
    if (e instanceof OnnxImportError) return { format: 'onnx', diagnostics: [{ severity: 'error', message: e.message }] };
    throw e;
  }
}

export function loadModel(file: string, weightsOrOptions?: string | LoadOptions): LoadedModel {
  const options: LoadOptions = typeof weightsOrOptions === 'string' ? { weightsFile: weightsOrOptions } : weightsOrOptions ?? {};
  const weightsFile = options.weightsFile;
  const limits = resolveLimits(options.limits);
  const fail = (message: string, format: LoadedModel['format'] = 'text'): LoadedModel => ({ format, diagnostics: [{ severity: 'error', message }] });
  const bytes = readFile(file);
  if (typeof bytes === 'string') return fail(bytes);
  if (bytes.length > limits.maxFileBytes) return fail(limitMessage('maxFileBytes', bytes.length, limits.maxFileBytes, `${file} is too large`));
  if (file.endsWith('.onnx')) return loadOnnx(file, bytes, options.shapes, limits);
  const wf = weightsFile ?? siblingWeights(file);
  let weights: ReadonlyMap<string, NamedTensor> | undefined;
  if (wf) {
    const wbytes = readFile(wf);
    if (typeof wbytes === 'string') return fail(wbytes);
    try {
      weights = readSafetensors(wbytes, limits).tensors;
    } catch (e) {
      if (e instanceof SafetensorsError) return fail(`${wf}: ${e.message}`);
      throw e;
    }
  }
  if (isBytecode(bytes)) {
    const r = readBytecode(bytes, { file, limits });
    const loaded: LoadedModel = { format: 'bytecode', diagnostics: [...r.diagnostics], ...(r.producer ? { producer: r.producer } : {}) };
    if (r.module) loaded.module = r.module;
    const fromResources = r.module ? resourceTensors(r.module, r.resources, loaded.diagnostics, file) : new Map<string, NamedTensor>();
    if (loaded.diagnostics.some((d) => d.severity === 'error')) delete loaded.module;
    if (weights || fromResources.size) loaded.weights = new Map([...fromResources, ...(weights ?? [])]);
    return loaded;
  }
  const constantTypes = weights ? constantTypesOf({ tensors: weights, metadata: {} }) : undefined;
  const r = parseModuleBytes(bytes, { file, limits, ...(constantTypes ? { constantTypes } : {}) });
  return { format: 'text', diagnostics: r.diagnostics, ...(r.module ? { module: r.module } : {}), ...(weights ? { weights } : {}) };
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

/** Resource blobs become named tensors typed by the module's `cgc.constant` ops of the same name. */
function resourceTensors(module: Operation, resources: ReadonlyMap<string, Uint8Array>, diags: Diagnostic[], file: string): Map<string, NamedTensor> {
  const out = new Map<string, NamedTensor>();
  for (const op of module.walk()) {
    if (op.name !== CONSTANT) continue;
    const name = op.attr('name');
    if (name?.kind !== 'string') continue;
    const data = resources.get(name.value);
    const t = op.results[0]!.type;
    if (!data || out.has(name.value)) continue;
    const type: ShapedType = { kind: 'tensor', shape: t.shape, element: t.element, constant: true };
    if (data.length === byteSize(type)) out.set(name.value, { name: name.value, type, data });
    else diags.push({ severity: 'error', message: `${file}: resource "${name.value}" holds ${data.length} bytes; cgc.constant("${name.value}") needs ${byteSize(type)}` });
  }
  return out;
}
