// clone-views: an op that a declared operand prologue could read through (a view, a gather at
// constant indices, scaling by a constant) but that several ops read cannot join any of their
// prologues — a prologue takes an op whose result has one user — so it would be a kernel of its own,
// materializing its result. Where every reader reads through it anyway (it is an operand of a pattern
// anchor with operand prologues, or such an op whose own readers do), it is copied once per reader:
// each copy then joins its reader's kernel as index arithmetic (where a prologue needs certain ops,
// `needs_ops`, only a chain holding one counts). A transformer's QKV result is
// reshaped, transposed and split three ways into q, k and v: one copy of that chain per consumer
// instead of a transpose and three gathers per layer.
import { spliceArray } from '../../core';
import { Operation, type Value } from '../../ir';
import { EntryGraph } from '../graph';
import { unmet } from '../patterns/constraints';
import { sideInputsOk } from '../patterns/matcher';
import type { ChainSpec, OpConstraint } from '../patterns/pattern';
import type { CompileState, Pass } from '../state';

export const cloneViews: Pass = {
  name: 'clone-views',
  run(s) {
    const prologues = s.patterns.filter((p) => p.operandPrologues).map((p) => ({ anchor: p.nodes[0]! as OpConstraint, spec: p.operandPrologues! }));
    if (!prologues.length) return;
    let g = s.graph;
    /** The spec of a declared operand prologue that could take `op`, its side inputs judged as the matcher judges them. */
    const readThrough = (op: Operation): ChainSpec | undefined => op.results.length === 1
      ? prologues.find(({ spec }) => !unmet(op, spec) && sideInputsOk(g, op, new Set([op.operands[0]!]), spec))?.spec
      : undefined;
    /** Whether a prologue of `spec` would take the chain ending at `op`'s result: where it needs ops, one is in op or the ops it reads through. */
    const takes = (spec: ChainSpec, op: Operation | undefined): boolean => {
      if (!spec.needsOps) return true;
      for (let cur = op; cur && !unmet(cur, spec); cur = cur.operands[0]?.definingOp) if (spec.needsOps.includes(cur.opName)) return true;
      return false;
    };
    const memo = new Map<Value, boolean>();
    /** Whether every reader of `v` reads through it: an anchor with operand prologues, or an op a prologue takes whose readers do too. */
    const absorbed = (v: Value, depth: number): boolean => {
      const known = memo.get(v);
      if (known !== undefined) return known;
      const users = g.usersOf(v);
      const ok = users.length > 0 && !g.returned.has(v) && depth > 0 && users.every((u) => prologues.some(({ anchor, spec }) => !unmet(u, anchor) && takes(spec, v.definingOp))
        || (readThrough(u) !== undefined && u.operands[0] === v && absorbed(u.results[0]!, depth - 1)));
      memo.set(v, ok);
      return ok;
    };
    const block = s.entry.body();
    let cloned = 0;
    // Last op first: a copy's input gains readers, which the ops before it then count.
    for (let i = block.operations.length - 1; i >= 0; i--) {
      const op = block.operations[i]!;
      const spec = readThrough(op);
      const result = op.results[0];
      if (!spec || !result) continue;
      const users = g.usersOf(result);
      if (users.length < 2 || !absorbed(result, spec.maxOps)) continue;
      const copies = copyPerReader(s, op, users, 'view');
      spliceArray(block.operations, i, 1, copies);
      cloned += copies.length - 1;
      g = new EntryGraph(s.entry);
      memo.clear();
    }
    if (cloned) s.graph = g;
  },
};

/**
 * One copy of `op` (one result) per reader in `users`, each reader switched to its copy and each copy
 * answering to `op`'s decision; the caller puts the copies in `op`'s place.
 */
export function copyPerReader(s: CompileState, op: Operation, users: readonly Operation[], hint: string): Operation[] {
  const result = op.results[0]!;
  return users.map((u, k) => {
    const copy = new Operation(op.name, [...op.operands], [result.type], new Map(op.attributes), op.loc);
    copy.parent = op.parent;
    copy.results[0]!.nameHint = `${result.nameHint ?? hint}_${k}`;
    u.operands = u.operands.map((v) => (v === result ? copy.results[0]! : v));
    s.inheritDecision(copy, op);
    return copy;
  });
}
