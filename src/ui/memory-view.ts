// The memory plan view: the scratch arena as an SVG chart (x = execution step, y = byte offset, one
// rect per tensor: width = live range, height = size; arenas stacked), a hover tooltip, the totals
// against the lower bound and the naive sum, the arena setting with each arena's size, and the
// implicit dependencies that memory reuse introduces.
import type { MemoryPlan, PlannedTensor } from '../compiler/memory/plan';
import { formatBytes, h, s } from './dom';
import { svgDownloadButton } from './svg-export';

const W = 880;
const H = 360;
const PAD = { left: 64, right: 12, top: 12, bottom: 28 };

export function showMemoryPlan(root: HTMLElement, plan: MemoryPlan | undefined, stepNames: readonly string[]): void {
  if (!plan) {
    root.replaceChildren(h('p', { class: 'muted' }, 'Compile a model to see its memory plan.'));
    return;
  }
  const saved = plan.naiveBytes ? 1 - plan.scratchBytes / plan.naiveBytes : 0;
  const totals = h('dl', { class: 'totals', 'data-testid': 'memory-totals' },
    h('dt', {}, 'plan (scratch)'), h('dd', { 'data-total': 'scratch' }, formatBytes(plan.scratchBytes)),
    h('dt', {}, 'lower bound'), h('dd', { 'data-total': 'lower-bound' }, formatBytes(plan.lowerBound)),
    h('dt', {}, 'naive sum'), h('dd', { 'data-total': 'naive' }, formatBytes(plan.naiveBytes)),
    h('dt', {}, 'arenas'), h('dd', { 'data-total': 'arenas' }, `${plan.arenaSetting === 'one' ? 'one (least memory)' : 'per branch (no buffer shared between branches)'}: ${plan.arenas.map(formatBytes).join(' + ') || 'none'}`),
    h('dt', {}, 'saved'), h('dd', {}, `${(saved * 100).toFixed(1)}% vs. one buffer per tensor; ${plan.tensors.length} tensors, ${plan.arenas.length} arena(s), ${plan.alignment}-byte alignment`));

  const tooltip = h('div', { class: 'tooltip', role: 'tooltip', 'data-testid': 'memory-tooltip', hidden: '' });
  const chart = plan.tensors.length ? chartOf(plan, stepNames, tooltip) : h('p', { class: 'muted' }, 'No intermediate tensors: nothing lives in scratch.');
  const deps = plan.implicitDependencies.length
    ? h('ul', { 'data-testid': 'implicit-deps' }, ...plan.implicitDependencies.map((d) =>
      h('li', {}, `step ${d.before} (${stepNames[d.before] ?? '?'}) before step ${d.after} (${stepNames[d.after] ?? '?'}): ${d.tensor} overwrites ${d.overwrites}`)))
    : h('p', { class: 'muted', 'data-testid': 'implicit-deps' }, 'None: reuse never overwrites memory that an unordered step still reads.');
  const save = chart instanceof SVGSVGElement ? [h('p', {}, svgDownloadButton(() => chart, 'memory-plan.svg', 'memory-download-svg'))] : [];
  root.replaceChildren(totals, ...save, h('div', { class: 'chart-wrap' }, chart, tooltip), h('h4', {}, `Implicit dependencies (${plan.implicitDependencies.length})`), deps);
}

function chartOf(plan: MemoryPlan, stepNames: readonly string[], tooltip: HTMLElement): SVGSVGElement {
  const arenaBase: number[] = [];
  plan.arenas.reduce((at, size, i) => { arenaBase[i] = at; return at + size; }, 0);
  const total = Math.max(1, plan.arenas.reduce((a, b) => a + b, 0));
  const steps = plan.tensors.reduce((m, t) => Math.max(m, t.end + 1), 1);
  const cw = W - PAD.left - PAD.right, ch = H - PAD.top - PAD.bottom;
  const sx = (step: number) => PAD.left + (step / steps) * cw;
  const sy = (bytes: number) => PAD.top + (bytes / total) * ch;

  const svg = s('svg', { class: 'memory-chart', viewBox: `0 0 ${W} ${H}`, role: 'img', 'aria-label': 'Scratch arena: byte offset over execution steps', 'data-testid': 'memory-chart' });
  svg.append(s('rect', { class: 'chart-bg', x: PAD.left, y: PAD.top, width: cw, height: ch }));
  for (let i = 0; i <= 4; i++) {
    const bytes = Math.round((total * i) / 4);
    svg.append(s('text', { class: 'axis', x: PAD.left - 6, y: sy(bytes) + 4, 'text-anchor': 'end' }, bytes >= 1024 ? `${(bytes / 1024).toFixed(0)}K` : String(bytes)));
  }
  const tick = Math.max(1, Math.ceil(steps / 12));
  for (let st = 0; st < steps; st += tick) svg.append(s('text', { class: 'axis', x: sx(st + 0.5), y: H - 10, 'text-anchor': 'middle' }, String(st)));
  svg.append(s('text', { class: 'axis', x: W - PAD.right, y: H - 10, 'text-anchor': 'end' }, 'step →'));

  const describe = (t: PlannedTensor) => [
    t.id, `${formatBytes(t.bytes)} (reserved ${t.size} B) at arena ${t.arena} offset ${t.offset}`,
    `live steps ${t.start}–${t.end}: written by ${stepNames[t.writer] ?? `step ${t.writer}`}, read by ${t.readers.map((r) => stepNames[r] ?? `step ${r}`).join(', ') || 'nobody'}`,
    t.inPlace ? `in place: reuses the memory of ${t.inPlaceOf}` : 'own memory (not in place)',
  ];
  for (const t of plan.tensors) {
    const y0 = sy(arenaBase[t.arena]! + t.offset), y1 = sy(arenaBase[t.arena]! + t.offset + t.size);
    const rect = s('rect', {
      class: `tensor${t.inPlace ? ' in-place' : ''}`, x: sx(t.start) + 1, y: y0, width: Math.max(2, sx(t.end + 1) - sx(t.start) - 2), height: Math.max(1.5, y1 - y0),
      'data-tensor': t.id, tabindex: 0,
    });
    rect.append(s('title', {}, describe(t).join('\n')));
    const showTip = () => {
      tooltip.replaceChildren(...describe(t).map((line, i) => h(i ? 'div' : 'strong', {}, line)));
      tooltip.hidden = false;
    };
    rect.addEventListener('pointerenter', showTip);
    rect.addEventListener('focus', showTip);
    rect.addEventListener('pointerleave', () => { tooltip.hidden = true; });
    rect.addEventListener('blur', () => { tooltip.hidden = true; });
    svg.append(rect);
  }
  return svg;
}
