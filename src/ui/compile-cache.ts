// The app's use of the IndexedDB cache (model-cache.ts): compiles of models from files come from the
// cache when their bytes and options match, the last model from files is restored on the next
// visit, and Clear cache forgets both. A line beside the summary says whether this result came from
// the cache, was stored, or why it was not, with the storage used and a Clear button.
import type { CompileResponse } from '../engine/service';
import { type AppState, type Load, ui } from './app-state';
import type { CompileClient, Progress } from './compile-client';
import type { CompileOptions, CompileOptionsForm } from './compile-options';
import { h } from './dom';
import type { CompileDevice } from './gpu-session';
import { cacheKey, cachedCompile, clearCache, lastModel, rememberCompile, rememberModel, storedBytes } from './model-cache';
import type { FileRef } from './share';
import { type ModelSource, compileRequestOf } from './sources';

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

/**
 * The compile of `source` for `device` (its features and limits; WebGPU's defaults when undefined):
 * from the cache for an unedited model from files (as `app` says), else from `client`'s worker (and then cached). Undefined when a newer compile took over; a worker failure throws.
 */
export async function compileOrCached(client: CompileClient, app: AppState, source: ModelSource, options: CompileOptions, targets: readonly string[], device: CompileDevice | undefined, onProgress: Progress): Promise<Compiled | undefined> {
  // No SHA-256 (crypto.subtle exists only in secure contexts): compile without the cache.
  const key = app.cacheable && !app.edited ? await cacheKey(source, options, targets, device).catch(() => undefined) : undefined;
  const cached = key ? await cachedCompile(key) : undefined;
  if (cached) return { response: cached, fromCache: true, cache: { text: 'from the compile cache (not recompiled)' } };
  const r = await client.compile(compileRequestOf(source, {
    granularity: options.granularity, arenas: options.arenas ?? 'one', targets, limits: options.limits ?? {}, ...(device ? { gpu: device.profile } : {}), ...(options.targetFiles ? { targetFiles: options.targetFiles } : {}),
  }), onProgress);
  if (!r) return undefined;
  if (!key) return { response: r, fromCache: false, cache: { text: whyNotCached(app) } };
  if (!r.ok) return { response: r, fromCache: false, cache: { text: 'not cached: the compile failed' } };
  return { response: r, fromCache: false, cache: { text: 'compiled; storing the result in the compile cache…', stored: rememberCompile(key, r) } };
}

const formatMB = (n: number) => `${(n / 1e6).toFixed(1)} MB`;

/** A few words for the status bar; the whole sentence is the item's tooltip. */
function shortly(text: string): string {
  if (text.startsWith('from')) return 'from cache';
  if (text.startsWith('compiled; the result is in')) return 'cached';
  if (text.startsWith('compiled; storing')) return 'caching…';
  if (text.startsWith('cache cleared')) return 'cache cleared';
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

  constructor(after: Element, private readonly app: AppState) {
    const clear = h('button', { type: 'button', 'data-testid': 'cache-clear' }, 'Clear');
    clear.addEventListener('click', () => this.clear());
    this.line.append(this.text, ' ', clear);
    this.line.hidden = true;
    after.after(this.line);
  }

  private async say(text: string): Promise<void> {
    const used = await storedBytes();
    const refused = this.modelRefused ? ` · the model file itself could not be kept for the next visit (${this.modelRefused}): a reload asks for it again` : '';
    const size = used !== undefined ? ` · this site stores ${formatMB(used)}` : '';
    this.line.title = `${text}${refused}${size}`;
    this.text.textContent = `${shortly(text)}${this.modelRefused ? ' (model not kept)' : ''}${used !== undefined ? ` · ${formatMB(used)} stored` : ''}`;
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
    void rememberModel({ source, options, ...(ref ? { ref } : {}) }).then((refused) => { this.modelRefused = refused; });
  }

  /** Clear cache: the next visit starts with the demo, and this model's compiles are no longer cached. */
  clear(): void {
    void clearCache().then(async () => {
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
export async function restoreLast(load: Load, options: CompileOptionsForm): Promise<boolean> {
  const last = await lastModel();
  if (!last) return false;
  options.set(location.hash.length > 1 ? (last.options.limits ? { limits: last.options.limits } : {}) : last.options);
  await load(() => Promise.resolve(last.source), last.ref, `${last.source.name} (cached)`, false, { cacheable: true });
  return true;
}
