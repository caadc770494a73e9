// The graph's minimap: the whole layout drawn small on a canvas in a corner of the view, with the
// viewport as a rectangle (hidden while the whole graph is on screen); a click or drag there moves
// the view. Colours come from the page's CSS custom properties, so it follows the theme.
import type { GraphModel } from './graph-model';
import type { Layout } from './layout';
import { partitionHue } from './dom';

const MAX_W = 180;
const MAX_H = 220;
/** A tall, narrow graph is stretched across at least this width, so its boxes show. */
const MIN_W = 64;

export class Minimap {
  readonly canvas: HTMLCanvasElement;
  private base?: HTMLCanvasElement;
  private kx = 1;
  private ky = 1;
  private model?: GraphModel;
  private layout?: Layout;
  private viewRect = { x: 0, y: 0, w: 0, h: 0 };
  private viewColor = 'red';

  /** `moveTo` centres the view on a graph point. */
  constructor(private readonly moveTo: (x: number, y: number) => void) {
    this.canvas = document.createElement('canvas');
    this.canvas.className = 'graph-minimap';
    this.canvas.dataset.testid = 'graph-minimap';
    this.canvas.setAttribute('aria-label', 'Minimap: click or drag to move the view');
    let dragging = false;
    const go = (e: PointerEvent) => {
      const r = this.canvas.getBoundingClientRect();
      const l = this.layout;
      const x = (e.clientX - r.left) / this.kx, y = (e.clientY - r.top) / this.ky;
      this.moveTo(l ? Math.min(l.width, Math.max(0, x)) : x, l ? Math.min(l.height, Math.max(0, y)) : y);
    };
    this.canvas.addEventListener('pointerdown', (e) => {
      e.stopPropagation();
      dragging = true;
      this.canvas.setPointerCapture(e.pointerId);
      go(e);
    });
    this.canvas.addEventListener('pointermove', (e) => { if (dragging) { e.stopPropagation(); go(e); } });
    this.canvas.addEventListener('pointerup', (e) => { e.stopPropagation(); dragging = false; });
    this.canvas.addEventListener('wheel', (e) => e.stopPropagation());
    // A theme switch (the OS setting, or the page's data-theme) repaints it.
    matchMedia('(prefers-color-scheme: dark)').addEventListener('change', () => this.repaint());
    new MutationObserver(() => this.repaint()).observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme', 'class'] });
  }

  show(model: GraphModel, layout: Layout): void {
    this.model = model;
    this.layout = layout;
    this.repaint();
  }

  /** The whole graph, once per graph (and theme). */
  private repaint(): void {
    const { model, layout: l } = this;
    if (!model || !l || !l.width) { this.canvas.hidden = true; return; }
    this.canvas.hidden = false;
    this.ky = Math.min(MAX_W / l.width, MAX_H / l.height);
    this.kx = Math.min(MAX_W / l.width, Math.max(this.ky, MIN_W / l.width));
    const w = Math.max(24, Math.ceil(l.width * this.kx)), h = Math.max(24, Math.ceil(l.height * this.ky));
    // A custom property's computed value is its text (`light-dark(#f3f4f6, #16181c)`), which a canvas
    // cannot read (it painted black): the colour is resolved through a property the browser computes.
    const css = getComputedStyle(this.canvas);
    const color = (name: string): string => {
      const before = this.canvas.style.color;
      this.canvas.style.color = `var(${name}, gray)`;
      const resolved = css.color;
      this.canvas.style.color = before;
      return resolved || 'gray';
    };
    const dpr = Math.min(2, devicePixelRatio || 1);
    const base = document.createElement('canvas');
    base.width = w * dpr; base.height = h * dpr;
    const ctx = base.getContext('2d')!;
    ctx.scale(dpr * this.kx, dpr * this.ky);
    ctx.fillStyle = color('--graph-minimap-bg');
    ctx.fillRect(0, 0, l.width, l.height);
    model.groups.forEach((g, i) => {
      const x0 = l.groupBoxes[4 * i]!, y0 = l.groupBoxes[4 * i + 1]!;
      if (Number.isNaN(x0)) return;
      ctx.fillStyle = `hsl(${partitionHue(g.partition)} 70% 55% / 0.45)`;
      ctx.fillRect(x0, y0, l.groupBoxes[4 * i + 2]! - x0, l.groupBoxes[4 * i + 3]! - y0);
    });
    ctx.fillStyle = color('--graph-minimap-node');
    for (let v = 0; v < l.x.length; v++) ctx.fillRect(l.x[v]! - l.w[v]! / 2, l.y[v]! - l.h[v]! / 2, Math.max(1 / this.kx, l.w[v]!), Math.max(1 / this.ky, l.h[v]!));
    this.viewColor = color('--graph-minimap-view');
    this.base = base;
    this.canvas.width = base.width; this.canvas.height = base.height;
    this.canvas.style.width = `${w}px`; this.canvas.style.height = `${h}px`;
    this.paint();
  }

  /** Moves the viewport rectangle: `x, y, w, h` in graph units. */
  setView(x: number, y: number, w: number, h: number): void {
    this.viewRect = { x, y, w, h };
    // Nothing to jump to while the whole graph is on screen.
    const l = this.layout;
    this.canvas.hidden = !l || !l.width || (x <= 0 && y <= 0 && x + w >= l.width && y + h >= l.height);
    this.paint();
  }

  private paint(): void {
    if (!this.base) return;
    const ctx = this.canvas.getContext('2d')!;
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.drawImage(this.base, 0, 0);
    const dpr = this.canvas.width / parseFloat(this.canvas.style.width);
    const { x, y, w, h } = this.viewRect;
    ctx.strokeStyle = this.viewColor;
    ctx.lineWidth = 2 * dpr;
    ctx.strokeRect(x * this.kx * dpr, y * this.ky * dpr, w * this.kx * dpr, h * this.ky * dpr);
    this.canvas.dataset.view = [x, y, w, h].map((n) => Math.round(n)).join(' ');
  }
}
