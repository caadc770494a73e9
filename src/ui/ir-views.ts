// The IR view (Input IR, Output IR, each partition isolated, each subgraph's WGSL kernels; highlighted,
// with Copy and downloads), the graph legend and the one-line compile summary: small renderers of a
// compile response.
import type { CompileResponse, ExportFiles } from '../engine/service';
import { byId, errorText, h, partitionHue, s, targetDash } from './dom';
import { type Language, showHighlighted } from './highlight';
import { definedValue } from './linked-view';

const KERNEL_PREFIX = 'wgsl.';

/** Offers `bytes` as a file through a Blob URL, revoked once the download has started. */
export function download(bytes: Uint8Array | string, name: string, type: string): void {
  const url = URL.createObjectURL(new Blob([bytes as BlobPart], { type }));
  const a = h('a', { href: url, download: name });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

function kernelText(k: NonNullable<CompileResponse['kernels']>[number]): string {
  if (!k.kernels.length) return `// @${k.symbol} (${k.target}) ${k.note ?? 'has no kernels'}\n`;
  return k.kernels.map((x) => `// kernel ${x.name} (@${k.symbol}, ${k.target})\n${x.wgsl}`).join('\n');
}

export class IrViews {
  private readonly picker = byId('ir-picker', HTMLSelectElement);
  private readonly text = byId('ir-text', HTMLPreElement);
  private readonly status = byId('ir-copy-status', HTMLElement);
  private readonly buttons = {
    input: byId('ir-download-input', HTMLButtonElement),
    output: byId('ir-download-output', HTMLButtonElement),
    weights: byId('ir-download-weights', HTMLButtonElement),
    bytecode: byId('ir-download-bytecode', HTMLButtonElement),
  };
  private texts = new Map<string, string>();
  private response: CompileResponse | undefined;
  private base = 'model';

  /** `files` builds the compile's .mlirbc and .safetensors (in the worker) when a download asks for them; `hasWeights` says whether there are weights to write. */
  /** `onValue` receives the value (`%conv1`) whose Input IR line was clicked. */
  constructor(
    private readonly onChange: (choice: string) => void, private readonly files: (r: CompileResponse) => Promise<ExportFiles>, private readonly hasWeights: () => boolean,
    private readonly onValue?: (value: string) => void,
  ) {
    this.picker.addEventListener('change', () => { this.render(); this.onChange(this.choice); });
    this.text.addEventListener('click', () => this.clickedLine());
    byId('ir-copy', HTMLButtonElement).addEventListener('click', () => {
      navigator.clipboard.writeText(this.text.textContent ?? '').then(
        () => { this.status.textContent = 'copied'; },
        () => { this.status.textContent = 'the browser refused the clipboard: select the text and copy it'; });
    });
    this.buttons.input.addEventListener('click', () => download(this.response?.inputText ?? '', `${this.base}.input.mlir`, 'text/plain'));
    this.buttons.output.addEventListener('click', () => download(this.response?.outputText ?? '', `${this.base}.output.mlir`, 'text/plain'));
    this.buttons.weights.addEventListener('click', () => void this.downloadBuilt('weights'));
    this.buttons.bytecode.addEventListener('click', () => void this.downloadBuilt('bytecode'));
  }

  /** Builds the files now (not on every compile) and offers the one asked for; failures show beside the buttons. */
  private async downloadBuilt(which: 'weights' | 'bytecode'): Promise<void> {
    const r = this.response;
    if (!r) return;
    const base = this.base;
    this.status.textContent = `building the ${which === 'weights' ? '.safetensors' : '.mlirbc'} file…`;
    try {
      const files = await this.files(r);
      if (which === 'bytecode') download(files.outputBytecode, `${base}.output.mlirbc`, 'application/octet-stream');
      else if (files.weightsFile) download(files.weightsFile, `${base}.safetensors`, 'application/octet-stream');
      else throw new Error('the Input IR names no constant that the weights have data for');
      this.status.textContent = '';
    } catch (e) {
      this.status.textContent = `could not build the download: ${errorText(e)}`;
    }
  }

  /** A click (not a text selection) on an Input IR line that defines a value selects that value's op. */
  private clickedLine(): void {
    const sel = window.getSelection();
    if (this.choice !== 'input' || !this.onValue || !sel?.isCollapsed || !sel.anchorNode || !this.text.contains(sel.anchorNode)) return;
    const before = document.createRange();
    before.setStart(this.text, 0);
    before.setEnd(sel.anchorNode, sel.anchorOffset);
    const text = this.texts.get('input') ?? '';
    const offset = before.toString().length;
    const line = text.slice(text.lastIndexOf('\n', offset - 1) + 1, (text.indexOf('\n', offset) + 1 || text.length + 1) - 1);
    const value = definedValue(line);
    if (value) this.onValue(value);
  }

  /** Shows text `choice` (`input`, `output`, a partition, `wgsl.<symbol>`) when this compile has it. */
  open(choice: string): void {
    if (!this.texts.has(choice)) return;
    this.picker.value = choice;
    this.render();
    this.onChange(this.choice);
  }

  get choice(): string {
    return this.picker.value || 'input';
  }

  show(r: CompileResponse | undefined, choice: string, fileName = 'model'): void {
    this.response = r;
    this.base = fileName.replace(/\.(mlir|mlirbc|onnx)$/i, '') || 'model';
    // A compiled program has no Input IR: its views start at the Output IR.
    this.texts = new Map(r?.program ? [] : [['input', r?.inputText ?? '']]);
    if (r?.outputText) this.texts.set('output', r.outputView ?? r.outputText);
    for (const [name, text] of Object.entries(r?.isolated ?? {})) this.texts.set(name, text);
    for (const k of r?.kernels ?? []) this.texts.set(`${KERNEL_PREFIX}${k.symbol}`, kernelText(k));
    const label = (k: string) => (k === 'input' ? 'Input IR' : k === 'output' ? 'Output IR (cgc.program)' : `partition @${k} (isolated)`);
    const irKeys = [...this.texts.keys()].filter((k) => !k.startsWith(KERNEL_PREFIX));
    const kernels = (r?.kernels ?? []).map((k) => h('option', { value: `${KERNEL_PREFIX}${k.symbol}` },
      `@${k.symbol} — ${k.kernels.length ? `${k.kernels.length} kernel${k.kernels.length === 1 ? '' : 's'}` : k.target === 'cpu-reference' ? 'CPU reference' : 'no kernels'}`));
    const group = kernels.length ? [h('optgroup', { label: 'WGSL kernels' }, ...kernels)] : [];
    this.picker.replaceChildren(...irKeys.map((k) => h('option', { value: k }, label(k))), ...group);
    this.picker.value = this.texts.has(choice) ? choice : this.texts.has('input') ? 'input' : 'output';
    this.buttons.input.disabled = !r?.inputText;
    this.buttons.output.disabled = !r?.outputText;
    const weights = !!r?.ok && this.hasWeights();
    this.buttons.weights.disabled = !weights;
    this.buttons.weights.title = weights ? 'Build the weights file (.safetensors) and download it' : 'This model has no weights data here';
    this.buttons.bytecode.disabled = !r?.ok || !r.outputText || !!r.program;
    this.buttons.bytecode.title = r?.program ? 'This is a compiled program already' : this.buttons.bytecode.disabled ? 'Compile the model first' : 'Build the compiled program (Output IR bytecode with its kernels, device profile and weights) and download it';
    this.render();
  }

  private render(): void {
    this.status.textContent = '';
    const lang: Language = this.choice.startsWith(KERNEL_PREFIX) ? 'wgsl' : 'mlir';
    this.text.dataset.language = lang;
    this.text.title = this.choice === 'input' && this.onValue ? 'Click an op\'s line to select it in the graph' : '';
    showHighlighted(this.text, this.texts.get(this.choice) ?? '', lang);
  }
}

export function showLegend(list: HTMLElement, r: CompileResponse | undefined): void {
  const partitions = r?.partitions ?? [];
  list.replaceChildren(...partitions.map((p, i) => {
    const hue = partitionHue(i);
    const swatch = s('svg', { width: 28, height: 14, 'aria-hidden': 'true' });
    swatch.append(s('rect', { x: 1, y: 1, width: 26, height: 12, rx: 3, fill: `hsl(${hue} 70% 55% / 0.25)`, stroke: `hsl(${hue} 60% 42%)`, 'stroke-width': 1.5, 'stroke-dasharray': targetDash(p.target) }));
    const count = p.subgraphs.length;
    const item = h('li', { 'data-partition': p.name }, swatch, h('code', {}, `@${p.name}`), ` ${p.target} · ${count} subgraph${count === 1 ? '' : 's'}`);
    // A host partition says why (the decision log's reasons): its first reason inline, all of them on hover.
    const why = p.hostReasons ?? [];
    if (why.length) {
      item.append(h('span', { class: 'muted', 'data-testid': 'host-reason' }, ` — on the host: ${why[0]}${why.length > 1 ? ` (and ${why.length - 1} more)` : ''}`));
      item.title = why.join('\n');
    }
    return item;
  }));
  if (!partitions.length) list.replaceChildren(h('li', { class: 'muted' }, 'No partitions yet: compile the model.'));
}

export function summaryText(name: string, r: CompileResponse, ms: number): string {
  const partitions = r.partitions ?? [];
  const subgraphs = partitions.reduce((n, p) => n + p.subgraphs.length, 0);
  if (r.program) {
    return `${name}: a compiled program (program format ${r.program.format}), not compiled here · ${subgraphs} subgraphs in ${partitions.length} partition${partitions.length === 1 ? '' : 's'}`;
  }
  const ops = r.decisions?.length ?? 0;
  const weights = r.weights ? ` · ${r.weights.length} weights` : '';
  return `${name}: ${ops} ops → ${subgraphs} subgraphs in ${partitions.length} partition${partitions.length === 1 ? '' : 's'}${weights} · compiled in ${Math.round(ms)} ms`;
}
