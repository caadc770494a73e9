// The layout Web Worker: parses the Input IR into the view's graph and lays it out off the main
// thread, so a 5,000-node model never blocks input. Plain data in and out (comlink).
import * as Comlink from 'comlink';
import type { CompileResponse } from '../engine/service';
import { type PreparedGraph, prepareGraph } from './layout-prepare';

export type { PreparedGraph } from './layout-prepare';

const api = {
  prepare(inputText: string, partitions: CompileResponse['partitions']): PreparedGraph {
    const prepared = prepareGraph(inputText, partitions);
    const { layout } = prepared;
    return Comlink.transfer(prepared, [layout.x.buffer, layout.y.buffer, layout.w.buffer, layout.h.buffer, layout.rank.buffer, layout.groupBoxes.buffer]);
  },
};

export type LayoutWorkerApi = typeof api;

Comlink.expose(api);
