// view-concats: a concat along an axis with only size-1 dimensions before it lays its inputs end
// to end, so each input's producer can write straight into its part of the result and the copy
// goes away (SqueezeNet's fire modules, Inception's branches). The result is planned as one tensor;
// each input becomes a view of it at its byte offset. Not when an input is a constant, a program
// input or output, a view already, or appears twice; when the result is a program output; when a
// part's offset is not a multiple of the binding alignment (256 bytes); or when some dispatch would
// bind two overlapping ranges (the result and one of its parts: WebGPU forbids two writable
// bindings of one range in a dispatch). A concat whose inputs begin a longer one's is a view of
// that one's first bytes (DenseNet's dense blocks: every layer's concat is the start of the block's).
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
    const candidates = s.schedule.filter((sg) => {
      const op = sg.ops[0]!;
      return sg.ops.length === 1 && sg.outputs.length === 1 && op.results[0] === sg.outputs[0] && contiguousParts(op) && !s.graph.returned.has(sg.outputs[0]!);
    });
    // A concat whose inputs begin another's (DenseNet: each layer concatenates the block's features
    // so far, the next layer the same and one more) is the first bytes of the longest such one: its
    // result is a view there, and only that one lays out the parts.
    const operands = (sg: SubgraphInfo) => sg.ops[0]!.operands;
    const begins = (a: SubgraphInfo, b: SubgraphInfo) => a !== b && operands(a).length < operands(b).length && operands(a).every((x, i) => operands(b)[i] === x);
    const rootOf = new Map<SubgraphInfo, SubgraphInfo>();
    for (const sg of candidates) {
      const longer = candidates.filter((c) => begins(sg, c));
      const root = longer.reduce<SubgraphInfo | undefined>((r, c) => (!r || operands(c).length > operands(r).length ? c : r), undefined);
      // Only a chain: every longer one must begin the longest (not two branches sharing a start).
      if (root && longer.every((c) => c === root || begins(c, root))) rootOf.set(sg, root);
    }
    const claimed = new Set<Value>();
    const chosen = new Map<SubgraphInfo, Map<Value, View>>();
    for (const sg of candidates) {
      if (rootOf.has(sg)) continue;
      const op = sg.ops[0]!;
      const offsets = contiguousParts(op)!;
      const whole = sg.outputs[0]!;
      const parts = op.operands;
      const ok = parts.every((x, i) => written.has(x) && !claimed.has(x) && parts.indexOf(x) === i && !s.aliases.has(x)
        && !s.graph.returned.has(x) && byteSize(x.type) > 0 && offsets[i]! % alignment === 0);
      if (!ok) continue;
      parts.forEach((x) => claimed.add(x));
      chosen.set(sg, new Map(parts.map((x, i) => [x, { of: whole, offset: offsets[i]!, part: true }])));
    }
    /** The chosen concats that are the first bytes of a chosen one: each with the result it views. */
    const prefixes = () => new Map([...rootOf].filter(([, root]) => chosen.has(root)));
    // Drop concats whose result a remaining dispatch would bind beside one of its parts (with the concats that view it).
    for (let changed = true; changed;) {
      changed = false;
      const views = new Map([...chosen.values()].flatMap((m) => [...m]));
      for (const [prefix, root] of prefixes()) views.set(prefix.outputs[0]!, { of: root.outputs[0]!, offset: 0 });
      // A loop, not recursion: a chain of views is as long as the model.
      const rootValue = (v: Value): [Value, number] => {
        let offset = 0;
        for (let view = views.get(v) ?? s.aliases.get(v); view; view = views.get(v) ?? s.aliases.get(v)) {
          offset += view.offset;
          v = view.of;
        }
        return [v, offset];
      };
      const elided = new Set([...chosen.keys(), ...prefixes().keys()]);
      for (const sg of s.schedule) {
        if (elided.has(sg)) continue;
        const culprit = overlapping(sg, rootValue, chosen);
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
    const viewed = prefixes();
    for (const [sg, root] of viewed) {
      s.aliases.set(sg.outputs[0]!, { of: root.outputs[0]!, offset: 0, writtenBy: operands(sg) });
      s.decision(sg.ops[0]!).taken!.subgraph = `(the first bytes of ${root.outputs[0]!.nameHint ? `%${root.outputs[0]!.nameHint}` : 'a longer concat'}: no kernel)`;
    }
    s.schedule = s.schedule.filter((sg) => !chosen.has(sg) && !viewed.has(sg));
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
