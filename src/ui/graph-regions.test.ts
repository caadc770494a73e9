// Control-flow regions in the graph view: closed regions as one node with merged edges, open ones as
// boxes the layout keeps apart, the default by size, and the topological order kept.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { printModule } from '../ir';
import { openModel } from '../engine/model';
import { buildGraph } from './graph-model';
import { prepareGraph } from './layout-prepare';
import { groupBox } from './graph-draw';
import { modelBytes } from '../compiler/import/onnx/testing';
import { chainIf } from '../compiler/import/onnx/testing/loops';
import { SELECT_MAX_OPS } from '../compiler/import/onnx/map-control';

const text = printModule(openModel(readFileSync(join(import.meta.dirname, '../../e2e/fixtures/control-flow.onnx'))).module);
const LOOP = 'Loop loop_1';

describe('graph regions', () => {
  it('list every region with its label and size; a large one starts closed, a small one open', () => {
    const g = buildGraph(text);
    expect(g.regions.map((r) => [r.key, r.label, r.ops, r.open])).toEqual([
      [LOOP, 'Loop loop_1 — 16 iterations', 32, false],
      ...Array.from({ length: 16 }, (_, i) => [`${LOOP} / iteration ${i}`, `Loop loop_1 › iteration ${i}`, 2, true]),
      ['If gate', 'If gate — 2 branches', 4, true],
      ['If gate / then_branch', 'If gate › then_branch', 2, true],
      ['If gate / else_branch', 'If gate › else_branch', 1, true],
    ]);
  });

  it('draw a closed region as one node, its edges merged, in topological order', () => {
    const g = buildGraph(text);
    const loop = g.nodes.findIndex((n) => n.kind === 'region');
    expect(g.nodes[loop]).toMatchObject({ id: `region ${LOOP}`, op: 'Loop loop_1 — 16 iterations', closedRegion: 0 });
    expect(g.nodes.filter((n) => n.kind === 'op').map((n) => n.op)).toEqual(['relu', 'mul', 'sigmoid', 'where']);
    const id = (v: number) => g.nodes[v]!.id;
    // x → loop → relu, mul, sigmoid; no edge twice, none inside the closed region
    expect(g.edges.filter(([a, b]) => a === loop || b === loop).map(([a, b]) => `${id(a)} → ${id(b)}`)).toEqual([
      `%x → region ${LOOP}`, `region ${LOOP} → %r`, `region ${LOOP} → %t`, `region ${LOOP} → %e`,
    ]);
    expect(g.edges.every(([a, b]) => a < b)).toBe(true);
    // the ops it holds are kept, each pointing at the node that stands for it
    expect(g.closedNodes?.map((n) => n.op).sort()).toEqual([...new Array<string>(16).fill('matmul'), ...new Array<string>(16).fill('tanh')]);
    expect(new Set(g.closedIn)).toEqual(new Set([loop]));
    // the If's ops sit in its boxes: the selects in the If's, each branch in its own
    const boxOf = (op: string) => g.regions[g.nodes.find((n) => n.op === op)!.region!]!.key;
    expect(['relu', 'mul', 'sigmoid', 'where'].map(boxOf)).toEqual(['If gate / then_branch', 'If gate / then_branch', 'If gate / else_branch', 'If gate']);
  });

  it('opened, show every op; closed by the person, a small region is one node too', () => {
    const open = buildGraph(text, [], { [LOOP]: true, 'If gate': false });
    expect(open.nodes.filter((n) => n.kind === 'op')).toHaveLength(16 * 2);
    expect(open.nodes.filter((n) => n.kind === 'region').map((n) => n.op)).toEqual(['If gate — 2 branches']);
    expect(open.nodes.filter((n) => n.op === 'matmul').map((n) => open.regions[n.region!]!.key)).toEqual(Array.from({ length: 16 }, (_, i) => `${LOOP} / iteration ${i}`));
    expect(open.edges.every(([a, b]) => a < b)).toBe(true);
  });

  it('lay open regions out as boxes around their ops, apart from each other', () => {
    const { model, layout } = prepareGraph(text, [], { [LOOP]: true });
    const boxes = model.regions.map((_, r) => groupBox(layout, model.groups.length + r));
    const open = model.regions.flatMap((r, i) => (r.open && model.nodes.some((n) => n.region === i) ? [i] : []));
    expect(open.length).toBe(16 + 3);
    for (const r of open) {
      const b = boxes[r]!;
      model.nodes.forEach((n, v) => {
        if (n.region !== r) return;
        expect(layout.x[v]! - layout.w[v]! / 2).toBeGreaterThanOrEqual(b.x0);
        expect(layout.x[v]! + layout.w[v]! / 2).toBeLessThanOrEqual(b.x1);
      });
    }
    const overlap = (a: (typeof boxes)[number], b: (typeof boxes)[number]) => a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1;
    for (const a of open) for (const b of open) if (a < b) expect(overlap(boxes[a]!, boxes[b]!), `${model.regions[a]!.key} and ${model.regions[b]!.key}`).toBe(false);
  });

  it('leave a graph without control flow as it was', () => {
    const plain = `cgc.module {
  cgc.entry_point @main(%x: !cgc.tensor<4x!cgc.float32>) -> !cgc.tensor<4x!cgc.float32> {
    %y = cgc_op.relu(%x)
    cgc.return %y
  }
}`;
    const g = buildGraph(plain);
    expect(g.regions).toEqual([]);
    expect(g.nodes.map((n) => n.kind)).toEqual(['input', 'op', 'output']);
  });
});

describe('graph regions of ops that carry them', () => {
  it("draw a run-time if's branches in their boxes, each from the values it captures, into the if", () => {
    const model = openModel(modelBytes(chainIf(SELECT_MAX_OPS / 2 + 1)));
    const g = buildGraph(printModule(model.module), [], { 'If if3': true });
    expect(g.regions.map((r) => [r.key, r.label, r.ops])).toEqual([
      ['If if3', 'If if3 — 2 branches', 19],
      ['If if3 / then_branch', 'If if3 › then_branch', 9],
      ['If if3 / else_branch', 'If if3 › else_branch', 9],
    ]);
    const id = (v: number) => g.nodes[v]!.id;
    const boxOf = (v: number) => g.regions[g.nodes[v]!.region!]!.key;
    const ifNode = g.nodes.findIndex((n) => n.op === 'if');
    expect(boxOf(ifNode)).toBe('If if3');
    expect(g.nodes.filter((n) => n.op === 'add').map((n) => g.regions[n.region!]!.key)).toEqual(new Array<string>(9).fill('If if3 / then_branch'));
    // x feeds the first add and the first mul, h (relu) the muls; the if reads the condition and each branch's last op
    const into = (v: number) => g.edges.filter(([, b]) => b === v).map(([a]) => id(a)).sort();
    const first = (op: string) => g.nodes.findIndex((n) => n.op === op);
    expect(into(first('add'))).toEqual(['%x']);
    expect(into(first('mul'))).toEqual(['%h', '%x']);
    expect(into(ifNode)).toEqual(['%cond', g.nodes.findLast((n) => n.op === 'add')!.id, g.nodes.findLast((n) => n.op === 'mul')!.id].sort());
    expect(g.edges.every(([a, b]) => a < b)).toBe(true);
  });
});
