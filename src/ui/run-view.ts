// The Run results panel: wall times over N runs, each output by its name in the model (shape, first
// values, top-5; in numeric-diff mode its max abs error), per-partition and per-kernel times as
// sortable bar charts coloured like the graph's partitions (labelled with their timing source), and
// which partitions ran on the host.
import type { PartitionTiming } from '../runtime/runtime';
import { type Bar, type ChartState, barChart } from './bar-chart';
import { h, partitionHue } from './dom';
import { download } from './ir-views';
import { errorClass, formatError, formatMs } from './run-overlay';
import { summarizeOutput } from './run-inputs';
import type { RunReport } from './run-session';
import { subgraphKernels } from './run-stats';
import { median, min } from '../core';

const sourceName = (t: PartitionTiming) => (t.source === 'gpu-timestamp' ? 'GPU timestamps' : 'host wall time');

/** One line naming where the per-partition numbers come from. */
export function timingSourceText(timings: readonly PartitionTiming[]): string {
  const sources = new Set(timings.map(sourceName));
  if (!sources.size) return 'no partition timings';
  if (sources.size > 1) return 'per-partition times: GPU timestamps for GPU partitions, host wall time for host partitions and run-time loops and branches';
  return [...sources][0] === 'GPU timestamps'
    ? 'per-partition times: GPU timestamps (timestamp-query)'
    : 'per-partition times: host wall time (this device has no timestamp-query)';
}

/** Sort order and open state of the two charts, kept by the caller across runs. */
export interface RunViewState {
  readonly partitions: ChartState;
  readonly kernels: ChartState;
}

export const initialRunViewState = (): RunViewState => ({ partitions: { sort: 'order', open: true }, kernels: { sort: 'order', open: true } });

/** One bar per partition, in program order, hue by the partition's index in the graph. */
function partitionBars(timings: readonly PartitionTiming[], order: readonly string[]): Bar[] {
  const rows = [...timings].sort((a, b) => order.indexOf(a.partition) - order.indexOf(b.partition));
  return rows.map((t) => ({
    label: `@${t.partition} (${t.target})`, ms: t.ms, value: `${formatMs(t.ms)} ms${t.source === 'host' ? ' (host)' : ''}`,
    hue: partitionHue(Math.max(0, order.indexOf(t.partition))), data: { partition: t.partition, source: t.source },
  }));
}

/** One bar per kernel of the profiling run, in program order; a repeated subgraph is numbered (#2…). */
function kernelBars(report: RunReport, order: readonly string[]): Bar[] {
  return subgraphKernels(report.kernelTimings).flatMap((sg) => sg.kernels.map((k) => ({
    label: `@${sg.subgraph}${sg.instance ? ` #${sg.instance + 1}` : ''} · ${k.kernel}`, ms: k.ms, value: `${formatMs(k.ms)} ms`,
    hue: partitionHue(Math.max(0, order.indexOf(k.partition))), data: { partition: k.partition, subgraph: k.subgraph, kernel: k.kernel },
  })));
}

/** Clicking a kernel's bar calls `onSubgraph` with its subgraph's symbol. */
function kernelSection(report: RunReport, order: readonly string[], state: ChartState, onSubgraph?: (symbol: string) => void): HTMLElement {
  const note = 'from one extra profiling run after the timed runs (each kernel in its own timestamped pass; the timed runs are not profiled)';
  if (!report.kernelTimings.length) {
    return h('p', { class: 'muted', 'data-testid': 'kernel-source' }, 'No per-kernel times: this device has no timestamp-query, or no partition ran on the GPU.');
  }
  const section = barChart('Time per kernel', 'kernel-chart', kernelBars(report, order), state, [h('p', { class: 'muted', 'data-testid': 'kernel-source' }, `per-kernel GPU times ${note}`)],
    { name: 'kernel-times.svg', testId: 'kernel-download-svg' });
  if (onSubgraph) {
    for (const bar of section.querySelectorAll<HTMLElement>('.bar[data-subgraph]')) {
      bar.classList.add('link');
      bar.title = `select @${bar.dataset.subgraph!}'s ops in the graph`;
      bar.addEventListener('click', () => onSubgraph(bar.dataset.subgraph!));
    }
  }
  return section;
}

function outputList(report: RunReport, names: readonly string[]): HTMLElement {
  return h('ul', { class: 'run-outputs' }, ...report.outputs.map((t, i) => {
    const o = summarizeOutput(t);
    const diff = report.diff?.maxAbs[i];
    const name = names[i] ?? `output #${i}`;
    return h('li', { 'data-testid': 'run-output', 'data-output': i, 'data-name': name },
      h('code', { class: 'output-name', 'data-testid': 'output-name' }, name), ': ', h('code', {}, o.shape), ': ',
      h('code', { 'data-testid': 'output-values' }, o.first.join(' ')),
      ...(o.top5 ? [h('div', { class: 'top5' }, 'top-5: ', h('ol', { 'data-testid': 'top5' },
        ...o.top5.map((x) => h('li', { 'data-index': x.index }, `#${x.index} (${x.value.toPrecision(4)})`))))] : []),
      ...(diff !== undefined ? [h('div', {
        class: `diff ${errorClass(diff)}`, 'data-testid': 'max-abs-error', 'data-max-abs-error': String(diff),
      }, `max abs error vs CPU reference: ${formatError(diff)}`)] : []),
    );
  }));
}

/** Downloads the run as `cgc run --json` reports it: timings per partition and kernel, output summaries, adapter, options. */
function exportButton(report: RunReport): HTMLButtonElement {
  const button = h('button', { type: 'button', 'data-testid': 'run-export', title: 'The same JSON as cgc run --json (format cgc-run-report)' }, 'Export run report (JSON)');
  const base = report.exported.model.replace(/\.[^.]*$/, '').replace(/[^\w.-]+/g, '_') || 'model';
  button.addEventListener('click', () => download(JSON.stringify(report.exported, null, 2), `${base}-run-report.json`, 'application/json'));
  return button;
}

/** The one-line summary of `report`: runs, median and min wall time. */
export function runSummaryText(report: RunReport): string {
  const n = report.wallMs.length;
  return `${n} run${n === 1 ? '' : 's'} · median ${formatMs(median(report.wallMs))} ms · min ${formatMs(min(report.wallMs))} ms`;
}

/**
 * The phases to the first result: the compile (on the first Run after a compile the page waited
 * for), the load (pipelines and weights) and the first run.
 */
export function firstResultText(report: RunReport, loadMs: number): string {
  const first = report.wallMs[0] ?? 0;
  if (report.compileMs === undefined) return `First result after loading: load ${formatMs(loadMs)} ms (pipelines and weights) + first run ${formatMs(first)} ms = ${formatMs(loadMs + first)} ms`;
  const total = report.compileMs + loadMs + first;
  return `Time to first result: compile ${formatMs(report.compileMs)} ms (import and compile, in the worker) + load ${formatMs(loadMs)} ms (pipelines and weights) + first run ${formatMs(first)} ms = ${formatMs(total)} ms`;
}

/**
 * Fills `panel` with `report`; `order` is the compile's partition names (graph colour order),
 * `outputNames` the program's output names as the model names them, `state` the charts' sort and open state;
 * clicking a kernel bar calls `onSubgraph`.
 */
export function showRunReport(
  panel: HTMLElement, report: RunReport, order: readonly string[], outputNames: readonly string[], state: RunViewState, onSubgraph?: (symbol: string) => void,
): void {
  const n = report.wallMs.length;
  const host = report.partitions.filter((p) => p.target === 'cpu-reference');
  panel.replaceChildren(
    h('p', { 'data-testid': 'run-summary' }, runSummaryText(report),
      ' (host wall time: inputs written to outputs read back)',
      ` · ${report.dispatches} dispatches and ${report.submits} submit${report.submits === 1 ? '' : 's'} per run`,
      report.loadMs !== undefined ? ` · program loaded in ${formatMs(report.loadMs)} ms` : ''),
    ...(report.loadMs !== undefined ? [h('p', { 'data-testid': 'first-result' }, firstResultText(report, report.loadMs))] : []),
    ...(report.firstTier ? [h('p', { class: report.settleFailure ? 'note' : 'muted', 'data-testid': 'tier-note' }, tierNoteText(report.settleFailure))] : []),
    h('p', { class: 'muted', 'data-testid': 'run-inputs' }, report.inputNote),
    h('p', {}, exportButton(report)),
    h('h3', {}, 'Outputs'),
    outputList(report, outputNames),
    barChart(`Time per partition${n > 1 ? ` (median of ${n})` : ''}`, 'partition-chart', partitionBars(report.timings, order), state.partitions,
      [h('p', { class: 'muted', 'data-testid': 'timing-source' }, timingSourceText(report.timings))], { name: 'partition-times.svg', testId: 'timing-download-svg' }),
    kernelSection(report, order, state.kernels, onSubgraph),
    h('p', { class: host.length ? 'note' : 'muted', 'data-testid': 'host-partitions' }, host.length
      ? `Ran on the host (CPU reference target, ops the GPU targets do not cover): ${host.map((p) => `@${p.name}`).join(', ')}; their inputs and results cross between GPU and host each run.`
      : `Every partition ran on the GPU (${report.partitions.map((p) => `@${p.name}: ${p.kernels} kernel${p.kernels === 1 ? '' : 's'}${p.target === 'webgpu-loop' ? ' in its loop body or branches (run per iteration, or one branch per run)' : ''}`).join(', ')}).`),
    ...(report.diff ? [h('p', { class: 'muted', 'data-testid': 'reference-time' },
      `The CPU reference ran the Input IR on the same inputs in ${formatMs(report.diff.referenceMs)} ms; errors above ${formatError(1e-4)} are yellow, above ${formatError(1e-2)} red. ` +
      `A debug run (${formatMs(report.diff.debugMs)} ms) read back ${report.diff.values.size} subgraph result${report.diff.values.size === 1 ? '' : 's'} and compared each with the reference's value (the graph's error shading).`)] : []),
  );
}

/** What the first tier's note says: the final kernels on their way, or why they will not come. */
export function tierNoteText(settleFailure: string | undefined): string {
  const tier = "These runs used the first tier's quick kernels (small tiles, sizes as uniforms: few pipelines, compiled fast for the first result); ";
  return settleFailure
    ? `${tier}the final kernels could not be made, so Runs keep these: ${settleFailure}`
    : `${tier}the final kernels are being created in the background, and Runs use them once they are ready: run again for steady-state times and kernels.`;
}
