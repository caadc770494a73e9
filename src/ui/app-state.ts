// The app's page elements, and the shape of its state (what is loaded, compiled and shown): main.ts
// makes the one AppState and passes it to the link and cache handling beside it.
import type { CompileResponse } from '../engine/service';
import type { Decision } from '../compiler/state';
import { byId } from './dom';
import type { GraphModel } from './graph-model';
import type { ModelRef, View } from './share';
import type { ModelSource, ReadControl } from './sources';

export const ui = {
  status: byId('gpu-status', HTMLElement),
  picker: byId('model-picker', HTMLSelectElement),
  fileInput: byId('file-input', HTMLInputElement),
  urlForm: byId('url-form', HTMLFormElement),
  urlInput: byId('url-input', HTMLInputElement),
  urlMenu: byId('url-menu', HTMLDetailsElement),
  compile: byId('compile', HTMLButtonElement),
  cancel: byId('cancel', HTMLButtonElement),
  share: byId('share', HTMLButtonElement),
  shareIr: byId('share-ir', HTMLButtonElement),
  clearCache: byId('clear-cache', HTMLButtonElement),
  cacheQuota: byId('cache-quota', HTMLInputElement),
  noGpu: byId('webgpu-missing', HTMLElement),
  noGpuReason: byId('webgpu-missing-reason', HTMLElement),
  shareStatus: byId('share-status', HTMLElement),
  shareError: byId('share-error', HTMLElement),
  progressRow: byId('progress-row', HTMLElement),
  progress: byId('progress', HTMLProgressElement),
  progressLabel: byId('progress-label', HTMLElement),
  summary: byId('model-summary', HTMLElement),
  diagnostics: byId('compile-diagnostics', HTMLUListElement),
  search: byId('graph-search', HTMLInputElement),
  matches: byId('graph-matches', HTMLElement),
  stats: byId('graph-stats', HTMLElement),
  details: byId('node-details', HTMLElement),
  legend: byId('graph-legend', HTMLUListElement),
  memory: byId('memory', HTMLElement),
  openError: byId('open-error', HTMLElement),
  properties: byId('model-properties', HTMLElement),
  workspace: byId('workspace', HTMLElement),
  sideToggle: byId('side-toggle', HTMLButtonElement),
  help: byId('help', HTMLDialogElement),
  theme: byId('theme', HTMLSelectElement),
};

export interface AppState {
  source: ModelSource | undefined;
  ref: ModelRef | undefined;
  edited: boolean;
  response: CompileResponse | undefined;
  /** How long the page waited for `response` (import and compile in the worker); undefined when it came from the cache. */
  compileMs: number | undefined;
  /** The weights a Run binds: kept across edits of the Input IR, reset by loading another model. */
  constants: Map<string, Uint8Array> | undefined;
  model: GraphModel | undefined;
  decisions: Map<string, Decision>;
  view: View;
  /** A node to select once the graph is laid out (from a share link). */
  pendingNode: string | undefined;
  irChoice: string;
  /** Set for models from files (and their restores): their compiles are cached in IndexedDB. */
  cacheable: boolean;
  /** The IR a link carried, kept in the hash while the model is unchanged. */
  linkSource: { src: string; name: string } | undefined;
  /** Counts loads: a load or compile started before a later load (even one that failed) shows nothing when it ends. */
  loads: number;
  /** Stops the read of the model being loaded (its transfer): Cancel, or a later load. */
  reading: AbortController | undefined;
  /** Kernels this device refused to compile (WGSL → its message), declined in every compile of this model; reset by loading another. */
  rejectedKernels: Map<string, string>;
}

/** The state of a page that has loaded nothing yet. */
export function createAppState(): AppState {
  return {
    source: undefined, ref: undefined, edited: false, response: undefined, compileMs: undefined, constants: undefined, model: undefined,
    decisions: new Map(), view: 'graph', pendingNode: undefined, irChoice: 'input', cacheable: false, linkSource: undefined, loads: 0, reading: undefined,
    rejectedKernels: new Map(),
  };
}

/** Where a model came from, beyond its ModelRef. */
export interface LoadFrom {
  /** A model from files: its compiles are cached, and it is restored on the next visit. */
  readonly cacheable?: boolean;
  /** The IR came from a link's `src`. */
  readonly link?: { src: string; name: string };
}

/** Reads a model; `control` carries Cancel's signal and the read's progress. */
export type Read = (control: ReadControl) => Promise<ModelSource>;

/** Loads a model read by `read` and compiles it; `what` names it in progress and errors. */
export type Load = (read: Read, ref: ModelRef | undefined, what: string, switchView: boolean, from?: LoadFrom) => Promise<void>;
