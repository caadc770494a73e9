// The layout Web Worker: parses the Input IR into the view's graph and lays it out off the main
// thread, so a 5,000-node model never blocks input. Plain data in and out (comlink).
import * as Comlink from 'comlink';
import type { CompileResponse } from '../engine/service';
import { type GraphModel, NODE_HEIGHT, buildGraph, nodeLabel } from './graph-model';
import { type Layout, layoutGraph } from './layout';

const CHAR_W = 7;

export interface PreparedGraph {
  readonly model: GraphModel;
  readonly layout: Layout;
  readonly ms: { parse: number; layout: number };
}

const api = {
  prepare(inputText: string, partitions: CompileResponse['partitions']): PreparedGraph {
    const t0 = performance.now();
    const model = buildGraph(inputText, partitions);
    const t1 = performance.now();
    const sizes = model.nodes.map((node) => {
      const chars = Math.max(...nodeLabel(node).map((s) => Math.min(s.length, 28)));
      return { w: Math.max(64, chars * CHAR_W + 20), h: NODE_HEIGHT };
    });
    const layout = layoutGraph({ sizes, edges: model.edges });
    const prepared = { model, layout, ms: { parse: t1 - t0, layout: performance.now() - t1 } };
    return Comlink.transfer(prepared, [layout.x.buffer, layout.y.buffer, layout.w.buffer, layout.h.buffer, layout.rank.buffer]);
  },
};

export type LayoutWorkerApi = typeof api;

Comlink.expose(api);
