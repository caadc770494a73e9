// Saving what the page draws as files (the graph, the memory and timing charts): an SVG element as a
// standalone .svg (the page's CSS resolved into one small style sheet, so it looks the same anywhere
// in the theme it was saved in), the same as a .png, and the download itself.

/** Presentation properties copied from the page's computed style onto each saved element. */
const PROPS = ['fill', 'fill-opacity', 'stroke', 'stroke-width', 'stroke-dasharray', 'stroke-opacity', 'opacity', 'font-family', 'font-size', 'font-weight', 'text-anchor', 'paint-order', 'display'] as const;

/**
 * `live` (an SVG the page has styled, in the document) as standalone SVG text of `width`×`height`
 * with `background` behind; elements matching `drop` are left out (hover targets).
 */
export function standaloneSvg(live: SVGSVGElement, width: number, height: number, background: string, drop = '.edge-hit'): string {
  const copy = live.cloneNode(true) as SVGSVGElement;
  // One class per distinct set of resolved values, in a <style>: a 5,000-node graph repeats a few
  // dozen sets, and attributes on every element would triple the file.
  const classOf = new Map<string, string>();
  const cache = new Map<string, string>();
  const walk = (src: Element, dst: Element, parentKey: string) => {
    const own = src.getAttribute('class') ?? '';
    const key = `${parentKey}>${src.tagName}.${own}:${(src as SVGElement).style?.cssText ?? ''}`;
    let cls = cache.get(key);
    if (cls === undefined) {
      const cs = getComputedStyle(src);
      const css = PROPS.flatMap((p) => { const v = cs.getPropertyValue(p); return v ? [`${p}:${v}`] : []; }).join(';');
      cls = classOf.get(css) ?? `s${classOf.size}`;
      classOf.set(css, cls);
      cache.set(key, cls);
    }
    dst.setAttribute('class', own ? `${own} ${cls}` : cls);
    dst.removeAttribute('style');
    const kids = [...src.children], copies = [...dst.children];
    kids.forEach((k, i) => {
      if (k.matches(drop)) copies[i]!.remove();
      else walk(k, copies[i]!, key);
    });
  };
  walk(live, copy, '');
  copy.removeAttribute('class');
  copy.removeAttribute('tabindex');
  copy.removeAttribute('role');
  for (const a of [...copy.attributes]) if (a.name.startsWith('data-')) copy.removeAttribute(a.name);
  copy.setAttribute('xmlns', 'http://www.w3.org/2000/svg');
  copy.setAttribute('width', String(Math.round(width)));
  copy.setAttribute('height', String(Math.round(height)));
  if (!copy.getAttribute('viewBox')) copy.setAttribute('viewBox', `0 0 ${Math.round(width)} ${Math.round(height)}`);
  const bg = document.createElementNS('http://www.w3.org/2000/svg', 'rect');
  bg.setAttribute('width', '100%'); bg.setAttribute('height', '100%'); bg.setAttribute('fill', background);
  const [x, y] = (copy.getAttribute('viewBox') ?? '0 0').split(/\s+/).map(Number);
  bg.setAttribute('x', String(x)); bg.setAttribute('y', String(y));
  copy.prepend(bg);
  const style = document.createElementNS('http://www.w3.org/2000/svg', 'style');
  style.textContent = [...classOf].map(([css, cls]) => `.${cls}{${css}}`).join('\n');
  copy.prepend(style);
  return new XMLSerializer().serializeToString(copy);
}

/** Largest side and area of a saved PNG: a 5,000-node graph is scaled down to fit. */
const PNG_MAX_SIDE = 16_384;
const PNG_MAX_AREA = 64e6;

/** Renders standalone SVG text to a PNG of at most PNG_MAX_SIDE px a side. */
export async function svgToPng(svgText: string, width: number, height: number): Promise<Blob> {
  const k = Math.min(1, PNG_MAX_SIDE / width, PNG_MAX_SIDE / height, Math.sqrt(PNG_MAX_AREA / (width * height)));
  const url = URL.createObjectURL(new Blob([svgText], { type: 'image/svg+xml' }));
  try {
    const img = new Image();
    img.src = url;
    await img.decode();
    const canvas = document.createElement('canvas');
    canvas.width = Math.max(1, Math.round(width * k));
    canvas.height = Math.max(1, Math.round(height * k));
    canvas.getContext('2d')!.drawImage(img, 0, 0, canvas.width, canvas.height);
    return await new Promise<Blob>((resolve, reject) => canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('the browser could not encode the PNG'))), 'image/png'));
  } finally {
    URL.revokeObjectURL(url);
  }
}

export function download(name: string, data: Blob | string, type = 'image/svg+xml'): void {
  const url = URL.createObjectURL(typeof data === 'string' ? new Blob([data], { type }) : data);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** A "Download SVG" button for a chart the page draws (memory plan, timings). */
export function svgDownloadButton(chart: () => SVGSVGElement | null, name: string, testId: string): HTMLButtonElement {
  const b = document.createElement('button');
  b.type = 'button';
  b.textContent = 'Download SVG';
  b.dataset.testid = testId;
  b.addEventListener('click', () => {
    const svg = chart();
    if (!svg) return;
    const r = svg.getBoundingClientRect();
    const vb = svg.viewBox.baseVal;
    const bg = getComputedStyle(svg).getPropertyValue('--panel').trim() || 'white';
    download(name, standaloneSvg(svg, vb?.width || r.width, vb?.height || r.height, bg));
  });
  return b;
}
