// The numeric diff of every value: the GPU's subgraph results from a debug run (runtime
// `intermediates`) against the CPU reference's value of the same Input IR value, then each graph
// node's error. Ops inside a fused subgraph have no value of their own on the GPU (the subgraph
// never writes it to memory): they take the error of their subgraph's results, marked as such. A
// reshape the compiler turned into a view of its operand's bytes takes its operand's error.
import { type HostTensor, maxOf } from '../core';
import type { GraphModel } from './graph-model';
import { maxAbsError } from './run-stats';

/** A GPU value read back by a debug run: its program value name, and program output index if it is one. */
export interface GpuValue {
  readonly value: string;
  readonly output?: number;
  readonly tensor: HostTensor;
}

export interface NodeError {
  readonly maxAbs: number;
  /**
   * `value`: the node's own result was read back and compared. `subgraph`: an op inside a fused
   * subgraph, whose value is never materialized: the max error of its subgraph's results.
   * `view`: a reshape elided into a view of its operand's bytes (the same values): its operand's error.
   * `output`: a program output.
   */
  readonly source: 'value' | 'subgraph' | 'view' | 'output';
}

/** The reshapes that view-reshapes can turn into views (src/compiler/passes/view-reshapes.ts). */
const VIEW_OPS = new Set(['reshape', 'flatten', 'squeeze', 'unsqueeze']);

/**
 * Max abs error of each read-back value against the reference, by Input IR value name (`%add1`).
 * A program output is named by the value the Input IR returns there (`returned[i]`). Values the
 * reference has no value for (a name the compiler made) are left out: not compared.
 */
export function compareValues(gpu: readonly GpuValue[], reference: ReadonlyMap<string, HostTensor>, returned: readonly string[]): Map<string, number> {
  const errors = new Map<string, number>();
  for (const v of gpu) {
    const name = v.output !== undefined ? returned[v.output] : v.value;
    const want = name !== undefined ? reference.get(name) : undefined;
    if (name !== undefined && want) errors.set(name, maxAbsError(v.tensor, want));
  }
  return errors;
}

/**
 * Each node's error: an op by its own result(s) when compared, else (inside a fused subgraph) by the
 * max over its subgraph instance's compared results, else (a reshape in no subgraph: a view) by its
 * operand's; an output node by `outputs[i]`. Inputs and ops with nothing compared have none.
 */
export function nodeErrors(model: GraphModel, values: ReadonlyMap<string, number>, outputs: readonly number[]): Map<number, NodeError> {
  const errors = new Map<number, NodeError>();
  const groupError = new Map<number, number>();
  const byValue = new Map(values);
  model.nodes.forEach((n, v) => {
    if (n.kind !== 'op') return;
    const own = n.outputs.map((p) => byValue.get(p.value)).filter((e): e is number => e !== undefined);
    const operand = n.inputs[0] && byValue.get(n.inputs[0].value);
    if (!own.length && n.group === undefined && VIEW_OPS.has(n.op) && operand !== undefined) {
      // Nodes come in program order, so a view of a view finds its operand's error already here.
      for (const p of n.outputs) byValue.set(p.value, operand);
      errors.set(v, { maxAbs: operand, source: 'view' });
      return;
    }
    if (!own.length) return;
    const maxAbs = maxOf(own);
    errors.set(v, { maxAbs, source: 'value' });
    if (n.group !== undefined) groupError.set(n.group, Math.max(groupError.get(n.group) ?? 0, maxAbs));
  });
  let output = 0;
  model.nodes.forEach((n, v) => {
    if (n.kind === 'output') {
      const e = outputs[output++];
      if (e !== undefined) errors.set(v, { maxAbs: e, source: 'output' });
      return;
    }
    const e = n.kind === 'op' && !errors.has(v) && n.group !== undefined ? groupError.get(n.group) : undefined;
    if (e !== undefined) errors.set(v, { maxAbs: e, source: 'subgraph' });
  });
  return errors;
}

/** Per subgraph instance (GraphModel.groups index): the max error of its compared results. */
export function groupErrors(model: GraphModel, errors: ReadonlyMap<number, NodeError>): Map<number, number> {
  const out = new Map<number, number>();
  for (const [v, e] of errors) {
    const g = model.nodes[v]!.group;
    if (e.source === 'value' && g !== undefined) out.set(g, Math.max(out.get(g) ?? 0, e.maxAbs));
  }
  return out;
}
