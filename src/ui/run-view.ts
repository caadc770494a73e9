// The Run results panel: wall times over N runs, per-partition and per-kernel times as bar charts
// coloured like the graph's partitions (labelled with their timing source), which partitions ran on
// the host, each output (shape, first values, top-5) and, in numeric-diff mode, each output's max abs error.
import type { PartitionTiming } from '../runtime/runtime';
import { h, partitionHue, s } from './dom';
import { svgDownloadButton } from './svg-export';
import { download } from './ir-views';
import { errorClass, formatError, formatMs } from './run-overlay';
import { summarizeOutput } from './run-inputs';
import type { RunReport } from './run-session';
import { subgraphKernels } from './run-stats';
import { median, min } from '../core';

const BAR_HEIGHT = 22;
const LABEL_WIDTH = 300;
const CHART_WIDTH = 720;

const sourceName = (t: PartitionTiming) => (t.source === 'gpu-timestamp' ? 'GPU timestamps' : 'host wall time');

/** One line naming where the per-partition numbers come from. */
export function timingSourceText(timings: readonly PartitionTiming[]): string {
  const sources = new Set(timings.map(sourceName));
  if (!sources.size) return 'no partition timings';
  if (sources.size > 1) return 'per-partition times: GPU timestamps for GPU partitions, host wall time for host partitions';
  return [...sources][0] === 'GPU timestamps'
    ? 'per-partition times: GPU timestamps (timestamp-query)'
    : 'per-partition times: host wall time (this device has no timestamp-query)';
}

/** Horizontal bars, one per partition in program order, hue by the partition's index in the graph. */
function partitionChart(timings: readonly PartitionTiming[], order: readonly string[]): SVGSVGElement {
  const rows = [...timings].sort((a, b) => order.indexOf(a.partition) - order.indexOf(b.partition));
  const slowest = Math.max(...rows.map((t) => t.ms), 1e-9);
  const svg = s('svg', {
    class: 'partition-chart', 'data-testid': 'partition-chart', width: CHART_WIDTH, height: rows.length * BAR_HEIGHT + 4,
    viewBox: `0 0 ${CHART_WIDTH} ${rows.length * BAR_HEIGHT + 4}`, role: 'img', 'aria-label': 'Time per partition',
  });
  rows.forEach((t, i) => {
    const hue = partitionHue(Math.max(0, order.indexOf(t.partition)));
    const y = i * BAR_HEIGHT + 2;
    const width = Math.max(1, ((CHART_WIDTH - LABEL_WIDTH - 90) * t.ms) / slowest);
    svg.append(
      s('text', { class: 'bar-label', x: 0, y: y + 14 }, `@${t.partition} (${t.target})`),
      s('rect', {
        class: 'bar', x: LABEL_WIDTH, y, width, height: BAR_HEIGHT - 6, rx: 3,
        fill: `hsl(${hue} 70% 55% / 0.7)`, stroke: `hsl(${hue} 60% 42%)`,
        'data-partition': t.partition, 'data-ms': t.ms.toFixed(4), 'data-source': t.source,
      }),
      s('text', { class: 'bar-value', x: LABEL_WIDTH + width + 6, y: y + 14 }, `${formatMs(t.ms)} ms${t.source === 'host' ? ' (host)' : ''}`),
    );
  });
  return svg;
}

/** One bar per kernel of the profiling run, in program order; a repeated subgraph is numbered (#2…). */
function kernelChart(report: RunReport, order: readonly string[], onSubgraph?: (symbol: string) => void): SVGSVGElement {
  const rows = subgraphKernels(report.kernelTimings).flatMap((sg) => sg.kernels.map((k) => ({ k, label: `@${sg.subgraph}${sg.instance ? ` #${sg.instance + 1}` : ''} · ${k.kernel}` })));
  const slowest = Math.max(...rows.map((r) => r.k.ms), 1e-9);
  const height = rows.length * BAR_HEIGHT + 4;
  const svg = s('svg', {
    class: 'partition-chart', 'data-testid': 'kernel-chart', width: CHART_WIDTH, height, viewBox: `0 0 ${CHART_WIDTH} ${height}`, role: 'img', 'aria-label': 'Time per kernel',
  });
  rows.forEach(({ k, label }, i) => {
    const hue = partitionHue(Math.max(0, order.indexOf(k.partition)));
    const y = i * BAR_HEIGHT + 2;
    const width = Math.max(1, ((CHART_WIDTH - LABEL_WIDTH - 90) * k.ms) / slowest);
    const bar = s('rect', {
      class: `bar${onSubgraph ? ' link' : ''}`, x: LABEL_WIDTH, y, width, height: BAR_HEIGHT - 6, rx: 3, fill: `hsl(${hue} 70% 55% / 0.7)`, stroke: `hsl(${hue} 60% 42%)`,
      'data-partition': k.partition, 'data-subgraph': k.subgraph, 'data-kernel': k.kernel, 'data-ms': k.ms.toFixed(4),
    });
    if (onSubgraph) {
      bar.append(s('title', {}, `select @${k.subgraph}'s ops in the graph`));
      bar.addEventListener('click', () => onSubgraph(k.subgraph));
    }
    svg.append(
      s('text', { class: 'bar-label', x: 0, y: y + 14 }, label),
      bar,
      s('text', { class: 'bar-value', x: LABEL_WIDTH + width + 6, y: y + 14 }, `${formatMs(k.ms)} ms`),
    );
  });
  return svg;
}

function kernelSection(report: RunReport, order: readonly string[], onSubgraph?: (symbol: string) => void): (Node | string)[] {
  const note = 'from one extra profiling run after the timed runs (each kernel in its own timestamped pass; the timed runs are not profiled)';
  if (!report.kernelTimings.length) {
    return [h('p', { class: 'muted', 'data-testid': 'kernel-source' }, 'No per-kernel times: this device has no timestamp-query, or no partition ran on the GPU.')];
  }
  const chart = kernelChart(report, order, onSubgraph);
  return [
    h('h3', {}, 'Time per kernel'), h('p', { class: 'muted', 'data-testid': 'kernel-source' }, `per-kernel GPU times ${note}`),
    h('p', {}, svgDownloadButton(() => chart, 'kernel-times.svg', 'kernel-download-svg')), chart,
  ];
}

function outputList(report: RunReport): HTMLElement {
  return h('ul', { class: 'run-outputs' }, ...report.outputs.map((t, i) => {
    const o = summarizeOutput(t);
    const diff = report.diff?.maxAbs[i];
    return h('li', { 'data-testid': 'run-output', 'data-output': i },
      h('span', {}, `output #${i}: `), h('code', {}, o.shape), ': ',
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

/** Fills `panel` with `report`; `order` is the compile's partition names (graph colour order); clicking a kernel bar calls `onSubgraph`. */
export function showRunReport(panel: HTMLElement, report: RunReport, order: readonly string[], onSubgraph?: (symbol: string) => void): void {
  const n = report.wallMs.length;
  const host = report.partitions.filter((p) => p.target === 'cpu-reference');
  const partitions = partitionChart(report.timings, order);
  panel.replaceChildren(
    h('p', { 'data-testid': 'run-summary' },
      `${n} run${n === 1 ? '' : 's'} · median ${formatMs(median(report.wallMs))} ms · min ${formatMs(min(report.wallMs))} ms`,
      ' (host wall time: inputs written to outputs read back)',
      ` · ${report.dispatches} dispatches and ${report.submits} submit${report.submits === 1 ? '' : 's'} per run`,
      report.loadMs !== undefined ? ` · program loaded in ${formatMs(report.loadMs)} ms` : ''),
    h('p', { class: 'muted', 'data-testid': 'run-inputs' }, report.inputNote),
    h('p', {}, exportButton(report)),
    h('h3', {}, 'Time per partition', n > 1 ? ` (median of ${n})` : ''),
    h('p', { class: 'muted', 'data-testid': 'timing-source' }, timingSourceText(report.timings)),
    h('p', {}, svgDownloadButton(() => partitions, 'partition-times.svg', 'timing-download-svg')),
    partitions,
    ...kernelSection(report, order, onSubgraph),
    h('p', { class: host.length ? 'note' : 'muted', 'data-testid': 'host-partitions' }, host.length
      ? `Ran on the host (CPU reference target, ops the GPU targets do not cover): ${host.map((p) => `@${p.name}`).join(', ')}; their inputs and results cross between GPU and host each run.`
      : `Every partition ran on the GPU (${report.partitions.map((p) => `@${p.name}: ${p.kernels} kernel${p.kernels === 1 ? '' : 's'}`).join(', ')}).`),
    h('h3', {}, 'Outputs'),
    outputList(report),
    ...(report.diff ? [h('p', { class: 'muted', 'data-testid': 'reference-time' },
      `The CPU reference ran the Input IR on the same inputs in ${formatMs(report.diff.referenceMs)} ms; errors above ${formatError(1e-4)} are yellow, above ${formatError(1e-2)} red. ` +
      `A debug run (${formatMs(report.diff.debugMs)} ms) read back ${report.diff.values.size} subgraph result${report.diff.values.size === 1 ? '' : 's'} and compared each with the reference's value (the graph's error shading).`)] : []),
  );
}
