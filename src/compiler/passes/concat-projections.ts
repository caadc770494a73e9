// concat-projections: matmuls that read one value through constant float32 weights of one K (a
// transformer layer's q, k and v projections of its normalized input) read their weights as column
// ranges of one constant, x·Wq, x·Wk, x·Wv  ⇒  x·slice([Wq | Wk | Wv]), the weights concatenated once
// when the model is opened (it makes constants, which the pipeline never holds). A target may then
// compute the group as one product (the WebGPU target's @projections: one GEMM writing each column
// range to its own result); one that does not reads each range through its slice, as it read the
// weight before.
import { awaitBytes } from '../../core';
import { intsAttr, stringAttr } from '../../ir/attributes';
import { Operation, type Value } from '../../ir/operation';
import { inferOp } from '../../ir/registry';
import { ATTR, CONSTANT, ENTRY_POINT } from '../../ir/structural';
import { byteSize, tensorType } from '../../ir/types';
import { constantName, freshConstantNames } from './fold-constants';

/** The most projections one concatenated weight serves (q, k and v). */
export const MAX_PROJECTIONS = 3;

export interface ConcatResult {
  /** The concatenated weights' bytes by the name their `cgc.constant` gives. */
  readonly made: ReadonlyMap<string, Uint8Array>;
  /** Constants no op reads any more (the weights now read from the concatenation). */
  readonly unused: readonly string[];
}

/**
 * Rewrites, in place, each group of two or three matmuls of `module`'s entry points that read one
 * value as A and a 2-D float32 `cgc.constant` with bytes in `data` as B, all with B's first
 * dimension (K) the same: each reads B as a slice of one new constant holding the group's weights
 * side by side, in program order. Larger groups are cut into groups of three.
 */
export function concatProjections(module: Operation, data: (name: string) => Uint8Array | undefined): ConcatResult {
  const made = new Map<string, Uint8Array>();
  const unused: string[] = [];
  const fresh = freshConstantNames(module);
  for (const entry of module.body().operations.filter((op) => op.name === ENTRY_POINT)) {
    const block = entry.body();
    const weightBytes = (op: Operation): Uint8Array | undefined => {
      const [a, w] = op.operands;
      const def = w?.definingOp;
      if (op.name !== 'cgc_op.matmul' || !a || a.type.shape.length < 2 || def?.name !== CONSTANT) return undefined;
      if (w.type.element !== 'float32' || a.type.element !== 'float32' || w.type.shape.length !== 2) return undefined;
      const bytes = data(constantName(def));
      return bytes && bytes.length === byteSize(w.type) ? bytes : undefined;
    };
    const replaced = new Set<Operation>();
    // Candidate matmuls by A and K, in program order.
    const groups = new Map<Value, Map<number, Operation[]>>();
    for (const op of block.operations) {
      if (!weightBytes(op)) continue;
      const byK = groups.get(op.operands[0]!) ?? new Map<number, Operation[]>();
      groups.set(op.operands[0]!, byK);
      const k = op.operands[1]!.type.shape[0]!;
      byK.set(k, [...(byK.get(k) ?? []), op]);
    }
    for (const byK of groups.values()) {
      for (const all of byK.values()) {
        for (let at = 0; at + 1 < all.length; at += MAX_PROJECTIONS) {
          const group = all.slice(at, at + MAX_PROJECTIONS);
          if (group.length < 2) continue;
          for (const op of group) replaced.add(op.operands[1]!.definingOp!);
          concatGroup(block.operations, group, weightBytes, fresh, made);
        }
      }
    }
    // Weights no op reads any more go (and so do their bytes, from the model's constants).
    const read = new Set(block.operations.flatMap((op) => op.operands));
    const dropped = new Set([...replaced].filter((op) => !read.has(op.results[0]!)));
    for (const op of dropped) unused.push(constantName(op));
    block.operations.splice(0, block.operations.length, ...block.operations.filter((op) => !dropped.has(op)));
  }
  return { made, unused };
}

/** Makes `group`'s weights one constant and each matmul read its columns through a slice, placed before the group's first matmul. */
function concatGroup(
  ops: Operation[], group: readonly Operation[], weightBytes: (op: Operation) => Uint8Array | undefined,
  fresh: (hint: string) => string, made: Map<string, Uint8Array>,
): void {
  const first = group[0]!;
  const block = first.parent!;
  const k = first.operands[1]!.type.shape[0]!;
  const widths = group.map((op) => op.operands[1]!.type.shape[1]!);
  const total = widths.reduce((s, n) => s + n, 0);
  const name = fresh(`${constantName(first.operands[1]!.definingOp!)}.projections`);
  made.set(name, joinedWeights(group.map((op) => weightBytes(op)!), k, widths));
  const constant = new Operation(CONSTANT, [], [tensorType([k, total], 'float32', true)], new Map([[ATTR.constantName, stringAttr(name)]]), first.loc);
  constant.parent = block;
  constant.results[0]!.nameHint = name;
  const inserted: Operation[] = [constant];
  let offset = 0;
  group.forEach((op, i) => {
    const attributes = new Map([['starts', intsAttr([offset])], ['ends', intsAttr([offset + widths[i]!])], ['axes', intsAttr([1])]]);
    const slice = new Operation('cgc_op.slice', [constant.results[0]!], inferOp('slice', [constant.results[0]!.type], attributes), attributes, op.loc);
    slice.parent = block;
    slice.results[0]!.nameHint = `${op.operands[1]!.nameHint ?? name}.columns`;
    op.operands = [op.operands[0]!, slice.results[0]!];
    inserted.push(slice);
    offset += widths[i]!;
  });
  ops.splice(ops.indexOf(first), 0, ...inserted);
}

/** Concatenations made from weights that are ranges of one host buffer, by the ranges: the same bytes for every later opening of the same file's bytes. */
const joinedOf = new WeakMap<ArrayBufferLike, Map<string, Uint8Array>>();

/**
 * The weights `parts` ([k, widths[i]] float32 each) side by side: row r of the result is row r of
 * each. Weights that are ranges of one host buffer (views of a model file's bytes) are joined once:
 * a model opened again from the same bytes (for new input sizes) gets the same array, so the runtime
 * shares its GPU copy too (runtime/shared-constants.ts).
 */
function joinedWeights(parts: readonly Uint8Array[], k: number, widths: readonly number[]): Uint8Array {
  const host = parts[0]!.buffer;
  const same = parts.every((p) => p.buffer === host);
  const key = parts.map((p) => `${p.byteOffset}:${p.byteLength}`).join(',');
  const known = same ? joinedOf.get(host)?.get(key) : undefined;
  if (known) return known;
  const total = widths.reduce((s, n) => s + n, 0);
  // Copied as bytes, row by row: a weight's bytes need not be 4-byte aligned in the file, and no copy of a whole weight is made to align it.
  const result = new Uint8Array(k * total * 4);
  let offset = 0;
  parts.forEach((bytes, i) => {
    awaitBytes(bytes);
    const row = widths[i]! * 4;
    for (let r = 0; r < k; r++) result.set(bytes.subarray(r * row, (r + 1) * row), (r * total + offset) * 4);
    offset += widths[i]!;
  });
  if (same) {
    let byKey = joinedOf.get(host);
    if (!byKey) joinedOf.set(host, (byKey = new Map()));
    byKey.set(key, result);
  }
  return result;
}
