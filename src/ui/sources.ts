// Model sources: dropped or picked files (.onnx with its external data files, .mlir or .mlirbc with a
// .safetensors weights file), a URL, or a demo from public/models — each read into the plain data a
// compile request needs. Nothing here parses a model; the compile worker does.
import { type ArenaSetting, CgcError, type Granularity } from '../core';
import type { CompileRequest, CompileResponse } from '../engine/service';
import { type TargetFileSource, isTargetFile } from '../engine/targets';
import { readSafetensors } from '../ir/safetensors';
import type { ElementType } from '../ir';
import { type ResourceLimits, limitMessage, resolveLimits } from '../ir/limits';
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
}

export type ConstantTypes = Record<string, { shape: number[]; element: ElementType }>;

export type ModelSource =
  | { kind: 'text'; name: string; text: string; constantTypes?: ConstantTypes; weightsName?: string; weights?: Uint8Array }
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

export function constantTypesOf(bytes: Uint8Array, name: string): ConstantTypes {
  try {
    const out: ConstantTypes = {};
    for (const [k, t] of readSafetensors(bytes).tensors) out[k] = { shape: [...t.type.shape], element: t.type.element };
    return out;
  } catch (e) {
    throw new SourceError(`${name}: ${e instanceof Error ? e.message : String(e)}`);
  }
}

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
    ...(weightsFile && weights ? { constantTypes: constantTypesOf(weights, weightsFile.name), weightsName: weightsFile.name, weights } : {}),
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

async function fetchBytes(url: string, signal?: AbortSignal): Promise<Uint8Array> {
  const response = await fetch(url, signal ? { signal } : {});
  if (!response.ok) throw new SourceError(`${url}: HTTP ${response.status} ${response.statusText}`);
  return new Uint8Array(await response.arrayBuffer());
}

/** A model from a URL the user chose; a .mlir's weights are looked for next to it (`NAME.safetensors`). */
export async function sourceFromUrl(url: string, weightsUrl?: string): Promise<ModelSource> {
  const parsed = new URL(url, location.href);
  const name = decodeURIComponent(parsed.pathname.split('/').pop() || 'model');
  let bytes: Uint8Array;
  try {
    bytes = await fetchBytes(parsed.href);
  } catch (e) {
    throw e instanceof SourceError ? e : new SourceError(`could not fetch ${parsed.href}: ${e instanceof Error ? e.message : String(e)}`);
  }
  const file = new File([bytes as BlobPart], name);
  if (ext(name) !== 'mlir') return sourceFromFiles([file]);
  const sibling = weightsUrl ?? parsed.href.replace(/\.mlir(?=$|[?#])/, '.safetensors');
  const weights = await fetchBytes(sibling).catch(() => undefined);
  return sourceFromFiles(weights ? [file, new File([weights as BlobPart], sibling.split('/').pop()!.split(/[?#]/)[0]!)] : [file]);
}

export function demoUrl(file: string): string {
  return `${import.meta.env.BASE_URL}models/${file}`;
}

/**
 * The constants a run binds, by name: a text model's .safetensors (kept here, on the page), or what
 * the worker returned (ONNX initializers, bytecode resources). Undefined when neither has any.
 */
export function constantsOf(source: ModelSource, r: CompileResponse): Map<string, Uint8Array> | undefined {
  if (r.constants) return new Map(Object.entries(r.constants));
  if (source.kind !== 'text' || !source.weights) return undefined;
  return new Map([...readSafetensors(source.weights).tensors].map(([k, t]) => [k, t.data]));
}

/** The worker's request. A text model's weights stay on the page: the compile needs only their types. */
export function compileRequestOf(source: ModelSource, { granularity, arenas, targets, limits, gpu, targetFiles }: RequestOptions): CompileRequest {
  const common = {
    fileName: source.name, granularity, arenas: arenas ?? 'one', targets, ...(limits ? { limits } : {}), ...(gpu ? { gpu } : {}), ...(targetFiles?.length ? { targetFiles } : {}),
  };
  switch (source.kind) {
    case 'text':
      return { ...common, model: source.text, ...(source.constantTypes ? { constantTypes: source.constantTypes } : {}) };
    case 'bytecode':
      return { ...common, model: source.bytes };
    case 'onnx':
      return {
        ...common, model: '',
        onnx: { bytes: source.bytes, externalFiles: source.externalFiles, ...(source.shapes ? { shapes: source.shapes } : {}) },
      };
  }
}
