// Small DOM helpers for the app. Text only ever goes in through textContent and attributes, so a
// model's names, attributes and diagnostics can never become markup.

export function byId<T extends Element>(id: string, kind: abstract new () => T): T {
  const el = document.getElementById(id);
  if (!(el instanceof kind)) throw new Error(`index.html has no <${kind.name}> #${id}`);
  return el;
}

type Attrs = Readonly<Record<string, string | number | undefined>>;

function setAttrs(el: Element, attrs: Attrs): void {
  for (const [k, v] of Object.entries(attrs)) if (v !== undefined) el.setAttribute(k, String(v));
}

/** An HTML element with attributes, text and children. */
export function h<K extends keyof HTMLElementTagNameMap>(tag: K, attrs: Attrs = {}, ...children: (Node | string)[]): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  setAttrs(el, attrs);
  for (const c of children) el.append(typeof c === 'string' ? document.createTextNode(c) : c);
  return el;
}

const SVG_NS = 'http://www.w3.org/2000/svg';

/** An SVG element with attributes and optional text. */
export function s<K extends keyof SVGElementTagNameMap>(tag: K, attrs: Attrs = {}, text?: string): SVGElementTagNameMap[K] {
  const el = document.createElementNS(SVG_NS, tag) as SVGElementTagNameMap[K];
  setAttrs(el, attrs);
  if (text !== undefined) el.textContent = text;
  return el;
}

export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  const units = ['KiB', 'MiB', 'GiB'];
  let v = n / 1024;
  let u = 0;
  while (v >= 1024 && u < units.length - 1) { v /= 1024; u++; }
  return `${v.toFixed(v < 10 ? 2 : 1)} ${units[u]} (${n.toLocaleString('en-US')} B)`;
}

export function errorText(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

/** Partition colours: golden-angle hues, so neighbours differ. */
export function partitionHue(i: number): number {
  return Math.round((i * 137.508 + 200) % 360);
}

/** Dash pattern per target kind: fused WebGPU solid, per-op fallback dashed, CPU reference dotted. */
export function targetDash(target: string): string | undefined {
  if (target.includes('fallback')) return '6 3';
  if (target.includes('cpu') || target.includes('reference')) return '2 3';
  return undefined;
}
