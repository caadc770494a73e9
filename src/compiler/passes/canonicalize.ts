// canonicalize: identity ops disappear (their users read the input) — cgc_op.identity, and ops whose
// attributes make them one: a pad of zero everywhere, a slice that keeps every element in order, a
// transpose that keeps every axis in place (exporters write them where a size makes them so: Swin's
// pad to a window multiple and its crop back, at 224×224) — dead ops go, and every
// returned value gets its own producing op (an input or constant returned as is, or a value
// returned twice, is copied by an identity) so each program output is written by one subgraph.
import { replaceContents } from '../../core';
import { OpContext, Operation, type Value, getOpDef } from '../../ir';
import { CONSTANT, RETURN } from '../../ir/structural';
import { EntryGraph } from '../graph';
import type { Pass } from '../state';
import { stridedConcat } from './strided-concats';

export const canonicalize: Pass = {
  name: 'canonicalize',
  run(s) {
    const block = s.entry.body();
    const ret = block.operations[block.operations.length - 1]!;
    const replace = new Map<Value, Value>();
    const resolve = (v: Value): Value => replace.get(v) ?? v;
    // identity(x) ⇒ x, and the ops that are identities by their attributes
    replaceContents(block.operations, block.operations.filter((op) => {
      op.operands = op.operands.map(resolve);
      if (!isIdentity(op)) return true;
      replace.set(op.results[0]!, op.operands[0]!);
      return false;
    }));
    // Strided slices concatenated as a space-to-depth ⇒ reshape → transpose → reshape (their slices die below).
    const uses = new Map<Value, number>();
    for (const op of block.operations) for (const v of op.operands) uses.set(v, (uses.get(v) ?? 0) + 1);
    replaceContents(block.operations, block.operations.flatMap((op) => {
      op.operands = op.operands.map(resolve);
      const ops = stridedConcat(op, uses);
      if (!ops) return [op];
      replace.set(op.results[0]!, ops.at(-1)!.results[0]!);
      return ops;
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

/**
 * Whether `op` returns its (first and only tensor) operand unchanged: cgc_op.identity; a pad that adds
 * nothing on either side of any axis; a slice whose result has its operand's shape with every step
 * positive (a step past 1 would drop elements of an axis longer than one, a negative one reverse it);
 * a transpose whose permutation keeps every axis. The result's type must be the operand's.
 */
function isIdentity(op: Operation): boolean {
  if (op.name === 'cgc_op.identity') return true;
  if (op.name !== 'cgc_op.pad' && op.name !== 'cgc_op.slice' && op.name !== 'cgc_op.transpose') return false;
  const [input] = op.operands;
  const out = op.results[0];
  if (!input || !out || op.results.length !== 1 || input.type.element !== out.type.element) return false;
  if (input.type.shape.length !== out.type.shape.length || input.type.shape.some((d, i) => d !== out.type.shape[i])) return false;
  const def = getOpDef(op.opName);
  if (!def) return false;
  const ctx = new OpContext(def, op.operands.map((v) => v.type), op.attributes);
  if (op.name === 'cgc_op.pad') return op.operands.length === 1 && [...ctx.ints('start_padding'), ...ctx.ints('end_padding')].every((p) => p === 0);
  if (op.name === 'cgc_op.slice') return op.operands.length === 1 && ctx.ints('steps').every((step) => step > 0);
  return ctx.ints('permutation').every((axis, i) => axis === i);
}
