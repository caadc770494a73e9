// view-reshapes: a subgraph that only reshapes (reshape, flatten, squeeze, unsqueeze, or a transpose
// that moves only size-1 dimensions: [1, 197, 768] → [197, 1, 768]) copies bytes unchanged, so its
// result becomes a view of its input's memory and the invocation goes away —
// unless the input is a constant or a program output, the result is a program output, or a
// consumer would bind both (WebGPU forbids two writable bindings of one range in a dispatch).
// Where the result is a program output that nothing else reads (a classifier's trailing flatten),
// it is the other way round: the input's producer writes it in the output's memory, as the only
// part of it (CompileState.aliases), when the input is an intermediate read by nothing but the
// reshape that is not itself returned or a view.
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
    const reshapeOnly = (sg: SubgraphInfo) => sg.ops.length === 1 && movesNoBytes(sg.ops[0]!) && sg.inputs.length === 1 && sg.outputs.length === 1;
    const candidates = s.schedule.filter((sg) => reshapeOnly(sg)
      && !s.graph.isConstant(sg.inputs[0]!) && !s.graph.returned.has(sg.inputs[0]!) && !s.graph.returned.has(sg.outputs[0]!));
    const aliased = new Set<SubgraphInfo>(candidates);
    const viewOf = new Map<Value, SubgraphInfo>(candidates.map((sg) => [sg.outputs[0]!, sg]));
    const order = new Map(candidates.map((sg, i) => [sg, i]));
    const view = (v: Value): SubgraphInfo | undefined => {
      const sg = viewOf.get(v);
      return sg && aliased.has(sg) ? sg : undefined;
    };
    // A loop, not recursion: a chain of reshapes is as long as the model.
    const root = (v: Value): Value => {
      for (let sg = view(v); sg; sg = view(v)) v = sg.inputs[0]!;
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
            const [x, y] = [view(v), view(other)];
            // The one earlier in the schedule goes.
            const culprit = x && y ? (order.get(x)! < order.get(y)! ? x : y) : x ?? y;
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
    // A reshape into a program output: its input is written in place of the output. (Its output is
    // returned, so it is none of the views above; a view of its input would be a second reader.)
    const readers = new Map<Value, number>();
    for (const sg of s.schedule) for (const v of new Set(sg.inputs)) readers.set(v, (readers.get(v) ?? 0) + 1);
    const written = new Set(s.schedule.flatMap((sg) => sg.outputs));
    const intoOutput = s.schedule.filter((sg) => {
      if (!reshapeOnly(sg)) return false;
      const [x, out] = [sg.inputs[0]!, sg.outputs[0]!];
      return s.graph.returned.has(out) && !readers.has(out) && written.has(x) && readers.get(x) === 1 && !s.graph.returned.has(x) && !s.aliases.has(x);
    });
    for (const sg of intoOutput) {
      s.aliases.set(sg.inputs[0]!, { of: sg.outputs[0]!, offset: 0, part: true });
      s.decision(sg.ops[0]!).taken!.subgraph = '(its input is written in place of the output: no kernel)';
    }
    s.schedule = s.schedule.filter((sg) => !aliased.has(sg) && !intoOutput.includes(sg));
  },
};
