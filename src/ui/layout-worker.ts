// The layout Web Worker: parses the Input IR into the view's graph and lays it out off the main
// thread, so a 5,000-node model never blocks input. Plain data in and out (comlink).
import * as Comlink from 'comlink';
import type { CompileResponse } from '../engine/service';
import { GraphPreparer, type PreparedGraph } from './layout-prepare';

export type { PreparedGraph } from './layout-prepare';

const preparer = new GraphPreparer();

const api = {
  prepare(inputText: string, partitions: CompileResponse['partitions'], regions: Readonly<Record<string, boolean>> = {}): PreparedGraph {
    const prepared = preparer.prepare(inputText, partitions, regions);
    const { layout } = prepared;
    return Comlink.transfer(prepared, [layout.x.buffer, layout.y.buffer, layout.w.buffer, layout.h.buffer, layout.rank.buffer, layout.groupBoxes.buffer]);
  },
};

export type LayoutWorkerApi = typeof api;

Comlink.expose(api);
