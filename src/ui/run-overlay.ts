// What a Run paints on the graph, as pure data for GraphView: each node's shade by its partition's
// time, by its subgraph's kernels' total (from the profiling run), or by its max error against the CPU
// reference (value-diff.ts: ops inside a fused subgraph take their subgraph results' error, marked).
import { maxOf } from '../core';
import type { KernelTiming, PartitionTiming } from '../runtime/runtime';
import type { GraphModel } from './graph-model';
import { subgraphKernels } from './run-stats';
import type { NodeError } from './value-diff';

export interface GraphOverlay {
  readonly kind: 'time' | 'kernel' | 'error';
  /** Classes per node index: `heat-1`…`heat-5`, or `err-ok` / `err-warn` / `err-bad` / `err-none`, plus `err-fused` for an op inside a fused subgraph. */
  readonly nodeClass: ReadonlyMap<number, string>;
  /** The number behind a node's shade (ms, or max abs error), as `data-overlay-value`. */
  readonly nodeValue: ReadonlyMap<number, string>;
  /** Text appended to a subgraph's label. */
  readonly groupText: ReadonlyMap<number, string>;
}

export const HEAT_LEVELS = 5;
/** Max abs error bounds for the ok and warn colours. */
export const ERROR_OK = 1e-4;
export const ERROR_WARN = 1e-2;

export const formatMs = (ms: number): string => (ms >= 100 ? ms.toFixed(0) : ms >= 1 ? ms.toFixed(2) : ms.toFixed(3));
export const formatError = (e: number): string => (e === 0 ? '0' : Number.isFinite(e) ? e.toExponential(2) : String(e));

export function errorClass(e: number): string {
  return e <= ERROR_OK ? 'err-ok' : e <= ERROR_WARN ? 'err-warn' : 'err-bad';
}

/** Every op node shaded by its partition's time relative to the slowest partition. */
export function timeOverlay(model: GraphModel, timings: readonly PartitionTiming[]): GraphOverlay {
  const msOf = new Map(timings.map((t) => [t.partition, t.ms]));
  const slowest = maxOf(timings.map((t) => t.ms), 0);
  const nodeClass = new Map<number, string>(), nodeValue = new Map<number, string>(), groupText = new Map<number, string>();
  const partitionMs = (g: number) => msOf.get(model.partitions[model.groups[g]!.partition]?.name ?? '');
  model.groups.forEach((_, g) => {
    const ms = partitionMs(g);
    if (ms !== undefined) groupText.set(g, `partition ${formatMs(ms)} ms`);
  });
  model.nodes.forEach((n, v) => {
    const ms = n.group !== undefined ? partitionMs(n.group) : undefined;
    if (ms === undefined) return;
    const level = slowest > 0 ? Math.max(1, Math.ceil((ms / slowest) * HEAT_LEVELS)) : 1;
    nodeClass.set(v, `heat-${level}`);
    nodeValue.set(v, formatMs(ms));
  });
  return { kind: 'time', nodeClass, nodeValue, groupText };
}

/** Every op node shaded by the total of its subgraph invocation's kernels, relative to the slowest subgraph. */
export function kernelOverlay(model: GraphModel, timings: readonly KernelTiming[]): GraphOverlay {
  const msOf = new Map(subgraphKernels(timings).map((k) => [`${k.partition}/${k.subgraph}#${k.instance}`, k.ms]));
  const groupMs = new Map<number, number>();
  const count = new Map<string, number>();
  // Groups in step order, so the i-th group of a symbol in a partition is its i-th invocation.
  const order = model.groups.map((_, g) => g).sort((a, b) => model.groups[a]!.step - model.groups[b]!.step);
  for (const g of order) {
    const group = model.groups[g]!;
    const key = `${model.partitions[group.partition]?.name ?? ''}/${group.symbol}`;
    const i = count.get(key) ?? 0;
    count.set(key, i + 1);
    const ms = msOf.get(`${key}#${i}`);
    if (ms !== undefined) groupMs.set(g, ms);
  }
  const slowest = maxOf(groupMs.values(), 0);
  const nodeClass = new Map<number, string>(), nodeValue = new Map<number, string>(), groupText = new Map<number, string>();
  for (const [g, ms] of groupMs) groupText.set(g, `kernels ${formatMs(ms)} ms`);
  model.nodes.forEach((n, v) => {
    const ms = n.group !== undefined ? groupMs.get(n.group) : undefined;
    if (ms === undefined) return;
    nodeClass.set(v, `heat-${slowest > 0 ? Math.max(1, Math.ceil((ms / slowest) * HEAT_LEVELS)) : 1}`);
    nodeValue.set(v, formatMs(ms));
  });
  return { kind: 'kernel', nodeClass, nodeValue, groupText };
}

/**
 * Every compared node coloured by its max abs error (`errors`, from nodeErrors); an op inside a fused
 * subgraph carries its subgraph results' error and `err-fused`; ops with no compared value `err-none`.
 * `groups` labels each subgraph instance with its results' max error.
 */
export function errorOverlay(model: GraphModel, errors: ReadonlyMap<number, NodeError>, groups: ReadonlyMap<number, number>): GraphOverlay {
  const nodeClass = new Map<number, string>(), nodeValue = new Map<number, string>(), groupText = new Map<number, string>();
  for (const [g, e] of groups) groupText.set(g, `max err ${formatError(e)}`);
  model.nodes.forEach((n, v) => {
    const e = errors.get(v);
    if (!e) {
      if (n.kind === 'op') nodeClass.set(v, 'err-none');
      return;
    }
    nodeClass.set(v, `${errorClass(e.maxAbs)}${e.source === 'subgraph' ? ' err-fused' : ''}`);
    nodeValue.set(v, formatError(e.maxAbs));
  });
  return { kind: 'error', nodeClass, nodeValue, groupText };
}
