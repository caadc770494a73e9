// fold-constants: an op of the Input IR whose operands are all constants with data becomes a
// constant, computed by the evaluator the compiler is given (the CPU reference's, from the engine),
// so a constant subgraph (a shifted-window attention mask: ScatterND → reshape → sub → where)
// costs nothing per run. The ONNX importer folds the same way as it maps nodes; this pass does it
// for a model read as IR text or bytecode. It runs when a model is opened, not in the pipeline:
// the constants it makes are the model's, and the pipeline never holds constant data.
import { stringAttr } from '../../ir/attributes';
import type { OpEvaluator } from '../../ir/evaluator';
import { Operation, type Value } from '../../ir/operation';
import { ATTR, CONSTANT, ENTRY_POINT } from '../../ir/structural';
import { byteSize, numElements, tensorType } from '../../ir/types';
import { CgcError, type HostTensor, tensorFromBytes } from '../../core';

export interface FoldResult {
  /** The data of each constant the pass made, by the name its `cgc.constant` gives. */
  readonly folded: ReadonlyMap<string, HostTensor>;
  /** How many ops were folded. */
  readonly ops: number;
}

/**
 * Folds, in place, every op of `module`'s entry points whose operands are all `cgc.constant`s that
 * `data` holds bytes for (or results folded before), each operand and result of at most
 * `maxElements` elements. A widening cast of a constant stays: a kernel that reads it widens as it
 * loads (MatMulInteger's byte weights), where the folded constant would be several times the size.
 * An op the evaluator refuses stays too; running it reports the same error.
 */
export function foldConstants(
  module: Operation, data: (name: string) => Uint8Array | undefined, evaluate: OpEvaluator, maxElements: number,
): FoldResult {
  const folded = new Map<string, HostTensor>();
  const fresh = freshConstantNames(module);
  let count = 0;
  for (const entry of module.body().operations.filter((op) => op.name === ENTRY_POINT)) {
    const block = entry.body();
    const known = new Map<Value, HostTensor | null>();
    const valueOf = (v: Value): HostTensor | undefined => {
      let t = known.get(v);
      if (t === undefined) {
        const def = v.definingOp;
        const bytes = def?.name === CONSTANT ? data(constantName(def)) : undefined;
        t = bytes && bytes.length === byteSize(v.type) ? tensorFromBytes(v.type, bytes) : null;
        known.set(v, t);
      }
      return t ?? undefined;
    };
    const replace = new Map<Value, Value>();
    const kept: Operation[] = [];
    for (const op of block.operations) {
      op.operands = op.operands.map((v) => replace.get(v) ?? v);
      const small = (v: Value) => numElements(v.type.shape) <= maxElements;
      const foldable = op.dialect === 'cgc_op' && !op.regions.length && op.operands.length > 0
        && op.operands.every((v) => v.definingOp?.name === CONSTANT && small(v))
        && op.results.every(small)
        && !(op.opName === 'cast' && byteSize(op.results[0]!.type) > byteSize(op.operands[0]!.type));
      const inputs = foldable ? op.operands.map(valueOf) : [];
      let outs: HostTensor[] | undefined;
      if (foldable && inputs.every((t) => t !== undefined)) {
        try {
          outs = evaluate(op.opName, inputs as HostTensor[], op.attributes, op.results.length);
        } catch (e) {
          if (!(e instanceof CgcError)) throw e;
        }
      }
      if (!outs) {
        kept.push(op);
        continue;
      }
      count++;
      op.results.forEach((r, i) => {
        const name = fresh(r.nameHint ?? `${op.opName}_folded`);
        const c = new Operation(CONSTANT, [], [tensorType(r.type.shape, r.type.element, true)], new Map([[ATTR.constantName, stringAttr(name)]]), op.loc);
        c.parent = block;
        const v = c.results[0]!;
        v.nameHint = name;
        folded.set(name, outs[i]!);
        known.set(v, outs[i]!);
        replace.set(r, v);
        kept.push(c);
      });
    }
    block.operations.splice(0, block.operations.length, ...kept);
  }
  return { folded, ops: count };
}

/** The name a `cgc.constant` gives its data ('' when it gives none). */
export function constantName(op: Operation): string {
  const a = op.attr(ATTR.constantName);
  return a?.kind === 'string' ? a.value : '';
}

/** Makes constant names unused in `module`: `hint`, else `hint_1`, `hint_2`, …, each taken once made. */
export function freshConstantNames(module: Operation): (hint: string) => string {
  const names = new Set([...module.walk()].filter((op) => op.name === CONSTANT).map((op) => constantName(op)));
  return (hint) => {
    let name = hint;
    for (let i = 1; names.has(name); i++) name = `${hint}_${i}`;
    names.add(name);
    return name;
  };
}
