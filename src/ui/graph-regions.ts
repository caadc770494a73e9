// Control-flow regions in the graph view: the ops' `cgc.region` paths (an If's branches, a Loop's or
// Scan's iterations) as a tree, and the graph with every closed region drawn as one node (its edges
// merged) and every open one as a box around its ops. Pure; runs in the layout worker.
import type { GraphModel, GraphNode } from './graph-model';

export interface GraphRegion {
  /** The path, its levels joined by ' / ': `Loop l / iteration 3`. */
  readonly key: string;
  readonly path: readonly string[];
  /** What it is: `Loop l — 16 iterations`, `If i — 2 branches`, `Loop l › iteration 3`. */
  readonly label: string;
  /** cgc_op ops inside it, nested regions' included. */
  readonly ops: number;
  readonly open: boolean;
}

/** A region with more ops than this starts closed (one node); a smaller one starts open. */
export const OPEN_REGION_OPS = 16;

/** What an open region's box says above its ops. */
export const regionBoxLabel = (label: string): string => `▾ ${label}`;

const keyOf = (path: readonly string[], depth = path.length) => path.slice(0, depth).join(' / ');

/** `Loop l` + its parts ⇒ `Loop l — 16 iterations`; a part ⇒ `Loop l › iteration 3`. */
function labelOf(path: readonly string[], parts: number): string {
  const last = path.at(-1)!;
  const node = /^(If|Loop|Scan) /.exec(last);
  if (node) {
    const kind = node[1] === 'If' ? (parts === 1 ? 'branch' : 'branches') : parts === 1 ? 'iteration' : 'iterations';
    return parts ? `${last} — ${parts} ${kind}` : last;
  }
  return path.length > 1 ? `${path.at(-2)} › ${last}` : last;
}

/**
 * The graph as drawn with regions: `paths[v]` is node v's region path (empty outside control flow);
 * `state` says which regions the person opened (true) or closed (false), the others start open when
 * they hold at most OPEN_REGION_OPS ops. Nodes keep their order (a closed region's node sits where its
 * first op was), then are put in topological order again should a merged node need it.
 */
export function applyRegions(full: GraphModel, paths: readonly (readonly string[])[], state: Readonly<Record<string, boolean>> = {}): GraphModel {
  const counts = new Map<string, { path: readonly string[]; ops: number; parts: Set<string> }>();
  paths.forEach((path, v) => {
    for (let d = 1; d <= path.length; d++) {
      const key = keyOf(path, d);
      let c = counts.get(key);
      if (!c) counts.set(key, c = { path: path.slice(0, d), ops: 0, parts: new Set() });
      if (full.nodes[v]!.kind === 'op') c.ops++;
      if (d < path.length && !/^(If|Loop|Scan) /.test(path[d]!)) c.parts.add(path[d]!);
    }
  });
  if (!counts.size) return full;
  const regions: GraphRegion[] = [];
  const indexOf = new Map<string, number>();
  for (const [key, c] of counts) {
    indexOf.set(key, regions.length);
    regions.push({ key, path: c.path, label: labelOf(c.path, c.parts.size), ops: c.ops, open: state[key] ?? c.ops <= OPEN_REGION_OPS });
  }

  // Each node's stand-in: itself, or the node of the outermost closed region it lies in.
  const rep = new Int32Array(full.nodes.length);
  const nodes: GraphNode[] = [];
  const closedNodes: GraphNode[] = [];
  const closedIn: number[] = [];
  const regionNode = new Map<number, number>();
  paths.forEach((path, v) => {
    let box: number | undefined;
    for (let d = 1; d <= path.length; d++) {
      const r = indexOf.get(keyOf(path, d))!;
      if (regions[r]!.open) { box = r; continue; }
      let at = regionNode.get(r);
      if (at === undefined) {
        at = nodes.length;
        regionNode.set(r, at);
        const info = regions[r]!;
        nodes.push({
          id: `region ${info.key}`, kind: 'region', op: info.label, attrs: [], inputs: [], outputs: [], closedRegion: r,
          ...(box !== undefined ? { region: box } : {}),
        });
      }
      rep[v] = at;
      closedNodes.push(full.nodes[v]!);
      closedIn.push(at);
      return;
    }
    rep[v] = nodes.length;
    const node = full.nodes[v]!;
    nodes.push(box !== undefined ? { ...node, region: box } : node);
  });

  const edges: [number, number][] = [];
  const edgeTypes: string[] = [];
  const seen = new Set<number>();
  full.edges.forEach(([a, b], i) => {
    const ra = rep[a]!, rb = rep[b]!;
    if (ra === rb || seen.has(ra * nodes.length + rb)) return;
    seen.add(ra * nodes.length + rb);
    edges.push([ra, rb]);
    edgeTypes.push(full.edgeTypes[i]!);
  });
  const model = { ...full, nodes, edges, edgeTypes, regions, closedNodes, closedIn };
  return edges.every(([a, b]) => a < b) ? model : topologicallyOrdered(model);
}

/** The model's nodes renumbered in a topological order that keeps their order where it can (depth-first, by index). */
function topologicallyOrdered(model: GraphModel): GraphModel {
  const n = model.nodes.length;
  const preds: number[][] = model.nodes.map(() => []);
  for (const [a, b] of model.edges) preds[b]!.push(a);
  const order: number[] = [];
  const state = new Uint8Array(n); // 0 new, 1 on the stack, 2 placed
  for (let root = 0; root < n; root++) {
    if (state[root]) continue;
    const stack: [number, number][] = [[root, 0]];
    state[root] = 1;
    while (stack.length) {
      const top = stack.at(-1)!;
      const [v, i] = top;
      const ps = preds[v]!;
      if (i < ps.length) {
        top[1]++;
        const p = ps[i]!;
        if (!state[p]) { state[p] = 1; stack.push([p, 0]); }
        continue;
      }
      stack.pop();
      state[v] = 2;
      order.push(v);
    }
  }
  const at = new Int32Array(n);
  order.forEach((v, i) => { at[v] = i; });
  return {
    ...model,
    nodes: order.map((v) => model.nodes[v]!),
    edges: model.edges.map(([a, b]) => [at[a]!, at[b]!] as const),
    ...(model.closedIn ? { closedIn: model.closedIn.map((v) => at[v]!) } : {}),
  };
}
