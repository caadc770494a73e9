// Layered (Sugiyama-style) layout of a DAG with groups (subgraph boxes), built to stay fast on
// 10,000-node models: longest-path ranks, dummy vertices for edges spanning a few ranks, barycenter
// ordering sweeps, and x by alternating pred/succ alignment with an order-preserving squeeze. A group
// is a compound vertex: its members sit side by side in each of its ranks, and the whole box (every
// rank it spans, at its widest row) is one block in x, so no other node, dummy or box falls inside it.
// elkjs and dagre were measured first: on a 5,000-op chain ELK took 14 s (and overflowed the stack
// with groups), dagre overflowed the stack past ~1,500 ranks. Pure; runs in the layout worker.
import { legalize } from './layout-legalize';

export interface LayoutInput {
  /** Node sizes in px, nodes in topological order (every edge goes from a lower to a higher index). */
  readonly sizes: readonly { readonly w: number; readonly h: number }[];
  readonly edges: readonly (readonly [number, number])[];
  /** Per node, the group whose box holds it, or -1 (absent: no groups). */
  readonly groups?: ArrayLike<number>;
  /** Per group, the least width of its box (room for its label). */
  readonly groupWidths?: ArrayLike<number>;
}

export interface Layout {
  /** Node centres and sizes. */
  readonly x: Float64Array;
  readonly y: Float64Array;
  readonly w: Float64Array;
  readonly h: Float64Array;
  readonly rank: Int32Array;
  /** Per edge (same order as the input): polyline points x0,y0,x1,y1,… */
  readonly routes: readonly Float64Array[];
  /** Per group: x0,y0,x1,y1 of its box (its label in the top GROUP_LABEL_H px); NaN for a group without members. */
  readonly groupBoxes: Float64Array;
  readonly width: number;
  readonly height: number;
}

const GAP = 24;
/** Room between rows: two boxes' paddings and a label, and then some. */
const RANK_GAP = 36;
const DUMMY_W = 8;
const SWEEPS = 4;
/** Edges spanning more ranks than this are drawn straight instead of through dummy vertices. */
const MAX_DUMMY_SPAN = 24;
export const GROUP_PAD = 6;
export const GROUP_LABEL_H = 16;

export function layoutGraph({ sizes, edges, groups, groupWidths }: LayoutInput): Layout {
  const n = sizes.length;
  const rank = new Int32Array(n);
  const hasPred = new Uint8Array(n);
  for (const [a, b] of edges) if (a < b) { hasPred[b] = 1; rank[b] = Math.max(rank[b]!, rank[a]! + 1); }
  // Sources sit just above their first consumer, not all in rank 0.
  const firstUse = new Int32Array(n).fill(-1);
  for (const [a, b] of edges) if (a < b && !hasPred[a]) firstUse[a] = firstUse[a]! < 0 ? rank[b]! - 1 : Math.min(firstUse[a]!, rank[b]! - 1);
  for (let v = 0; v < n; v++) if (!hasPred[v] && firstUse[v]! > 0) rank[v] = firstUse[v]!;

  // Vertices: the nodes, then dummies (of a group when both ends are); adjacency between consecutive ranks.
  const vw: number[] = sizes.map((s) => s.w);
  const vrank: number[] = [...rank];
  const vgroup: number[] = sizes.map((_, v) => groups?.[v] ?? -1);
  const preds: number[][] = sizes.map(() => []);
  const succs: number[][] = sizes.map(() => []);
  const chains: number[][] = [];
  for (const [a, b] of edges) {
    const span = rank[b]! - rank[a]!;
    const chain = [a];
    const g = vgroup[a]! >= 0 && vgroup[a] === vgroup[b] ? vgroup[a]! : -1;
    if (span > 1 && span <= MAX_DUMMY_SPAN) {
      for (let r = rank[a]! + 1; r < rank[b]!; r++) {
        const d = vw.push(DUMMY_W) - 1;
        vrank.push(r);
        vgroup.push(g);
        preds.push([]);
        succs.push([]);
        chain.push(d);
      }
    }
    chain.push(b);
    for (let i = 1; i < chain.length; i++) {
      if (span > MAX_DUMMY_SPAN) break;
      succs[chain[i - 1]!]!.push(chain[i]!);
      preds[chain[i]!]!.push(chain[i - 1]!);
    }
    chains.push(chain);
  }
  const V = vw.length;
  const rankCount = vrank.reduce((m, r) => Math.max(m, r + 1), 0);
  const layers: number[][] = Array.from({ length: rankCount }, () => []);
  for (let v = 0; v < V; v++) layers[vrank[v]!]!.push(v);
  const pos = new Float64Array(V);
  layers.forEach((l) => l.forEach((v, i) => { pos[v] = i; }));

  // Groups: rank span and members per rank.
  const groupCount = vgroup.reduce((m, g) => Math.max(m, g + 1), 0);
  const g0 = new Int32Array(groupCount).fill(rankCount), g1 = new Int32Array(groupCount).fill(-1);
  for (let v = 0; v < V; v++) {
    const g = vgroup[v]!;
    if (g >= 0) { g0[g] = Math.min(g0[g]!, vrank[v]!); g1[g] = Math.max(g1[g]!, vrank[v]!); }
  }

  // Barycenter ordering: down with predecessors, up with successors; then each group's members are
  // pulled together at the group's mean position, which is one key for all its ranks, so two groups
  // keep one left-to-right order wherever both are.
  const reorder = (layer: number[], nbrs: number[][]) => {
    const key = new Float64Array(layer.length);
    layer.forEach((v, i) => {
      const ns = nbrs[v]!;
      key[i] = ns.length ? ns.reduce((s, u) => s + pos[u]!, 0) / ns.length : pos[v]!;
    });
    const idx = layer.map((_, i) => i).sort((a, b) => key[a]! - key[b]! || pos[layer[a]!]! - pos[layer[b]!]!);
    const sorted = idx.map((i) => layer[i]!);
    sorted.forEach((v, i) => { layer[i] = v; pos[v] = i; });
  };
  const gkey = new Float64Array(groupCount);
  const regroup = () => {
    if (!groupCount) return;
    const sum = new Float64Array(groupCount), cnt = new Float64Array(groupCount);
    for (const layer of layers) {
      const d = Math.max(1, layer.length - 1);
      for (const v of layer) { const g = vgroup[v]!; if (g >= 0) { sum[g] += pos[v]! / d; cnt[g]++; } }
    }
    for (let g = 0; g < groupCount; g++) gkey[g] = cnt[g] ? sum[g]! / cnt[g]! : 0;
    for (const layer of layers) {
      const d = Math.max(1, layer.length - 1);
      const k = (v: number) => (vgroup[v]! >= 0 ? gkey[vgroup[v]!]! : pos[v]! / d);
      layer.sort((a, b) => k(a) - k(b) || vgroup[a]! - vgroup[b]! || pos[a]! - pos[b]!);
      layer.forEach((v, i) => { pos[v] = i; });
    }
  };
  for (let s = 0; s < SWEEPS; s++) {
    for (let r = 1; r < rankCount; r++) reorder(layers[r]!, preds);
    for (let r = rankCount - 2; r >= 0; r--) reorder(layers[r]!, succs);
    regroup();
  }

  // Inside a group, each rank's members side by side, centred; the box is as wide as its widest row.
  const off = new Float64Array(V);
  const inner = new Float64Array(groupCount);
  for (const layer of layers) {
    let i = 0;
    while (i < layer.length) {
      const g = vgroup[layer[i]!]!;
      let j = i + 1;
      if (g >= 0) while (j < layer.length && vgroup[layer[j]!] === g) j++;
      if (g >= 0) {
        let rowW = -GAP;
        for (let k = i; k < j; k++) rowW += vw[layer[k]!]! + GAP;
        let at = -rowW / 2;
        for (let k = i; k < j; k++) { const v = layer[k]!; off[v] = at + vw[v]! / 2; at += vw[v]! + GAP; }
        inner[g] = Math.max(inner[g]!, rowW);
      }
      i = j;
    }
  }

  // Items: vertices outside groups (ids 0..V-1) and groups (V + g), each rank's items in order; a group
  // is an item of every rank it spans, even where none of its members is.
  const itemW = new Float64Array(V + groupCount);
  for (let v = 0; v < V; v++) itemW[v] = vw[v]!;
  for (let g = 0; g < groupCount; g++) itemW[V + g] = Math.max(inner[g]! + 2 * GROUP_PAD, groupWidths?.[g] ?? 0);
  const spans: number[][] = layers.map(() => []);
  for (let g = 0; g < groupCount; g++) for (let r = g0[g]!; r <= g1[g]!; r++) spans[r]!.push(g);
  const rows: number[][] = layers.map((layer, r) => {
    if (!groupCount) return layer;
    const d = Math.max(1, layer.length - 1);
    const keyed: { item: number; key: number }[] = [];
    for (const v of layer) if (vgroup[v]! < 0) keyed.push({ item: v, key: pos[v]! / d });
    for (const g of spans[r]!) keyed.push({ item: V + g, key: gkey[g]! });
    return keyed.sort((a, b) => a.key - b.key || b.item - a.item).map((k) => k.item);
  });
  const members: number[][] = Array.from({ length: groupCount }, () => []);
  for (let v = 0; v < V; v++) if (vgroup[v]! >= 0) members[vgroup[v]!]!.push(v);

  // x: each item wants the mean x of its neighbours; squeeze keeps order and gaps.
  const X = new Float64Array(V + groupCount);
  for (const row of rows) {
    let at = 0;
    for (const it of row) { X[it] = Math.max(X[it]!, at + itemW[it]! / 2); at = X[it]! + itemW[it]! / 2 + GAP; }
  }
  const ax = (v: number) => (vgroup[v]! >= 0 ? X[V + vgroup[v]!]! + off[v]! : X[v]!);
  const wantOf = (it: number, r: number, nbrs: number[][]): number => {
    if (it < V) {
      // A node follows its real neighbours (dummies step aside for it), a dummy its chain.
      const ns = nbrs[it]!;
      let sum = 0, cnt = 0, dsum = 0, dcnt = 0;
      for (const u of ns) { if (u < n || it >= n) { sum += ax(u); cnt++; } else { dsum += ax(u); dcnt++; } }
      return cnt ? sum / cnt : dcnt ? dsum / dcnt : X[it]!;
    }
    // A group follows the nodes it connects to, not the dummies of edges passing beside it: a skip
    // edge's dummies step aside for the box, and a box that stepped toward them would drift sideways
    // block after block.
    const g = it - V;
    let sum = 0, cnt = 0, dsum = 0, dcnt = 0;
    for (const v of members[g]!) {
      if (vrank[v] !== r) continue;
      for (const u of nbrs[v]!) {
        if (vgroup[u] === g) continue;
        if (u < n) { sum += ax(u) - off[v]!; cnt++; } else { dsum += ax(u) - off[v]!; dcnt++; }
      }
    }
    return cnt ? sum / cnt : dcnt ? dsum / dcnt : X[it]!;
  };
  // Priority placement (Sugiyama's priority method): boxes first, then nodes by their number of
  // neighbours, then dummies; each moves toward what it wants, pushing only lower-priority items aside.
  // An even squeeze would shift a box half a gap for each skip edge beside it, block after block.
  const priority = (it: number, nbrs: number[][]) => (it >= V ? 1e6 : it >= n ? 0 : 1 + nbrs[it]!.length);
  const place = (r: number, nbrs: number[][]) => {
    const row = rows[r]!;
    const want = row.map((it) => wantOf(it, r, nbrs));
    const prio = row.map((it) => priority(it, nbrs));
    const xs = row.map((it) => X[it]!);
    const sep = (i: number) => (itemW[row[i - 1]!]! + itemW[row[i]!]!) / 2 + GAP;
    const order = row.map((_, i) => i).sort((a, b) => prio[b]! - prio[a]! || a - b);
    for (const i of order) {
      if (want[i]! > xs[i]!) {
        let limit = want[i]!, need = 0;
        for (let j = i + 1; j < row.length; j++) {
          need += sep(j);
          if (prio[j]! >= prio[i]!) { limit = Math.min(limit, xs[j]! - need); break; }
        }
        xs[i] = Math.max(xs[i]!, limit);
        for (let j = i + 1; j < row.length && xs[j]! < xs[j - 1]! + sep(j); j++) xs[j] = xs[j - 1]! + sep(j);
      } else if (want[i]! < xs[i]!) {
        let limit = want[i]!, need = 0;
        for (let j = i - 1; j >= 0; j--) {
          need += sep(j + 1);
          if (prio[j]! >= prio[i]!) { limit = Math.max(limit, xs[j]! + need); break; }
        }
        xs[i] = Math.min(xs[i]!, limit);
        for (let j = i - 1; j >= 0 && xs[j]! > xs[j + 1]! - sep(j + 1); j--) xs[j] = xs[j + 1]! - sep(j + 1);
      }
    }
    row.forEach((it, i) => { X[it] = xs[i]!; });
  };
  for (let s = 0; s < SWEEPS; s++) {
    for (let r = 1; r < rankCount; r++) place(r, preds);
    for (let r = rankCount - 2; r >= 0; r--) place(r, succs);
  }
  for (let r = 1; r < rankCount; r++) place(r, preds);
  // A group moved in one rank may overlap its neighbours in another: one pass over all ranks at once.
  if (groupCount) legalize(rows, X, itemW, GAP);

  const x = new Float64Array(V);
  for (let v = 0; v < V; v++) x[v] = ax(v);
  let minX = Infinity, maxX = -Infinity;
  for (const row of rows) for (const it of row) { minX = Math.min(minX, X[it]! - itemW[it]! / 2); maxX = Math.max(maxX, X[it]! + itemW[it]! / 2); }
  const shift = n ? GAP - minX : 0;
  const maxH = sizes.reduce((m, s) => Math.max(m, s.h), 0);
  const rowH = maxH + RANK_GAP;
  const top = GAP + (groupCount ? GROUP_PAD + GROUP_LABEL_H : 0);
  const yOf = (r: number) => top + maxH / 2 + r * rowH;

  const out = { x: new Float64Array(n), y: new Float64Array(n), w: new Float64Array(n), h: new Float64Array(n), rank };
  for (let v = 0; v < n; v++) {
    out.x[v] = x[v]! + shift; out.y[v] = yOf(rank[v]!); out.w[v] = sizes[v]!.w; out.h[v] = sizes[v]!.h;
  }
  const groupBoxes = new Float64Array(4 * groupCount).fill(NaN);
  for (let g = 0; g < groupCount; g++) {
    if (g1[g]! < 0) continue;
    const cx = X[V + g]! + shift, hw = itemW[V + g]! / 2;
    groupBoxes.set([cx - hw, yOf(g0[g]!) - maxH / 2 - GROUP_PAD - GROUP_LABEL_H, cx + hw, yOf(g1[g]!) + maxH / 2 + GROUP_PAD], 4 * g);
  }
  const routes = chains.map((chain) => {
    const pts = new Float64Array(chain.length * 2);
    chain.forEach((v, i) => {
      pts[2 * i] = x[v]! + shift;
      const y = yOf(vrank[v]!);
      pts[2 * i + 1] = i === 0 ? y + sizes[v]!.h / 2 : i === chain.length - 1 ? y - sizes[v]!.h / 2 : y;
    });
    return pts;
  });
  const bottom = n ? yOf(rankCount - 1) + maxH / 2 + (groupCount ? GROUP_PAD : 0) + GAP : 0;
  return { ...out, routes, groupBoxes, width: n ? maxX - minX + 2 * GAP : 0, height: bottom };
}
