// The page's IndexedDB cache (idb-keyval): the last model opened from files (with its weights or
// external data), and compile results — Output IR (text and bytecode), each subgraph's WGSL, the
// plan and decisions — keyed by a SHA-256 of the model's bytes, the compile options and the adapter
// with the features and limits the compile specialized for, so a reload restores the last model
// without compiling it again, and another GPU never gets a program specialized for a different one.
// (Compute pipelines cannot be stored from a page; the browser caches compiled shaders itself.)
import { clear, get, set } from 'idb-keyval';
import type { CompileResponse } from '../engine/service';
import type { CompileOptions } from './compile-options';
import type { CompileDevice } from './gpu-session';
import type { FileRef } from './share';
import type { ModelSource } from './sources';

const LAST_MODEL = 'last-model';
const COMPILED = 'compiled:';

export interface CachedModel {
  readonly source: ModelSource;
  readonly options: CompileOptions;
  /** The model file's identity (a share link or reload names it); older entries have none. */
  readonly ref?: FileRef;
}

/** Every byte a compile reads from `source`, in a fixed order, so the key cannot miss an input. */
function sourceParts(source: ModelSource): (string | Uint8Array)[] {
  switch (source.kind) {
    case 'text': return ['text', source.name, source.text, source.weights ?? new Uint8Array()];
    case 'bytecode': return ['bytecode', source.name, source.bytes];
    case 'onnx': return ['onnx', source.name, source.bytes, JSON.stringify(source.shapes ?? {}),
      ...Object.keys(source.externalFiles).sort().flatMap((k) => [k, source.externalFiles[k]!])];
  }
}

/** Hex SHA-256 over the model's bytes, the options and the device compiled for (none: WebGPU's defaults), each part length-prefixed. */
export async function cacheKey(source: ModelSource, options: CompileOptions, targets: readonly string[], device: CompileDevice | undefined): Promise<string> {
  const parts = [...sourceParts(source), JSON.stringify({ granularity: options.granularity, arenas: options.arenas ?? 'one', targets, limits: options.limits ?? {}, targetFiles: options.targetFiles ?? [] }), JSON.stringify(device ?? 'no adapter')];
  const encoded = parts.map((p) => (typeof p === 'string' ? new TextEncoder().encode(p) : p));
  const total = encoded.reduce((n, p) => n + 8 + p.length, 0);
  const all = new Uint8Array(total);
  const view = new DataView(all.buffer);
  let at = 0;
  for (const p of encoded) {
    view.setFloat64(at, p.length);
    all.set(p, at + 8);
    at += 8 + p.length;
  }
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', all));
  return [...digest].map((b) => b.toString(16).padStart(2, '0')).join('');
}

// IndexedDB can be missing or refuse (private windows, quota): the cache is then simply empty.
const quietly = async <T>(f: () => Promise<T>): Promise<T | undefined> => {
  try { return await f(); } catch { return undefined; }
};

/** Why a write was refused (quota, a private window, no IndexedDB), or undefined when it was stored. */
const refusal = async (f: () => Promise<void>): Promise<string | undefined> => {
  try {
    await f();
    return undefined;
  } catch (e) {
    return e instanceof Error ? `${e.name}: ${e.message}` : String(e);
  }
};

/** Each constant copied out of the buffer it may share (an ONNX initializer can be a view into a whole external data file): IndexedDB stores a view's whole buffer. */
function compact(r: CompileResponse): CompileResponse {
  return r.constants ? { ...r, constants: Object.fromEntries(Object.entries(r.constants).map(([k, v]) => [k, v.slice()])) } : r;
}

export const rememberModel = (m: CachedModel): Promise<string | undefined> => refusal(() => set(LAST_MODEL, m));
export const lastModel = (): Promise<CachedModel | undefined> => quietly(() => get<CachedModel>(LAST_MODEL));
export const cachedCompile = (key: string): Promise<CompileResponse | undefined> => quietly(() => get<CompileResponse>(COMPILED + key));
export const rememberCompile = (key: string, r: CompileResponse): Promise<string | undefined> => refusal(() => set(COMPILED + key, compact(r)));
export const clearCache = (): Promise<void | undefined> => quietly(() => clear());

/** Bytes this origin stores (the cache and anything else), when the browser says. */
export const storedBytes = async (): Promise<number | undefined> => (await quietly(() => navigator.storage.estimate()))?.usage;
