// The graph view: the laid-out Input IR in SVG with pan (drag), zoom (wheel, + / −), fit to width at a
// readable size, a minimap, search, keyboard navigation (graph-keys.ts), collapsible subgraphs,
// control-flow regions that open and close (laid out again by the owner), and SVG/PNG export. Only
// what is on screen is in the DOM, and far out the nodes collapse into one path, so a 5,000-node
// model stays interactive. Drawing itself is graph-draw.ts.
import { h, s } from './dom';
import { type Box, drawGraph, groupBox, inCollapsedSubgraph, nodeBox, regionBox } from './graph-draw';
import { download, standaloneSvg, svgToPng } from './svg-export';
import { graphAction } from './graph-keys';
import { Minimap } from './graph-minimap';
import type { GraphModel, GraphNode } from './graph-model';
import type { Layout } from './layout';
import type { GraphOverlay } from './run-overlay';

/** Past this many nodes on screen, nodes are drawn as one path without labels. */
const OVERVIEW_NODES = 800;
/** Below this zoom, labels are unreadable and are left out. */
const LABEL_SCALE = 0.35;
/** Fit never goes below this: 12 px labels stay at least 9 px. */
export const MIN_READABLE_SCALE = 0.75;
const MAX_SCALE = 4;
/** Far enough out to see a 5,000-op chain whole. */
const MIN_SCALE = 0.0005;
const KEY_ZOOM = 1.25;
const KEY_PAN = 80;
const DOUBLE_CLICK_MS = 450;

export interface GraphViewOptions {
  /** The `/` key: focus the search field. */
  readonly onSearch?: () => void;
  /**
   * A region was opened or closed: lay the graph out again with `state` (every region the person
   * opened or closed, by key) and `show` it, keeping `focus` (the region's key) in view.
   */
  readonly onRegions?: (state: Readonly<Record<string, boolean>>, focus: string) => void;
}

export class GraphView {
  private model?: GraphModel;
  private layout?: Layout;
  private succs: number[][] = [];
  private preds: number[][] = [];
  private byRank = new Map<number, number[]>();
  private scale = 1;
  private tx = 0;
  private ty = 0;
  private frame = 0;
  private selectedIndex: number | undefined;
  private overlay: GraphOverlay | undefined;
  private shapes = false;
  /** The view is as Fit left it: a resize fits again. */
  private fitted = false;
  private readonly collapsed = new Set<number>();
  /** Regions the person opened (true) or closed (false) in this graph, by key. */
  private regionState: Record<string, boolean> = {};
  /** Set when a graph arrived while the view was hidden (no size yet): place it once it has one. */
  private placeWhenVisible = false;
  private readonly viewport = s('g', { class: 'viewport' });
  private readonly groupLayer = s('g', { class: 'groups' });
  private readonly edgeLayer = s('g', { class: 'edges' });
  private readonly nodeLayer = s('g', { class: 'nodes' });
  private readonly minimap = new Minimap((x, y) => this.centreOn(x, y));
  private readonly wrap = h('div', { class: 'graph-canvas' });

  constructor(readonly svg: SVGSVGElement, private readonly onSelect: (index: number | undefined) => void, private readonly options: GraphViewOptions = {}) {
    this.viewport.append(this.groupLayer, this.edgeLayer, this.nodeLayer);
    svg.append(this.viewport);
    svg.replaceWith(this.wrap);
    this.wrap.append(this.controls(), svg, this.minimap.canvas);
    this.listen();
    new ResizeObserver(() => {
      if (!this.hasSize()) return;
      if (this.placeWhenVisible || this.fitted) this.place();
      else this.redraw();
    }).observe(svg);
  }

  get selected(): number | undefined {
    return this.selectedIndex;
  }

  /**
   * Shows a graph; with `focus` (a region's key) it is the same graph with a region opened or closed:
   * the zoom, the overlay and the open regions stay, and that region is brought into view.
   */
  show(model: GraphModel, layout: Layout, focus?: string): void {
    this.model = model;
    this.layout = layout;
    this.selectedIndex = undefined;
    if (focus === undefined) {
      this.overlay = undefined;
      this.regionState = {};
    }
    this.collapsed.clear();
    this.succs = model.nodes.map(() => []);
    this.preds = model.nodes.map(() => []);
    for (const [a, b] of model.edges) { this.succs[a]!.push(b); this.preds[b]!.push(a); }
    const byX = (a: number, b: number) => layout.x[a]! - layout.x[b]!;
    this.succs.forEach((l) => l.sort(byX));
    this.preds.forEach((l) => l.sort(byX));
    this.byRank = new Map();
    layout.rank.forEach((r, v) => this.byRank.set(r, [...(this.byRank.get(r) ?? []), v]));
    for (const l of this.byRank.values()) l.sort(byX);
    this.minimap.show(model, layout);
    this.svg.dataset.regions = String(model.regions.length);
    this.svg.dataset.openRegions = String(model.regions.filter((r) => r.open).length);
    if (focus === undefined) this.place();
    else this.bringRegionIntoView(focus);
  }

  /** Opens (or closes) the region `key`: the owner lays the graph out again and shows it. */
  setRegion(key: string, open: boolean): void {
    if (!this.options.onRegions || !this.model?.regions.some((r) => r.key === key)) return;
    this.regionState = { ...this.regionState, [key]: open };
    this.options.onRegions(this.regionState, key);
  }

  /** The region's node (closed) or the top of its box (open) at the centre, at the present zoom. */
  private bringRegionIntoView(key: string): void {
    const { model, layout: l } = this;
    const r = model?.regions.findIndex((x) => x.key === key) ?? -1;
    if (!model || !l || r < 0) { this.onSelect(undefined); this.redraw(); return; }
    if (model.regions[r]!.open) {
      const b = regionBox(model, l, r);
      if (!Number.isNaN(b.x0)) {
        const { height } = this.size();
        this.onSelect(undefined);
        this.centreOn((b.x0 + b.x1) / 2, Math.min((b.y0 + b.y1) / 2, b.y0 + (height * 0.4) / this.scale));
        return;
      }
    }
    const v = model.nodes.findIndex((n) => n.closedRegion === r);
    if (v >= 0) { this.select(v); return; }
    this.onSelect(undefined);
    this.redraw();
  }

  private hasSize(): boolean {
    const r = this.svg.getBoundingClientRect();
    return r.width > 0 && r.height > 0;
  }

  /** The opening view: Fit (all of a small graph, the top of a big one at a readable size). */
  private place(): void {
    if (!this.model || !this.layout) return;
    this.placeWhenVisible = !this.hasSize();
    this.fit();
  }

  /**
   * All of the graph when it fits at a readable size; else its width (at least MIN_READABLE_SCALE,
   * never a one-pixel column), from the top or around the selected node, and the rest scrolls.
   */
  fit(): void {
    const l = this.layout;
    if (!l) return;
    const { width, height } = this.size();
    const tight = Math.min(width / l.width, height / l.height);
    if (tight >= MIN_READABLE_SCALE || !l.width) {
      this.scale = Math.min(1.5, Math.max(MIN_READABLE_SCALE, tight * 0.95));
      this.tx = (width - l.width * this.scale) / 2;
      this.ty = (height - l.height * this.scale) / 2;
    } else {
      // Too tall (or wide) to read whole: the width, at 75 %–100 %, from the top or around the selection.
      const across = (width / l.width) * 0.95;
      this.scale = Math.max(MIN_READABLE_SCALE, Math.min(1, across));
      const sel = this.selectedIndex;
      this.tx = l.width * this.scale <= width ? (width - l.width * this.scale) / 2 : sel !== undefined ? width / 2 - l.x[sel]! * this.scale : 0;
      this.ty = sel !== undefined ? Math.min(0, height / 2 - l.y[sel]! * this.scale) : 0;
    }
    this.fitted = true;
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
      this.scale = Math.max(this.scale, 0.8);
      this.centreOn(this.layout.x[index]!, this.layout.y[index]!, false);
    }
    this.draw();
    this.onSelect(index);
  }

  /** Collapses subgraph `group` into its box (its members hidden), or expands it. */
  toggleCollapsed(group: number): void {
    if (this.collapsed.has(group)) this.collapsed.delete(group);
    else this.collapsed.add(group);
    this.svg.dataset.collapsed = String(this.collapsed.size);
    if (this.selectedIndex !== undefined && this.model?.nodes[this.selectedIndex]?.group === group && this.collapsed.has(group)) this.select(undefined, false);
    else this.redraw();
  }

  /** Collapses (or expands) every subgraph of `partition`. */
  togglePartition(partition: number): void {
    const groups = this.model?.groups.flatMap((g, i) => (g.partition === partition ? [i] : [])) ?? [];
    const collapse = groups.some((g) => !this.collapsed.has(g));
    for (const g of groups) if (collapse !== this.collapsed.has(g)) this.toggleCollapsed(g);
  }

  /**
   * Nodes whose value name or op contains `query` (case-insensitive), in program order; an op inside a
   * closed region is found as that region's node (once).
   */
  find(query: string): number[] {
    const q = query.trim().toLowerCase();
    const model = this.model;
    if (!q || !model) return [];
    const matches = (n: GraphNode) => n.id.toLowerCase().includes(q) || n.op.toLowerCase().includes(q);
    const hits = new Set<number>();
    model.nodes.forEach((n, v) => { if (matches(n)) hits.add(v); });
    model.closedNodes?.forEach((n, i) => { if (matches(n)) hits.add(model.closedIn![i]!); });
    return [...hits].sort((a, b) => a - b);
  }

  /** The node `id` (`%name`), or the closed region's node that holds it. */
  indexOf(id: string): number | undefined {
    const model = this.model;
    const i = model?.nodes.findIndex((n) => n.id === id) ?? -1;
    if (i >= 0) return i;
    const k = model?.closedNodes?.findIndex((n) => n.id === id) ?? -1;
    return k >= 0 ? model!.closedIn![k] : undefined;
  }

  /** The view (`view`) or the whole graph (`whole`) as a standalone SVG or PNG download. */
  async export(format: 'svg' | 'png', scope: 'view' | 'whole'): Promise<void> {
    const { model, layout: l } = this;
    if (!model || !l) return;
    const box = scope === 'whole' ? { x0: 0, y0: 0, x1: l.width, y1: l.height } : this.visibleBox(0);
    const k = scope === 'whole' ? 1 : this.scale;
    const width = (box.x1 - box.x0) * k, height = (box.y1 - box.y0) * k;
    const scratch = s('svg', { class: 'graph graph-export-scratch', viewBox: `${box.x0} ${box.y0} ${box.x1 - box.x0} ${box.y1 - box.y0}` });
    const drawn = drawGraph(model, l, box, { ...this.drawOptions(), labels: true, overview: false });
    scratch.append(s('g', { class: 'groups' }, undefined), s('g', { class: 'edges' }), s('g', { class: 'nodes' }));
    scratch.children[0]!.append(...drawn.groups);
    scratch.children[1]!.append(...drawn.edges);
    scratch.children[2]!.append(...drawn.nodes);
    this.wrap.append(scratch);
    const bg = getComputedStyle(this.svg).getPropertyValue('--panel').trim() || 'white';
    const text = standaloneSvg(scratch, width, height, bg);
    scratch.remove();
    const name = `graph-${scope}.${format}`;
    if (format === 'svg') download(name, text);
    else download(name, await svgToPng(text, width, height));
  }

  private drawOptions() {
    return {
      shapes: this.shapes, overlay: this.overlay, collapsed: this.collapsed,
      ...(this.selectedIndex !== undefined ? { selected: this.selectedIndex } : {}),
    };
  }

  private controls(): HTMLElement {
    const shapes = h('input', { type: 'checkbox', 'data-testid': 'graph-shapes' });
    shapes.addEventListener('change', () => { this.shapes = shapes.checked; this.redraw(); });
    const scope = h('select', { 'data-testid': 'graph-export-scope', 'aria-label': 'What to save' },
      h('option', { value: 'view' }, 'the view'), h('option', { value: 'whole' }, 'the whole graph'));
    const save = (format: 'svg' | 'png') => {
      const b = h('button', { type: 'button', 'data-testid': `graph-export-${format}` }, format.toUpperCase());
      b.addEventListener('click', () => void this.export(format, scope.value === 'whole' ? 'whole' : 'view'));
      return b;
    };
    return h('div', { class: 'graph-controls' },
      h('label', {}, shapes, ' shapes on edges'),
      h('span', { class: 'graph-save' }, 'Save ', scope, ' as ', save('svg'), save('png')));
  }

  private size(): { width: number; height: number } {
    const r = this.svg.getBoundingClientRect();
    return { width: r.width || 800, height: r.height || 500 };
  }

  /** The graph area on screen, grown by `margin` screen px. */
  private visibleBox(margin: number): Box {
    const { width, height } = this.size();
    const m = margin / this.scale;
    return { x0: -this.tx / this.scale - m, y0: -this.ty / this.scale - m, x1: (width - this.tx) / this.scale + m, y1: (height - this.ty) / this.scale + m };
  }

  private centreOn(x: number, y: number, draw = true): void {
    const { width, height } = this.size();
    this.tx = width / 2 - x * this.scale;
    this.ty = height / 2 - y * this.scale;
    this.fitted = false;
    if (draw) this.redraw();
  }

  /** Zooms by `k` around screen point (px, py). */
  private zoomAt(px: number, py: number, k: number): void {
    const next = Math.min(MAX_SCALE, Math.max(MIN_SCALE, this.scale * k));
    const f = next / this.scale;
    this.fitted = false;
    this.tx = px - (px - this.tx) * f;
    this.ty = py - (py - this.ty) * f;
    this.scale = next;
    this.redraw();
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
      this.fitted = false;
      this.tx += dx; this.ty += dy;
      drag.x = e.clientX; drag.y = e.clientY;
      this.svg.classList.add('panning');
      this.redraw();
    });
    // A double click collapses or expands the subgraph under the pointer (with Shift: its whole
    // partition). Counted here, not by `dblclick`: a click redraws, so its two clicks hit two elements.
    let last: { t: number; x: number; y: number } | undefined;
    this.svg.addEventListener('pointerup', (e) => {
      const wasClick = drag && !drag.moved;
      drag = undefined;
      this.svg.classList.remove('panning');
      if (!wasClick) return;
      const double = last && e.timeStamp - last.t < DOUBLE_CLICK_MS && Math.hypot(e.clientX - last.x, e.clientY - last.y) < 6;
      last = double ? undefined : { t: e.timeStamp, x: e.clientX, y: e.clientY };
      if (double && this.regionAction(e.clientX, e.clientY)) return;
      const g = double ? this.groupAt(e.clientX, e.clientY) : undefined;
      if (g === undefined) this.select(this.hit(e.clientX, e.clientY), false);
      else if (e.shiftKey) this.togglePartition(this.model!.groups[g]!.partition);
      else this.toggleCollapsed(g);
    });
    this.svg.addEventListener('wheel', (e) => {
      e.preventDefault();
      const r = this.svg.getBoundingClientRect();
      this.zoomAt(e.clientX - r.left, e.clientY - r.top, Math.exp(-e.deltaY * 0.0015));
    }, { passive: false });
    this.svg.addEventListener('keydown', (e) => this.key(e));
  }

  private key(e: KeyboardEvent): void {
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    const action = graphAction(e.key);
    if (!action || !this.model) return;
    e.preventDefault();
    const { width, height } = this.size();
    const cur = this.selectedIndex;
    const sibling = (d: number) => {
      const row = this.byRank.get(this.layout!.rank[cur!]!)!;
      return row[row.indexOf(cur!) + d];
    };
    const pan = (dx: number, dy: number) => { this.tx += dx; this.ty += dy; this.fitted = false; this.redraw(); };
    let next: number | undefined;
    switch (action) {
      case 'zoom-in': this.zoomAt(width / 2, height / 2, KEY_ZOOM); return;
      case 'zoom-out': this.zoomAt(width / 2, height / 2, 1 / KEY_ZOOM); return;
      case 'reset': this.zoomAt(width / 2, height / 2, 1 / this.scale); return;
      case 'fit': this.fit(); return;
      case 'search': this.options.onSearch?.(); return;
      case 'clear': this.select(undefined, false); return;
      case 'collapse': {
        const g = cur !== undefined && this.model.nodes[cur]!.region === undefined ? this.model.nodes[cur]!.group : undefined;
        if (g !== undefined) this.toggleCollapsed(g);
        return;
      }
      case 'region': {
        const node = cur !== undefined ? this.model.nodes[cur] : undefined;
        const r = node?.closedRegion ?? node?.region;
        if (r !== undefined) this.setRegion(this.model.regions[r]!.key, node!.closedRegion !== undefined);
        return;
      }
      case 'centre': next = cur ?? 0; break;
      case 'down': if (cur === undefined || e.shiftKey) { pan(0, -KEY_PAN); return; } next = this.succs[cur]?.[0]; break;
      case 'up': if (cur === undefined || e.shiftKey) { pan(0, KEY_PAN); return; } next = this.preds[cur]?.[0]; break;
      case 'left': if (cur === undefined || e.shiftKey) { pan(KEY_PAN, 0); return; } next = sibling(-1); break;
      case 'right': if (cur === undefined || e.shiftKey) { pan(-KEY_PAN, 0); return; } next = sibling(1); break;
    }
    if (next !== undefined && this.model.nodes[next]) {
      const g = this.model.nodes[next]!.group;
      if (g !== undefined && this.collapsed.has(g)) this.toggleCollapsed(g);
      this.select(next);
    }
  }

  private toGraph(clientX: number, clientY: number): [number, number] {
    const r = this.svg.getBoundingClientRect();
    return [(clientX - r.left - this.tx) / this.scale, (clientY - r.top - this.ty) / this.scale];
  }

  private hit(clientX: number, clientY: number): number | undefined {
    const l = this.layout;
    if (!l || !this.model) return undefined;
    const [gx, gy] = this.toGraph(clientX, clientY);
    for (let v = 0; v < l.x.length; v++) {
      if (inCollapsedSubgraph(this.model, this.collapsed, v)) continue;
      if (Math.abs(gx - l.x[v]!) <= l.w[v]! / 2 && Math.abs(gy - l.y[v]!) <= l.h[v]! / 2) return v;
    }
    return undefined;
  }

  /** A double click on a closed region's node opens it; on an open region's box (not on a subgraph), closes it. */
  private regionAction(clientX: number, clientY: number): boolean {
    const { model, layout: l } = this;
    if (!model || !l || !model.regions.length) return false;
    const v = this.hit(clientX, clientY);
    const closed = v !== undefined ? model.nodes[v]!.closedRegion : undefined;
    if (closed !== undefined) { this.setRegion(model.regions[closed]!.key, true); return true; }
    if (v !== undefined || this.groupAt(clientX, clientY) !== undefined) return false;
    const [gx, gy] = this.toGraph(clientX, clientY);
    // the innermost open box under the pointer: the smallest
    let best: { key: string; area: number } | undefined;
    model.regions.forEach((info, r) => {
      const b = regionBox(model, l, r);
      const area = (b.x1 - b.x0) * (b.y1 - b.y0);
      if (info.open && gx >= b.x0 && gx <= b.x1 && gy >= b.y0 && gy <= b.y1 && !(area >= (best?.area ?? Infinity))) best = { key: info.key, area };
    });
    if (best) this.setRegion(best.key, false);
    return best !== undefined;
  }

  private groupAt(clientX: number, clientY: number): number | undefined {
    const l = this.layout;
    if (!l || !this.model) return undefined;
    const [gx, gy] = this.toGraph(clientX, clientY);
    for (let g = 0; g < this.model.groups.length; g++) {
      const b = groupBox(l, g);
      if (gx >= b.x0 && gx <= b.x1 && gy >= b.y0 && gy <= b.y1) return g;
    }
    return undefined;
  }

  private draw(): void {
    const { model, layout: l } = this;
    this.viewport.setAttribute('transform', `translate(${this.tx.toFixed(2)} ${this.ty.toFixed(2)}) scale(${this.scale.toFixed(5)})`);
    this.svg.dataset.scale = this.scale.toFixed(4);
    if (!model || !l) {
      this.groupLayer.replaceChildren(); this.edgeLayer.replaceChildren(); this.nodeLayer.replaceChildren();
      return;
    }
    const view = this.visibleBox(40);
    let count = 0;
    for (let v = 0; v < l.x.length && count <= OVERVIEW_NODES; v++) {
      const b = nodeBox(l, v);
      if (b.x1 >= view.x0 && b.x0 <= view.x1 && b.y1 >= view.y0 && b.y0 <= view.y1) count++;
    }
    const overview = count > OVERVIEW_NODES;
    const labels = !overview && this.scale >= LABEL_SCALE;
    const drawn = drawGraph(model, l, view, { ...this.drawOptions(), labels, overview });
    this.svg.dataset.visibleNodes = String(drawn.visibleNodes);
    this.svg.dataset.mode = overview ? 'overview' : labels ? 'detail' : 'boxes';
    this.groupLayer.replaceChildren(...drawn.groups);
    this.edgeLayer.replaceChildren(...drawn.edges);
    this.nodeLayer.replaceChildren(...drawn.nodes);
    const inner = this.visibleBox(0);
    this.minimap.setView(inner.x0, inner.y0, inner.x1 - inner.x0, inner.y1 - inner.y0);
  }
}
