// Data movement as index maps: each output element pulls the one input element it copies —
// transpose, reshape family, expand, tile, concat, split, slice, pad, gather(_elements, _nd),
// depth/space rearrangements, trilu, one_hot and cumsum.
import type { ElementType, Value } from '../../ir';
import { type Generator, type KernelBuilder, KernelDecline, type Scalar, type Scope, type Typed, convert, flatOffset, generator, literal, scalarOf, strides } from '../wgsl/builder';
import { ctxOf, loops, normAxis } from './helpers';
import { size } from '../wgsl/params';

const typeOf = (v: Value) => scalarOf(v.type.element);

/** The coordinates in `to` of flat element `flat` (an i32 expression below the product of `to`). */
function unflatten(b: KernelBuilder, scope: Scope, flat: string, to: readonly number[]): string[] {
  const st = strides(to);
  return to.map((d, i) => {
    if (d === 1) return '0i';
    const v = b.fresh('u');
    scope.emit(`let ${v} = ${i === 0 ? `(${flat}) / ${size(st[i]!)}` : st[i] === 1 ? `(${flat}) % ${size(d)}` : `(${flat}) / ${size(st[i]!)} % ${size(d)}`};`);
    return v;
  });
}

/** Pulls from one of several sources chosen at run time: `var r; if (cond0) { r = … } else if …`. */
function choose(b: KernelBuilder, scope: Scope, t: 'f32' | 'i32', branches: { cond: string; pull: (s: Scope) => Typed }[], fallback: string): Typed {
  const r = b.fresh('r');
  scope.emit(`var ${r} = ${fallback};`);
  branches.forEach((br, i) => {
    const inner = scope.child();
    const v = br.pull(inner);
    inner.emit(`${r} = ${convert(v, t)};`);
    scope.emit(`${i === 0 ? '' : '} else '}if (${br.cond}) {`);
    scope.lines.push(...inner.lines);
  });
  if (branches.length) scope.emit('}');
  return { expr: r, type: t };
}

/**
 * The coordinates in source shape `to` of coordinates `coords` in a reshape's result shape `from`.
 * Size-1 dimensions aside, both shapes split into runs of dimensions with equal products, and each
 * run maps on its own: one dimension on each side is the same coordinate, several result dimensions
 * onto one source dimension are a sum of products, and only a source run of several dimensions
 * divides (a transformer's [tokens, d] ↔ [tokens, heads, d/heads] divides by nothing).
 */
export function reshapeCoords(b: KernelBuilder, scope: Scope, coords: readonly string[], from: readonly number[], to: readonly number[]): string[] {
  const out = to.map(() => '0i');
  const rs = from.flatMap((d, i) => (d === 1 ? [] : [i]));
  const ss = to.flatMap((d, i) => (d === 1 ? [] : [i]));
  let i = 0;
  let j = 0;
  while (i < rs.length && j < ss.length) {
    const ri = [rs[i++]!];
    const sj = [ss[j++]!];
    let pr = from[ri[0]!]!;
    let ps = to[sj[0]!]!;
    while (pr !== ps) {
      if (pr < ps) pr *= from[ri[ri.push(rs[i++]!) - 1]!]!;
      else ps *= to[sj[sj.push(ss[j++]!) - 1]!]!;
    }
    const flat = flatOffset(ri.map((r) => coords[r]!), ri.map((r) => from[r]!));
    if (sj.length === 1) {
      out[sj[0]!] = ri.length === 1 ? coords[ri[0]!]! : `(${flat})`;
      continue;
    }
    const f = b.fresh('u');
    scope.emit(`let ${f} = ${flat};`);
    unflatten(b, scope, f, sj.map((s) => to[s]!)).forEach((c, k) => { out[sj[k]!] = c; });
  }
  return out;
}

for (const name of ['reshape', 'flatten', 'squeeze', 'unsqueeze']) {
  generator(name, (b, op, coords, scope) => {
    const x = op.operands[0]!;
    return b.value(x, reshapeCoords(b, scope, coords, op.results[0]!.type.shape, x.type.shape), scope);
  });
}

generator('transpose', (b, op, coords, scope) => {
  const x = op.operands[0]!;
  const perm = ctxOf(op).ints('permutation');
  const at = new Array<string>(perm.length);
  perm.forEach((p, i) => { at[p] = coords[i]!; });
  return b.value(x, at, scope);
});

generator('expand', (b, op, coords, scope) => b.valueBroadcast(op.operands[0]!, coords, op.results[0]!.type.shape, scope));

generator('tile', (b, op, coords, scope) => {
  const x = op.operands[0]!;
  return b.value(x, coords.map((c, i) => (x.type.shape[i] === 1 ? '0i' : `${c} % ${size(x.type.shape[i]!)}`)), scope);
});

/**
 * The concat generator for coordinates along the axis in [from, to): it reads only the operands laid
 * there (a kernel writing that slice of the result binds only them, kernels/concat-chunks.ts).
 */
export function concatGenerator(from = 0, to = Infinity): Generator {
  return (b, op, coords, scope) => {
    const axis = normAxis(ctxOf(op).int('axis'), op.results[0]!.type.shape.length);
    let start = 0;
    const branches = op.operands.filter((v) => v.type.shape[axis]! > 0).flatMap((v) => {
      const lo = start;
      start += v.type.shape[axis]!;
      if (start <= from || lo >= to) return [];
      return [{ cond: `${coords[axis]} < ${start}i`, pull: (s: Scope) => b.value(v, coords.map((c, i) => (i === axis ? `${c} - ${lo}i` : c)), s) }];
    });
    return choose(b, scope, typeOf(op.results[0]!), branches, literal(0, typeOf(op.results[0]!)));
  };
}

generator('concat', concatGenerator());

generator('split', (b, op, coords, scope, index) => {
  const axis = normAxis(ctxOf(op).int('axis'), op.operands[0]!.type.shape.length);
  const offset = op.results.slice(0, index).reduce((n, r) => n + r.type.shape[axis]!, 0);
  return b.value(op.operands[0]!, coords.map((c, i) => (i === axis ? `${c} + ${offset}i` : c)), scope);
});

generator('slice', (b, op, coords, scope) => {
  const x = op.operands[0]!;
  const ctx = ctxOf(op);
  const rank = x.type.shape.length;
  const axes = (op.attributes.has('axes') ? ctx.ints('axes') : x.type.shape.map((_, i) => i)).map((a) => normAxis(a, rank));
  const starts = ctx.ints('starts');
  const steps = op.attributes.has('steps') ? ctx.ints('steps') : axes.map(() => 1);
  const at = coords.map((c, i) => {
    const k = axes.indexOf(i);
    if (k < 0) return c;
    const dim = x.type.shape[i]!;
    const step = steps[k]!;
    let s = starts[k]!;
    s = s < 0 ? s + dim : s;
    s = step > 0 ? Math.min(Math.max(s, 0), dim) : Math.min(Math.max(s, -1), dim - 1);
    return `(${s}i + ${c} * ${step}i)`;
  });
  return b.value(x, at, scope);
});

/** A float attribute as a value of element type `e`: a bool is any nonzero value (0.5 is true), as the CPU reference stores it. */
function valueLiteral(v: number, e: ElementType, t: Scalar): string {
  return literal(e === 'bool' ? Number(v !== 0) : v, t);
}

generator('pad', (b, op, coords, scope) => {
  const x = op.operands[0]!;
  const ctx = ctxOf(op);
  const mode = ctx.string('mode');
  const sp = ctx.ints('start_padding');
  const t = typeOf(x);
  const shape = x.type.shape;
  const rel = coords.map((c, i) => `(${c} - ${sp[i]}i)`);
  if (mode === 'constant') {
    const inside = rel.map((r, i) => `${r} >= 0i && ${r} < ${shape[i]}i`).join(' && ') || 'true';
    return choose(b, scope, t, [{ cond: inside, pull: (s) => b.value(x, rel, s) }], valueLiteral(ctx.float('value'), x.type.element, t));
  }
  const at = rel.map((r, i) => {
    const d = shape[i]!;
    const v = b.fresh('p');
    if (mode === 'edge') scope.emit(`let ${v} = clamp(${r}, 0i, ${d - 1}i);`);
    else if (mode === 'wrap') scope.emit(`let ${v} = ((${r} % ${d}i) + ${d}i) % ${d}i;`);
    else {
      // reflect: mirror without repeating the edge, period 2(d − 1).
      if (d === 1) scope.emit(`let ${v} = 0i;`);
      else scope.emit(`let ${v} = ${d - 1}i - abs(((((${r}) % ${2 * (d - 1)}i) + ${2 * (d - 1)}i) % ${2 * (d - 1)}i) - ${d - 1}i);`);
    }
    return v;
  });
  return b.value(x, at, scope);
});

generator('gather', (b, op, coords, scope) => {
  const [x, idx] = op.operands;
  const axis = normAxis(ctxOf(op).int('axis'), x!.type.shape.length);
  const q = idx!.type.shape.length;
  const iv = b.value(idx!, coords.slice(axis, axis + q), scope);
  const k = b.fresh('g');
  scope.emit(`let ${k} = select(${iv.expr}, ${iv.expr} + ${size(x!.type.shape[axis]!)}, ${iv.expr} < 0i);`);
  return b.value(x!, [...coords.slice(0, axis), k, ...coords.slice(axis + q)], scope);
});

generator('gather_elements', (b, op, coords, scope) => {
  const [x, idx] = op.operands;
  const axis = normAxis(ctxOf(op).int('axis'), x!.type.shape.length);
  const iv = b.value(idx!, coords, scope);
  const k = b.fresh('g');
  scope.emit(`let ${k} = select(${iv.expr}, ${iv.expr} + ${size(x!.type.shape[axis]!)}, ${iv.expr} < 0i);`);
  return b.value(x!, coords.map((c, i) => (i === axis ? k : c)), scope);
});

/**
 * out[i…, j…] = data[batch…, indices[i…, 0 … k−1], j…]: the thread's tuple of k coordinates (each
 * counted from the end when negative), after the batch_dims coordinates it shares with indices.
 */
generator('gather_nd', (b, op, coords, scope) => {
  const [x, idx] = op.operands as [Value, Value];
  const batch = ctxOf(op).int('batch_dims');
  const tupleDims = idx.type.shape.length - 1;
  const depth = idx.type.shape[tupleDims]!;
  const tuple = coords.slice(0, tupleDims);
  const picked = Array.from({ length: depth }, (_, t) => {
    const iv = b.value(idx, [...tuple, `${t}i`], scope);
    const k = b.fresh('g');
    scope.emit(`let ${k} = select(${iv.expr}, ${iv.expr} + ${size(x.type.shape[batch + t]!)}, ${iv.expr} < 0i);`);
    return k;
  });
  return b.value(x, [...coords.slice(0, batch), ...picked, ...coords.slice(tupleDims)], scope);
});

// Time step t < len_b reads step len_b − 1 − t; the length is clamped to [0, T] so that no read leaves x
// (the CPU reference refuses such a length; on the GPU it cannot be reported).
generator('reverse_sequence', (b, op, coords, scope) => {
  const [x, lens] = op.operands;
  const ctx = ctxOf(op);
  const [bAxis, tAxis] = [ctx.int('batch_axis'), ctx.int('time_axis')];
  const lv = b.value(lens!, [coords[bAxis]!], scope);
  const len = b.fresh('len');
  const t = b.fresh('t');
  scope.emit(`let ${len} = clamp(${lv.expr}, 0i, ${x!.type.shape[tAxis]}i);`);
  scope.emit(`let ${t} = select(${coords[tAxis]}, ${len} - 1i - ${coords[tAxis]}, ${coords[tAxis]} < ${len});`);
  return b.value(x!, coords.map((c, i) => (i === tAxis ? t : c)), scope);
});

generator('depth_to_space', (b, op, coords, scope) => {
  const ctx = ctxOf(op);
  const bs = ctx.int('block_size');
  const C = op.results[0]!.type.shape[1]!;
  const [n, c, h, w] = coords as [string, string, string, string];
  const off = `(${h} % ${bs}i) * ${bs}i + (${w} % ${bs}i)`;
  const ch = ctx.string('mode') === 'DCR' ? `(${off}) * ${C}i + ${c}` : `${c} * ${bs * bs}i + ${off}`;
  return b.value(op.operands[0]!, [n, ch, `${h} / ${bs}i`, `${w} / ${bs}i`], scope);
});

generator('space_to_depth', (b, op, coords, scope) => {
  const bs = ctxOf(op).int('block_size');
  const C = op.operands[0]!.type.shape[1]!;
  const [n, c, h, w] = coords as [string, string, string, string];
  const blk = b.fresh('blk');
  scope.emit(`let ${blk} = ${c} / ${C}i;`);
  return b.value(op.operands[0]!, [n, `${c} % ${C}i`, `${h} * ${bs}i + ${blk} / ${bs}i`, `${w} * ${bs}i + ${blk} % ${bs}i`], scope);
});

generator('trilu', (b, op, coords, scope) => {
  const ctx = ctxOf(op);
  const r = coords.length;
  const [row, col] = [coords[r - 2]!, coords[r - 1]!];
  const keep = ctx.bool('upper') ? `${col} - ${row} >= ${ctx.int('k')}i` : `${col} - ${row} <= ${ctx.int('k')}i`;
  const t = typeOf(op.results[0]!);
  return choose(b, scope, t, [{ cond: keep, pull: (s) => b.value(op.operands[0]!, coords, s) }], literal(0, t));
});

generator('one_hot', (b, op, coords, scope) => {
  const ctx = ctxOf(op);
  const out = op.results[0]!;
  const axis = normAxis(ctx.int('axis'), out.type.shape.length);
  const depth = ctx.int('depth');
  const iv = b.value(op.operands[0]!, coords.filter((_, i) => i !== axis), scope);
  const t = typeOf(out);
  const k = b.fresh('h');
  // ONNX allows float indices: they are truncated to integers.
  const index = convert(iv, 'i32');
  scope.emit(`let ${k} = select(${index}, ${index} + ${depth}i, ${index} < 0i);`);
  const e = op.results[0]!.type.element;
  return { expr: `select(${valueLiteral(ctx.float('off_value'), e, t)}, ${valueLiteral(ctx.float('on_value'), e, t)}, ${k} == ${coords[axis]})`, type: t };
});

generator('cumsum', (b, op, coords, scope) => {
  const ctx = ctxOf(op);
  const x = op.operands[0]!;
  const axis = normAxis(ctx.int('axis'), x.type.shape.length);
  const n = x.type.shape[axis]!;
  const t = typeOf(x);
  const acc = b.fresh('acc');
  scope.emit(`var ${acc} = ${literal(0, t)};`);
  const j = b.fresh('j');
  const c = coords[axis]!;
  const cond = ctx.bool('reverse') ? (ctx.bool('exclusive') ? `${j} > ${c}` : `${j} >= ${c}`) : (ctx.bool('exclusive') ? `${j} < ${c}` : `${j} <= ${c}`);
  loops(scope, [j], [n], (inner) => {
    const body = inner.child();
    const v = b.value(x, coords.map((cc, i) => (i === axis ? j : cc)), body);
    body.emit(`${acc} += ${convert(v, t)};`);
    inner.emit(`if (${cond}) {`);
    inner.lines.push(...body.lines);
    inner.emit('}');
  });
  if (n > 1 << 16) throw new KernelDecline('cumsum along more than 65536 elements is left to the CPU reference');
  return { expr: acc, type: t };
});
