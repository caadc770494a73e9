// The run report: one type for what a run measured and produced — written by `cgc run --json`,
// `cgc bench --json` (one per model) and the app's "Export run report". Plain data (JSON).
import { type ElementType, type Operation, visibleResults } from '../ir';
import { ENTRY_POINT } from '../ir/structural';
import { type HostTensor, halfToFloat, median, min } from '../core';
import type { KernelTiming, PartitionTiming, RunResult } from '../runtime/runtime';

export const RUN_REPORT_FORMAT = 'cgc-run-report';
export const RUN_REPORT_VERSION = 1;

export interface OutputSummary {
  /** The name the model gives the output (its Input IR value name, `%probabilities`), else `#i`. */
  readonly name: string;
  readonly shape: readonly number[];
  readonly element: ElementType;
  /** The first values (up to 8), as numbers. */
  readonly first: readonly number[];
  readonly min: number;
  readonly max: number;
  readonly mean: number;
  /** For a 1×K float output: the five largest values and their indices. */
  readonly top5?: readonly { readonly index: number; readonly value: number }[];
}

export interface RunReport {
  readonly format: typeof RUN_REPORT_FORMAT;
  readonly version: number;
  readonly model: string;
  /** The WebGPU adapter, as the environment describes it. */
  readonly adapter: string;
  /** The compile and run options the numbers belong to. */
  readonly options: Readonly<Record<string, string | number | boolean | readonly string[]>>;
  /** Program load: partitions compiled, constants uploaded (absent when the program was already loaded). */
  readonly loadMs?: number;
  /** Host wall time per run, inputs uploaded to outputs read back. */
  readonly runs: number;
  readonly medianMs: number;
  readonly minMs: number;
  readonly dispatches: number;
  readonly submits: number;
  /** Each partition's median time over the runs. */
  readonly partitions: readonly PartitionTiming[];
  /** Each kernel's GPU time from a profiling run, when one was made. */
  readonly kernels: readonly KernelTiming[];
  readonly outputs: readonly OutputSummary[];
}

/** Each partition's median time over the runs, in the first run's order. */
export function medianTimings(runs: readonly (readonly PartitionTiming[])[]): PartitionTiming[] {
  const first = runs[0] ?? [];
  return first.map((t) => ({ ...t, ms: median(runs.map((r) => r.find((x) => x.partition === t.partition)?.ms ?? NaN).filter((x) => !Number.isNaN(x))) }));
}

/** Element i as a number (float16 is stored as raw half bits). */
export const elementValue = (t: HostTensor, i: number): number => (t.type.element === 'float16' ? halfToFloat(t.data[i] as number) : Number(t.data[i]!));

export function summarizeOutput(t: HostTensor, name: string): OutputSummary {
  const n = t.data.length;
  let min = Infinity, max = -Infinity, sum = 0;
  for (let i = 0; i < n; i++) {
    const v = elementValue(t, i);
    if (v < min) min = v;
    if (v > max) max = v;
    sum += v;
  }
  const first = Array.from({ length: Math.min(8, n) }, (_, i) => elementValue(t, i));
  const shape = t.type.shape;
  const isRow = shape.length === 2 && shape[0] === 1 && (t.type.element === 'float32' || t.type.element === 'float16') && n > 5;
  const top5 = isRow
    ? Array.from({ length: n }, (_, index) => ({ index, value: elementValue(t, index) })).sort((a, b) => b.value - a.value).slice(0, 5)
    : undefined;
  return { name, shape: [...shape], element: t.type.element, first, min: n ? min : NaN, max: n ? max : NaN, mean: n ? sum / n : NaN, ...(top5 ? { top5 } : {}) };
}

export interface RunMeasurements {
  readonly model: string;
  readonly adapter: string;
  readonly options: RunReport['options'];
  readonly loadMs?: number;
  /** Every timed run's result and host wall time, in order. */
  readonly results: readonly RunResult[];
  readonly wallMs: readonly number[];
  /** A profiling run's result, for per-kernel times. */
  readonly profile?: RunResult;
  /** The program's output values, in order (names by `outputNames`). */
  readonly outputNames: readonly string[];
}

export function runReport(m: RunMeasurements): RunReport {
  const last = m.results.at(-1);
  if (!last) throw new Error('a run report needs at least one run');
  return {
    format: RUN_REPORT_FORMAT, version: RUN_REPORT_VERSION, model: m.model, adapter: m.adapter, options: m.options,
    ...(m.loadMs !== undefined ? { loadMs: m.loadMs } : {}),
    runs: m.wallMs.length, medianMs: median(m.wallMs), minMs: min(m.wallMs),
    dispatches: last.dispatches, submits: last.submits,
    partitions: medianTimings(m.results.map((r) => r.timings)),
    kernels: m.profile?.kernelTimings ?? [],
    outputs: last.outputs.map((o, i) => summarizeOutput(o, m.outputNames[i] ?? `#${i}`)),
  };
}

/**
 * The names the model gives its entry point's results (its first entry point's returned values), `#i` where it gives none;
 * the counts of bounded results (docs/dynamic-shapes.md) are not among the outputs a run returns.
 */
export function outputNames(module: Operation): string[] {
  const entry = module.body().operations.find((o) => o.name === ENTRY_POINT);
  const ret = entry?.body().operations.at(-1);
  const names = (ret?.operands ?? []).map((v, i) => (v.nameHint ? `%${v.nameHint}` : `#${i}`));
  return entry ? names.slice(0, visibleResults(entry, names.length)) : names;
}
