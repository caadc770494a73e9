// The page's IndexedDB cache (idb-keyval), keyed by a SHA-256 of the model's files: each model's
// files (its weights) stored once, and beside them one compile result per option combination —
// Output IR (text), each subgraph's WGSL, the plan and decisions, never the weights again — keyed by
// the options and the adapter with the features and limits the compile specialized for, so another
// GPU never gets a program specialized for a different one. The last model opened from files is
// restored on the next visit. A quota (DEFAULT_CACHE_QUOTA_MIB) bounds it all: past it, the least
// recently used entries go. (Compute pipelines cannot be stored from a page; the browser caches
// compiled shaders itself.)
//
//   model:<model hash>                  the model's files (ModelSource)
//   compiled:<model hash>:<options hash> a compile result, without constants (they come from the model)
//   last-model                          the model hash to restore, with its options and file identity
//   index                               every entry's size and last use, for the quota
import { DEFAULT_CACHE_QUOTA_MIB } from '../core';
import type { CompileResponse } from '../engine/service';
import type { CompileOptions } from './compile-options';
import type { CompileDevice } from './gpu-session';
import type { FileRef } from './share';
import type { ModelSource } from './sources';

const LAST_MODEL = 'last-model';
const INDEX = 'index';
const MiB = 1024 * 1024;
const mib = (n: number): string => `${(n / MiB).toFixed(n % MiB ? 1 : 0)} MiB`;
/** The store layout's version: an index of another version (or none) means entries of another layout, which are cleared. */
const LAYOUT = 2;

export interface CachedModel {
  readonly source: ModelSource;
  readonly options: CompileOptions;
  /** The model file's identity (a share link or reload names it). */
  readonly ref?: FileRef;
}

/** The little of IndexedDB the cache uses (idb-keyval's functions; a Map in tests). */
export interface KeyValueStore {
  get<T>(key: string): Promise<T | undefined>;
  set(key: string, value: unknown): Promise<void>;
  del(key: string): Promise<void>;
  clear(): Promise<void>;
}

interface Entry { readonly key: string; readonly bytes: number; used: number }
interface Index { readonly layout: number; readonly entries: Entry[] }
interface LastModel { readonly model: string; readonly options: CompileOptions; readonly ref?: FileRef }

/** What the cache holds, for the page to say. */
export interface CacheUsage {
  readonly bytes: number;
  readonly quotaBytes: number;
  readonly models: number;
  readonly compiles: number;
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

/** Hex SHA-256 over `parts`, each length-prefixed. */
async function digest(parts: readonly (string | Uint8Array)[]): Promise<string> {
  const encoded = parts.map((p) => (typeof p === 'string' ? new TextEncoder().encode(p) : p));
  const all = new Uint8Array(encoded.reduce((n, p) => n + 8 + p.length, 0));
  const view = new DataView(all.buffer);
  let at = 0;
  for (const p of encoded) {
    view.setFloat64(at, p.length);
    all.set(p, at + 8);
    at += 8 + p.length;
  }
  return [...new Uint8Array(await crypto.subtle.digest('SHA-256', all))].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** The model's hash: every file it came with (its weights included). */
export const modelHash = (source: ModelSource): Promise<string> => digest(sourceParts(source));

/** The hash of the options and the device compiled for (none: WebGPU's defaults). */
export function optionsHash(options: CompileOptions, targets: readonly string[], device: CompileDevice | undefined): Promise<string> {
  return digest([JSON.stringify({ granularity: options.granularity, arenas: options.arenas ?? 'one', targets, limits: options.limits ?? {}, targetFiles: options.targetFiles ?? [] }), JSON.stringify(device ?? 'no adapter')]);
}

/**
 * Bytes a value takes in the store, near enough to hold a quota: typed arrays by their length (a
 * view by its own bytes — store views copied out, see `compact`), strings a byte a character.
 */
export function storedSize(value: unknown): number {
  if (typeof value === 'string') return value.length;
  if (typeof value === 'number') return 8;
  if (typeof value !== 'object' || value === null) return 1;
  if (ArrayBuffer.isView(value)) return value.byteLength;
  if (Array.isArray(value)) return value.reduce((n: number, v) => n + storedSize(v), 8);
  return Object.entries(value).reduce((n, [k, v]) => n + k.length + storedSize(v), 8);
}

/** `bytes`, copied out of the buffer it shares if it is a view of part of one: IndexedDB stores a view's whole buffer. */
const own = (bytes: Uint8Array): Uint8Array => (bytes.byteLength === bytes.buffer.byteLength ? bytes : bytes.slice());

/** The source with each file in a buffer of its own. */
function compactSource(s: ModelSource): ModelSource {
  switch (s.kind) {
    case 'text': return s.weights ? { ...s, weights: own(s.weights) } : s;
    case 'bytecode': return { ...s, bytes: own(s.bytes) };
    case 'onnx': return { ...s, bytes: own(s.bytes), externalFiles: Object.fromEntries(Object.entries(s.externalFiles).map(([k, v]) => [k, own(v)])) };
  }
}

/** A compile result as stored: without the constants, which the model's files hold already. */
function withoutConstants(r: CompileResponse): CompileResponse {
  const { constants: _, constantRanges: __, ...rest } = r;
  return rest;
}

/** Why a write was refused (quota, a private window, no IndexedDB). */
const reason = (e: unknown): string => (e instanceof Error ? `${e.name}: ${e.message}` : String(e));

/**
 * The cache over a key-value store. Its operations run one at a time (each reads and writes the
 * index). IndexedDB can be missing or refuse (private windows, the browser's own quota): reads then
 * find nothing, and writes say why they were refused.
 */
export class ModelCache {
  private queue: Promise<unknown> = Promise.resolve();

  constructor(private readonly store: KeyValueStore, private quotaBytes = DEFAULT_CACHE_QUOTA_MIB * MiB) {}

  private serial<T>(f: () => Promise<T>): Promise<T> {
    const run = this.queue.then(f, f);
    this.queue = run.catch(() => undefined);
    return run;
  }

  private async index(): Promise<Index> {
    const index = await this.store.get<Index>(INDEX);
    if (index?.layout === LAYOUT) return index;
    // Nothing yet, or entries of an earlier layout (weights stored with every compile): start afresh.
    await this.store.clear();
    return { layout: LAYOUT, entries: [] };
  }

  /** Marks `keys` used now (the most recently used). */
  private touch(index: Index, keys: readonly string[]): void {
    const now = index.entries.reduce((m, e) => Math.max(m, e.used), 0) + 1;
    for (const e of index.entries) if (keys.includes(e.key)) e.used = now;
  }

  /**
   * Stores `value` under `key` and drops least recently used entries until the quota holds; an
   * entry larger than the quota is not stored. Returns why it was not stored, or undefined.
   */
  private async put(index: Index, key: string, value: unknown, keep: readonly string[]): Promise<string | undefined> {
    const bytes = storedSize(value);
    if (bytes > this.quotaBytes) return `${(bytes / MiB).toFixed(1)} MiB is more than the cache quota of ${mib(this.quotaBytes)}`;
    await this.store.set(key, value);
    const entries = index.entries.filter((e) => e.key !== key);
    entries.push({ key, bytes, used: 0 });
    const next: Index = { layout: LAYOUT, entries };
    this.touch(next, [key, ...keep]);
    await this.evict(next);
    return next.entries.some((e) => e.key === key) ? undefined : `it and what it belongs with are more than the cache quota of ${mib(this.quotaBytes)}`;
  }

  /** Drops the least recently used entries until the quota holds, then writes the index. */
  private async evict(index: Index): Promise<void> {
    let total = index.entries.reduce((n, e) => n + e.bytes, 0);
    const byAge = [...index.entries].sort((a, b) => a.used - b.used);
    const last = await this.store.get<LastModel>(LAST_MODEL);
    while (total > this.quotaBytes && byAge.length) {
      const e = byAge.shift()!;
      await this.store.del(e.key);
      index.entries.splice(index.entries.indexOf(e), 1);
      total -= e.bytes;
      if (last && e.key === `model:${last.model}`) await this.store.del(LAST_MODEL);
    }
    await this.store.set(INDEX, index);
  }

  /** The cached compile of model `model` with options `options` (hashes), marked used. */
  compiled(model: string, options: string): Promise<CompileResponse | undefined> {
    return this.serial(async () => {
      const key = `compiled:${model}:${options}`;
      const r = await this.store.get<CompileResponse>(key);
      if (!r) return undefined;
      const index = await this.index();
      this.touch(index, [key, `model:${model}`]);
      await this.store.set(INDEX, index);
      return r;
    }).catch(() => undefined);
  }

  /** Stores a compile result of model `model` beside its files, without its constants. Returns why not, or undefined. */
  rememberCompile(model: string, options: string, r: CompileResponse): Promise<string | undefined> {
    return this.serial(async () => this.put(await this.index(), `compiled:${model}:${options}`, withoutConstants(r), [`model:${model}`])).catch(reason);
  }

  /** Stores a model's files (once per model hash) as the one to restore on the next visit. Returns why not, or undefined. */
  rememberModel(model: string, m: CachedModel): Promise<string | undefined> {
    return this.serial(async () => {
      const index = await this.index();
      const key = `model:${model}`;
      const stored = index.entries.some((e) => e.key === key);
      const refused = stored ? undefined : await this.put(index, key, compactSource(m.source), []);
      if (refused) return refused;
      await this.store.set(LAST_MODEL, { model, options: m.options, ...(m.ref ? { ref: m.ref } : {}) } satisfies LastModel);
      if (stored) {
        this.touch(index, [key]);
        await this.store.set(INDEX, index);
      }
      return undefined;
    }).catch(reason);
  }

  /** The model last opened from files, if its files are still cached. */
  lastModel(): Promise<CachedModel | undefined> {
    return this.serial(async () => {
      const last = await this.store.get<LastModel>(LAST_MODEL);
      const index = last && await this.index();
      const source = index?.entries.some((e) => e.key === `model:${last!.model}`) ? await this.store.get<ModelSource>(`model:${last!.model}`) : undefined;
      return last && source ? { source, options: last.options, ...(last.ref ? { ref: last.ref } : {}) } : undefined;
    }).catch(() => undefined);
  }

  /** What is stored, and the quota. */
  usage(): Promise<CacheUsage> {
    return this.serial(async () => {
      const index = await this.index();
      return {
        bytes: index.entries.reduce((n, e) => n + e.bytes, 0), quotaBytes: this.quotaBytes,
        models: index.entries.filter((e) => e.key.startsWith('model:')).length, compiles: index.entries.filter((e) => e.key.startsWith('compiled:')).length,
      };
    }).catch(() => ({ bytes: 0, quotaBytes: this.quotaBytes, models: 0, compiles: 0 }));
  }

  /** A new quota; entries past it go at once. */
  setQuota(quotaBytes: number): Promise<void> {
    this.quotaBytes = quotaBytes;
    return this.serial(async () => this.evict(await this.index())).catch(() => undefined);
  }

  clear(): Promise<void> {
    return this.serial(() => this.store.clear()).catch(() => undefined);
  }
}
