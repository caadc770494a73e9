// Model sources: dropped or picked files (.onnx with its external data files, .mlir or .mlirbc with a
// .safetensors weights file), a URL, or a demo from public/models — each read into the plain data a
// compile request needs. Nothing here parses a model or a weights file; the compile worker does.
// A URL is read as a stream: the file size limit holds as bytes arrive, and Cancel stops the transfer.
import { type ArenaSetting, CgcError, type Granularity, ownValue } from '../core';
import type { CompileRequest, CompileResponse } from '../engine/service';
import { type TargetFileSource, isTargetFile } from '../engine/targets';
import type { ElementType } from '../ir';
import { LimitError, type ResourceLimits, limitMessage, resolveLimits } from '../ir/limits';
import type { GpuProfile } from '../engine/load';

export interface RequestOptions {
  readonly granularity: Granularity;
  readonly arenas?: ArenaSetting;
  readonly targets: readonly string[];
  readonly limits?: Partial<ResourceLimits>;
  /** The device's features and limits to specialize for (WebGPU's defaults when absent). */
  readonly gpu?: GpuProfile;
  /** Target files opened on the page; the worker builds their targets. */
  readonly targetFiles?: readonly TargetFileSource[];
  /** Kernels the device refused to compile (WGSL → message). */
  readonly rejectedKernels?: ReadonlyMap<string, string>;
}

/** Constant types by name, for the Source view's live parse (from the worker's reading of the weights file). */
export type ConstantTypes = ReadonlyMap<string, { shape: number[]; element: ElementType }>;

export type ModelSource =
  | { kind: 'text'; name: string; text: string; weightsName?: string; weights?: Uint8Array }
  | { kind: 'bytecode'; name: string; bytes: Uint8Array }
  | { kind: 'onnx'; name: string; bytes: Uint8Array; externalFiles: Record<string, Uint8Array>; shapes?: Record<string, number[]> };

export interface DemoModel {
  readonly file: string;
  readonly title: string;
  readonly weights?: string;
}

// The models in public/models/. Vite serves that folder as-is and cannot list it, so they are named here.
export const DEMO_MODELS: readonly DemoModel[] = [
  { file: 'spec-7layer.mlir', weights: 'spec-7layer.safetensors', title: 'Spec example: conv → relu → add ×2 → upsample' },
  { file: 'tiny-cnn.onnx', title: 'Tiny CNN (ONNX, 4 convs, residual, 1×3×32×32, 42 KB)' },
];

export class SourceError extends CgcError {
  override name = 'SourceError';
  constructor(message: string) {
    super('source', message);
  }
}

const ext = (name: string) => name.toLowerCase().match(/\.([a-z]+)$/)?.[1] ?? '';

async function bytesOf(file: Blob): Promise<Uint8Array> {
  return new Uint8Array(await file.arrayBuffer());
}

/**
 * One model from a set of files: the model, plus weights or external data that travel with it.
 * A file over the file size limit is refused before it is read.
 */
export async function sourceFromFiles(files: readonly File[], limits: Partial<ResourceLimits> = {}): Promise<ModelSource> {
  const maxFileBytes = resolveLimits(limits).maxFileBytes;
  const big = files.find((f) => f.size > maxFileBytes);
  if (big) throw new SourceError(limitMessage('maxFileBytes', big.size, maxFileBytes, `${big.name} is too large`));
  const models = files.filter((f) => ['onnx', 'mlir', 'mlirbc'].includes(ext(f.name)));
  if (models.length !== 1) {
    throw new SourceError(models.length
      ? `drop one model at a time (got ${models.map((f) => f.name).join(', ')})`
      : `no model among ${files.map((f) => f.name).join(', ') || 'the files'}: expected .onnx, .mlir or .mlirbc (with .safetensors weights or ONNX external data files)`);
  }
  const model = models[0]!;
  const rest = files.filter((f) => f !== model);
  if (ext(model.name) === 'onnx') {
    const externalFiles: Record<string, Uint8Array> = {};
    for (const f of rest) externalFiles[f.name] = await bytesOf(f);
    return { kind: 'onnx', name: model.name, bytes: await bytesOf(model), externalFiles };
  }
  const bytes = await bytesOf(model);
  if (ext(model.name) === 'mlirbc') return { kind: 'bytecode', name: model.name, bytes };
  const weightsFile = rest.find((f) => ext(f.name) === 'safetensors');
  const weights = weightsFile && await bytesOf(weightsFile);
  return {
    kind: 'text', name: model.name, text: new TextDecoder().decode(bytes),
    ...(weightsFile && weights ? { weightsName: weightsFile.name, weights } : {}),
  };
}

/**
 * Splits opened files into target files (.json files carrying the target file format marker,
 * docs/targets.md) and the rest (a model and what travels with it).
 */
export async function splitTargetFiles(files: readonly File[], limits: Partial<ResourceLimits> = {}): Promise<{ targets: TargetFileSource[]; rest: File[] }> {
  const maxFileBytes = resolveLimits(limits).maxFileBytes;
  const targets: TargetFileSource[] = [];
  const rest: File[] = [];
  for (const f of files) {
    const text = ext(f.name) === 'json' && f.size <= maxFileBytes ? await f.text() : undefined;
    if (text !== undefined && isTargetFile(text)) targets.push({ fileName: f.name, text });
    else rest.push(f);
  }
  return { targets, rest };
}

/** A read's progress: bytes of `name` so far, and its declared size when the server gave one. */
export type ReadProgress = (name: string, received: number, total: number | undefined) => void;

/** What a load hands the read of its model: Cancel's signal, and where progress goes. */
export interface ReadControl {
  readonly signal?: AbortSignal;
  readonly onProgress?: ReadProgress;
}

const fileNameOf = (url: URL): string => decodeURIComponent(url.pathname.split('/').pop() || 'model');

/**
 * The body of `url`, read as a stream: refused before any byte when its declared Content-Length is
 * over the file size limit, and stopped as soon as the bytes read pass it (a body that never ends
 * costs the page at most the limit). Aborting `signal` stops the transfer.
 */
async function fetchBytes(url: URL, maxFileBytes: number, { signal, onProgress }: ReadControl): Promise<Uint8Array> {
  const name = fileNameOf(url);
  // Our own abort as well as the caller's: a refused body is cancelled at the network, not just no longer read.
  const stop = new AbortController();
  const response = await fetch(url, { signal: signal ? AbortSignal.any([signal, stop.signal]) : stop.signal });
  try {
    if (!response.ok) throw new SourceError(`${url.href}: HTTP ${response.status} ${response.statusText}`);
    const header = response.headers.get('content-length');
    const declared = header !== null && /^\d+$/.test(header.trim()) ? Number(header) : undefined;
    if (declared !== undefined && declared > maxFileBytes) {
      throw new LimitError('maxFileBytes', declared, maxFileBytes, `${name} is too large (its Content-Length; nothing was downloaded)`);
    }
    const chunks: Uint8Array[] = [];
    let received = 0;
    const reader = response.body?.getReader();
    onProgress?.(name, 0, declared);
    for (;;) {
      const chunk = reader && await reader.read();
      if (!chunk || chunk.done) break;
      received += chunk.value.byteLength;
      if (received > maxFileBytes) {
        throw new LimitError('maxFileBytes', received, maxFileBytes, `${name} is too large (the download was stopped at ${received} bytes)`);
      }
      chunks.push(chunk.value);
      onProgress?.(name, received, declared);
    }
    const bytes = new Uint8Array(received);
    let at = 0;
    for (const c of chunks) {
      bytes.set(c, at);
      at += c.byteLength;
    }
    return bytes;
  } finally {
    stop.abort();
  }
}

/**
 * A model from a URL the user chose; a .mlir's weights are looked for next to it (`NAME.safetensors`).
 * Each file is refused past the file size limit of `limits`; `control.signal` (Cancel) stops the reads.
 */
export async function sourceFromUrl(url: string, weightsUrl?: string, control: ReadControl = {}, limits: Partial<ResourceLimits> = {}): Promise<ModelSource> {
  const parsed = new URL(url, location.href);
  const name = fileNameOf(parsed);
  const maxFileBytes = resolveLimits(limits).maxFileBytes;
  let bytes: Uint8Array;
  try {
    bytes = await fetchBytes(parsed, maxFileBytes, control);
  } catch (e) {
    throw e instanceof CgcError || control.signal?.aborted ? e : new SourceError(`could not fetch ${parsed.href}: ${e instanceof Error ? e.message : String(e)}`);
  }
  const file = new File([bytes as BlobPart], name);
  if (ext(name) !== 'mlir') return sourceFromFiles([file], limits);
  const sibling = new URL(weightsUrl ?? parsed.href.replace(/\.mlir(?=$|[?#])/, '.safetensors'), location.href);
  // No weights beside it is a model without weights; weights over the limit, or Cancel, stop the load.
  const weights = await fetchBytes(sibling, maxFileBytes, control).catch((e: unknown) => {
    if (e instanceof LimitError || control.signal?.aborted) throw e;
    return undefined;
  });
  return sourceFromFiles(weights ? [file, new File([weights as BlobPart], fileNameOf(sibling))] : [file], limits);
}

export function demoUrl(file: string): string {
  return `${import.meta.env.BASE_URL}models/${file}`;
}

/**
 * The constants a run binds, by name: what the worker returned (bytecode resources, folded ONNX
 * constants), views into the ONNX model's files (kept here, on the page) at the ranges the worker
 * found its initializers at, or for a text model views into its .safetensors file at the ranges the
 * worker read from its header. Undefined when none has any.
 */
export function constantsOf(source: ModelSource, r: CompileResponse): Map<string, Uint8Array> | undefined {
  if (r.constants || r.constantRanges) {
    const out = new Map(Object.entries(r.constants ?? {}));
    if (source.kind !== 'onnx') return out;
    for (const c of r.constantRanges ?? []) {
      const file = c.file === undefined ? source.bytes : ownValue(source.externalFiles, c.file);
      if (file) out.set(c.name, file.subarray(c.begin, c.end));
    }
    return out;
  }
  if (source.kind !== 'text' || !source.weights || !r.weightRanges) return undefined;
  const weights = source.weights;
  return new Map(r.weightRanges.map((w) => [w.name, weights.subarray(w.begin, w.end)]));
}

/** The constant types the worker read from a text model's weights file, for the Source view. */
export function constantTypesOf(r: CompileResponse): ConstantTypes | undefined {
  return r.weightRanges && new Map(r.weightRanges.map((w) => [w.name, { shape: w.shape, element: w.element }]));
}

/** The worker's request. A text model's weights file goes with it: the worker reads its header (never the page). */
export function compileRequestOf(source: ModelSource, { granularity, arenas, targets, limits, gpu, targetFiles, rejectedKernels }: RequestOptions): CompileRequest {
  const common = {
    fileName: source.name, granularity, arenas: arenas ?? 'one', targets, ...(limits ? { limits } : {}), ...(gpu ? { gpu } : {}), ...(targetFiles?.length ? { targetFiles } : {}),
    ...(rejectedKernels?.size ? { rejectedKernels: Object.fromEntries(rejectedKernels) } : {}),
  };
  switch (source.kind) {
    case 'text':
      return { ...common, model: source.text, ...(source.weights ? { weights: { name: source.weightsName ?? 'weights.safetensors', bytes: source.weights } } : {}) };
    case 'bytecode':
      return { ...common, model: source.bytes };
    case 'onnx':
      return {
        ...common, model: '',
        onnx: { bytes: source.bytes, externalFiles: source.externalFiles, ...(source.shapes ? { shapes: source.shapes } : {}) },
      };
  }
}
