// App shell: load a model (demo, files, URL, IR in a link, or the cached last model), compile it in
// the worker with per-pass progress and the chosen options, and show the graph, memory plan and IR
// views; the URL hash keeps what is shown so links can be shared. Every string from a model, the
// compiler or the GPU reaches the page through textContent only.
import type { CompileResponse } from '../compiler/service';
import type { Decision } from '../compiler/state';
import { cancelCompile, compileInWorker, layoutInWorker } from './compile-client';
import { CompileOptionsForm } from './compile-options';
import { byId, errorText, h } from './dom';
import { GpuSession } from './gpu-session';
import type { GraphModel } from './graph-model';
import { GraphView } from './graph-view';
import { IrViews, showLegend, summaryText } from './ir-views';
import { showMemoryPlan } from './memory-view';
import { cacheKey, cachedCompile, clearCache, lastModel, rememberCompile, rememberModel } from './model-cache';
import { showNodeDetails } from './node-details';
import { RunPanel } from './run-panel';
import { type ModelRef, type ShareState, type View, VIEWS, formatShareHash, parseShareHash } from './share';
import { packSource, unpackSource } from './share-source';
import { askForShapes } from './shapes-form';
import { SourceEditor } from './source-editor';
import { DEMO_MODELS, type ModelSource, compileRequestOf, constantsOf, demoUrl, sourceFromFiles, sourceFromUrl } from './sources';

const ui = {
  status: byId('gpu-status', HTMLElement),
  picker: byId('model-picker', HTMLSelectElement),
  fileInput: byId('file-input', HTMLInputElement),
  urlForm: byId('url-form', HTMLFormElement),
  urlInput: byId('url-input', HTMLInputElement),
  compile: byId('compile', HTMLButtonElement),
  cancel: byId('cancel', HTMLButtonElement),
  share: byId('share', HTMLButtonElement),
  shareIr: byId('share-ir', HTMLButtonElement),
  clearCache: byId('clear-cache', HTMLButtonElement),
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
};

const app = {
  source: undefined as ModelSource | undefined,
  ref: undefined as ModelRef | undefined,
  edited: false,
  response: undefined as CompileResponse | undefined,
  /** The weights a Run binds: kept across edits of the Input IR, reset by loading another model. */
  constants: undefined as Map<string, Uint8Array> | undefined,
  model: undefined as GraphModel | undefined,
  decisions: new Map<string, Decision>(),
  view: 'source' as View,
  /** A node to select once the graph is laid out (from a share link). */
  pendingNode: undefined as string | undefined,
  irChoice: 'input',
  /** Set for models from files (and their restores): their compiles are cached in IndexedDB. */
  cacheable: false,
  /** The IR a link carried, kept in the hash while the model is unchanged. */
  linkSource: undefined as { src: string; name: string } | undefined,
};

const editor = new SourceEditor(() => { app.edited = true; });
const graph = new GraphView(byId('graph', SVGSVGElement), (index) => {
  showNodeDetails(ui.details, app.model, index, app.decisions);
  syncHash();
});
const irViews = new IrViews((choice) => { app.irChoice = choice; syncHash(); });
const demoNames = new Set(DEMO_MODELS.map((m) => m.file));
const gpu = new GpuSession((text, state) => { ui.status.textContent = text; ui.status.dataset.state = state; });
const options = new CompileOptionsForm(() => { syncHash(); void compile(); }, (why) => { ui.shareStatus.textContent = why; });
const runPanel = new RunPanel(gpu, () => (app.response ? { response: app.response, constants: app.constants, model: app.model } : undefined), graph);

function setProgress(label: string | undefined, fraction = 0): void {
  ui.progressRow.hidden = label === undefined;
  ui.cancel.hidden = label === undefined;
  ui.progress.value = fraction;
  ui.progressLabel.textContent = label ?? '';
}

function showDiagnostics(lines: readonly string[]): void {
  ui.diagnostics.replaceChildren(...lines.map((l) => h('li', { class: `diagnostic ${/\berror\b/.test(l) ? 'error' : 'note'}` }, l)));
}

function setView(view: View): void {
  app.view = view;
  for (const tab of document.querySelectorAll<HTMLElement>('[role="tab"]')) tab.setAttribute('aria-selected', String(tab.dataset.view === view));
  for (const panel of document.querySelectorAll<HTMLElement>('[role="tabpanel"]')) panel.hidden = panel.dataset.view !== view;
  syncHash();
}

function shareState(): ShareState {
  const node = graph.selected !== undefined ? app.model?.nodes[graph.selected]?.id : app.pendingNode;
  const o = options.value;
  return {
    ...(app.ref ? { model: app.ref } : {}), view: app.view, ...(node ? { node } : {}),
    granularity: o.granularity, ir: app.irChoice, ...(o.fusion ? {} : { fusion: false }), targets: o.targets,
    ...(app.linkSource && !app.edited ? app.linkSource : {}),
  };
}

function syncHash(): void {
  const hash = formatShareHash(shareState());
  if (hash !== location.hash) history.replaceState(null, '', `${location.pathname}${location.search}${hash}`);
}

interface LoadFrom {
  /** A model from files: its compiles are cached, and it is restored on the next visit. */
  readonly cacheable?: boolean;
  /** The IR came from a link's `src`. */
  readonly link?: { src: string; name: string };
}

async function load(read: () => Promise<ModelSource>, ref: ModelRef | undefined, what: string, switchView: boolean, from: LoadFrom = {}): Promise<void> {
  setProgress(`reading ${what}…`);
  showDiagnostics([]);
  try {
    const source = await read();
    app.source = source;
    app.constants = undefined;
    app.ref = ref;
    app.edited = false;
    app.cacheable = !!from.cacheable;
    app.linkSource = from.link;
    if (from.cacheable) void rememberModel({ source, options: options.value });
    if (source.kind === 'text') editor.set(source.text, source.name, source.constantTypes);
    else editor.set('', source.name);
    syncHash();
    await compile(switchView);
  } catch (e) {
    setProgress(undefined);
    showDiagnostics([`error: ${errorText(e)}`]);
    editor.showError(`could not load ${what}: ${errorText(e)}`);
  }
}

async function compile(switchView = false): Promise<void> {
  let source = app.source;
  if (!source) return;
  if (app.edited) source = { kind: 'text', name: editor.fileName, text: editor.text, ...(editor.constantTypes ? { constantTypes: editor.constantTypes } : {}) };
  const askShapes = byId('shapes-form', HTMLFormElement);
  askShapes.hidden = true;
  setProgress(source.kind === 'onnx' ? `importing ${source.name}…` : `compiling ${source.name}…`);
  const t0 = performance.now();
  const targets = options.effectiveTargets();
  const device = await gpu.compileDevice();
  const key = app.cacheable && !app.edited ? await cacheKey(source, options.value, targets, device) : undefined;
  let r: CompileResponse | undefined = key ? await cachedCompile(key) : undefined;
  const fromCache = r !== undefined;
  if (!r) {
    try {
      r = await compileInWorker(compileRequestOf(source, { granularity: options.value.granularity, targets, ...(device ? { gpu: device.profile } : {}) }), (done, total, pass) => {
        setProgress(`compiling: ${pass} (${done}/${total})`, done / total);
      });
    } catch (e) {
      setProgress(undefined);
      showDiagnostics([`error: the compiler failed: ${errorText(e)}`]);
      return;
    }
    if (!r) return; // a newer compile took over
    if (key && r.ok) void rememberCompile(key, r);
  }
  const ms = performance.now() - t0;
  app.response = r;
  // The weights file was read once already (for constant types), so this cannot fail on a bad file.
  if (r.ok) app.constants = (app.source && constantsOf(app.source, r)) ?? app.constants;
  runPanel.compiled(r);
  app.decisions = new Map((r.decisions ?? []).map((d) => [d.op, d]));
  showDiagnostics(r.diagnostics);
  ui.summary.textContent = r.ok ? (fromCache ? `${summaryText(source.name, r, ms).replace(/ · compiled in \d+ ms$/, '')} · from cache (not recompiled)` : summaryText(source.name, r, ms)) : `${source.name}: not compiled`;
  ui.summary.dataset.fromCache = String(fromCache);
  if (source.kind !== 'text' && r.inputText) editor.set(r.inputText, `${source.name} (imported)`);
  const dynamic = r.onnxInputs?.filter((i) => i.dims.some((d) => typeof d === 'string'));
  if (!r.ok && source.kind === 'onnx' && dynamic?.length) {
    const onnx = source;
    askForShapes(askShapes, dynamic, (shapes) => { app.source = { ...onnx, shapes }; void compile(true); });
  }
  const stepNames: string[] = [];
  for (const p of r.partitions ?? []) for (const sg of p.subgraphs) stepNames[sg.step] = `@${sg.symbol}`;
  showMemoryPlan(ui.memory, r.plan, stepNames);
  irViews.show(r, app.irChoice, source.name);
  showLegend(ui.legend, r);
  await showGraph(r);
  if (switchView && r.ok) setView('graph');
}

async function showGraph(r: CompileResponse): Promise<void> {
  setProgress('laying out the graph…', 1);
  const prepared = await layoutInWorker(r.inputText ?? '', r.partitions ?? []);
  if (r !== app.response) return;
  setProgress(undefined);
  app.model = prepared.model;
  graph.show(prepared.model, prepared.layout);
  runPanel.graphShown();
  ui.stats.textContent = `${prepared.model.nodes.length.toLocaleString('en-US')} nodes · parse ${Math.round(prepared.ms.parse)} ms · layout ${Math.round(prepared.ms.layout)} ms`;
  ui.stats.dataset.layoutMs = String(Math.round(prepared.ms.layout));
  const pending = app.pendingNode;
  app.pendingNode = undefined;
  const index = pending !== undefined ? graph.indexOf(pending) : undefined;
  graph.select(index, index !== undefined);
  ui.search.value = '';
  ui.matches.textContent = '';
}

function linkError(error: string): false {
  ui.shareError.replaceChildren(h('strong', {}, 'This link could not be opened: '), error, '. Showing the default view instead.');
  ui.shareError.hidden = false;
  setView('source');
  return false;
}

/** Opens the link's state; false when it names no model (the caller loads the default). */
async function applyHash(): Promise<boolean> {
  const parsed = parseShareHash(location.hash, demoNames);
  if (!parsed.ok) return linkError(parsed.error);
  ui.shareError.hidden = true;
  const st = parsed.state;
  let text: string | undefined;
  if (st.src) {
    try { text = await unpackSource(st.src); } catch (e) { return linkError(errorText(e)); }
  }
  options.set({ ...(st.granularity ? { granularity: st.granularity } : {}), ...(st.fusion !== undefined ? { fusion: st.fusion } : {}), ...(st.targets ? { targets: st.targets } : {}) });
  if (st.ir) app.irChoice = st.ir;
  app.pendingNode = st.node;
  setView(st.view ?? 'source');
  const model = st.model;
  if (text !== undefined) {
    // IR from the link: a demo named beside it lends its weights (an edited demo); the text replaces the demo's.
    const demo = model?.kind === 'demo' ? DEMO_MODELS.find((m) => m.file === model.name) : undefined;
    const name = st.name ?? demo?.file ?? 'linked.mlir';
    const linked = text;
    void load(async () => {
      const base = demo ? await sourceFromUrl(demoUrl(demo.file), demo.weights ? demoUrl(demo.weights) : undefined) : undefined;
      return base?.kind === 'text' ? { ...base, name, text: linked } : { kind: 'text', name, text: linked };
    }, demo ? { kind: 'demo', name: demo.file } : undefined, `${name} (from the link)`, false, { link: { src: st.src!, name } });
    return true;
  }
  if (model?.kind === 'demo') {
    ui.picker.value = model.name;
    void loadDemo(model.name, false);
    return true;
  }
  if (model?.kind === 'url') {
    // Never fetch from a link by itself: the user sees the URL and clicks Load.
    ui.urlInput.value = model.url;
    ui.shareStatus.textContent = 'The link names a model URL: check it and press Load.';
    return true;
  }
  return false;
}

function loadDemo(file: string, switchView: boolean): Promise<void> {
  const demo = DEMO_MODELS.find((m) => m.file === file);
  if (!demo) return Promise.resolve();
  return load(() => sourceFromUrl(demoUrl(demo.file), demo.weights ? demoUrl(demo.weights) : undefined), { kind: 'demo', name: demo.file }, demo.file, switchView);
}

function wire(): void {
  ui.picker.replaceChildren(...DEMO_MODELS.map((m) => h('option', { value: m.file }, `${m.file} — ${m.title}`)));
  ui.picker.addEventListener('change', () => void loadDemo(ui.picker.value, true));
  ui.fileInput.addEventListener('change', () => {
    const files = [...(ui.fileInput.files ?? [])];
    ui.fileInput.value = '';
    if (files.length) void load(() => sourceFromFiles(files), undefined, files.map((f) => f.name).join(', '), true, { cacheable: true });
  });
  document.addEventListener('dragover', (e) => { e.preventDefault(); document.body.classList.add('dragging'); });
  document.addEventListener('dragleave', () => document.body.classList.remove('dragging'));
  document.addEventListener('drop', (e) => {
    e.preventDefault();
    document.body.classList.remove('dragging');
    const files = [...(e.dataTransfer?.files ?? [])];
    if (files.length) void load(() => sourceFromFiles(files), undefined, files.map((f) => f.name).join(', '), true, { cacheable: true });
  });
  ui.urlForm.addEventListener('submit', (e) => {
    e.preventDefault();
    const url = ui.urlInput.value.trim();
    if (!url) return;
    ui.shareStatus.textContent = '';
    let ref: ModelRef | undefined;
    try { ref = { kind: 'url', url: new URL(url, location.href).href }; } catch { ref = undefined; }
    void load(() => sourceFromUrl(url), ref, url, true);
  });
  ui.compile.addEventListener('click', () => void compile(true));
  ui.cancel.addEventListener('click', () => { void cancelCompile(); setProgress(undefined); });
  ui.share.addEventListener('click', () => {
    syncHash();
    const note = app.ref ? '' : ' (local files cannot travel in a link: it keeps the view only)';
    navigator.clipboard.writeText(location.href).then(
      () => { ui.shareStatus.textContent = `link copied${note}`; },
      () => { ui.shareStatus.textContent = `copy this link${note}: ${location.href}`; });
  });
  ui.shareIr.addEventListener('click', () => void copyIrLink());
  ui.clearCache.addEventListener('click', () => {
    void clearCache().then(() => { app.cacheable = false; ui.shareStatus.textContent = 'cache cleared: the next visit starts with the demo'; });
  });
  for (const tab of document.querySelectorAll<HTMLElement>('[role="tab"]')) {
    tab.addEventListener('click', () => { if (VIEWS.includes(tab.dataset.view as View)) setView(tab.dataset.view as View); });
  }
  let hits: number[] = [];
  let hit = -1;
  ui.search.addEventListener('input', () => {
    hits = graph.find(ui.search.value);
    hit = -1;
    ui.matches.textContent = ui.search.value.trim() ? `${hits.length} match${hits.length === 1 ? '' : 'es'}` : '';
  });
  ui.search.addEventListener('keydown', (e) => {
    if (e.key !== 'Enter' || !hits.length) return;
    e.preventDefault();
    hit = (hit + 1) % hits.length;
    ui.matches.textContent = `${hit + 1} of ${hits.length}`;
    graph.select(hits[hit]);
  });
  byId('graph-fit', HTMLButtonElement).addEventListener('click', () => graph.fit());
  // replaceState (syncHash) fires no hashchange: this is a person editing or following a link.
  window.addEventListener('hashchange', () => void applyHash());
}

/** Puts the model's IR text into the link (the edited text, or a loaded .mlir's) when it packs small enough. */
async function copyIrLink(): Promise<void> {
  const text = app.edited || app.source?.kind === 'text' ? editor.text : undefined;
  const src = text !== undefined ? await packSource(text) : undefined;
  if (!src) {
    ui.shareStatus.textContent = text === undefined
      ? 'only IR text can travel in a link (this model is ONNX or bytecode): the link keeps the view only'
      : 'this IR is over 16 KiB compressed: the link keeps the view only';
    syncHash();
    return;
  }
  app.linkSource = { src, name: editor.fileName.replace(/ \(imported\)$/, '') };
  app.edited = false;
  syncHash();
  navigator.clipboard.writeText(location.href).then(
    () => { ui.shareStatus.textContent = `link with the IR copied (${src.length.toLocaleString('en-US')} characters)`; },
    () => { ui.shareStatus.textContent = 'the browser refused the clipboard: copy the page URL, it carries the IR'; });
}

/** Loads the model last opened from files, if the cache has one. */
async function restoreLast(): Promise<boolean> {
  const last = await lastModel();
  if (!last) return false;
  options.set(last.options);
  await load(() => Promise.resolve(last.source), undefined, `${last.source.name} (cached)`, false, { cacheable: true });
  return true;
}

async function start(): Promise<void> {
  wire();
  showNodeDetails(ui.details, undefined, undefined, app.decisions);
  showLegend(ui.legend, undefined);
  showMemoryPlan(ui.memory, undefined, []);
  // The status line reports the adapter, or why there is none; without one, the page says how to get it.
  gpu.device().catch((e: unknown) => {
    ui.noGpuReason.textContent = errorText(e).replace(/^WebGPU is unavailable: /, '');
    ui.noGpu.hidden = false;
    runPanel.unavailable(ui.noGpuReason.textContent);
  });
  if (await applyHash()) return;
  if (ui.shareError.hidden && !location.search && await restoreLast()) return;
  const fromQuery = new URLSearchParams(location.search).get('url');
  if (fromQuery) {
    ui.urlInput.value = fromQuery.slice(0, 2048);
    ui.shareStatus.textContent = 'The link names a model URL: check it and press Load.';
  }
  void loadDemo(DEMO_MODELS[0]!.file, false);
}

void start();
