// Layered (Sugiyama-style) layout of a DAG, built to stay fast on 10,000-node models: longest-path
// ranks, dummy vertices for edges spanning a few ranks, barycenter ordering sweeps, and x by
// alternating pred/succ alignment with an order-preserving squeeze. elkjs and dagre were measured
// first: on a 5,000-op chain ELK took 14 s (and overflowed the stack with groups), dagre overflowed
// the stack past ~1,500 ranks. Pure; runs in the layout worker.

export interface LayoutInput {
  /** Node sizes in px, nodes in topological order (every edge goes from a lower to a higher index). */
  readonly sizes: readonly { readonly w: number; readonly h: number }[];
  readonly edges: readonly (readonly [number, number])[];
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
  readonly width: number;
  readonly height: number;
}

const GAP = 24;
const RANK_GAP = 36;
const DUMMY_W = 8;
const SWEEPS = 4;
/** Edges spanning more ranks than this are drawn straight instead of through dummy vertices. */
const MAX_DUMMY_SPAN = 24;

export function layoutGraph({ sizes, edges }: LayoutInput): Layout {
  const n = sizes.length;
  const rank = new Int32Array(n);
  const hasPred = new Uint8Array(n);
  for (const [a, b] of edges) if (a < b) { hasPred[b] = 1; rank[b] = Math.max(rank[b]!, rank[a]! + 1); }
  // Sources sit just above their first consumer, not all in rank 0.
  const firstUse = new Int32Array(n).fill(-1);
  for (const [a, b] of edges) if (a < b && !hasPred[a]) firstUse[a] = firstUse[a]! < 0 ? rank[b]! - 1 : Math.min(firstUse[a]!, rank[b]! - 1);
  for (let v = 0; v < n; v++) if (!hasPred[v] && firstUse[v]! > 0) rank[v] = firstUse[v]!;

  // Vertices: the nodes, then dummies; adjacency between consecutive ranks.
  const vw: number[] = sizes.map((s) => s.w);
  const vrank: number[] = [...rank];
  const preds: number[][] = sizes.map(() => []);
  const succs: number[][] = sizes.map(() => []);
  const chains: number[][] = [];
  for (const [a, b] of edges) {
    const span = rank[b]! - rank[a]!;
    const chain = [a];
    if (span > 1 && span <= MAX_DUMMY_SPAN) {
      for (let r = rank[a]! + 1; r < rank[b]!; r++) {
        const d = vw.push(DUMMY_W) - 1;
        vrank.push(r);
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
  const rankCount = vrank.reduce((m, r) => Math.max(m, r + 1), 0);
  const layers: number[][] = Array.from({ length: rankCount }, () => []);
  for (let v = 0; v < vw.length; v++) layers[vrank[v]!]!.push(v);
  const pos = new Float64Array(vw.length);
  const index = () => layers.forEach((l) => l.forEach((v, i) => { pos[v] = i; }));
  index();

  // Barycenter ordering: down with predecessors, up with successors.
  const reorder = (layer: number[], nbrs: number[][]) => {
    const key = new Map(layer.map((v) => {
      const ns = nbrs[v]!;
      return [v, ns.length ? ns.reduce((s, u) => s + pos[u]!, 0) / ns.length : pos[v]!];
    }));
    layer.sort((a, b) => key.get(a)! - key.get(b)! || pos[a]! - pos[b]!);
    layer.forEach((v, i) => { pos[v] = i; });
  };
  for (let s = 0; s < SWEEPS; s++) {
    for (let r = 1; r < rankCount; r++) reorder(layers[r]!, preds);
    for (let r = rankCount - 2; r >= 0; r--) reorder(layers[r]!, succs);
  }

  // x: each vertex wants the mean x of its neighbours; squeeze keeps order and gaps.
  const x = new Float64Array(vw.length);
  for (const layer of layers) {
    let at = 0;
    for (const v of layer) { x[v] = at + vw[v]! / 2; at += vw[v]! + GAP; }
  }
  const place = (layer: number[], nbrs: number[][]) => {
    const want = layer.map((v) => {
      const ns = nbrs[v]!;
      return ns.length ? ns.reduce((s, u) => s + x[u]!, 0) / ns.length : x[v]!;
    });
    const sep = (i: number) => (vw[layer[i - 1]!]! + vw[layer[i]!]!) / 2 + GAP;
    const left = [...want];
    for (let i = 1; i < layer.length; i++) left[i] = Math.max(want[i]!, left[i - 1]! + sep(i));
    const right = [...want];
    for (let i = layer.length - 2; i >= 0; i--) right[i] = Math.min(want[i]!, right[i + 1]! - sep(i + 1));
    layer.forEach((v, i) => { x[v] = (left[i]! + right[i]!) / 2; });
  };
  for (let s = 0; s < SWEEPS; s++) {
    for (let r = 1; r < rankCount; r++) place(layers[r]!, preds);
    for (let r = rankCount - 2; r >= 0; r--) place(layers[r]!, succs);
  }
  for (let r = 1; r < rankCount; r++) place(layers[r]!, preds);

  let minX = Infinity, maxX = -Infinity;
  for (let v = 0; v < vw.length; v++) { minX = Math.min(minX, x[v]! - vw[v]! / 2); maxX = Math.max(maxX, x[v]! + vw[v]! / 2); }
  const shift = n ? GAP - minX : 0;
  const rowH = sizes.reduce((m, s) => Math.max(m, s.h), 0) + RANK_GAP;
  const yOf = (r: number) => GAP + rowH / 2 + r * rowH;

  const out = { x: new Float64Array(n), y: new Float64Array(n), w: new Float64Array(n), h: new Float64Array(n), rank };
  for (let v = 0; v < n; v++) {
    out.x[v] = x[v]! + shift; out.y[v] = yOf(rank[v]!); out.w[v] = sizes[v]!.w; out.h[v] = sizes[v]!.h;
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
  return { ...out, routes, width: n ? maxX - minX + 2 * GAP : 0, height: n ? yOf(rankCount - 1) + rowH / 2 + GAP : 0 };
}
