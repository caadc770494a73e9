// The linked views of the selected op, side by side: its line in the Input IR (with the lines around
// it, each op's line clickable to select that op), the subgraph and partition it landed in within
// the Output IR with the decision that put it there, the WGSL kernels that run it, its kernels' bars
// from the last Run and its numeric-diff row. Every string reaches the page through textContent.
import type { Decision } from '../compiler/state';
import type { CompileResponse } from '../engine/service';
import { h } from './dom';
import type { GraphModel } from './graph-model';
import { formatError, formatMs } from './run-overlay';
import type { RunReport } from './run-session';
import type { NodeError } from './value-diff';

/** Lines of Input IR shown before and after the selected op's line. */
const CONTEXT_LINES = 4;

export interface LinkedContext {
  readonly response: CompileResponse | undefined;
  readonly model: GraphModel | undefined;
  readonly decisions: ReadonlyMap<string, Decision>;
  /** The last Run of this compile, when there is one. */
  readonly report: RunReport | undefined;
  readonly error: NodeError | 'not-compared' | undefined;
}

/** The value a line of IR defines (`%conv1 = …`, `%a:2 = …`), if any. */
export function definedValue(line: string): string | undefined {
  return /^\s*(%[^\s:=,]+)(?::\d+)?\s*=/.exec(line)?.[1];
}

/** Line numbers (0-based) of each value's definition, and of each entry-point argument, in `text`. */
export function definitionLines(text: string): { lines: string[]; at: Map<string, number> } {
  const lines = text.split('\n');
  const at = new Map<string, number>();
  lines.forEach((line, i) => {
    const v = definedValue(line);
    if (v !== undefined && !at.has(v)) at.set(v, i);
    if (/cgc\.entry_point/.test(line)) for (const m of line.matchAll(/(%[^\s:=,()]+)\s*:/g)) if (!at.has(m[1]!)) at.set(m[1]!, i);
  });
  return { lines, at };
}

/** Output IR lines carry whole kernels as attributes: show their start. */
const clip = (line: string, max = 100): string => (line.length > max ? `${line.slice(0, max - 1)}…` : line);

/** `column` with a muted line of text added. */
function withNote(column: HTMLElement, text: string): HTMLElement {
  column.append(h('p', { class: 'muted' }, text));
  return column;
}

export class LinkedView {
  private index: { text: string; lines: string[]; at: Map<string, number> } | undefined;
  private outputIndex: { text: string; lines: string[] } | undefined;

  /** `onSelectValue` selects the graph node of an Input IR value (`%conv1`); `onOpenIr` shows a text of the IR view (`output`, `wgsl.<symbol>`). */
  constructor(
    private readonly panel: HTMLElement, private readonly onSelectValue: (value: string) => void, private readonly onOpenIr: (choice: string) => void,
    /** The Run results, whose partition and kernel bars of the selected op are marked. */
    private readonly results?: HTMLElement,
  ) {}

  /** Marks the bars of `partition` and of `symbol`'s kernels in the Run results. */
  private markBars(partition: string | undefined, symbol: string | undefined): void {
    for (const bar of this.results?.querySelectorAll<HTMLElement>('.bar[data-partition]') ?? []) {
      const mine = bar.dataset.subgraph !== undefined ? bar.dataset.subgraph === symbol : bar.dataset.partition === partition;
      bar.classList.toggle('linked', mine);
    }
  }

  private openButton(choice: string, label: string): HTMLButtonElement {
    const b = h('button', { type: 'button', class: 'linked-open', 'data-testid': 'linked-open', 'data-choice': choice }, label);
    b.addEventListener('click', () => this.onOpenIr(choice));
    return b;
  }

  show(c: LinkedContext, nodeIndex: number | undefined): void {
    const node = nodeIndex !== undefined ? c.model?.nodes[nodeIndex] : undefined;
    const group = node?.group !== undefined ? c.model?.groups[node.group] : undefined;
    const partition = group ? c.model?.partitions[group.partition] : undefined;
    this.markBars(partition?.name, group?.symbol);
    if (!c.model || !node || !c.response) {
      this.panel.replaceChildren(h('p', { class: 'muted' }, 'Select an op to see its Input IR line, subgraph and partition, WGSL kernels, run time and numeric diff side by side.'));
      delete this.panel.dataset.node;
      return;
    }
    const value = node.kind === 'output' ? node.inputs[0]?.value ?? node.id : node.id;
    this.panel.replaceChildren(
      this.inputColumn(c.response.inputText ?? '', value),
      this.outputColumn(c, node.id, group?.symbol, partition),
      this.kernelColumn(c, group?.symbol),
      this.runColumn(c, group?.symbol, partition?.name),
    );
    this.panel.dataset.node = node.id;
  }

  private inputColumn(text: string, value: string): HTMLElement {
    if (this.index?.text !== text) this.index = { text, ...definitionLines(text) };
    const { lines, at } = this.index;
    const line = at.get(value);
    const column = h('section', { class: 'linked-column', 'data-testid': 'linked-input' }, h('h4', {}, 'Input IR'));
    if (line === undefined) return withNote(column, `no line defines ${value}`);
    const from = Math.max(0, line - CONTEXT_LINES), to = Math.min(lines.length, line + CONTEXT_LINES + 1);
    const listing = h('ol', { class: 'linked-lines', start: from + 1 });
    for (let i = from; i < to; i++) {
      const defined = definedValue(lines[i]!);
      const item = h('li', { 'data-line': i + 1, ...(defined ? { 'data-value': defined } : {}), ...(i === line ? { class: 'current', 'aria-current': 'true', 'data-testid': 'linked-input-line' } : {}) },
        h('code', { title: lines[i]!.trim() }, lines[i]!.trim()));
      if (defined && i !== line) {
        item.classList.add('link');
        item.title = `select ${defined} in the graph`;
        item.addEventListener('click', () => this.onSelectValue(defined));
      }
      listing.append(item);
    }
    column.append(h('p', { class: 'muted' }, `line ${line + 1} · click another op's line to select it`), listing);
    return column;
  }

  private outputColumn(c: LinkedContext, id: string, symbol: string | undefined, partition: { name: string; target: string } | undefined): HTMLElement {
    const column = h('section', { class: 'linked-column', 'data-testid': 'linked-output' }, h('h4', {}, 'Output IR'));
    if (!symbol) return withNote(column, 'not in a subgraph (a graph input or output)');
    const text = c.response?.outputText ?? '';
    if (this.outputIndex?.text !== text) this.outputIndex = { text, lines: text.split('\n') };
    const line = this.outputIndex.lines.findIndex((l) => l.includes(`cgc.subgraph @${symbol} `));
    const decision = c.decisions.get(id);
    column.append(
      h('p', { 'data-testid': 'linked-subgraph' }, 'subgraph ', h('code', {}, `@${symbol}`), ' in partition ', h('code', { 'data-testid': 'linked-partition' }, `@${partition?.name ?? '?'}`), ` (${partition?.target ?? '?'})`),
      ...(line >= 0 ? [h('p', { class: 'muted' }, `Output IR line ${line + 1}: `, h('code', {}, clip(this.outputIndex.lines[line]!.trim())))] : []),
      h('p', {}, this.openButton('output', 'Open the Output IR'), ' ', ...(partition && c.response?.isolated?.[partition.name] !== undefined ? [this.openButton(partition.name, `Open @${partition.name}`)] : [])),
      h('p', { 'data-testid': 'linked-decision' }, decision?.taken
        ? `decision: taken by @${decision.taken.pattern} → ${decision.taken.target}` +
          (decision.rejected.length ? `; ${decision.rejected.length} other pattern${decision.rejected.length === 1 ? '' : 's'} tried (why not: the node details' decision log)` : '')
        : 'decision: none recorded for this op'),
    );
    return column;
  }

  private kernelColumn(c: LinkedContext, symbol: string | undefined): HTMLElement {
    const column = h('section', { class: 'linked-column', 'data-testid': 'linked-kernels' }, h('h4', {}, 'WGSL'));
    const entry = symbol ? c.response?.kernels?.find((k) => k.symbol === symbol) : undefined;
    if (!entry) return withNote(column, symbol ? `@${symbol} has no kernel listing` : 'no kernel');
    if (!entry.kernels.length) return withNote(column, `@${symbol} (${entry.target}): ${entry.note ?? 'no kernels'}`);
    column.append(h('p', {}, this.openButton(`wgsl.${symbol}`, 'Open in the IR view')));
    for (const k of entry.kernels) {
      column.append(h('details', { 'data-testid': 'linked-kernel', 'data-kernel': k.name },
        h('summary', {}, h('code', {}, k.name), ` (${entry.target})`), h('pre', { class: 'linked-wgsl' }, k.wgsl)));
    }
    return column;
  }

  private runColumn(c: LinkedContext, symbol: string | undefined, partition: string | undefined): HTMLElement {
    const column = h('section', { class: 'linked-column', 'data-testid': 'linked-run' }, h('h4', {}, 'Run'));
    const r = c.report;
    if (!r) return withNote(column, 'Run the program for its time and, with numeric diff, its error.');
    const p = r.timings.find((t) => t.partition === partition);
    const kernels = r.kernelTimings.filter((k) => k.subgraph === symbol);
    column.append(
      ...(p ? [h('p', {}, `partition @${p.partition}: ${formatMs(p.ms)} ms`)] : []),
      ...(kernels.length ? [h('ul', { class: 'linked-times' }, ...kernels.map((k) => h('li', { 'data-testid': 'linked-kernel-time', 'data-kernel': k.kernel }, `${k.kernel}: ${formatMs(k.ms)} ms`)))] : []),
    );
    const e = c.error;
    if (e === 'not-compared') column.append(h('p', { 'data-testid': 'linked-diff' }, 'numeric diff: not compared'));
    else if (e) column.append(h('p', { 'data-testid': 'linked-diff' }, `numeric diff: max abs error ${formatError(e.maxAbs)} (${e.source})`));
    return column;
  }
}
