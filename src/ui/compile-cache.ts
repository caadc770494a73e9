// The app's use of the IndexedDB cache (model-cache.ts): compiles of models from files come from the
// cache when their bytes and options match, the last model from files is restored on the next
// visit, and Clear cache forgets both.
import type { CompileResponse } from '../engine/service';
import { type AppState, type Load, ui } from './app-state';
import type { CompileClient, Progress } from './compile-client';
import type { CompileOptions, CompileOptionsForm } from './compile-options';
import type { CompileDevice } from './gpu-session';
import { cacheKey, cachedCompile, clearCache, lastModel, rememberCompile, rememberModel } from './model-cache';
import { type ModelSource, compileRequestOf } from './sources';

export interface Compiled {
  readonly response: CompileResponse;
  readonly fromCache: boolean;
}

/**
 * The compile of `source` for `device` (its features and limits; WebGPU's defaults when undefined):
 * from the cache for an unedited model from files (as `app` says), else from `client`'s worker (and then cached). Undefined when a newer compile took over; a worker failure throws.
 */
export async function compileOrCached(client: CompileClient, app: AppState, source: ModelSource, options: CompileOptions, targets: readonly string[], device: CompileDevice | undefined, onProgress: Progress): Promise<Compiled | undefined> {
  // No SHA-256 (crypto.subtle exists only in secure contexts): compile without the cache.
  const key = app.cacheable && !app.edited ? await cacheKey(source, options, targets, device).catch(() => undefined) : undefined;
  const cached = key ? await cachedCompile(key) : undefined;
  if (cached) return { response: cached, fromCache: true };
  const r = await client.compile(compileRequestOf(source, {
    granularity: options.granularity, arenas: options.arenas ?? 'one', targets, limits: options.limits ?? {}, ...(device ? { gpu: device.profile } : {}), ...(options.targetFiles ? { targetFiles: options.targetFiles } : {}),
  }), onProgress);
  if (!r) return undefined;
  if (key && r.ok) void rememberCompile(key, r);
  return { response: r, fromCache: false };
}

/** Remembers a model opened from files, to restore it on the next visit. */
export function rememberLoaded(source: ModelSource, options: CompileOptions): void {
  void rememberModel({ source, options });
}

/** Loads the model last opened from files, if the cache has one. */
export async function restoreLast(load: Load, options: CompileOptionsForm): Promise<boolean> {
  const last = await lastModel();
  if (!last) return false;
  options.set(last.options);
  await load(() => Promise.resolve(last.source), undefined, `${last.source.name} (cached)`, false, { cacheable: true });
  return true;
}

/** Clear cache: the next visit starts with the demo, and this model's compiles are no longer cached. */
export function clearAppCache(app: AppState): void {
  void clearCache().then(() => { app.cacheable = false; ui.shareStatus.textContent = 'cache cleared: the next visit starts with the demo'; });
}
