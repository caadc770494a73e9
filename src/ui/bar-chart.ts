// A sortable, collapsible bar chart for the run panel: one row per item as label | bar | value in a
// grid, so a label never overlaps a bar or a number; long labels are shortened in the middle (the
// full text on hover). The sort order and open state live in a ChartState the caller keeps across runs.
import { maxOf } from '../core';
import { h, s } from './dom';
import { svgDownloadButton } from './svg-export';

export type SortKey = 'order' | 'time' | 'name';

export interface ChartState {
  sort: SortKey;
  open: boolean;
}

export interface Bar {
  readonly label: string;
  readonly ms: number;
  readonly value: string;
  /** Partition hue, so bars match the graph's partition colours. */
  readonly hue: number;
  /** data-* attributes on the bar (partition, subgraph, kernel, …). */
  readonly data: Readonly<Record<string, string>>;
}

const LABEL_CHARS = 48;

/** `text` shortened to at most `max` characters by an ellipsis in the middle (both ends stay readable). */
export function middleEllipsis(text: string, max = LABEL_CHARS): string {
  if (text.length <= max) return text;
  const keep = max - 1;
  const head = Math.ceil(keep / 2);
  return `${text.slice(0, head)}…${text.slice(text.length - (keep - head))}`;
}

/** `bars` in `sort` order: as given (program order), slowest first, or by label. */
export function sortBars(bars: readonly Bar[], sort: SortKey): Bar[] {
  if (sort === 'time') return [...bars].sort((a, b) => b.ms - a.ms);
  if (sort === 'name') return [...bars].sort((a, b) => a.label.localeCompare(b.label, 'en', { numeric: true }));
  return [...bars];
}

const SORTS: readonly (readonly [SortKey, string])[] = [['order', 'order'], ['time', 'time'], ['name', 'name']];

function rows(bars: readonly Bar[], sort: SortKey): HTMLElement[] {
  const slowest = maxOf(bars.map((b) => b.ms), 1e-9);
  return sortBars(bars, sort).map((b) => {
    const data = Object.fromEntries(Object.entries(b.data).map(([k, v]) => [`data-${k}`, v]));
    const bar = h('span', { class: 'bar', ...data, 'data-ms': b.ms.toFixed(4) });
    // CSSOM, not a style attribute: the page's CSP allows no inline styles.
    bar.style.width = `${Math.max(0.5, (100 * b.ms) / slowest).toFixed(2)}%`;
    bar.style.background = `hsl(${b.hue} 70% 55% / 0.7)`;
    bar.style.borderColor = `hsl(${b.hue} 60% 42%)`;
    return h('li', { class: 'bar-row' },
      h('span', { class: 'bar-label', title: b.label }, middleEllipsis(b.label)),
      h('span', { class: 'bar-track' }, bar),
      h('span', { class: 'bar-value' }, b.value));
  });
}

/** The bars as a standalone SVG chart in `sort` order (label, bar, value per row), for a download. */
export function barsSvg(title: string, bars: readonly Bar[], sort: SortKey): SVGSVGElement {
  const ROW = 22, LABEL = 380, TRACK = 420, WIDTH = LABEL + TRACK + 110;
  const slowest = maxOf(bars.map((b) => b.ms), 1e-9);
  const height = bars.length * ROW + 4;
  const svg = s('svg', { xmlns: 'http://www.w3.org/2000/svg', width: WIDTH, height, viewBox: `0 0 ${WIDTH} ${height}`, role: 'img', 'aria-label': title });
  sortBars(bars, sort).forEach((b, i) => {
    const y = i * ROW + 2;
    const width = Math.max(1, (TRACK * b.ms) / slowest);
    svg.append(
      s('text', { x: 0, y: y + 14, 'font-size': 12, 'font-family': 'monospace' }, middleEllipsis(b.label, 52)),
      s('rect', { x: LABEL, y, width, height: ROW - 6, rx: 3, fill: `hsl(${b.hue} 70% 55% / 0.7)`, stroke: `hsl(${b.hue} 60% 42%)` }),
      s('text', { x: LABEL + width + 6, y: y + 14, 'font-size': 12, 'font-family': 'monospace' }, b.value),
    );
  });
  return svg;
}

/**
 * A <details> section titled `title` with sort buttons and the bars, following and updating `state`;
 * with `download`, a button saving the chart as SVG (in the current sort order).
 */
export function barChart(
  title: string, testId: string, bars: readonly Bar[], state: ChartState, intro: HTMLElement[] = [], download?: { readonly name: string; readonly testId: string },
): HTMLElement {
  if (download) intro = [...intro, h('p', {}, svgDownloadButton(() => barsSvg(title, bars, state.sort), download.name, download.testId))];
  const list = h('ol', { class: 'bar-chart', 'data-testid': testId, 'data-sort': state.sort, 'aria-label': title }, ...rows(bars, state.sort));
  const buttons = SORTS.map(([key, text]) => {
    const b = h('button', { type: 'button', 'data-sort': key, 'aria-pressed': String(state.sort === key), title: `Sort by ${text}` }, text);
    b.addEventListener('click', (e) => {
      e.preventDefault(); // a click in the <summary> must not fold the section
      state.sort = key;
      list.dataset.sort = key;
      list.replaceChildren(...rows(bars, key));
      for (const other of buttons) other.setAttribute('aria-pressed', String(other === b));
    });
    return b;
  });
  const section = h('details', { class: 'run-section', 'data-testid': `${testId}-section` },
    h('summary', {}, h('h3', {}, title), h('span', { class: 'sort-buttons', role: 'group', 'aria-label': 'Sort' }, 'sort by ', ...buttons)),
    ...intro, list);
  section.open = state.open;
  section.addEventListener('toggle', () => { state.open = section.open; });
  return section;
}
