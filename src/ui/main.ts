// App wiring: load a model (demo, files, URL, IR in a link, or the cached last model), compile it in
// the worker with per-pass progress and the chosen options, and show the graph, memory plan, IR and
// model properties. A model that fails to open leaves the loaded one in place. Share links live in
// links.ts, the compile cache in compile-cache.ts, the toolbar's help, keys and panels in chrome.ts.
// Every string from a model, the compiler or the GPU reaches the page through textContent only.
import type { CompileResponse } from '../engine/service';
import { type LoadFrom, type Read, createAppState, ui } from './app-state';
import { wireChrome } from './chrome';
import { CompileClient, CompileWorkerFault } from './compile-client';
import type { PreparedGraph } from './layout-prepare';
import { CacheLine, compileOrCached, pageCache, restoreLast } from './compile-cache';
import { CompileOptionsForm } from './compile-options';
import { byId, errorText, h } from './dom';
import { GpuSession } from './gpu-session';
import { showKeyMap } from './graph-keys';
import { GraphView } from './graph-view';
import { IrViews, showLegend, summaryText } from './ir-views';
import { Links } from './links';
import { LinkedView } from './linked-view';
import { installTestHooks } from './test-hooks';
import { showMemoryPlan } from './memory-view';
import { fileRefOf } from './model-identity';
import { showModelProperties } from './model-properties';
import { showNodeDetails } from './node-details';
import { RunPanel } from './run-panel';
import { type ModelRef, type View, VIEWS } from './share';
import { askForShapes } from './shapes-form';
import { SourceEditor } from './source-editor';
import { ThemeSwitch } from './theme';
import { DEMO_MODELS, type ModelSource, constantTypesOf, constantsOf, demoUrl, sourceFromFiles, sourceFromUrl, splitTargetFiles } from './sources';

const app = createAppState();
new ThemeSwitch(ui.theme);
const compileClient = new CompileClient();
const editor = new SourceEditor(() => { app.edited = true; });
const graph = new GraphView(byId('graph', SVGSVGElement), (index) => {
  showDetails(index);
  syncHash();
}, { onSearch: () => ui.search.focus(), onRegions: (state, focus) => void relayout(state, focus) });
const irViews = new IrViews((choice) => { app.irChoice = choice; syncHash(); }, (r) => compileClient.files(r, app.constants), () => !!app.constants?.size, (value) => {
  const index = graph.indexOf(value);
  if (index === undefined) return;
  setView('graph');
  graph.select(index);
});
const gpu = new GpuSession((text, state) => { ui.status.textContent = text; ui.status.dataset.state = state; });
const options = new CompileOptionsForm(() => { syncHash(); void compile(); }, (why) => { ui.shareStatus.textContent = why; });
const runPanel = new RunPanel(gpu, () => (app.response ? {
  response: app.response, constants: app.constants, model: app.model, name: app.source?.name ?? 'model', compileMs: app.compileMs,
  options: { granularity: options.value.granularity, fusion: options.value.fusion, targets: options.effectiveTargets() },
} : undefined), graph, () => { showDetails(graph.selected); syncHash(); }, (symbol) => selectSubgraph(symbol), async (kernel, reason) => {
  // The device refused a kernel: compile again with it declined (its subgraph goes to the next target), once per kernel.
  if (app.rejectedKernels.has(kernel.wgsl)) return false;
  app.rejectedKernels.set(kernel.wgsl, reason);
  await compile();
  return !!app.response?.ok;
});
const linked = new LinkedView(byId('linked-view', HTMLElement), (value) => { const i = graph.indexOf(value); if (i !== undefined) graph.select(i); }, (choice) => {
  irViews.open(choice);
  setView('ir');
}, byId('run-results', HTMLElement));
const cache = pageCache();
const cacheLine = new CacheLine(ui.summary, app, cache);
const links = new Links({ app, graph, options, editor, run: runPanel, setView, load, loadDemo, cache });
const syncHash = (): void => links.syncHash();

/** The node details panel for graph node `index`, with its numeric-diff error after such a Run. */
function showDetails(index: number | undefined): void {
  showNodeDetails(ui.details, app.model, index, app.decisions, runPanel.errorOf(index), (group) => graph.toggleCollapsed(group), (key, open) => graph.setRegion(key, open));
  linked.show({ response: app.response, model: app.model, decisions: app.decisions, report: runPanel.currentReport, error: runPanel.errorOf(index) }, index);
}

/** A kernel bar was clicked: select the first op of its subgraph in the graph. */
function selectSubgraph(symbol: string): void {
  const model = app.model;
  const index = model?.nodes.findIndex((n) => n.group !== undefined && model.groups[n.group]?.symbol === symbol) ?? -1;
  if (index < 0) return;
  setView('graph');
  graph.select(index);
}

function setProgress(label: string | undefined, fraction = 0): void {
  ui.progressRow.hidden = label === undefined;
  ui.cancel.hidden = label === undefined;
  ui.progress.value = fraction;
  ui.progressLabel.textContent = label ?? '';
}

/** The compile's diagnostics; `failed` (a model that could not open) shows every line as an error. */
function showDiagnostics(lines: readonly string[], failed = false): void {
  ui.diagnostics.replaceChildren(...lines.map((l) => h('li', { class: `diagnostic ${failed || /\berror\b/.test(l) ? 'error' : 'note'}` }, l)));
}

function setView(view: View): void {
  app.view = view;
  for (const tab of document.querySelectorAll<HTMLElement>('[role="tab"]')) tab.setAttribute('aria-selected', String(tab.dataset.view === view));
  for (const panel of document.querySelectorAll<HTMLElement>('[role="tabpanel"]')) panel.hidden = panel.dataset.view !== view;
  syncHash();
}

/** The loaded, compiled model as a failed open finds it, to put back. */
interface Loaded {
  readonly source: ModelSource;
  readonly constants: Map<string, Uint8Array> | undefined;
  readonly ref: ModelRef | undefined;
  readonly edited: boolean;
  readonly cacheable: boolean;
  readonly linkSource: typeof app.linkSource;
  readonly editor: { readonly text: string; readonly name: string; readonly constantTypes: typeof editor.constantTypes };
}

/** What is loaded now, when it compiled (a model that did not compile is nothing to go back to). */
function loaded(): Loaded | undefined {
  if (!app.source || !app.response?.ok) return undefined;
  return {
    source: app.source, constants: app.constants, ref: app.ref, edited: app.edited, cacheable: app.cacheable, linkSource: app.linkSource,
    editor: { text: editor.text, name: editor.fileName, constantTypes: editor.constantTypes },
  };
}

/** A model failed to open: `previous` stays loaded (its views were never replaced), and the page says so. */
function keepPrevious(previous: Loaded, what: string): void {
  Object.assign(app, { source: previous.source, constants: previous.constants, ref: previous.ref, edited: previous.edited, cacheable: previous.cacheable, linkSource: previous.linkSource });
  editor.set(previous.editor.text, previous.editor.name, previous.editor.constantTypes);
  setProgress(undefined);
  ui.openError.replaceChildren(h('strong', {}, `Could not open ${what}`), ` — ${previous.source.name} is still loaded, shown and runnable. Why:`);
  ui.openError.hidden = false;
  syncPicker();
  syncHash();
}

/** The Demo box names the demo only while a demo is loaded. */
function syncPicker(): void {
  ui.picker.value = app.ref?.kind === 'demo' ? app.ref.name : '';
}

const size = (n: number): string => (n < 1e6 ? `${Math.round(n / 1e3)} kB` : `${(n / 1e6).toFixed(1)} MB`);

/** The read's progress: a fraction of the declared size, else the bytes so far. */
function readProgress(name: string, received: number, total: number | undefined): void {
  setProgress(`reading ${name}… ${size(received)}${total !== undefined ? ` of ${size(total)}` : ''}`, total ? Math.min(1, received / total) : 0);
}

async function load(read: Read, ref: ModelRef | undefined, what: string, switchView: boolean, from: LoadFrom = {}): Promise<void> {
  const mine = ++app.loads;
  // A later load supersedes this one: the earlier read's transfer stops, and it never reaches the screen.
  app.reading?.abort();
  const reading = new AbortController();
  app.reading = reading;
  const previous = loaded();
  setProgress(`reading ${what}…`);
  showDiagnostics([]);
  ui.shareStatus.textContent = '';
  let source: ModelSource;
  let identity: ModelRef | undefined;
  try {
    source = await read({ signal: reading.signal, onProgress: (name, received, total) => { if (mine === app.loads) readProgress(name, received, total); } });
    if (mine !== app.loads) return; // a later load replaced this one while it was read
    reading.signal.throwIfAborted();
    // A model from files is named by its identity (name, size, SHA-256): the hash keeps it for reloads and links.
    identity = ref ?? (from.cacheable ? await fileRefOf(source) : undefined);
    if (mine !== app.loads) return;
    reading.signal.throwIfAborted();
    // The file a followed link asked for keeps the link's view; a different file is refused (throws).
    if (links.admit(identity, !!from.cacheable)) switchView = false;
  } catch (e) {
    if (mine !== app.loads) return;
    if (app.reading === reading) app.reading = undefined;
    setProgress(undefined);
    if (reading.signal.aborted) {
      showDiagnostics([`note: loading ${what} was cancelled${previous ? `; ${previous.source.name} is still loaded` : ''}`]);
      return;
    }
    showDiagnostics([`error: ${errorText(e)}`]);
    if (previous) keepPrevious(previous, what);
    else editor.showError(`could not load ${what}: ${errorText(e)}`);
    return;
  }
  if (mine !== app.loads) return; // a later load replaced this one while it was read
  app.reading = undefined;
  app.source = source;
  app.constants = undefined;
  app.rejectedKernels = new Map();
  app.ref = identity;
  app.edited = false;
  app.cacheable = !!from.cacheable;
  app.linkSource = from.link;
  if (source.kind === 'text') editor.set(source.text, source.name);
  else editor.set('', source.name);
  syncHash();
  await compile(switchView, previous && { previous, what });
  // Remembered for the next visit only once it opened (or waits for its input sizes).
  if (from.cacheable && app.source === source) cacheLine.rememberLoaded(source, options.value, identity?.kind === 'file' ? identity : undefined);
}

/** `opening` is set while a new model is opened over a compiled one: if it fails, that one stays. */
async function compile(switchView = false, opening?: { previous: Loaded; what: string }): Promise<void> {
  let source = app.source;
  if (!source) return;
  // Edited IR keeps the model's weights file: the worker reads the types of its constants from it.
  if (app.edited) {
    const weights = source.kind === 'text' && source.weights ? { weights: source.weights, ...(source.weightsName ? { weightsName: source.weightsName } : {}) } : {};
    source = { kind: 'text', name: editor.fileName, text: editor.text, ...weights };
  }
  const askShapes = byId('shapes-form', HTMLFormElement);
  askShapes.hidden = true;
  setProgress(source.kind === 'onnx' ? `importing ${source.name}…` : `compiling ${source.name}…`);
  const t0 = performance.now();
  const loadsBefore = app.loads;
  let compiled;
  try {
    compiled = await compileOrCached(compileClient, cache, app, source, options.value, options.effectiveTargets(), await gpu.compileDevice(), (done, total, pass) => {
      setProgress(`compiling: ${pass} (${done}/${total})`, done / total);
    });
  } catch (e) {
    if (loadsBefore !== app.loads) return; // another model was loaded meanwhile
    // The model stays loaded (source, editor text, the last good compile's views): Compile again retries.
    setProgress(undefined);
    showDiagnostics([e instanceof CompileWorkerFault ? `error: ${e.message}` : `error: the compiler failed: ${errorText(e)}`]);
    if (opening) keepPrevious(opening.previous, opening.what);
    return;
  }
  if (!compiled || loadsBefore !== app.loads) return; // a newer compile or load took over
  const { response: r, fromCache } = compiled;
  const dynamic = r.onnxInputs?.filter((i) => i.dims.some((d) => typeof d === 'string'));
  const asksShapes = !r.ok && source.kind === 'onnx' && !!dynamic?.length;
  if (opening && !r.ok && !asksShapes) {
    showDiagnostics(r.diagnostics, true);
    keepPrevious(opening.previous, opening.what);
    return;
  }
  ui.openError.hidden = true;
  cacheLine.show(compiled.cache);
  const ms = performance.now() - t0;
  app.response = r;
  app.compileMs = fromCache ? undefined : ms;
  if (r.ok) app.constants = (app.source && constantsOf(app.source, r)) ?? app.constants;
  const types = constantTypesOf(r);
  if (types && !app.edited) editor.setTypes(types);
  runPanel.compiled(r);
  // Once per device, after the page's first compile: the first tier's common pipelines, for the models Run next.
  void gpu.warmUp((profile) => compileClient.warmUp(profile));
  app.decisions = new Map((r.decisions ?? []).map((d) => [d.op, d]));
  showDiagnostics(r.diagnostics);
  ui.summary.textContent = r.ok ? (fromCache ? `${summaryText(source.name, r, ms).replace(/ · compiled in \d+ ms$/, '')} · from cache (not recompiled)` : summaryText(source.name, r, ms)) : `${source.name}: not compiled`;
  ui.summary.dataset.fromCache = String(fromCache);
  if (source.kind !== 'text' && r.inputText) editor.set(r.inputText, `${source.name} (imported)`);
  syncPicker();
  if (asksShapes && source.kind === 'onnx' && dynamic) {
    const onnx = source;
    askForShapes(askShapes, dynamic, (shapes) => {
      app.source = { ...onnx, shapes };
      // The sizes are part of the model from now on: a reload restores them (and their cached compile) instead of asking again.
      if (app.cacheable) cacheLine.rememberLoaded(app.source, options.value, app.ref?.kind === 'file' ? app.ref : undefined);
      void compile(true);
    });
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
  const prepared = await compileClient.layout(r.inputText ?? '', r.partitions ?? []);
  if (r !== app.response) return;
  setProgress(undefined);
  app.model = prepared.model;
  byId('graph-empty', HTMLParagraphElement).hidden = !r.program;
  graph.show(prepared.model, prepared.layout);
  showModelProperties(ui.properties, app.source?.name, prepared.model, r);
  runPanel.graphShown();
  showLayoutStats(prepared);
  const pending = app.pendingNode;
  app.pendingNode = undefined;
  const index = pending !== undefined ? graph.indexOf(pending) : undefined;
  graph.select(index, index !== undefined);
  ui.search.value = '';
  ui.matches.textContent = '';
}

function showLayoutStats(prepared: PreparedGraph): void {
  ui.stats.textContent = `${prepared.model.nodes.length.toLocaleString('en-US')} nodes · parse ${Math.round(prepared.ms.parse)} ms · layout ${Math.round(prepared.ms.layout)} ms`;
  ui.stats.dataset.layoutMs = String(Math.round(prepared.ms.layout));
}

/** A control-flow region was opened or closed: the same graph laid out again, the region kept in view. */
async function relayout(state: Readonly<Record<string, boolean>>, focus: string): Promise<void> {
  const r = app.response;
  if (!r) return;
  const prepared = await compileClient.layout(r.inputText ?? '', r.partitions ?? [], state);
  if (r !== app.response) return;
  app.model = prepared.model;
  graph.show(prepared.model, prepared.layout, focus);
  runPanel.graphRelaidOut();
  showLayoutStats(prepared);
}

function loadDemo(file: string, switchView: boolean): Promise<void> {
  const demo = DEMO_MODELS.find((m) => m.file === file);
  if (!demo) return Promise.resolve();
  return load((control) => sourceFromUrl(demoUrl(demo.file), demo.weights ? demoUrl(demo.weights) : undefined, control, options.value.limits), { kind: 'demo', name: demo.file }, demo.file, switchView);
}

/** The person opens another model: a link's error (about the page they arrived on) is no longer current. */
function opening(): void {
  ui.shareError.hidden = true;
}

/** Opened or dropped files: target files join the targets list (and the model recompiles); the rest is a model. */
async function openFiles(files: readonly File[]): Promise<void> {
  const { targets, rest } = await splitTargetFiles(files, options.value.limits);
  for (const t of targets) options.addTargetFile(t);
  if (rest.length) {
    opening();
    await load(() => sourceFromFiles(rest, options.value.limits), undefined, rest.map((f) => f.name).join(', '), true, { cacheable: true });
  } else if (targets.length) {
    await compile();
  }
}

function wire(): void {
  ui.picker.replaceChildren(h('option', { value: '', disabled: '' }, 'pick a demo…'), ...DEMO_MODELS.map((m) => h('option', { value: m.file }, `${m.file} — ${m.title}`)));
  ui.picker.addEventListener('change', () => { opening(); void loadDemo(ui.picker.value, true); });
  wireChrome({ setView, runButton: byId('run', HTMLButtonElement), graph });
  ui.fileInput.addEventListener('change', () => {
    const files = [...(ui.fileInput.files ?? [])];
    ui.fileInput.value = '';
    if (files.length) void openFiles(files);
  });
  document.addEventListener('dragover', (e) => { e.preventDefault(); document.body.classList.add('dragging'); });
  document.addEventListener('dragleave', () => document.body.classList.remove('dragging'));
  document.addEventListener('drop', (e) => {
    e.preventDefault();
    document.body.classList.remove('dragging');
    const files = [...(e.dataTransfer?.files ?? [])];
    if (files.length) void openFiles(files);
  });
  ui.urlForm.addEventListener('submit', (e) => {
    e.preventDefault();
    const url = ui.urlInput.value.trim();
    if (!url) return;
    opening();
    ui.shareStatus.textContent = '';
    let ref: ModelRef | undefined;
    try { ref = { kind: 'url', url: new URL(url, location.href).href }; } catch { ref = undefined; }
    void load((control) => sourceFromUrl(url, undefined, control, options.value.limits), ref, url, true);
  });
  ui.compile.addEventListener('click', () => void compile(true));
  // Cancel stops a model's download (its load then shows nothing) or the compile in flight.
  ui.cancel.addEventListener('click', () => { app.reading?.abort(); void compileClient.cancel(); setProgress(undefined); });
  ui.share.addEventListener('click', () => void links.copyLink());
  ui.shareIr.addEventListener('click', () => void links.copyIrLink());
  ui.clearCache.addEventListener('click', () => cacheLine.clear());
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
  window.addEventListener('hashchange', () => void links.applyHash());
}

async function start(): Promise<void> {
  wire();
  showKeyMap(byId('graph-keys', HTMLElement));
  installTestHooks(gpu, compileClient);
  showNodeDetails(ui.details, undefined, undefined, app.decisions);
  showLegend(ui.legend, undefined);
  showMemoryPlan(ui.memory, undefined, []);
  showModelProperties(ui.properties, undefined, undefined, undefined);
  // The status line reports the adapter, or why there is none; without one, the page says how to get it.
  gpu.device().catch((e: unknown) => {
    ui.noGpuReason.textContent = errorText(e).replace(/^WebGPU is unavailable: /, '');
    ui.noGpu.hidden = false;
    runPanel.unavailable(ui.noGpuReason.textContent);
  });
  if (await links.applyHash()) return;
  // The first screen is the graph (a link may name another view).
  setView('graph');
  if (ui.shareError.hidden && !location.search && await restoreLast(load, options, cache)) return;
  const fromQuery = new URLSearchParams(location.search).get('url');
  if (fromQuery) {
    ui.urlInput.value = fromQuery.slice(0, 2048);
    ui.shareStatus.textContent = 'The link names a model URL: check it and press Load.';
    ui.urlMenu.open = true;
  }
  void loadDemo(DEMO_MODELS[0]!.file, false);
}

void start();
