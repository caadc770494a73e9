// The Run controls: Run (enabled once a model has compiled), how many times, numeric diff against the
// CPU reference, each input's values (inputs-form.ts; the Input image picker fills the first image
// input); then the results panel and the graph overlay. Every failure lands in the page; the next Run
// starts afresh. A share link's Run settings are offered as "Run as the sender did".
import type { CompileResponse } from '../engine/service';
import { KernelCompileError } from '../engine/load';
import { byId, errorText, h } from './dom';
import type { GraphModel } from './graph-model';
import type { GraphView } from './graph-view';
import type { GpuSession } from './gpu-session';
import type { RunSettings } from './share';
import { ERROR_OK, ERROR_WARN, formatError, type GraphOverlay, errorOverlay, kernelOverlay, timeOverlay } from './run-overlay';
import { InputsForm, modelInputs } from './inputs-form';
import { ProgramRunner, type RunReport } from './run-session';
import { type RunViewState, initialRunViewState, runSummaryText, showRunReport } from './run-view';
import { type NodeError, groupErrors, nodeErrors } from './value-diff';

export interface Compiled {
  readonly response: CompileResponse;
  readonly constants: ReadonlyMap<string, Uint8Array> | undefined;
  readonly model: GraphModel | undefined;
  /** How long the compile took as the page waited for it (undefined: from the cache). */
  readonly compileMs?: number | undefined;
  /** The model's file name and the compile options, as the exported run report names them. */
  readonly name: string;
  readonly options: Readonly<Record<string, string | boolean | readonly string[]>>;
}

const NO_GPU_STATUS = 'Run is disabled: this browser has no WebGPU (see above)';

type OverlayChoice = 'none' | 'time' | 'kernel' | 'error';

export class RunPanel {
  /** The compile whose first Run was timed from the compile on. */
  private firstTimed: CompileResponse | undefined;
  private readonly run = byId('run', HTMLButtonElement);
  private readonly count = byId('run-count', HTMLSelectElement);
  private readonly diff = byId('run-diff', HTMLInputElement);
  private readonly image = byId('run-image', HTMLInputElement);
  private readonly imageName = byId('run-image-name', HTMLElement);
  private readonly status = byId('run-status', HTMLElement);
  private readonly error = byId('run-error', HTMLElement);
  private readonly panel = byId('run-panel', HTMLElement);
  private readonly results = byId('run-results', HTMLElement);
  private readonly toggle = byId('run-panel-toggle', HTMLButtonElement);
  private readonly panelSummary = byId('run-panel-summary', HTMLElement);
  /** The charts' sort order and open state, kept from one Run to the next. */
  private readonly viewState: RunViewState = initialRunViewState();
  private readonly overlayPicker = byId('graph-overlay', HTMLSelectElement);
  private readonly overlayLegend = byId('overlay-legend', HTMLElement);
  private readonly asSender = h('button', { type: 'button', 'data-testid': 'run-as-sender' });
  private readonly inputs = new InputsForm(byId('run-inputs-form', HTMLElement));
  private readonly runner: ProgramRunner;
  /** The settings a share link asked for, until this page runs. */
  private offered: RunSettings | undefined;
  /** The settings of `report`'s Run. */
  private ran: RunSettings | undefined;
  private report: RunReport | undefined;
  private reportFor: CompileResponse | undefined;
  private running = false;
  /** Said beside 'done' after a run that first compiled the model again without a kernel the device refused. */
  private rejectedNote: string | undefined;
  /** Node errors of the last numeric-diff report, for the graph model they were mapped onto. */
  private errors: { report: RunReport; model: GraphModel; nodes: Map<number, NodeError>; groups: Map<number, number> } | undefined;
  /** Why Run cannot work on this page (no WebGPU), when it cannot. */
  private noGpu: string | undefined;

  /** `onReport` runs when a Run's report is shown (the node details then show the node's error). */
  /** `onSubgraph` runs when a kernel bar of the results is clicked, with its subgraph's symbol. */
  constructor(
    private readonly gpu: GpuSession, private readonly current: () => Compiled | undefined, private readonly graph: GraphView,
    private readonly onReport: () => void = () => {}, private readonly onSubgraph?: (symbol: string) => void,
    /** Compiles the model again with `kernel` declined; false when that cannot help (it was declined already, or the compile failed). */
    private readonly onKernelRejected?: (kernel: KernelCompileError['kernel'], reason: string) => Promise<boolean>,
  ) {
    this.runner = new ProgramRunner(gpu);
    this.run.addEventListener('click', () => void this.start());
    this.asSender.hidden = true;
    this.run.after(this.asSender);
    this.asSender.addEventListener('click', () => {
      if (this.offered) this.apply(this.offered);
      void this.start();
    });
    this.image.addEventListener('change', () => {
      const file = this.image.files?.[0];
      this.image.value = '';
      if (!file) return;
      const input = this.inputs.useImage(file);
      this.imageName.textContent = input
        ? `image: ${file.name} → ${input} (see Inputs)`
        : `image ${file.name} not used: no input of this model is 1×3×H×W or 1×H×W×3 float32`;
      this.imageName.classList.toggle('error', !input);
    });
    this.overlayPicker.addEventListener('change', () => this.applyOverlay());
    this.toggle.addEventListener('click', () => this.fold(this.toggle.getAttribute('aria-expanded') === 'true'));
    this.compiled(undefined);
  }

  /** A compile finished (or a model is loading): Run follows whether there is a program to run. */
  compiled(r: CompileResponse | undefined): void {
    this.runner.drop();
    const ok = !!r?.ok && !!r.outputText;
    this.run.disabled = !ok || this.running || this.noGpu !== undefined;
    this.asSender.disabled = this.run.disabled;
    this.run.title = this.noGpu ?? (ok ? 'Run the compiled program on WebGPU' : 'Compile a model first');
    this.report = undefined;
    this.reportFor = undefined;
    this.panel.hidden = true;
    this.error.hidden = true;
    this.status.textContent = this.noGpu ? NO_GPU_STATUS : '';
    this.applyOverlay();
  }

  /** This page has no WebGPU: Run stays disabled, saying why. */
  unavailable(reason: string): void {
    this.noGpu = `Run needs WebGPU: ${reason}`;
    this.run.disabled = true;
    this.asSender.disabled = true;
    this.run.title = this.noGpu;
    this.status.textContent = NO_GPU_STATUS;
  }

  /** A link's Run settings: the controls take them, and a button runs with them (hidden when undefined). */
  offer(settings: RunSettings | undefined): void {
    this.offered = settings;
    this.asSender.hidden = !settings;
    if (!settings) return;
    this.apply(settings);
    this.asSender.textContent = `Run as the sender did (${settings.runs}×${settings.diff ? ', numeric diff' : ''})`;
  }

  /** The settings a share link keeps: the last Run of the current compile, else those a followed link offered. */
  lastRun(): RunSettings | undefined {
    return this.reportFor && this.reportFor === this.current()?.response ? this.ran : this.offered;
  }

  private apply(settings: RunSettings): void {
    this.count.value = String(settings.runs);
    this.diff.checked = settings.diff;
  }

  /** The graph was (re)drawn: paint the overlay again. */
  graphShown(): void {
    const model = this.current()?.model;
    if (model) this.inputs.show(modelInputs(model));
    this.applyOverlay();
  }

  /** The same graph laid out again (a region opened or closed): the overlay follows its new nodes. */
  graphRelaidOut(): void {
    this.applyOverlay();
  }

  private async start(): Promise<void> {
    const c = this.current();
    if (!c?.response.ok || this.running) return;
    this.running = true;
    this.run.disabled = true;
    this.asSender.disabled = true;
    const settings: RunSettings = { runs: Number(this.count.value) || 1, diff: this.diff.checked };
    this.error.hidden = true;
    this.status.textContent = 'starting…';
    try {
      const ran = await this.runner.run(c.response, c.constants, {
        runs: settings.runs, diff: settings.diff,
        inputs: this.inputs.choices(), inputNames: c.model ? modelInputs(c.model).map((i) => i.name) : [],
        model: c.name, adapter: this.gpu.adapterText, compileOptions: c.options,
        outputNames: c.model?.nodes.filter((n) => n.kind === 'output').map((n) => n.inputs[0]?.value ?? n.id) ?? [],
        onProgress: (text) => { this.status.textContent = text; },
      });
      // The first Run after a compile completes the model's time to first result (a later load, after a lost device, is a load only).
      const report = ran.loadMs !== undefined && c.compileMs !== undefined && this.firstTimed !== c.response ? { ...ran, compileMs: c.compileMs } : ran;
      this.firstTimed = c.response;
      if (this.current()?.response !== c.response) {
        this.status.textContent = 'the model was recompiled meanwhile: Run again';
        return;
      }
      this.report = report;
      this.ran = settings;
      this.reportFor = c.response;
      showRunReport(this.results, report, (c.response.partitions ?? []).map((p) => p.name), c.model ? outputNames(c.model) : [], this.viewState, this.onSubgraph);
      this.panelSummary.textContent = runSummaryText(report);
      this.panel.hidden = false;
      this.status.textContent = this.rejectedNote ? `done — ${this.rejectedNote}` : 'done';
      this.status.title = this.status.textContent;
      this.rejectedNote = undefined;
      this.overlayPicker.value = report.diff ? 'error' : 'time';
      this.onReport();
    } catch (e) {
      if (this.current()?.response !== c.response) {
        // A compile mid-run unloaded this program; its failure says nothing about the new one.
        this.status.textContent = 'the model was recompiled meanwhile: Run again';
        return;
      }
      if (e instanceof KernelCompileError && this.onKernelRejected) {
        // Loading compiles the kernels' pipelines: one this device refuses is a specialization its target declines.
        this.status.textContent = `kernel ${e.kernel.name} does not compile on this device: compiling the model again without it…`;
        this.running = false;
        if (await this.onKernelRejected(e.kernel, e.reason)) {
          this.rejectedNote = `kernel ${e.kernel.name} did not compile on this device (${e.reason.split('\n')[0]}); its subgraph went to the next target — the decision log says which`;
          await this.start();
          return;
        }
      }
      this.status.textContent = 'failed';
      if (await this.gpu.lostAfterFailure()) {
        this.error.replaceChildren(h('strong', {}, 'The run failed: the GPU device was lost. '), errorText(e),
          ' — Run again: it opens a new device and loads the program afresh (the model stays loaded).');
      } else {
        this.error.replaceChildren(h('strong', {}, 'The run failed: '), errorText(e), ' — fix the cause (or recompile) and Run again.');
      }
      this.error.hidden = false;
    } finally {
      this.running = false;
      this.run.disabled = !this.current()?.response.ok || this.noGpu !== undefined;
      this.asSender.disabled = this.run.disabled;
      this.applyOverlay();
    }
  }

  /** Folds the run panel to its header (the graph gets the room), or unfolds it. */
  private fold(folded: boolean): void {
    this.results.hidden = folded;
    this.toggle.setAttribute('aria-expanded', String(!folded));
    this.panel.classList.toggle('folded', folded);
  }

  /** The last Run's report, when it ran the current compile. */
  get currentReport(): RunReport | undefined {
    return this.reportFor === this.current()?.response ? this.report : undefined;
  }

  /** The last numeric diff mapped onto the current graph, when the last Run of this compile had one. */
  private nodeErrorsNow(): { nodes: Map<number, NodeError>; groups: Map<number, number> } | undefined {
    const c = this.current();
    const report = this.reportFor === c?.response ? this.report : undefined;
    if (!report?.diff || !c?.model) return undefined;
    if (this.errors?.report !== report || this.errors.model !== c.model) {
      const nodes = nodeErrors(c.model, report.diff.values, report.diff.maxAbs);
      this.errors = { report, model: c.model, nodes, groups: groupErrors(c.model, nodes) };
    }
    return this.errors;
  }

  /** Node `index`'s numeric-diff error after a Run with numeric diff ('not-compared' when it has none); undefined without such a Run. */
  errorOf(index: number | undefined): NodeError | 'not-compared' | undefined {
    const errors = this.nodeErrorsNow();
    if (!errors || index === undefined) return undefined;
    return errors.nodes.get(index) ?? 'not-compared';
  }

  private applyOverlay(): void {
    const c = this.current();
    const report = this.reportFor === c?.response ? this.report : undefined;
    const error = this.overlayPicker.querySelector<HTMLOptionElement>('option[value="error"]')!;
    error.disabled = !report?.diff;
    const kernel = this.overlayPicker.querySelector<HTMLOptionElement>('option[value="kernel"]')!;
    kernel.disabled = !report?.kernelTimings.length;
    if (this.overlayPicker.value === 'kernel' && kernel.disabled) this.overlayPicker.value = 'time';
    this.overlayPicker.disabled = !report;
    if (!report && this.overlayPicker.value !== 'none') this.overlayPicker.value = 'none';
    if (this.overlayPicker.value === 'error' && !report?.diff) this.overlayPicker.value = 'time';
    const choice = this.overlayPicker.value as OverlayChoice;
    let overlay: GraphOverlay | undefined;
    if (report && c?.model && choice === 'time') overlay = timeOverlay(c.model, report.timings);
    if (report && c?.model && choice === 'kernel') overlay = kernelOverlay(c.model, report.kernelTimings);
    const errors = choice === 'error' ? this.nodeErrorsNow() : undefined;
    if (errors && c?.model) overlay = errorOverlay(c.model, errors.nodes, errors.groups);
    this.graph.setOverlay(overlay);
    if (errors && c?.model) this.overlayLegend.replaceChildren(...errorLegend(c.model, errors.nodes));
    else this.overlayLegend.textContent = legendText(choice, report);
  }
}

/** The error colours, and how many ops were compared by their own value or through their fused subgraph. */
function errorLegend(model: GraphModel, errors: ReadonlyMap<number, NodeError>): (Node | string)[] {
  const ops = model.nodes.filter((n) => n.kind === 'op').length;
  let own = 0, fused = 0, views = 0;
  for (const [v, e] of errors) {
    if (model.nodes[v]!.kind !== 'op') continue;
    if (e.source === 'value') own++;
    else if (e.source === 'view') views++;
    else fused++;
  }
  const key = (cls: string, text: string) => h('span', { class: 'legend-key' }, h('span', { class: `swatch ${cls}`, 'aria-hidden': 'true' }), text);
  return [
    'Colour: max abs error of each value against the CPU reference, from a debug run that reads back every subgraph result. ',
    key('err-ok', `≤ ${formatError(ERROR_OK)}`), key('err-warn', `≤ ${formatError(ERROR_WARN)}`), key('err-bad', 'above'),
    key('err-ok err-fused', 'dashed: inside a fused subgraph — its value is never written to memory, so it shows the subgraph results\' error'),
    key('err-none', 'not compared'),
    h('span', { 'data-testid': 'diff-coverage', 'data-own': own, 'data-fused': fused, 'data-views': views, 'data-ops': ops },
      ` ${own + fused + views} of ${ops} ops compared: ${own} by their own value, ${fused} through their fused subgraph` +
      `${views ? `, ${views} as views of their operand (reshapes compiled away)` : ''}.`),
  ];
}

function legendText(choice: OverlayChoice, report: RunReport | undefined): string {
  if (!report) return 'Run the program to shade the graph by partition or kernel time or, with numeric diff, by error.';
  if (choice === 'time') {
    return 'Shade: the time of the node\'s partition (darker = slower, relative to the slowest partition); ' +
      'every node of a partition gets the same shade. Shade by kernel time for each subgraph\'s own time.';
  }
  if (choice === 'kernel') {
    return 'Shade: the total GPU time of the kernels of the node\'s subgraph, from the profiling run (darker = slower, relative to the slowest subgraph); ' +
      'every node of a subgraph gets its kernels\' total.';
  }
  return 'No shading.';
}

/** The program's outputs by the names the model gives them (the Input IR's returned values), in order. */
export function outputNames(model: GraphModel): string[] {
  return model.nodes.filter((n) => n.kind === 'output').map((n) => (n.inputs[0]?.value ?? n.id).replace(/^%/, ''));
}
