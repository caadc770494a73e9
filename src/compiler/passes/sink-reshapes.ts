// sink-reshapes: e(reshape(a), b, …) ⇒ reshape(e(a, reshape(b), …)) where a declared pattern could
// then take e as an epilogue of the op producing a. A reshape between a GEMM-shaped op and the
// elementwise op reading its result keeps them in two kernels (an epilogue chain runs through
// elementwise ops only); moved after e, the reshape is a view of e's result, and b's reshape a view
// of b. A transformer's attention output projection → reshape → residual add becomes one kernel.
//
// Only where that helps and costs nothing: a is read in e's result's shape, and every other operand
// of e has that shape too or broadcasts to it whole across each group of axes the reshape merges or
// splits (`broadcastIn`: Swin's shifted-window mask, [windows, 1, 49, 49] over [1, windows, heads,
// 49, 49], read as [windows, 1, 49, 49] over the scores' [windows, heads, 49, 49]); the reshapes (and
// transposes moving only size-1 dimensions) between a and e each have one reader, and so has a; some
// declared single-node pattern with an epilogue takes a's producer as its anchor and e in its
// epilogue; no other operand of e is a program output (its reshape would be a copy, not a view); and
// neither a nor e's result is returned. A constant operand is not reshaped: it is read in its new
// shape by a copy of its op (the same bytes; build-program binds each shape of a constant once).
import { replaceContents } from '../../core';
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
    /** The reshapes back to e's shape after each moved op. */
    const backs = new Set<Operation>();
    const output = (v: Value) => g.returned.has(v);
    let moved = 0;
    for (let i = 0; i < ops.length; i++) {
      const e = ops[i]!;
      if (e.results.length !== 1 || !e.name.startsWith('cgc_op.') || output(e.results[0]!)) continue;
      const out = e.results[0]!;
      const shape = out.type.shape;
      if (!e.operands.some((v) => sameShape(v.type.shape, shape))) continue;
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
      const k = chains.findIndex((chain, j) => {
        const a = chain.at(-1)?.operands[0];
        if (!sameShape(e.operands[j]!.type.shape, shape)) return false;
        const producer = a?.definingOp;
        return producer !== undefined && readers.get(a!) === 1 && !output(a!)
          && takers.some((p) => !unmet(producer, p.nodes[0]!));
      });
      if (k < 0 || e.operands.some((v, j) => j !== k && output(v))) continue;
      const chain = chains[k]!;
      const a = chain.at(-1)!.operands[0]!;
      // Each other operand in a's shape: its own, or, broadcast, the shape it broadcasts in there.
      const within = e.operands.map((v, j) => (j === k ? undefined : broadcastIn(v.type.shape, shape, a.type.shape)));
      if (within.some((to, j) => j !== k && !to)) continue;
      const reshape = (v: Value, to: readonly number[]) => {
        const attrs = new Map([['shape', intsAttr(to)]]);
        const region = e.attributes.get(REGION_ATTR);
        if (region) attrs.set(REGION_ATTR, region);
        const r = new Operation('cgc_op.reshape', [v], [tensorType(to, v.type.element)], attrs, e.loc);
        r.parent = e.parent;
        r.results[0]!.nameHint = `${v.nameHint ?? 'value'}_reshaped`;
        return r;
      };
      // A constant is the same bytes in another shape: a copy of its op, not a reshape (which would run as a copy).
      const asConstant = (v: Value, to: readonly number[]) => {
        const c = new Operation(v.definingOp!.name, [], [{ ...v.type, shape: [...to] }], new Map(v.definingOp!.attributes), e.loc);
        c.parent = e.parent;
        c.results[0]!.nameHint = `${v.nameHint ?? 'constant'}_reshaped`;
        return c;
      };
      const inner = e.operands.map((v, j) => (j === k ? undefined : g.isConstant(v) ? asConstant(v, within[j]!) : reshape(v, within[j]!)));
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
      backs.add(back);
      moved++;
    }
    if (!moved) return;
    // A reshape of a moved op's result back to the shape it was computed in is that result: the pair
    // cancels (Swin's mask add, reshaped back for its softmax), and a back reshape nobody reads goes.
    const replaced = new Map<Value, Value>();
    const kept = ops.filter((op) => {
      op.operands = op.operands.map((v) => replaced.get(v) ?? v);
      const back = op.operands[0]?.definingOp;
      if (op.opName !== 'reshape' || !back || !backs.has(back) || output(op.results[0]!)) return true;
      if (!sameShape(op.results[0]!.type.shape, back.operands[0]!.type.shape)) return true;
      replaced.set(op.results[0]!, back.operands[0]!);
      return false;
    });
    const read = new Set(kept.flatMap((op) => op.operands));
    replaceContents(ops, kept.filter((op) => !backs.has(op) || read.has(op.results[0]!) || output(op.results[0]!)));
    s.graph = new EntryGraph(s.entry);
  },
};

/**
 * The shape in which `b`, broadcast to `outer`, is read in `inner` (a reshape of `outer`): the groups
 * of dimensions the reshape merges or splits must each hold b whole or not at all (dimensions of 1 in
 * `outer` aside), so b's elements keep their order. Undefined where they do not (b would be tiled).
 */
export function broadcastIn(b: readonly number[], outer: readonly number[], inner: readonly number[]): number[] | undefined {
  if (b.length > outer.length) return undefined;
  const aligned = [...new Array<number>(outer.length - b.length).fill(1), ...b];
  if (aligned.some((d, i) => d !== 1 && d !== outer[i])) return undefined;
  // Dimensions of 1 aside, the reshape groups outer's dimensions and inner's by equal products.
  const held = outer.flatMap((d, i) => (d === 1 ? [] : [{ d, whole: aligned[i] !== 1 }]));
  const sizes = inner.flatMap((d, j) => (d === 1 ? [] : [{ d, j }]));
  const out = inner.map(() => 1);
  let i = 0;
  let j = 0;
  while (i < held.length && j < sizes.length) {
    const group = [held[i++]!];
    const targets = [sizes[j++]!];
    let [po, pi] = [group[0]!.d, targets[0]!.d];
    while (po !== pi) {
      if (po < pi) { if (i >= held.length) return undefined; group.push(held[i]!); po *= held[i++]!.d; } else { if (j >= sizes.length) return undefined; targets.push(sizes[j]!); pi *= sizes[j++]!.d; }
    }
    if (group.some((x) => x.whole !== group[0]!.whole)) return undefined;
    if (group[0]!.whole) for (const t of targets) out[t.j] = t.d;
  }
  return i === held.length && j === sizes.length ? out : undefined;
}
