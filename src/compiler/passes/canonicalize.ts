// canonicalize: identity ops disappear (their users read the input), dead ops go, and every
// returned value gets its own producing op (an input or constant returned as is, or a value
// returned twice, is copied by an identity) so each program output is written by one subgraph.
import { replaceContents } from '../../core';
import { Operation, type Value } from '../../ir';
import { CONSTANT, RETURN } from '../../ir/structural';
import { EntryGraph } from '../graph';
import type { Pass } from '../state';

export const canonicalize: Pass = {
  name: 'canonicalize',
  run(s) {
    const block = s.entry.body();
    const ret = block.operations[block.operations.length - 1]!;
    const replace = new Map<Value, Value>();
    const resolve = (v: Value): Value => replace.get(v) ?? v;
    // identity(x) ⇒ x
    replaceContents(block.operations, block.operations.filter((op) => {
      op.operands = op.operands.map(resolve);
      if (op.name !== 'cgc_op.identity') return true;
      replace.set(op.results[0]!, op.operands[0]!);
      return false;
    }));
    // Dead ops: walk backwards keeping what the return (transitively) reads.
    const live = new Set<Value>(ret.operands);
    const kept: Operation[] = [];
    for (const op of [...block.operations].reverse()) {
      if (op === ret || op.results.some((r) => live.has(r))) {
        kept.push(op);
        for (const v of op.operands) live.add(v);
      }
    }
    replaceContents(block.operations, kept.reverse());
    // Each returned value is produced by its own cgc_op.
    const seen = new Set<Value>();
    ret.operands = ret.operands.map((v) => {
      const producedByOp = v.definingOp && v.definingOp.name !== CONSTANT && v.definingOp.name.startsWith('cgc_op.');
      if (producedByOp && !seen.has(v)) {
        seen.add(v);
        return v;
      }
      const copy = new Operation('cgc_op.identity', [v], [{ ...v.type, kind: 'tensor', constant: false }], new Map(), ret.loc);
      copy.parent = block;
      copy.results[0]!.nameHint = `${v.nameHint ?? 'output'}_copy`;
      block.operations.splice(block.operations.length - 1, 0, copy);
      return copy.results[0]!;
    });
    if (ret.name !== RETURN) throw new Error('entry point body must end with cgc.return');
    s.graph = new EntryGraph(s.entry);
  },
};
