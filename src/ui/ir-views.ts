// The IR view (Input IR, Output IR, each partition isolated, with a copy button), the graph legend
// and the one-line compile summary: small renderers of a compile response.
import type { CompileResponse } from '../compiler/service';
import { byId, h, partitionHue, s, targetDash } from './dom';

export class IrViews {
  private readonly picker = byId('ir-picker', HTMLSelectElement);
  private readonly text = byId('ir-text', HTMLPreElement);
  private readonly status = byId('ir-copy-status', HTMLElement);
  private texts = new Map<string, string>();

  constructor(private readonly onChange: (choice: string) => void) {
    this.picker.addEventListener('change', () => { this.render(); this.onChange(this.choice); });
    byId('ir-copy', HTMLButtonElement).addEventListener('click', () => {
      navigator.clipboard.writeText(this.text.textContent ?? '').then(
        () => { this.status.textContent = 'copied'; },
        () => { this.status.textContent = 'the browser refused the clipboard: select the text and copy it'; });
    });
  }

  get choice(): string {
    return this.picker.value || 'input';
  }

  show(r: CompileResponse | undefined, choice: string): void {
    this.texts = new Map([['input', r?.inputText ?? '']]);
    if (r?.outputText) this.texts.set('output', r.outputText);
    for (const [name, text] of Object.entries(r?.isolated ?? {})) this.texts.set(name, text);
    const label = (k: string) => (k === 'input' ? 'Input IR' : k === 'output' ? 'Output IR (cgc.program)' : `partition @${k} (isolated)`);
    this.picker.replaceChildren(...[...this.texts.keys()].map((k) => h('option', { value: k }, label(k))));
    this.picker.value = this.texts.has(choice) ? choice : 'input';
    this.render();
  }

  private render(): void {
    this.status.textContent = '';
    this.text.textContent = this.texts.get(this.choice) ?? '';
  }
}

export function showLegend(list: HTMLElement, r: CompileResponse | undefined): void {
  const partitions = r?.partitions ?? [];
  list.replaceChildren(...partitions.map((p, i) => {
    const hue = partitionHue(i);
    const swatch = s('svg', { width: 28, height: 14, 'aria-hidden': 'true' });
    swatch.append(s('rect', { x: 1, y: 1, width: 26, height: 12, rx: 3, fill: `hsl(${hue} 70% 55% / 0.25)`, stroke: `hsl(${hue} 60% 42%)`, 'stroke-width': 1.5, 'stroke-dasharray': targetDash(p.target) }));
    const count = p.subgraphs.length;
    return h('li', { 'data-partition': p.name }, swatch, h('code', {}, `@${p.name}`), ` ${p.target} · ${count} subgraph${count === 1 ? '' : 's'}`);
  }));
  if (!partitions.length) list.replaceChildren(h('li', { class: 'muted' }, 'No partitions yet: compile the model.'));
}

export function summaryText(name: string, r: CompileResponse, ms: number): string {
  const partitions = r.partitions ?? [];
  const subgraphs = partitions.reduce((n, p) => n + p.subgraphs.length, 0);
  const ops = r.decisions?.length ?? 0;
  const weights = r.weights ? ` · ${r.weights.length} weights` : '';
  return `${name}: ${ops} ops → ${subgraphs} subgraphs in ${partitions.length} partition${partitions.length === 1 ? '' : 's'}${weights} · compiled in ${Math.round(ms)} ms`;
}
