// rolls-as-gathers: a cyclic shift along one axis, as ONNX exports `torch.roll` — the axis cut in two
// slices, concatenated the other way round, concat(x[s:], x[:s]) — becomes one gather of x along that
// axis at constant indices [s, …, n−1, 0, …, s−1], made when the model is opened (it makes a constant,
// which the pipeline never holds). A gather at constant indices is an operand view the GEMMs and
// element kernels read through (docs/webgpu-target.md), so a shift before a window partition folds
// into the kernel reading it instead of running as slices and a concat (Swin-T's shifted windows).
import { intAttr, stringAttr } from '../../ir/attributes';
import { Operation, type Value } from '../../ir/operation';
import { OpContext, getOpDef, inferOp } from '../../ir/registry';
import { ATTR, CONSTANT, ENTRY_POINT } from '../../ir/structural';
import { tensorType } from '../../ir/types';
import { replaceContents } from '../../core';
import { freshConstantNames } from './fold-constants';

/**
 * Rewrites, in place, every concat of `module`'s entry points of two slices of one value along the
 * concat's axis (steps 1, each slice read by the concat alone) that together hold the axis rotated:
 * each becomes a gather of that value at new int32 constant indices. Returns the constants' bytes by name.
 */
export function rollsAsGathers(module: Operation): ReadonlyMap<string, Uint8Array> {
  const made = new Map<string, Uint8Array>();
  const fresh = freshConstantNames(module);
  for (const entry of module.body().operations.filter((op) => op.name === ENTRY_POINT)) {
    const block = entry.body();
    const uses = new Map<Value, number>();
    for (const op of block.operations) for (const v of op.operands) uses.set(v, (uses.get(v) ?? 0) + 1);
    // One pass in program order: a roll's result is renamed to its gather's for the ops after it, and
    // its slices, read by the concat alone, go with it.
    const renamed = new Map<Value, Value>();
    const gone = new Set<Operation>();
    const kept: Operation[] = [];
    for (const op of block.operations) {
      op.operands = op.operands.map((v) => renamed.get(v) ?? v);
      const shift = rollOf(op, uses);
      if (!shift) {
        kept.push(op);
        continue;
      }
      const { x, axis, start } = shift;
      const n = x.type.shape[axis]!;
      const name = fresh(`${op.results[0]!.nameHint ?? 'roll'}.indices`);
      const indices = new Int32Array(n).map((_, k) => (start + k) % n);
      made.set(name, new Uint8Array(indices.buffer));
      const constant = new Operation(CONSTANT, [], [tensorType([n], 'int32', true)], new Map([[ATTR.constantName, stringAttr(name)]]), op.loc);
      constant.parent = block;
      constant.results[0]!.nameHint = name;
      const attributes = new Map([['axis', intAttr(axis)]]);
      const gather = new Operation('cgc_op.gather', [x, constant.results[0]!], inferOp('gather', [x.type, constant.results[0]!.type], attributes), attributes, op.loc);
      gather.parent = block;
      gather.results[0]!.nameHint = op.results[0]!.nameHint;
      renamed.set(op.results[0]!, gather.results[0]!);
      for (const v of op.operands) gone.add(v.definingOp!);
      kept.push(constant, gather);
    }
    replaceContents(block.operations, kept.filter((op) => !gone.has(op)));
  }
  return made;
}

/** The value `op` rolls, the axis and the first index it starts from, where `op` is concat(x[s:], x[:s]) along one axis. */
function rollOf(op: Operation, uses: ReadonlyMap<Value, number>): { x: Value; axis: number; start: number } | undefined {
  if (op.name !== 'cgc_op.concat' || op.operands.length !== 2 || op.results.length !== 1) return undefined;
  const [a, b] = op.operands.map((v) => v.definingOp);
  if (!a || !b || a === b || a.name !== 'cgc_op.slice' || b.name !== 'cgc_op.slice') return undefined;
  const x = a.operands[0]!;
  if (b.operands[0] !== x || a.operands.length !== 1 || b.operands.length !== 1) return undefined;
  if (uses.get(a.results[0]!) !== 1 || uses.get(b.results[0]!) !== 1) return undefined;
  const rank = x.type.shape.length;
  const concatDef = getOpDef('concat')!;
  const axisOf = (v: number) => (v < 0 ? v + rank : v);
  const axis = axisOf(new OpContext(concatDef, op.operands.map((v) => v.type), op.attributes).int('axis'));
  const first = rangeOf(a, axis);
  const second = rangeOf(b, axis);
  const n = x.type.shape[axis]!;
  if (!first || !second || op.results[0]!.type.element !== x.type.element) return undefined;
  // x[s:n] then x[0:s], 0 < s < n.
  if (first[1] !== n || second[0] !== 0 || first[0] !== second[1] || first[0] <= 0 || first[0] >= n) return undefined;
  return { x, axis, start: first[0] };
}

/** The range [start, end) `slice` keeps along `axis`, where it slices that axis alone, by steps of 1. */
function rangeOf(slice: Operation, axis: number): [number, number] | undefined {
  const x = slice.operands[0]!;
  const rank = x.type.shape.length;
  const ctx = new OpContext(getOpDef('slice')!, [x.type], slice.attributes);
  const axes = ctx.ints('axes').map((v) => (v < 0 ? v + rank : v));
  if (axes.length !== 1 || axes[0] !== axis || ctx.ints('steps').some((s) => s !== 1)) return undefined;
  const n = x.type.shape[axis]!;
  const clamp = (v: number) => Math.min(n, Math.max(0, v < 0 ? v + n : v));
  return [clamp(ctx.ints('starts')[0]!), clamp(ctx.ints('ends')[0]!)];
}
