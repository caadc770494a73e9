// The app's use of the compile cache (model-cache.ts): compiles of models from files come from the
// cache when their files and options match, the last model from files is restored on the next
// visit, and Clear cache forgets both. A line beside the summary says whether this result came from
// the cache, was stored, or why it was not, with what the cache holds against its quota and a Clear
// button; Options → cache quota sets the quota (remembered in this browser).
import { clear, del, get, set } from 'idb-keyval';
import { DEFAULT_CACHE_QUOTA_MIB, validateCacheQuota } from '../core';
import type { CompileResponse } from '../engine/service';
import { type AppState, type Load, ui } from './app-state';
import type { CompileClient, Progress } from './compile-client';
import type { CompileOptions, CompileOptionsForm } from './compile-options';
import { h } from './dom';
import type { CompileDevice } from './gpu-session';
import { ModelCache, modelHash, optionsHash } from './model-cache';
import type { FileRef } from './share';
import { type ModelSource, compileRequestOf } from './sources';

const MiB = 1024 * 1024;
const QUOTA_KEY = 'cgc.cacheQuotaMiB';

/** The quota this browser chose (Options → cache quota), or the default. */
function storedQuotaMiB(): number {
  try {
    return validateCacheQuota(localStorage.getItem(QUOTA_KEY) ?? undefined);
  } catch {
    return DEFAULT_CACHE_QUOTA_MIB; // storage blocked, or a value this version refuses
  }
}

/** The page's cache, in IndexedDB, with the quota this browser chose. */
export function pageCache(): ModelCache {
  return new ModelCache({ get, set, del, clear }, storedQuotaMiB() * MiB);
}

/** What the cache did for a compile: a sentence for the page, and whether it could still change (a write in flight). */
export type CacheNote = { readonly text: string; readonly stored?: Promise<string | undefined> };

export interface Compiled {
  readonly response: CompileResponse;
  readonly fromCache: boolean;
  readonly cache: CacheNote;
}

function whyNotCached(app: AppState): string {
  if (app.edited) return 'not cached: the IR was edited';
  if (!app.cacheable) return 'not cached: only models opened from files are cached (demos, URLs and links load afresh)';
  return 'not cached: this page cannot compute SHA-256 (it needs https or localhost)';
}

/** Where a compile's result is cached: its model's hash and its options' hash. */
interface CacheSlot { readonly model: string; readonly options: string }

/**
 * The compile of `source` for `device` (its features and limits; WebGPU's defaults when undefined):
 * from the cache for an unedited model from files (as `app` says), else from `client`'s worker (and then cached). Undefined when a newer compile took over; a worker failure throws.
 * A cached result has no constants: a text model's come from its weights file (on the page), others' the worker reads from the model's files.
 */
export async function compileOrCached(client: CompileClient, cache: ModelCache, app: AppState, source: ModelSource, options: CompileOptions, targets: readonly string[], device: CompileDevice | undefined, onProgress: Progress): Promise<Compiled | undefined> {
  const request = compileRequestOf(source, {
    granularity: options.granularity, arenas: options.arenas ?? 'one', targets, limits: options.limits ?? {}, ...(device ? { gpu: device.profile } : {}), ...(options.targetFiles ? { targetFiles: options.targetFiles } : {}),
    rejectedKernels: app.rejectedKernels,
  });
  // No SHA-256 (crypto.subtle exists only in secure contexts): compile without the cache.
  const slot: CacheSlot | undefined = app.cacheable && !app.edited
    ? await Promise.all([modelHash(source), optionsHash(options, targets, device)]).then(([model, opts]) => ({ model, options: opts }), () => undefined)
    : undefined;
  // A compile that declines kernels this device refused replaces the cached one, which holds them.
  const cached = slot && !app.rejectedKernels.size && await cache.compiled(slot.model, slot.options);
  if (cached) {
    const constants = source.kind === 'text' ? undefined : await client.constants(request).catch(() => undefined);
    if (source.kind === 'text' || constants) {
      return { response: constants ? { ...cached, ...constants } : cached, fromCache: true, cache: { text: 'from the compile cache (not recompiled)' } };
    }
  }
  const r = await client.compile(request, onProgress);
  if (!r) return undefined;
  if (!slot) return { response: r, fromCache: false, cache: { text: whyNotCached(app) } };
  if (!r.ok) return { response: r, fromCache: false, cache: { text: 'not cached: the compile failed' } };
  return { response: r, fromCache: false, cache: { text: 'compiled; storing the result in the compile cache…', stored: cache.rememberCompile(slot.model, slot.options, r) } };
}

const formatMiB = (n: number) => `${(n / MiB).toFixed(1)} MiB`;

/** A few words for the status bar; the whole sentence is the item's tooltip. */
function shortly(text: string): string {
  if (text.startsWith('from')) return 'from cache';
  if (text.startsWith('compiled; the result is in')) return 'cached';
  if (text.startsWith('compiled; storing')) return 'caching…';
  if (text.startsWith('cache cleared')) return 'cache cleared';
  if (text.startsWith('cache quota')) return 'quota set';
  return 'not cached';
}

/**
 * The status bar item beside the summary: what the cache did for this compile (its tooltip says why),
 * the storage used, and Clear. Not a role="status" item: those get their text as tooltip.
 */
export class CacheLine {
  private readonly line = h('span', { class: 'muted cache-status', 'data-testid': 'cache-status', 'aria-live': 'polite' });
  private readonly text = h('span', { 'data-testid': 'cache-status-text' });
  /** Why the browser refused to keep the model file itself for the next visit, when it did. */
  private modelRefused: string | undefined;

  constructor(after: Element, private readonly app: AppState, private readonly cache: ModelCache) {
    const clear = h('button', { type: 'button', 'data-testid': 'cache-clear' }, 'Clear');
    clear.addEventListener('click', () => this.clear());
    this.line.append(this.text, ' ', clear);
    this.line.hidden = true;
    after.after(this.line);
    this.wireQuota(ui.cacheQuota);
  }

  /** Options → cache quota: a whole number of MiB, remembered in this browser; a lower quota drops entries at once. */
  private wireQuota(input: HTMLInputElement): void {
    input.value = String(storedQuotaMiB());
    input.addEventListener('change', () => {
      let mib: number;
      try {
        mib = validateCacheQuota(input.value);
      } catch (e) {
        input.value = String(storedQuotaMiB());
        ui.shareStatus.textContent = e instanceof Error ? e.message : String(e);
        return;
      }
      try { localStorage.setItem(QUOTA_KEY, String(mib)); } catch { /* storage blocked: this page keeps it */ }
      void this.cache.setQuota(mib * MiB).then(() => { if (!this.line.hidden) void this.say(`cache quota set to ${mib} MiB`); });
    });
  }

  private async say(text: string): Promise<void> {
    const used = await this.cache.usage();
    const refused = this.modelRefused ? ` · the model file itself could not be kept for the next visit (${this.modelRefused}): a reload asks for it again` : '';
    const size = ` · the cache holds ${formatMiB(used.bytes)} of its ${used.quotaBytes / MiB} MiB quota: ${used.models === 1 ? '1 model\'s' : `${used.models} models'`} files (each stored once) and ${used.compiles} compile result${used.compiles === 1 ? '' : 's'}; past the quota the least recently used go`;
    this.line.title = `${text}${refused}${size}`;
    this.text.textContent = `${shortly(text)}${this.modelRefused ? ' (model not kept)' : ''} · ${formatMiB(used.bytes)} of ${used.quotaBytes / MiB} MiB`;
  }

  /** Shows what the cache did for a compile, and then whether its write went through. */
  show(note: CacheNote): void {
    this.line.hidden = false;
    this.line.dataset.fromCache = String(note.text.startsWith('from'));
    void this.say(note.text);
    void note.stored?.then((refused) => this.say(refused
      ? `not cached: the browser refused to store this result (${refused})`
      : 'compiled; the result is in the compile cache (a reload with the same options does not recompile)'));
  }

  /** Remembers a model opened from files, to restore it on the next visit. */
  rememberLoaded(source: ModelSource, options: CompileOptions, ref: FileRef | undefined): void {
    this.modelRefused = undefined;
    void modelHash(source).then((hash) => this.cache.rememberModel(hash, { source, options, ...(ref ? { ref } : {}) }), (e: unknown) => String(e))
      .then((refused) => { this.modelRefused = refused; });
  }

  /** Clear cache: the next visit starts with the demo, and this model's compiles are no longer cached. */
  clear(): void {
    void this.cache.clear().then(async () => {
      this.app.cacheable = false;
      ui.shareStatus.textContent = 'cache cleared: the next visit starts with the demo';
      await this.say('cache cleared');
    });
  }
}

/**
 * Loads the model last opened from files, if the cache has one. A hash (already applied) keeps its
 * options: the hash is the state; the remembered options count only on a visit without one.
 */
export async function restoreLast(load: Load, options: CompileOptionsForm, cache: ModelCache): Promise<boolean> {
  const last = await cache.lastModel();
  if (!last) return false;
  options.set(location.hash.length > 1 ? (last.options.limits ? { limits: last.options.limits } : {}) : last.options);
  await load(() => Promise.resolve(last.source), last.ref, `${last.source.name} (cached)`, false, { cacheable: true });
  return true;
}
