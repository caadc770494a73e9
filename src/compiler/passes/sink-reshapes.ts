// sink-reshapes: e(reshape(a), b, …) ⇒ reshape(e(a, reshape(b), …)) where a declared pattern could
// then take e as an epilogue of the op producing a. A reshape between a GEMM-shaped op and the
// elementwise op reading its result keeps them in two kernels (an epilogue chain runs through
// elementwise ops only); moved after e, the reshape is a view of e's result, and b's reshape a view
// of b. A transformer's attention output projection → reshape → residual add becomes one kernel.
//
// Only where that helps and costs nothing: e has every operand of its result's shape; the reshapes
// (and transposes moving only size-1 dimensions) between a and e each have one reader, and so has a;
// some declared single-node pattern with an epilogue takes a's producer as its anchor and e in its
// epilogue; no other operand of e is a constant or a program output (their reshapes would be copies,
// not views); and neither a nor e's result is returned.
import { Operation, REGION_ATTR, type Value, intsAttr, sameShape, tensorType } from '../../ir';
import { EntryGraph } from '../graph';
import { unmet } from '../patterns/constraints';
import type { Pass } from '../state';
import { movesNoBytes } from './view-reshapes';

export const sinkReshapes: Pass = {
  name: 'sink-reshapes',
  run(s) {
    const epilogues = s.patterns.filter((p) => p.epilogue && p.nodes.length === 1);
    if (!epilogues.length) return;
    const g = s.graph;
    const ops = s.entry.body().operations;
    const readers = new Map<Value, number>();
    const count = (op: Operation) => { for (const v of op.operands) readers.set(v, (readers.get(v) ?? 0) + 1); };
    ops.forEach(count);
    /** The reshapes put before a moved op's other operands: never sunk through (the op would move back). */
    const made = new Set<Operation>();
    const output = (v: Value) => g.returned.has(v);
    let moved = 0;
    for (let i = 0; i < ops.length; i++) {
      const e = ops[i]!;
      if (e.results.length !== 1 || !e.name.startsWith('cgc_op.') || output(e.results[0]!)) continue;
      const out = e.results[0]!;
      const shape = out.type.shape;
      if (!e.operands.every((v) => sameShape(v.type.shape, shape))) continue;
      // Before the chains are walked: a chain of n reshapes would otherwise be walked from each of them (n² steps).
      const takers = epilogues.filter((p) => !unmet(e, p.epilogue!));
      if (!takers.length) continue;
      /** The reshapes (and size-1 transposes) `v` is read through, nearest first, each read only by the next. */
      const chainOf = (v: Value): Operation[] => {
        const chain: Operation[] = [];
        for (let cur = v.definingOp; cur && !made.has(cur) && movesNoBytes(cur) && readers.get(cur.results[0]!) === 1; cur = cur.operands[0]!.definingOp) chain.push(cur);
        return chain;
      };
      const chains = e.operands.map(chainOf);
      const k = chains.findIndex((chain) => {
        const a = chain.at(-1)?.operands[0];
        const producer = a?.definingOp;
        return producer !== undefined && readers.get(a!) === 1 && !output(a!)
          && takers.some((p) => !unmet(producer, p.nodes[0]!));
      });
      if (k < 0 || e.operands.some((v, j) => j !== k && (v.type.constant === true || output(v)))) continue;
      const chain = chains[k]!;
      const a = chain.at(-1)!.operands[0]!;
      const reshape = (v: Value, to: readonly number[]) => {
        const attrs = new Map([['shape', intsAttr(to)]]);
        const region = e.attributes.get(REGION_ATTR);
        if (region) attrs.set(REGION_ATTR, region);
        const r = new Operation('cgc_op.reshape', [v], [tensorType(to, v.type.element)], attrs, e.loc);
        r.parent = e.parent;
        r.results[0]!.nameHint = `${v.nameHint ?? 'value'}_reshaped`;
        return r;
      };
      const inner = e.operands.map((v, j) => (j === k ? undefined : reshape(v, a.type.shape)));
      const sunk = new Operation(e.name, e.operands.map((_v, j) => (j === k ? a : inner[j]!.results[0]!)), [tensorType(a.type.shape, out.type.element)], new Map(e.attributes), e.loc);
      sunk.parent = e.parent;
      if (out.nameHint !== undefined) sunk.results[0]!.nameHint = `${out.nameHint}_unreshaped`;
      const back = reshape(sunk.results[0]!, shape);
      if (out.nameHint !== undefined) back.results[0]!.nameHint = out.nameHint;
      s.inheritDecision(sunk, e);
      s.inheritDecision(back, e, '/reshape');
      for (const user of ops) user.operands = user.operands.map((v) => (v === out ? back.results[0]! : v));
      // e and the chain it read are dead: they go, and their reads no longer count.
      const added = [...inner.filter((x): x is Operation => x !== undefined), sunk, back];
      ops.splice(i, 1, ...added);
      for (const r of chain) {
        ops.splice(ops.indexOf(r), 1);
        readers.set(r.operands[0]!, readers.get(r.operands[0]!)! - 1);
      }
      i = ops.indexOf(back);
      for (const v of e.operands) readers.set(v, readers.get(v)! - 1);
      added.forEach(count);
      for (const x of inner) if (x) made.add(x);
      moved++;
    }
    if (moved) s.graph = new EntryGraph(s.entry);
  },
};
