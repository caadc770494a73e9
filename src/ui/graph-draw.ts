// Draws the part of a laid-out graph inside a box as SVG elements: subgraph boxes (hue per partition,
// dash per target), open control-flow regions' boxes, one element per edge (hover names its tensor's
// shape and dtype), and nodes with labels cut in the middle (the full name on hover), a closed region
// as one node. The live view and the SVG/PNG export share it.
import { partitionHue, s, targetDash } from './dom';
import { type GraphModel, LABEL_CHARS, middleEllipsis, nodeLabel, shapeText } from './graph-model';
import { GROUP_LABEL_H, type Layout } from './layout';
import { regionBoxLabel } from './graph-regions';
import type { GraphOverlay } from './run-overlay';

export interface Box { x0: number; y0: number; x1: number; y1: number }

export interface DrawOptions {
  /** Labels and arrows (off when zoomed out too far to read them). */
  readonly labels: boolean;
  /** Nodes and edges as one path each: too many on screen for an element apiece. */
  readonly overview: boolean;
  /** Each edge's tensor shape printed beside it. */
  readonly shapes: boolean;
  readonly selected?: number;
  readonly overlay?: GraphOverlay;
  /** Groups drawn as one box without their members (collapsed). */
  readonly collapsed?: ReadonlySet<number>;
}

export interface Drawn {
  readonly groups: SVGElement[];
  readonly edges: SVGElement[];
  readonly nodes: SVGElement[];
  readonly visibleNodes: number;
}

/** Characters per px of the 12 px monospace labels (the layout sizes boxes with the same advance). */
const CHAR_W = 7.3;

export const nodeBox = (l: Layout, v: number): Box => ({ x0: l.x[v]! - l.w[v]! / 2, y0: l.y[v]! - l.h[v]! / 2, x1: l.x[v]! + l.w[v]! / 2, y1: l.y[v]! + l.h[v]! / 2 });
/** An open region's box: the layout's boxes are the subgraphs', then the regions'. */
export const regionBox = (model: GraphModel, l: Layout, r: number): Box => groupBox(l, model.groups.length + r);
export const groupBox = (l: Layout, g: number): Box => ({ x0: l.groupBoxes[4 * g]!, y0: l.groupBoxes[4 * g + 1]!, x1: l.groupBoxes[4 * g + 2]!, y1: l.groupBoxes[4 * g + 3]! });

/** Node v is hidden in its collapsed subgraph's box (a node in an open region's box has no subgraph box to hide in). */
export function inCollapsedSubgraph(model: GraphModel, collapsed: ReadonlySet<number> | undefined, v: number): boolean {
  const n = model.nodes[v]!;
  return n.group !== undefined && n.region === undefined && !!collapsed?.has(n.group);
}

/** What a hover over an edge says: `%a → %b: 1×64×56×56 float32`. */
export function edgeTitle(model: GraphModel, i: number): string {
  const [a, b] = model.edges[i]!;
  const type = model.edgeTypes[i];
  return `${model.nodes[a]!.id} → ${model.nodes[b]!.id}${type ? `: ${shapeText(type)}` : ''}`;
}

/** A route through its layer gaps: vertical tangents at every point, so it leaves and enters boxes straight. */
function routePath(pts: Float64Array): string {
  let d = `M${pts[0]!.toFixed(1)} ${pts[1]!.toFixed(1)}`;
  for (let k = 2; k < pts.length; k += 2) {
    const x0 = pts[k - 2]!, y0 = pts[k - 1]!, x1 = pts[k]!, y1 = pts[k + 1]!;
    const my = ((y0 + y1) / 2).toFixed(1);
    d += `C${x0.toFixed(1)} ${my} ${x1.toFixed(1)} ${my} ${x1.toFixed(1)} ${y1.toFixed(1)}`;
  }
  return d;
}

const inside = (b: Box, x: number, y: number) => x >= b.x0 && x <= b.x1 && y >= b.y0 && y <= b.y1;

/** An edge into (or out of) a collapsed box ends (or starts) at the box's border. */
function clipToBoxes(pts: Float64Array, from: Box | undefined, to: Box | undefined): Float64Array {
  const out: number[] = [];
  for (let k = 0; k < pts.length; k += 2) {
    const x = pts[k]!, y = pts[k + 1]!;
    if (from && inside(from, x, y)) { out.length = 0; out.push(x, from.y1); continue; }
    if (to && inside(to, x, y)) {
      // From above: into the top border; from beside (a route around the box): into the near side.
      const px = out.at(-2), py = out.at(-1);
      if (px !== undefined && py !== undefined && py > to.y0) out.push(px < to.x0 ? to.x0 : to.x1, py);
      else out.push(x, to.y0);
      break;
    }
    out.push(x, y);
  }
  return Float64Array.from(out);
}

const arrowPath = (x: number, y: number) => `M${(x - 4).toFixed(1)} ${(y - 7).toFixed(1)}L${(x + 4).toFixed(1)} ${(y - 7).toFixed(1)}L${x.toFixed(1)} ${y.toFixed(1)}Z`;

export function drawGraph(model: GraphModel, l: Layout, view: Box, o: DrawOptions): Drawn {
  const inView = (b: Box) => b.x1 >= view.x0 && b.x0 <= view.x1 && b.y1 >= view.y0 && b.y0 <= view.y1;
  const hidden = (v: number) => inCollapsedSubgraph(model, o.collapsed, v);

  const groups: SVGElement[] = [];
  model.groups.forEach((info, g) => {
    const b = groupBox(l, g);
    if (Number.isNaN(b.x0) || !inView(b)) return;
    const partition = model.partitions[info.partition]?.name;
    const extra = o.overlay?.groupText.get(g);
    const full = `@${info.symbol} · ${info.target}${extra ? ` · ${extra}` : ''}`;
    const rect = s('rect', {
      class: `group${o.collapsed?.has(g) ? ' collapsed' : ''}`, x: b.x0, y: b.y0, width: b.x1 - b.x0, height: b.y1 - b.y0, rx: 6,
      'stroke-dasharray': targetDash(info.target),
      'data-partition': partition, 'data-target': info.target, 'data-group': g,
    });
    // Through the CSSOM: the page's CSP allows no style attributes.
    rect.style.setProperty('--hue', String(partitionHue(info.partition)));
    rect.append(s('title', {}, `${full}\npartition @${partition ?? '?'}, step ${info.step}, pattern @${info.pattern}${o.collapsed?.has(g) ? '\n(collapsed: double-click to expand)' : ''}`));
    groups.push(rect);
    if (o.labels) {
      const chars = Math.max(4, Math.floor((b.x1 - b.x0 - 12) / CHAR_W));
      groups.push(s('text', { class: 'group-label', x: b.x0 + 6, y: b.y0 + GROUP_LABEL_H - 4 }, middleEllipsis(full, chars)));
      if (o.collapsed?.has(g)) {
        const count = model.nodes.reduce((c, n) => c + (n.group === g ? 1 : 0), 0);
        groups.push(s('text', { class: 'group-collapsed', x: (b.x0 + b.x1) / 2, y: (b.y0 + GROUP_LABEL_H + b.y1) / 2 + 4 }, middleEllipsis(`${count} op${count === 1 ? '' : 's'} (collapsed)`, chars)));
      }
    }
  });

  model.regions.forEach((info, r) => {
    if (!info.open) return;
    const b = regionBox(model, l, r);
    if (Number.isNaN(b.x0) || !inView(b)) return;
    const rect = s('rect', { class: 'region-box', x: b.x0, y: b.y0, width: b.x1 - b.x0, height: b.y1 - b.y0, rx: 8, 'data-region': info.key });
    rect.append(s('title', {}, `${info.label}: ${info.ops} op${info.ops === 1 ? '' : 's'} from the source's control flow (cgc.region)\n(double-click the box to close it into one node)`));
    groups.push(rect);
    if (o.labels) {
      const chars = Math.max(4, Math.floor((b.x1 - b.x0 - 12) / CHAR_W));
      groups.push(s('text', { class: 'region-label', x: b.x0 + 6, y: b.y0 + GROUP_LABEL_H - 4 }, middleEllipsis(regionBoxLabel(info.label), chars)));
    }
  });

  const visible: number[] = [];
  for (let v = 0; v < l.x.length; v++) if (!hidden(v) && inView(nodeBox(l, v))) visible.push(v);

  const edges: SVGElement[] = [];
  let overviewD = '';
  const labelled = new Set<string>();
  l.routes.forEach((route, i) => {
    let pts = route;
    const [a, b] = model.edges[i]!;
    if (hidden(a) && hidden(b) && model.nodes[a]!.group === model.nodes[b]!.group) return;
    if (hidden(a) || hidden(b)) pts = clipToBoxes(pts, hidden(a) ? groupBox(l, model.nodes[a]!.group!) : undefined, hidden(b) ? groupBox(l, model.nodes[b]!.group!) : undefined);
    let x0 = Infinity, x1 = -Infinity;
    for (let k = 0; k < pts.length; k += 2) { x0 = Math.min(x0, pts[k]!); x1 = Math.max(x1, pts[k]!); }
    if (!inView({ x0, x1, y0: pts[1]!, y1: pts.at(-1)! })) return;
    const d = routePath(pts);
    if (o.overview) { overviewD += d; return; }
    const el = s('g', { class: 'edge', 'data-edge': i, 'data-from': model.nodes[a]!.id, 'data-to': model.nodes[b]!.id });
    el.append(s('title', {}, edgeTitle(model, i)), s('path', { class: 'edge-hit', d }), s('path', { class: 'edge-line', d }));
    if (o.labels) el.append(s('path', { class: 'arrow', d: arrowPath(pts.at(-2)!, pts.at(-1)!) }));
    // One shape per produced value, beside the edge just below its producer.
    const type = model.edgeTypes[i];
    const key = `${a} ${type}`;
    if (o.shapes && o.labels && type && !labelled.has(key)) {
      labelled.add(key);
      el.append(s('text', { class: 'edge-label', x: pts[0]! + 5, y: pts[1]! + 13 }, shapeText(type)));
    }
    edges.push(el);
  });
  if (o.overview) edges.push(s('path', { class: 'edge-line', d: overviewD }));

  const nodes: SVGElement[] = [];
  if (o.overview) {
    let p = '';
    for (const v of visible) { const b = nodeBox(l, v); p += `M${b.x0.toFixed(0)} ${b.y0.toFixed(0)}h${l.w[v]!.toFixed(0)}v${l.h[v]!.toFixed(0)}h${(-l.w[v]!).toFixed(0)}Z`; }
    nodes.push(s('path', { class: 'node-overview', d: p }));
    if (o.selected !== undefined) nodes.push(nodeElement(model, l, o.selected, false, o));
  } else {
    for (const v of visible) nodes.push(nodeElement(model, l, v, o.labels, o));
  }
  return { groups, edges, nodes, visibleNodes: visible.length };
}

function nodeElement(model: GraphModel, l: Layout, v: number, labels: boolean, o: DrawOptions): SVGGElement {
  const node = model.nodes[v]!;
  const w = l.w[v]!, hgt = l.h[v]!;
  const shade = o.overlay?.nodeClass.get(v);
  const g = s('g', {
    class: `node ${node.kind}${shade ? ` ${shade}` : ''}${v === o.selected ? ' selected' : ''}`,
    transform: `translate(${(l.x[v]! - w / 2).toFixed(1)} ${(l.y[v]! - hgt / 2).toFixed(1)})`,
    'data-node-id': node.id, 'data-index': v, 'data-group': node.group, 'data-overlay-value': o.overlay?.nodeValue.get(v),
  });
  const [op, name] = nodeLabel(node, model.regions);
  const type = node.outputs[0]?.type ?? node.inputs[0]?.type;
  const closed = node.closedRegion !== undefined ? model.regions[node.closedRegion] : undefined;
  if (closed) g.setAttribute('data-region', closed.key);
  g.append(s('title', {}, closed
    ? `${closed.label}\n${closed.ops} op${closed.ops === 1 ? '' : 's'} from the source's control flow (cgc.region), closed: double-click to open`
    : `${name}\n${node.kind === 'op' ? `cgc_op.${op}` : node.kind}${type ? ` · ${shapeText(type)}` : ''}`));
  g.append(s('rect', { width: w, height: hgt, rx: node.kind === 'op' ? 4 : node.kind === 'region' ? 8 : hgt / 2 }));
  if (labels) {
    const chars = Math.min(LABEL_CHARS, Math.max(4, Math.floor((w - 12) / CHAR_W)));
    g.append(
      s('text', { class: 'node-op', x: w / 2, y: hgt / 2 - 3 }, middleEllipsis(op, chars)),
      s('text', { class: 'node-name', x: w / 2, y: hgt / 2 + 12 }, middleEllipsis(name, chars)),
    );
  }
  return g;
}
