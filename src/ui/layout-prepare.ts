// What the layout worker does, as a pure function: parse the Input IR into the view's graph and lay
// it out (the worker only wraps it in comlink; tests call it directly). The layout's boxes are the
// subgraphs (GraphModel.groups) and then the open control-flow regions (GraphModel.regions).
import type { CompileResponse } from '../engine/service';
import { maxOf } from '../core';
import { type GraphModel, LABEL_CHARS, NODE_HEIGHT, fullGraph, nodeLabel } from './graph-model';
import { applyRegions, regionBoxLabel } from './graph-regions';
import { type Layout, layoutGraph } from './layout';

/** Advance of one character of the 12 px monospace labels (0.6 em), and the label's side margins. */
const CHAR_W = 7.3;
const LABEL_MARGIN = 20;

export interface PreparedGraph {
  readonly model: GraphModel;
  readonly layout: Layout;
  readonly ms: { parse: number; layout: number };
}

/** Lays out graphs, keeping the last one parsed, so that opening or closing a region lays out again without parsing. */
export class GraphPreparer {
  private last: { inputText: string; partitions: string; full: ReturnType<typeof fullGraph> } | undefined;

  prepare(inputText: string, partitions: CompileResponse['partitions'], regions: Readonly<Record<string, boolean>> = {}): PreparedGraph {
    const t0 = performance.now();
    const key = JSON.stringify(partitions);
    if (this.last?.inputText !== inputText || this.last.partitions !== key) this.last = { inputText, partitions: key, full: fullGraph(inputText, partitions) };
    const model = applyRegions(this.last.full.model, this.last.full.paths, regions);
    const t1 = performance.now();
    return { model, layout: layOut(model), ms: { parse: t1 - t0, layout: performance.now() - t1 } };
  }
}

export function prepareGraph(inputText: string, partitions: CompileResponse['partitions'], regions: Readonly<Record<string, boolean>> = {}): PreparedGraph {
  return new GraphPreparer().prepare(inputText, partitions, regions);
}

export function layOut(model: GraphModel): Layout {
  const sizes = model.nodes.map((node) => {
    const chars = maxOf(nodeLabel(node, model.regions).map((s) => Math.min(s.length, LABEL_CHARS)));
    return { w: Math.max(64, Math.ceil(chars * CHAR_W + LABEL_MARGIN)), h: NODE_HEIGHT };
  });
  // Room for `@symbol · target` (cut in the middle past LABEL_CHARS) on each box, and for a region's label.
  const labelWidth = (text: string) => Math.ceil(Math.min(text.length, LABEL_CHARS) * CHAR_W) + 16;
  const subgraphs = model.groups.length;
  const groupWidths = [
    ...model.groups.map((g) => labelWidth(`@${g.symbol} · ${g.target}`)),
    ...model.regions.map((r) => labelWidth(regionBoxLabel(r.label))),
  ];
  const groups = model.nodes.map((n) => (n.region !== undefined ? subgraphs + n.region : n.group ?? -1));
  return layoutGraph({ sizes, edges: model.edges, groups, groupWidths });
}
