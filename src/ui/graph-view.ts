// The graph view: the laid-out Input IR in SVG with pan (drag), zoom (wheel), fit, search and
// keyboard navigation. Only what is on screen is in the DOM, and far out the nodes collapse into one
// path, so a 5,000-node model stays interactive. Subgraphs are boxes coloured by partition, dashed
// by target.
import { partitionHue, s, targetDash } from './dom';
import { type GraphModel, nodeLabel } from './graph-model';
import type { Layout } from './layout';
import type { GraphOverlay } from './run-overlay';

/** Past this many nodes on screen, nodes are drawn as one path without labels. */
const OVERVIEW_NODES = 800;
/** Below this zoom, labels are unreadable and are left out. */
const LABEL_SCALE = 0.35;
const GROUP_PAD = 8;

interface Box { x0: number; y0: number; x1: number; y1: number }

export class GraphView {
  private model?: GraphModel;
  private layout?: Layout;
  private groupBoxes: Box[] = [];
  private succs: number[][] = [];
  private preds: number[][] = [];
  private byRank = new Map<number, number[]>();
  private scale = 1;
  private tx = 0;
  private ty = 0;
  private frame = 0;
  private selectedIndex: number | undefined;
  private overlay: GraphOverlay | undefined;
  /** Set when a graph arrived while the view was hidden (no size yet): place it once it has one. */
  private placeWhenVisible = false;
  private readonly viewport = s('g', { class: 'viewport' });
  private readonly groupLayer = s('g', { class: 'groups' });
  private readonly edgeLayer = s('g', { class: 'edges' });
  private readonly nodeLayer = s('g', { class: 'nodes' });

  constructor(readonly svg: SVGSVGElement, private readonly onSelect: (index: number | undefined) => void) {
    this.viewport.append(this.groupLayer, this.edgeLayer, this.nodeLayer);
    svg.append(this.viewport);
    this.listen();
    new ResizeObserver(() => {
      if (!this.hasSize()) return;
      if (this.placeWhenVisible) this.place();
      else this.redraw();
    }).observe(svg);
  }

  get selected(): number | undefined {
    return this.selectedIndex;
  }

  show(model: GraphModel, layout: Layout): void {
    this.model = model;
    this.layout = layout;
    this.selectedIndex = undefined;
    this.overlay = undefined;
    this.succs = model.nodes.map(() => []);
    this.preds = model.nodes.map(() => []);
    for (const [a, b] of model.edges) { this.succs[a]!.push(b); this.preds[b]!.push(a); }
    const byX = (a: number, b: number) => layout.x[a]! - layout.x[b]!;
    this.succs.forEach((l) => l.sort(byX));
    this.preds.forEach((l) => l.sort(byX));
    this.byRank = new Map();
    layout.rank.forEach((r, v) => this.byRank.set(r, [...(this.byRank.get(r) ?? []), v]));
    for (const l of this.byRank.values()) l.sort(byX);
    this.groupBoxes = model.groups.map(() => ({ x0: Infinity, y0: Infinity, x1: -Infinity, y1: -Infinity }));
    model.nodes.forEach((n, v) => {
      const b = n.group !== undefined ? this.groupBoxes[n.group] : undefined;
      if (!b) return;
      b.x0 = Math.min(b.x0, layout.x[v]! - layout.w[v]! / 2 - GROUP_PAD);
      b.x1 = Math.max(b.x1, layout.x[v]! + layout.w[v]! / 2 + GROUP_PAD);
      b.y0 = Math.min(b.y0, layout.y[v]! - layout.h[v]! / 2 - GROUP_PAD - 10);
      b.y1 = Math.max(b.y1, layout.y[v]! + layout.h[v]! / 2 + GROUP_PAD);
    });
    this.place();
  }

  private hasSize(): boolean {
    const r = this.svg.getBoundingClientRect();
    return r.width > 0 && r.height > 0;
  }

  /** The opening view: all of a small graph, or the top of a big one at a readable zoom. */
  private place(): void {
    const { model, layout } = this;
    if (!model || !layout) return;
    this.placeWhenVisible = !this.hasSize();
    const { width, height } = this.size();
    if (this.fitScale() >= 0.5 || model.nodes.length === 0) this.fit();
    else {
      // Big graphs open at readable zoom on their first node rather than as an unreadable speck.
      this.scale = 1;
      this.tx = width / 2 - (layout.x[0] ?? 0);
      this.ty = Math.min(0, height / 2 - (layout.y[0] ?? 0));
      this.redraw();
    }
  }

  fit(): void {
    const l = this.layout;
    if (!l) return;
    const { width, height } = this.size();
    this.scale = Math.min(1.5, this.fitScale());
    this.tx = (width - l.width * this.scale) / 2;
    this.ty = (height - l.height * this.scale) / 2;
    this.redraw();
  }

  /** Shades nodes by a Run's partition times or output errors; undefined clears it. */
  setOverlay(overlay: GraphOverlay | undefined): void {
    this.overlay = overlay;
    this.svg.dataset.overlay = overlay?.kind ?? 'none';
    this.redraw();
  }

  /** Selects node `index` (or nothing), optionally bringing it to the centre. */
  select(index: number | undefined, center = true): void {
    this.selectedIndex = index;
    if (index !== undefined && center && this.layout) {
      const { width, height } = this.size();
      this.scale = Math.max(this.scale, 0.8);
      this.tx = width / 2 - this.layout.x[index]! * this.scale;
      this.ty = height / 2 - this.layout.y[index]! * this.scale;
    }
    this.draw();
    this.onSelect(index);
  }

  /** Nodes whose value name or op contains `query` (case-insensitive), in program order. */
  find(query: string): number[] {
    const q = query.trim().toLowerCase();
    if (!q || !this.model) return [];
    const hits: number[] = [];
    this.model.nodes.forEach((n, v) => { if (n.id.toLowerCase().includes(q) || n.op.toLowerCase().includes(q)) hits.push(v); });
    return hits;
  }

  indexOf(id: string): number | undefined {
    const i = this.model?.nodes.findIndex((n) => n.id === id) ?? -1;
    return i >= 0 ? i : undefined;
  }

  private fitScale(): number {
    const l = this.layout;
    if (!l || !l.width || !l.height) return 1;
    const { width, height } = this.size();
    return Math.min(width / l.width, height / l.height) * 0.95;
  }

  private size(): { width: number; height: number } {
    const r = this.svg.getBoundingClientRect();
    return { width: r.width || 800, height: r.height || 500 };
  }

  private redraw(): void {
    if (!this.frame) this.frame = requestAnimationFrame(() => { this.frame = 0; this.draw(); });
  }

  private listen(): void {
    let drag: { x: number; y: number; moved: boolean; id: number } | undefined;
    this.svg.addEventListener('pointerdown', (e) => {
      drag = { x: e.clientX, y: e.clientY, moved: false, id: e.pointerId };
      this.svg.setPointerCapture(e.pointerId);
    });
    this.svg.addEventListener('pointermove', (e) => {
      if (!drag || drag.id !== e.pointerId) return;
      const dx = e.clientX - drag.x, dy = e.clientY - drag.y;
      if (!drag.moved && Math.hypot(dx, dy) < 4) return;
      drag.moved = true;
      this.tx += dx; this.ty += dy;
      drag.x = e.clientX; drag.y = e.clientY;
      this.svg.classList.add('panning');
      this.redraw();
    });
    this.svg.addEventListener('pointerup', (e) => {
      const wasClick = drag && !drag.moved;
      drag = undefined;
      this.svg.classList.remove('panning');
      if (wasClick) this.select(this.hit(e.clientX, e.clientY), false);
    });
    this.svg.addEventListener('wheel', (e) => {
      e.preventDefault();
      const r = this.svg.getBoundingClientRect();
      const px = e.clientX - r.left, py = e.clientY - r.top;
      const k = Math.min(4, Math.max(0.002, this.scale * Math.exp(-e.deltaY * 0.0015))) / this.scale;
      this.tx = px - (px - this.tx) * k;
      this.ty = py - (py - this.ty) * k;
      this.scale *= k;
      this.redraw();
    }, { passive: false });
    this.svg.addEventListener('keydown', (e) => this.key(e));
  }

  private key(e: KeyboardEvent): void {
    const cur = this.selectedIndex;
    let next: number | undefined;
    const sibling = (d: number) => {
      const row = this.byRank.get(this.layout!.rank[cur!]!)!;
      return row[row.indexOf(cur!) + d];
    };
    switch (e.key) {
      case 'ArrowDown': next = cur === undefined ? 0 : this.succs[cur]?.[0]; break;
      case 'ArrowUp': next = cur === undefined ? 0 : this.preds[cur]?.[0]; break;
      case 'ArrowLeft': next = cur === undefined ? 0 : sibling(-1); break;
      case 'ArrowRight': next = cur === undefined ? 0 : sibling(1); break;
      case 'Enter': next = cur ?? 0; break;
      case 'Escape': this.select(undefined, false); e.preventDefault(); return;
      default: return;
    }
    e.preventDefault();
    if (next !== undefined && this.model?.nodes[next]) this.select(next);
  }

  private hit(clientX: number, clientY: number): number | undefined {
    const l = this.layout;
    if (!l) return undefined;
    const r = this.svg.getBoundingClientRect();
    const gx = (clientX - r.left - this.tx) / this.scale, gy = (clientY - r.top - this.ty) / this.scale;
    for (let v = 0; v < l.x.length; v++) {
      if (Math.abs(gx - l.x[v]!) <= l.w[v]! / 2 && Math.abs(gy - l.y[v]!) <= l.h[v]! / 2) return v;
    }
    return undefined;
  }

  private draw(): void {
    const { model, layout: l } = this;
    this.viewport.setAttribute('transform', `translate(${this.tx.toFixed(2)} ${this.ty.toFixed(2)}) scale(${this.scale.toFixed(5)})`);
    if (!model || !l) {
      this.groupLayer.replaceChildren(); this.edgeLayer.replaceChildren(); this.nodeLayer.replaceChildren();
      return;
    }
    const { width, height } = this.size();
    const m = 40 / this.scale;
    const view: Box = { x0: -this.tx / this.scale - m, y0: -this.ty / this.scale - m, x1: (width - this.tx) / this.scale + m, y1: (height - this.ty) / this.scale + m };
    const inView = (b: Box) => b.x1 >= view.x0 && b.x0 <= view.x1 && b.y1 >= view.y0 && b.y0 <= view.y1;
    const nodeBox = (v: number): Box => ({ x0: l.x[v]! - l.w[v]! / 2, y0: l.y[v]! - l.h[v]! / 2, x1: l.x[v]! + l.w[v]! / 2, y1: l.y[v]! + l.h[v]! / 2 });

    const visible: number[] = [];
    for (let v = 0; v < l.x.length; v++) if (inView(nodeBox(v))) visible.push(v);
    const overview = visible.length > OVERVIEW_NODES;
    const labels = !overview && this.scale >= LABEL_SCALE;
    this.svg.dataset.visibleNodes = String(visible.length);
    this.svg.dataset.mode = overview ? 'overview' : labels ? 'detail' : 'boxes';

    const groups: SVGElement[] = [];
    this.groupBoxes.forEach((b, g) => {
      if (!inView(b)) return;
      const info = model.groups[g]!;
      const hue = partitionHue(info.partition);
      groups.push(s('rect', {
        class: 'group', x: b.x0, y: b.y0, width: b.x1 - b.x0, height: b.y1 - b.y0, rx: 6,
        fill: `hsl(${hue} 70% 55% / 0.16)`, stroke: `hsl(${hue} 60% 42%)`, 'stroke-dasharray': targetDash(info.target),
        'data-partition': model.partitions[info.partition]?.name, 'data-target': info.target,
      }));
      const extra = this.overlay?.groupText.get(g);
      if (labels) groups.push(s('text', { class: 'group-label', x: b.x0 + 6, y: b.y0 + 11 }, `@${info.symbol} · ${info.target}${extra ? ` · ${extra}` : ''}`));
    });
    this.groupLayer.replaceChildren(...groups);

    let d = '', arrows = '';
    l.routes.forEach((pts, i) => {
      const [a, b] = model.edges[i]!;
      let x0 = Infinity, x1 = -Infinity;
      for (let k = 0; k < pts.length; k += 2) { x0 = Math.min(x0, pts[k]!); x1 = Math.max(x1, pts[k]!); }
      if (!inView({ x0, x1, y0: l.y[a]!, y1: l.y[b]! })) return;
      d += `M${pts[0]!.toFixed(1)} ${pts[1]!.toFixed(1)}`;
      for (let k = 2; k < pts.length; k += 2) d += `L${pts[k]!.toFixed(1)} ${pts[k + 1]!.toFixed(1)}`;
      const ex = pts.at(-2)!, ey = pts.at(-1)!;
      if (labels) arrows += `M${(ex - 4).toFixed(1)} ${(ey - 7).toFixed(1)}L${(ex + 4).toFixed(1)} ${(ey - 7).toFixed(1)}L${ex.toFixed(1)} ${ey.toFixed(1)}Z`;
    });
    this.edgeLayer.replaceChildren(s('path', { class: 'edge', d }), s('path', { class: 'arrow', d: arrows }));

    const nodes: SVGElement[] = [];
    if (overview) {
      let p = '';
      for (const v of visible) { const b = nodeBox(v); p += `M${b.x0.toFixed(0)} ${b.y0.toFixed(0)}h${l.w[v]!.toFixed(0)}v${l.h[v]!.toFixed(0)}h${(-l.w[v]!).toFixed(0)}Z`; }
      nodes.push(s('path', { class: 'node-overview', d: p }));
    } else {
      for (const v of visible) nodes.push(this.nodeElement(v, labels));
    }
    const sel = this.selectedIndex;
    if (sel !== undefined && overview) nodes.push(this.nodeElement(sel, false));
    this.nodeLayer.replaceChildren(...nodes);
  }

  private nodeElement(v: number, labels: boolean): SVGGElement {
    const l = this.layout!;
    const node = this.model!.nodes[v]!;
    const w = l.w[v]!, hgt = l.h[v]!;
    const shade = this.overlay?.nodeClass.get(v);
    const g = s('g', {
      class: `node ${node.kind}${shade ? ` ${shade}` : ''}${v === this.selectedIndex ? ' selected' : ''}`,
      transform: `translate(${(l.x[v]! - w / 2).toFixed(1)} ${(l.y[v]! - hgt / 2).toFixed(1)})`,
      'data-node-id': node.id, 'data-index': v, 'data-overlay-value': this.overlay?.nodeValue.get(v),
    });
    g.append(s('rect', { width: w, height: hgt, rx: node.kind === 'op' ? 4 : hgt / 2 }));
    if (labels) {
      const [op, name] = nodeLabel(node);
      const clip = (t: string) => (t.length > 28 ? `${t.slice(0, 27)}…` : t);
      g.append(s('text', { class: 'node-op', x: w / 2, y: 14 }, clip(op)), s('text', { class: 'node-name', x: w / 2, y: 27 }, clip(name)));
    }
    return g;
  }
}
