// view-reshapes: a subgraph that only reshapes (reshape, flatten, squeeze, unsqueeze, or a transpose
// that moves only size-1 dimensions: [1, 197, 768] → [197, 1, 768]) copies bytes unchanged, so its
// result becomes a view of its input's memory and the invocation goes away —
// unless the input is a constant or a program output, the result is a program output, or a
// consumer would bind both (WebGPU forbids two writable bindings of one range in a dispatch).
import { type Operation, type Value, ctxOf } from '../../ir';
import type { Pass, SubgraphInfo } from '../state';

const RESHAPES = new Set(['reshape', 'flatten', 'squeeze', 'unsqueeze']);

/** Whether `op` leaves the bytes of its input in place: a reshape, or a transpose keeping the order of the dimensions larger than 1. */
export function movesNoBytes(op: Operation): boolean {
  if (RESHAPES.has(op.opName)) return true;
  if (op.opName !== 'transpose') return false;
  const shape = op.operands[0]!.type.shape;
  const perm = ctxOf(op).ints('permutation');
  const moved = perm.filter((d) => shape[d] !== 1);
  return moved.every((d, i) => i === 0 || d > moved[i - 1]!);
}

export const viewReshapes: Pass = {
  name: 'view-reshapes',
  run(s) {
    const candidates = s.schedule.filter((sg) => sg.ops.length === 1 && movesNoBytes(sg.ops[0]!)
      && sg.inputs.length === 1 && sg.outputs.length === 1
      && !s.graph.isConstant(sg.inputs[0]!) && !s.graph.returned.has(sg.inputs[0]!) && !s.graph.returned.has(sg.outputs[0]!));
    const aliased = new Set<SubgraphInfo>(candidates);
    const root = (v: Value): Value => {
      for (const sg of aliased) if (sg.outputs[0] === v) return root(sg.inputs[0]!);
      return v;
    };
    // Drop views a consumer would see twice under two names.
    for (let changed = true; changed;) {
      changed = false;
      for (const sg of s.schedule) {
        if (aliased.has(sg)) continue;
        const seen = new Map<Value, Value>();
        for (const v of sg.inputs) {
          const r = root(v);
          const other = seen.get(r);
          if (other !== undefined) {
            const culprit = [...aliased].find((a) => a.outputs[0] === v || a.outputs[0] === other);
            if (culprit) {
              aliased.delete(culprit);
              changed = true;
            }
          }
          seen.set(r, v);
        }
      }
    }
    for (const sg of aliased) {
      s.aliases.set(sg.outputs[0]!, { of: sg.inputs[0]!, offset: 0 });
      s.decision(sg.ops[0]!).taken!.subgraph = '(a view of its input: no kernel)';
    }
    s.schedule = s.schedule.filter((sg) => !aliased.has(sg));
  },
};
