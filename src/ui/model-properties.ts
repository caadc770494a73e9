// The Model properties panel: the model at a glance — its inputs and outputs (names, shapes, element
// types), the ONNX header (IR version, producer, opsets), parameter count and bytes, how often each
// op occurs, and the targets and partitions the compile chose. Built from the graph model and the
// compile response only (no parsing here).
import { maxOf } from '../core';
import type { CompileResponse } from '../engine/service';
import { ELEMENT_TYPES, type ElementType, elementByteSize, numElements } from '../ir/types';
import { formatBytes, h, partitionHue } from './dom';
import type { GraphModel } from './graph-model';

export interface TensorInfo {
  readonly name: string;
  /** `1×3×32×32`, or `scalar`. */
  readonly shape: string;
  readonly element: string;
}

export interface ModelFacts {
  readonly inputs: readonly TensorInfo[];
  readonly outputs: readonly TensorInfo[];
  readonly parameters: { readonly tensors: number; readonly elements: number; readonly bytes: number };
  /** Op name → count, most frequent first. */
  readonly ops: readonly (readonly [string, number])[];
}

/** Shape and element type of a printed tensor type (`!cgc.tensor<constant 16x3x3x3x!cgc.float32>`). */
export function parseTensorType(type: string): { shape: number[]; element: string } | undefined {
  const m = /<(?:constant )?((?:\d+x)*)!cgc\.(\w+)>/.exec(type);
  if (!m) return undefined;
  return { shape: m[1] ? m[1].slice(0, -1).split('x').map(Number) : [], element: m[2]! };
}

function tensorInfo(name: string, type: string): TensorInfo {
  const t = parseTensorType(type);
  return { name: name.replace(/^%/, ''), shape: t ? (t.shape.length ? t.shape.join('×') : 'scalar') : type, element: t?.element ?? '' };
}

/** What the panel shows, from the graph model: inputs, outputs, the weights its ops read, and an op histogram. */
export function modelFacts(model: GraphModel): ModelFacts {
  const constants = new Map<string, string>();
  const ops = new Map<string, number>();
  for (const n of [...model.nodes, ...model.closedNodes ?? []]) {
    if (n.kind !== 'op') continue;
    ops.set(n.op, (ops.get(n.op) ?? 0) + 1);
    for (const p of n.inputs) if (p.constant !== undefined) constants.set(p.constant, p.type);
  }
  let elements = 0, bytes = 0;
  for (const type of constants.values()) {
    const t = parseTensorType(type);
    if (!t || !(ELEMENT_TYPES as readonly string[]).includes(t.element)) continue;
    const n = numElements(t.shape);
    elements += n;
    bytes += n * elementByteSize(t.element as ElementType);
  }
  return {
    inputs: model.nodes.filter((n) => n.kind === 'input').map((n) => tensorInfo(n.outputs[0]?.value ?? n.id, n.outputs[0]?.type ?? '')),
    outputs: model.nodes.filter((n) => n.kind === 'output').map((n) => tensorInfo(n.inputs[0]?.value ?? n.id, n.inputs[0]?.type ?? '')),
    parameters: { tensors: constants.size, elements, bytes },
    ops: [...ops].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])),
  };
}

function tensorTable(title: string, testId: string, rows: readonly TensorInfo[]): HTMLElement {
  return h('section', {}, h('h4', {}, title),
    rows.length
      ? h('table', { class: 'props-table', 'data-testid': testId }, h('tbody', {}, ...rows.map((r) => h('tr', {},
        h('td', {}, h('code', { title: r.name }, r.name)), h('td', {}, h('code', {}, r.shape)), h('td', { class: 'muted' }, r.element)))))
      : h('p', { class: 'muted' }, 'none'));
}

function facts(rows: readonly (readonly [string, string])[], testId?: string): HTMLElement {
  return h('dl', { class: 'props-facts', ...(testId ? { 'data-testid': testId } : {}) },
    ...rows.flatMap(([k, v]) => [h('dt', {}, k), h('dd', { 'data-fact': k }, v)]));
}

/** Fills `el` with the properties of the loaded model (`name`), or says there is none yet. */
export function showModelProperties(el: HTMLElement, name: string | undefined, model: GraphModel | undefined, r: CompileResponse | undefined): void {
  if (!model || !r) {
    el.replaceChildren(h('p', { class: 'muted' }, 'Open a model to see its inputs, outputs, parameters and ops.'));
    return;
  }
  const f = modelFacts(model);
  const onnx = r.onnxModel;
  const partitions = r.partitions ?? [];
  const byTarget = new Map<string, number>();
  for (const p of partitions) for (const sg of p.subgraphs) byTarget.set(sg.target, (byTarget.get(sg.target) ?? 0) + 1);
  const opCount = f.ops.reduce((a, [, n]) => a + n, 0);
  const most = maxOf(f.ops.map(([, n]) => n), 1);
  el.replaceChildren(
    facts([
      ['model', name ?? '?'],
      ...(onnx ? [
        ['format', `ONNX (IR version ${onnx.irVersion})`] as const,
        ['producer', onnx.producer || 'not named'] as const,
        ['opsets', onnx.opsets.map((o) => `${o.domain} ${o.version}`).join(', ') || 'none'] as const,
      ] : [['format', 'CGC IR'] as const]),
      ['parameters', `${f.parameters.elements.toLocaleString('en-US')} in ${f.parameters.tensors} tensor${f.parameters.tensors === 1 ? '' : 's'}`],
      ['parameter bytes', formatBytes(f.parameters.bytes)],
      ['ops', `${opCount.toLocaleString('en-US')} (${f.ops.length} kind${f.ops.length === 1 ? '' : 's'})`],
    ], 'model-facts'),
    tensorTable('Inputs', 'model-inputs', f.inputs),
    tensorTable('Outputs', 'model-outputs', f.outputs),
    h('section', {}, h('h4', {}, 'Partitions'),
      partitions.length
        ? h('ul', { class: 'props-partitions', 'data-testid': 'model-partitions' }, ...partitions.map((p, i) => {
          const swatch = h('span', { class: 'swatch', 'aria-hidden': 'true' });
          swatch.style.background = `hsl(${partitionHue(i)} 70% 55% / 0.6)`;
          return h('li', {}, swatch, h('code', {}, `@${p.name}`), ` ${p.target} · ${p.subgraphs.length} subgraph${p.subgraphs.length === 1 ? '' : 's'}`);
        }))
        : h('p', { class: 'muted' }, r.ok ? 'none' : 'not compiled'),
      byTarget.size ? h('p', { class: 'muted', 'data-testid': 'model-targets' }, `subgraphs by target: ${[...byTarget].map(([t, n]) => `${t} ${n}`).join(', ')}`) : ''),
    h('section', {}, h('h4', {}, 'Ops'),
      h('ol', { class: 'op-histogram', 'data-testid': 'op-histogram' }, ...f.ops.map(([op, n]) => {
        const bar = h('span', { class: 'op-bar' });
        bar.style.width = `${((100 * n) / most).toFixed(1)}%`;
        return h('li', { 'data-op': op }, h('code', { class: 'op-name', title: op }, op), h('span', { class: 'op-track' }, bar), h('span', { class: 'op-count' }, String(n)));
      }))),
  );
}
