// scatter_elements and scatter_nd as pulls: each output element starts from data's and combines, in
// index order, every update whose index lands on it — so a repeated index with reduction "none"
// keeps the last update, as the CPU reference applies them. A thread scans the updates that could
// land on it: those along the axis (scatter_elements) or every index tuple (scatter_nd).
import type { Operation, Value } from '../../ir';
import { type KernelBuilder, type Scope, type Typed, convert, generator, scalarOf } from '../wgsl/builder';
import { ctxOf, loops, normAxis, when } from './helpers';

/** `acc` combined with update `u` by `reduction`, rounded to half each step for float16 (as the reference stores each step). */
function combine(op: Operation, acc: string, u: string): string {
  const reduction = ctxOf(op).string('reduction');
  const e = op.results[0]!.type.element;
  const t = scalarOf(e);
  const f = reduction === 'add' ? `${acc} + ${u}` : reduction === 'mul' ? `${acc} * ${u}` : reduction === 'max' ? `max(${acc}, ${u})` : reduction === 'min' ? `min(${acc}, ${u})` : u;
  return e === 'float16' && reduction !== 'none' && t === 'f32' ? `round_half(${f})` : f;
}

/** `var acc = data at coords`, then `scan` emits the updates' combining into `acc`. */
function scatterPull(b: KernelBuilder, op: Operation, coords: readonly string[], scope: Scope, scan: (acc: string) => void): Typed {
  const t = scalarOf(op.results[0]!.type.element);
  const acc = b.fresh('acc');
  scope.emit(`var ${acc} = ${convert(b.value(op.operands[0]!, coords, scope), t)};`);
  scan(acc);
  return { expr: acc, type: t };
}

/** The index `v` (an i32 expression) counted from the end when negative, for a dimension of `dim`. */
function fromEnd(b: KernelBuilder, scope: Scope, v: Typed, dim: number): string {
  const k = b.fresh('k');
  scope.emit(`let ${k} = select(${convert(v, 'i32')}, ${convert(v, 'i32')} + ${dim}i, ${convert(v, 'i32')} < 0i);`);
  return k;
}

generator('scatter_elements', (b, op, coords, scope) => {
  const [data, indices, updates] = op.operands as [Value, Value, Value];
  const axis = normAxis(ctxOf(op).int('axis'), data.type.shape.length);
  const us = updates.type.shape;
  const t = scalarOf(op.results[0]!.type.element);
  return scatterPull(b, op, coords, scope, (acc) => {
    // Only updates sharing this element's coordinates off the axis can land on it.
    const inside = coords.flatMap((c, i) => (i !== axis && us[i]! < data.type.shape[i]! ? [`${c} < ${us[i]}i`] : [])).join(' && ') || 'true';
    when(scope, inside, (s) => {
      const j = b.fresh('j');
      loops(s, [j], [us[axis]!], (inner) => {
        const at = coords.map((c, i) => (i === axis ? j : c));
        const k = fromEnd(b, inner, b.value(indices, at, inner), data.type.shape[axis]!);
        when(inner, `${k} == ${coords[axis]}`, (hit) => hit.emit(`${acc} = ${combine(op, acc, convert(b.value(updates, at, hit), t))};`));
      });
    });
  });
});

generator('scatter_nd', (b, op, coords, scope) => {
  const [data, indices, updates] = op.operands as [Value, Value, Value];
  const is = indices.type.shape;
  const depth = is[is.length - 1]!;
  const tuples = is.slice(0, -1);
  const t = scalarOf(op.results[0]!.type.element);
  return scatterPull(b, op, coords, scope, (acc) => {
    const vars = tuples.map(() => b.fresh('n'));
    loops(scope, vars, tuples, (inner) => {
      const hits = Array.from({ length: depth }, (_, d) => `${fromEnd(b, inner, b.value(indices, [...vars, `${d}i`], inner), data.type.shape[d]!)} == ${coords[d]}`);
      when(inner, hits.join(' && ') || 'true', (hit) => hit.emit(`${acc} = ${combine(op, acc, convert(b.value(updates, [...vars, ...coords.slice(depth)], hit), t))};`));
    });
  });
});
