// clone-scalars: a chain with `side_chains` recomputes small side computations in its kernel, but
// only one the chain's op reads alone — a value several ops read would stay a kernel of its own.
// Dynamic quantization computes its scale and zero point (one element each) from x's min and max,
// and reads them in three places: the quantizing of x, the zero point handed to the product, the
// dequantizing scale after it. Such small values are copied once per reader, the ops computing them
// too (last op first, so a copy's inputs gain the readers the ops before it then count), so that
// each reader's kernel can recompute its own copy instead of waiting on a one-element kernel.
import { spliceArray } from '../../core';
import type { Operation, Value } from '../../ir';
import { EntryGraph } from '../graph';
import { unmet } from '../patterns/constraints';
import { isSideComputation } from '../patterns/matcher';
import type { ChainSpec, SideChains } from '../patterns/pattern';
import type { Pass } from '../state';
import { copyPerReader } from './clone-views';

export const cloneScalars: Pass = {
  name: 'clone-scalars',
  run(s) {
    const specs = s.patterns.flatMap((p) => [p.epilogue, p.prologue, p.operandPrologues])
      .filter((c): c is ChainSpec & { sideChains: SideChains } => c?.sideChains !== undefined);
    if (!specs.length) return;
    const g = s.graph;
    // Readers, kept up to date as copies are made (rebuilding the graph after each copy would cost
    // a walk over the whole entry point per copy).
    const readers = new Map<Value, Operation[]>();
    for (const op of g.ops) for (const v of op.operands) readers.set(v, [...g.usersOf(v)]);
    // Copies are not in `g` (its producer() knows only the ops it was built from).
    const producer = (v: Value) => (v.definingOp?.name.startsWith('cgc_op.') ? v.definingOp : undefined);
    const takersOf = new Map<Operation, typeof specs>();
    /** The chain specs that could take `op` into a side chain. */
    const takers = (op: Operation) => {
      let found = takersOf.get(op);
      if (!found) {
        found = specs.filter((spec) => isSideComputation(op, spec.sideChains));
        takersOf.set(op, found);
      }
      return found;
    };
    // A copy's operands are its original's: the count stands for every copy.
    const limit = Math.max(...specs.map((spec) => spec.sideChains.maxOps));
    const counted = new Map<Value, number>();
    /** Ops in the side computation ending at `v`, counted per copy (what a reader would recompute), up to just past the largest budget. */
    const cone = (v: Value): number => {
      const known = counted.get(v);
      if (known !== undefined) return known;
      const op = producer(v);
      let n = 0;
      if (op && takers(op).length) {
        n = 1;
        for (const x of op.operands) if (n <= limit) n = Math.min(limit + 1, n + cone(x));
      }
      counted.set(v, n);
      return n;
    };
    const block = s.entry.body();
    let cloned = 0;
    for (let i = block.operations.length - 1; i >= 0; i--) {
      const op = block.operations[i]!;
      const result = op.results[0];
      if (!result || g.returned.has(result)) continue;
      const users = readers.get(result) ?? [];
      if (users.length < 2) continue;
      // Every reader an op of a chain that takes such side computations (or of its side chains), and
      // the whole computation small enough for it to take in (a copy left over would be a kernel of
      // its own).
      const fits = takers(op).filter((spec) => cone(result) <= spec.sideChains.maxOps);
      if (!fits.length || !users.every((u) => fits.some((spec) => !unmet(u, spec) || !unmet(u, spec.sideChains)))) continue;
      const copies = copyPerReader(s, op, users, 'v');
      copies.forEach((copy, k) => readers.set(copy.results[0]!, [users[k]!]));
      for (const v of new Set(op.operands)) readers.set(v, [...(readers.get(v) ?? []).filter((r) => r !== op), ...copies]);
      spliceArray(block.operations, i, 1, copies);
      cloned += copies.length - 1;
    }
    if (cloned) s.graph = new EntryGraph(s.entry);
  },
};
