// What the layout worker does, as a pure function: parse the Input IR into the view's graph and lay
// it out (the worker only wraps it in comlink; tests call it directly).
import type { CompileResponse } from '../engine/service';
import { maxOf } from '../core';
import { type GraphModel, LABEL_CHARS, NODE_HEIGHT, buildGraph, nodeLabel } from './graph-model';
import { type Layout, layoutGraph } from './layout';

/** Advance of one character of the 12 px monospace labels (0.6 em), and the label's side margins. */
const CHAR_W = 7.3;
const LABEL_MARGIN = 20;

export interface PreparedGraph {
  readonly model: GraphModel;
  readonly layout: Layout;
  readonly ms: { parse: number; layout: number };
}

export function prepareGraph(inputText: string, partitions: CompileResponse['partitions']): PreparedGraph {
  const t0 = performance.now();
  const model = buildGraph(inputText, partitions);
  const t1 = performance.now();
  const sizes = model.nodes.map((node) => {
    const chars = maxOf(nodeLabel(node).map((s) => Math.min(s.length, LABEL_CHARS)));
    return { w: Math.max(64, Math.ceil(chars * CHAR_W + LABEL_MARGIN)), h: NODE_HEIGHT };
  });
  // Room for `@symbol · target` (cut in the middle past LABEL_CHARS) on each box.
  const groupWidths = model.groups.map((g) => Math.ceil(Math.min(`@${g.symbol} · ${g.target}`.length, LABEL_CHARS) * CHAR_W) + 16);
  const layout = layoutGraph({ sizes, edges: model.edges, groups: model.nodes.map((n) => n.group ?? -1), groupWidths });
  return { model, layout, ms: { parse: t1 - t0, layout: performance.now() - t1 } };
}
