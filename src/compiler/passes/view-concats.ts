// view-concats: a concat along an axis with only size-1 dimensions before it lays its inputs end
// to end, so each input's producer can write straight into its part of the result and the copy
// goes away (SqueezeNet's fire modules, Inception's branches). The result is planned as one tensor;
// each input becomes a view of it at its byte offset. Not when an input is a constant, a program
// input or output, a view already, or appears twice; when the result is a program output; when a
// part's offset is not a multiple of the binding alignment (256 bytes); or when some dispatch would
// bind two overlapping ranges (the result and one of its parts: WebGPU forbids two writable
// bindings of one range in a dispatch).
import { type Operation, type Value, byteSize, ctxOf } from '../../ir';
import type { Pass, SubgraphInfo, View } from '../state';

/** Byte offsets of each operand of `op` in its result, when it is a concat whose parts are contiguous. */
export function contiguousParts(op: Operation): number[] | undefined {
  if (op.opName !== 'concat') return undefined;
  const shape = op.results[0]!.type.shape;
  const rank = shape.length;
  const raw = ctxOf(op).int('axis');
  const axis = raw < 0 ? raw + rank : raw;
  if (shape.slice(0, axis).some((d) => d !== 1)) return undefined;
  const offsets: number[] = [];
  let at = 0;
  for (const x of op.operands) {
    offsets.push(at);
    at += byteSize(x.type);
  }
  return offsets;
}

export const viewConcats: Pass = {
  name: 'view-concats',
  run(s) {
    const alignment = Math.max(256, s.options.alignment ?? 256);
    const written = new Set(s.schedule.flatMap((sg) => sg.outputs));
    const claimed = new Set<Value>();
    const chosen = new Map<SubgraphInfo, Map<Value, View>>();
    for (const sg of s.schedule) {
      if (sg.ops.length !== 1 || sg.outputs.length !== 1) continue;
      const op = sg.ops[0]!;
      const offsets = contiguousParts(op);
      const whole = sg.outputs[0]!;
      if (!offsets || s.graph.returned.has(whole) || op.results[0] !== whole) continue;
      const parts = op.operands;
      const ok = parts.every((x, i) => written.has(x) && !claimed.has(x) && parts.indexOf(x) === i && !s.aliases.has(x)
        && !s.graph.returned.has(x) && byteSize(x.type) > 0 && offsets[i]! % alignment === 0);
      if (!ok) continue;
      parts.forEach((x) => claimed.add(x));
      chosen.set(sg, new Map(parts.map((x, i) => [x, { of: whole, offset: offsets[i]!, part: true }])));
    }
    // Drop concats whose result a remaining dispatch would bind beside one of its parts.
    for (let changed = true; changed;) {
      changed = false;
      const views = new Map([...chosen.values()].flatMap((m) => [...m]));
      // A loop, not recursion: a chain of views is as long as the model.
      const rootOf = (v: Value): [Value, number] => {
        let offset = 0;
        for (let view = views.get(v) ?? s.aliases.get(v); view; view = views.get(v) ?? s.aliases.get(v)) {
          offset += view.offset;
          v = view.of;
        }
        return [v, offset];
      };
      for (const sg of s.schedule) {
        if (chosen.has(sg)) continue;
        const culprit = overlapping(sg, rootOf, chosen);
        if (culprit) {
          chosen.delete(culprit);
          changed = true;
        }
      }
    }
    for (const [sg, parts] of chosen) {
      for (const [x, view] of parts) s.aliases.set(x, view);
      s.decision(sg.ops[0]!).taken!.subgraph = '(its inputs are written in place: no kernel)';
    }
    s.schedule = s.schedule.filter((sg) => !chosen.has(sg));
  },
};

/** A chosen concat whose memory `sg` would bind twice in overlapping ranges, if any. */
function overlapping(sg: SubgraphInfo, rootOf: (v: Value) => [Value, number], chosen: ReadonlyMap<SubgraphInfo, unknown>): SubgraphInfo | undefined {
  const bound = [...new Set([...sg.inputs, ...sg.outputs])].map((v) => {
    const [root, offset] = rootOf(v);
    return { root, start: offset, end: offset + byteSize(v.type) };
  });
  for (const [i, a] of bound.entries()) {
    for (const b of bound.slice(i + 1)) {
      if (a.root !== b.root || a.end <= b.start || b.end <= a.start) continue;
      for (const concat of chosen.keys()) if (concat.outputs[0] === a.root) return concat;
    }
  }
  return undefined;
}
