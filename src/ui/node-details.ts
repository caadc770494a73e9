// The selected node's panel: op, attributes, operand and result types, its subgraph and partition,
// its max abs error after a numeric-diff Run, the compiler's decision log for it (which pattern
// took it, which were tried and why not), a button that collapses its subgraph, and the control-flow
// region it came from with a button that closes it (a closed region: what it holds, and Open).
import type { Decision } from '../compiler/state';
import { h } from './dom';
import type { GraphModel, PortInfo } from './graph-model';
import { formatError } from './run-overlay';
import type { NodeError } from './value-diff';

function portList(title: string, ports: readonly PortInfo[]): HTMLElement {
  return h('section', {},
    h('h4', {}, title),
    ports.length ? h('ul', { class: 'ports' }, ...ports.map((p) => h('li', {},
      h('code', {}, p.value), ' ', h('code', { class: 'type' }, p.type),
      ...(p.constant !== undefined ? [' weights ', h('code', { class: 'constant' }, `"${p.constant}"`)] : []),
    ))) : h('p', { class: 'muted' }, 'none'));
}

function decisionLog(decision: Decision | undefined): HTMLElement {
  if (!decision) return h('p', { class: 'muted' }, 'No decision recorded: canonicalize removed this op, or it is not a cgc_op.');
  const taken = decision.taken;
  return h('div', { 'data-testid': 'decision-log' },
    h('p', { class: 'taken' }, taken
      ? `taken by @${taken.pattern} → ${taken.target}${taken.subgraph ? ` (subgraph @${taken.subgraph})` : ''}`
      : 'not taken by any pattern'),
    decision.rejected.length
      ? h('ul', { class: 'rejected' }, ...decision.rejected.map((r) => h('li', {},
        h('code', {}, `@${r.pattern}`), ` (${r.target}) rejected: `, h('span', { class: 'reason' }, r.reason))))
      : h('p', { class: 'muted' }, 'No other pattern was tried here.'));
}

function collapseButton(onClick: () => void): HTMLButtonElement {
  const b = h('button', { type: 'button', 'data-testid': 'collapse-subgraph', title: 'Draw the subgraph as one box (double-click it, or C, to expand)' }, 'Collapse subgraph');
  b.addEventListener('click', onClick);
  return b;
}

function regionButton(testId: string, text: string, title: string, onClick: () => void): HTMLButtonElement {
  const b = h('button', { type: 'button', 'data-testid': testId, title }, text);
  b.addEventListener('click', onClick);
  return b;
}

/** A closed region's panel: what it is, how many ops it holds, and Open. */
function closedRegionDetails(panel: HTMLElement, model: GraphModel, r: number, setRegion?: (key: string, open: boolean) => void): void {
  const info = model.regions[r]!;
  panel.replaceChildren(
    h('h3', { 'data-testid': 'node-title' }, info.label),
    h('dl', { class: 'facts' },
      h('dt', {}, 'region'), h('dd', { 'data-fact': 'region' }, info.path.join(' › ')),
      h('dt', {}, 'ops'), h('dd', { 'data-fact': 'ops' }, String(info.ops))),
    h('p', { class: 'muted' }, "Ops from one branch or iteration of the source's control flow (cgc.region), drawn as one node while closed."),
    ...(setRegion ? [regionButton('open-region', 'Open region', 'Draw its ops (or double-click it, or G)', () => setRegion(info.key, true))] : []),
  );
}

/** What the numeric diff says of this node. */
function errorText(error: NodeError): string {
  const e = formatError(error.maxAbs);
  if (error.source === 'output') return `${e} (program output, against the CPU reference)`;
  if (error.source === 'value') return `${e} (this value, read back from the GPU, against the CPU reference)`;
  if (error.source === 'view') return `${e} (a reshape compiled into a view of its operand's memory: the same values, so its operand's error)`;
  return `${e} (inside a fused subgraph: this value is never written to memory, so this is the max error of the subgraph's results)`;
}

/**
 * Fills `panel` for node `index` of `model`, or with a hint when nothing is selected; `error` is the
 * node's numeric-diff error after a Run (absent when the Run had no diff or could not compare it).
 */
export function showNodeDetails(
  panel: HTMLElement, model: GraphModel | undefined, index: number | undefined, decisions: ReadonlyMap<string, Decision>, error?: NodeError | 'not-compared',
  collapse?: (group: number) => void, setRegion?: (key: string, open: boolean) => void,
): void {
  const node = index !== undefined ? model?.nodes[index] : undefined;
  if (!model || !node) {
    panel.replaceChildren(h('p', { class: 'muted' }, 'Select a node (click, arrow keys, or search) to see its op, types, subgraph and decision log.'));
    return;
  }
  if (node.closedRegion !== undefined) return closedRegionDetails(panel, model, node.closedRegion, setRegion);
  const region = node.region !== undefined ? model.regions[node.region] : undefined;
  const group = node.group !== undefined ? model.groups[node.group] : undefined;
  const partition = group ? model.partitions[group.partition] : undefined;
  const rows: [string, string][] = [['op', node.kind === 'op' ? `cgc_op.${node.op}` : node.kind], ['value', node.id]];
  if (group) {
    rows.push(['subgraph', `@${group.symbol} (step ${group.step}, pattern @${group.pattern})`], ['target', group.target]);
  }
  if (partition) rows.push(['partition', `@${partition.name} (${partition.target})`]);
  if (region) rows.push(['region', region.path.join(' › ')]);
  if (error === 'not-compared' && node.kind !== 'input') rows.push(['max abs error', 'not compared (no read-back value of this node or its subgraph)']);
  else if (error && error !== 'not-compared') rows.push(['max abs error', errorText(error)]);
  panel.replaceChildren(
    h('h3', { 'data-testid': 'node-title' }, node.kind === 'op' ? `${node.id} = cgc_op.${node.op}` : `${node.kind} ${node.id}`),
    h('dl', { class: 'facts' }, ...rows.flatMap(([k, v]) => [h('dt', {}, k), h('dd', { 'data-fact': k }, v)])),
    // inside an open region's box the ops are drawn without their subgraph boxes: nothing to collapse into
    ...(collapse && node.group !== undefined && !region ? [collapseButton(() => collapse(node.group!))] : []),
    ...(setRegion && region ? [regionButton('close-region', 'Close region', `Draw ${region.label} as one node (or double-click its box, or G)`, () => setRegion(region.key, false))] : []),
    h('section', {}, h('h4', {}, 'Attributes'),
      node.attrs.length
        ? h('dl', { class: 'attrs' }, ...node.attrs.flatMap(([k, v]) => [h('dt', {}, k), h('dd', {}, h('code', {}, v))]))
        : h('p', { class: 'muted' }, 'none')),
    portList('Operands', node.inputs),
    portList('Results', node.outputs),
    ...(node.kind === 'op' ? [h('section', {}, h('h4', {}, 'Decision log'), decisionLog(decisions.get(node.id)))] : []),
  );
}
