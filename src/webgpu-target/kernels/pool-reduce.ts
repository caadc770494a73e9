// Pooling (max, average with or without padding in the count, lp; global forms) and reductions
// (sum, mean, max, min, prod, l1, l2, log-sum, log-sum-exp, sum of squares) by looping over the
// window or the reduced axes; an elementwise prologue fuses into the pulled input. The window's
// extents shape the code (unrolled taps, loops); strides, padding, dilations and extents are sizes.
import { type Operation, type Value, numElements } from '../../ir';
import { type KernelBuilder, KernelDecline, type Scalar, type Scope, type Typed, convert, generator, literal, scalarOf } from '../wgsl/builder';
import { size } from '../wgsl/params';
import { ctxOf, loops, normAxis, when } from './helpers';

const MAX_F32 = '3.4028234663852886e38f';

for (const kind of ['max_pool', 'average_pool', 'lp_pool'] as const) {
  generator(kind, (b, op, coords, scope) => {
    const ctx = ctxOf(op);
    const x = op.operands[0]!;
    const win = ctx.ints('window_size');
    const s = ctx.ints('strides');
    const d = ctx.ints('dilations');
    const p = ctx.ints('start_padding');
    const pe = ctx.ints('end_padding');
    const inShape = x.type.shape;
    const t: Scalar = scalarOf(x.type.element);
    if (kind !== 'max_pool' && t !== 'f32') throw new KernelDecline(`${kind} is generated for floats only`);
    if (kind === 'max_pool' && clampedTaps(win, s, d, p, inShape.slice(2), op.results[0]!.type.shape.slice(2))) {
      // Every window overlaps the input, so a tap past its edge, clamped into it, reads an element
      // of its own window again and leaves the maximum as it is: the taps unrolled, with no branches,
      // their loads independent (a pooling a convolution reads its input through does this per
      // value it loads).
      const corner = win.map((_, j) => {
        const v = b.fresh('o');
        scope.emit(`let ${v} = ${coords[2 + j]} * ${size(s[j]!)} - ${size(p[j]!)};`);
        return v;
      });
      const taps: string[] = [];
      const visit = (j: number, at: string[]) => {
        if (j === win.length) {
          taps.push(b.value(x, [coords[0]!, coords[1]!, ...at], scope).expr);
          return;
        }
        for (let k = 0; k < win[j]!; k++) {
          const v = b.fresh('i');
          scope.emit(`let ${v} = clamp(${corner[j]} + ${k}i, 0i, ${size(inShape[2 + j]! - 1)});`);
          visit(j + 1, [...at, v]);
        }
      };
      visit(0, []);
      const acc = b.fresh('acc');
      scope.emit(`let ${acc} = ${taps.reduce((m, v) => `max(${m}, ${v})`)};`);
      return { expr: acc, type: t };
    }
    const acc = b.fresh('acc');
    const cnt = b.fresh('cnt');
    scope.emit(`var ${acc} = ${kind === 'max_pool' ? (t === 'f32' ? `-${MAX_F32}` : '-2147483647i') : literal(0, t)};`);
    scope.emit(`var ${cnt} = 0i;`);
    const kv = win.map(() => b.fresh('k'));
    loops(scope, kv, win, (inner) => {
      const iv = kv.map(() => b.fresh('i'));
      iv.forEach((v, j) => inner.emit(`let ${v} = ${coords[2 + j]} * ${size(s[j]!)} - ${size(p[j]!)} + ${kv[j]} * ${size(d[j]!)};`));
      if (kind === 'average_pool' && ctx.bool('include_padding')) {
        // ONNX counts padded positions inside [−pad_start, in + pad_end), not ones past it (ceil_mode).
        when(inner, iv.map((v, j) => `${v} < ${size(inShape[2 + j]! + pe[j]!)}`).join(' && '), (c) => c.emit(`${cnt}++;`));
      }
      when(inner, iv.map((v, j) => `${v} >= 0i && ${v} < ${size(inShape[2 + j]!)}`).join(' && '), (body) => {
        const xv = b.value(x, [coords[0]!, coords[1]!, ...iv], body);
        if (kind === 'max_pool') body.emit(`${acc} = max(${acc}, ${xv.expr});`);
        else if (kind === 'lp_pool') body.emit(`${acc} += pow(abs(${xv.expr}), ${literal(ctx.int('p'), 'f32')});`);
        else body.emit(`${acc} += ${xv.expr};`);
        if (!(kind === 'average_pool' && ctx.bool('include_padding'))) body.emit(`${cnt}++;`);
      });
    });
    if (kind === 'average_pool') return { expr: `(${acc} / f32(max(${cnt}, 1i)))`, type: 'f32' };
    if (kind === 'lp_pool') return { expr: `pow(${acc}, ${literal(1 / ctx.int('p'), 'f32')})`, type: 'f32' };
    return { expr: acc, type: t };
  });
}

// Where each maximum is, as the reference finds it: the first in-bounds tap, then each tap above the
// running maximum (from the lowest value, so NaN is skipped); flat in x, row- or column-major spatially.
generator('max_pool_indices', (b, op, coords, scope) => {
  const ctx = ctxOf(op);
  const x = op.operands[0]!;
  const [win, s, d, p] = [ctx.ints('window_size'), ctx.ints('strides'), ctx.ints('dilations'), ctx.ints('start_padding')];
  const spatial = x.type.shape.slice(2);
  const t: Scalar = scalarOf(x.type.element);
  const [best, at] = [b.fresh('best'), b.fresh('at')];
  scope.emit(`var ${best} = ${t === 'f32' ? `-${MAX_F32}` : '-2147483647i'};`);
  scope.emit(`var ${at} = -1i;`);
  const kv = win.map(() => b.fresh('k'));
  loops(scope, kv, win, (inner) => {
    const iv = kv.map(() => b.fresh('i'));
    iv.forEach((v, j) => inner.emit(`let ${v} = ${coords[2 + j]} * ${s[j]}i - ${p[j]}i + ${kv[j]} * ${d[j]}i;`));
    when(inner, iv.map((v, j) => `${v} >= 0i && ${v} < ${spatial[j]}i`).join(' && '), (body) => {
      const xv = b.value(x, [coords[0]!, coords[1]!, ...iv], body);
      const order = ctx.int('storage_order') === 1 ? iv.map((_, j) => j).reverse() : iv.map((_, j) => j);
      const pos = order.slice(1).reduce((acc, j) => `(${acc}) * ${spatial[j]}i + ${iv[j]}`, iv[order[0]!]!);
      body.emit(`if (${at} < 0i) { ${at} = ${pos}; }`);
      body.emit(`if (${xv.expr} > ${best}) { ${best} = ${xv.expr}; ${at} = ${pos}; }`);
    });
  });
  const plane = spatial.reduce((a, v) => a * v, 1);
  return { expr: `((${coords[0]} * ${x.type.shape[1]}i + ${coords[1]}) * ${plane}i + ${at})`, type: 'i32' };
});

/** Most taps a max pooling window unrolls into (3×3×3). */
const MAX_UNROLLED_TAPS = 27;

/**
 * Whether a max pooling's taps may be clamped into the input: an undilated window of at most
 * MAX_UNROLLED_TAPS taps, each of whose windows overlaps the input (start padding under the window
 * size; the last window starting inside the input).
 */
function clampedTaps(win: readonly number[], s: readonly number[], d: readonly number[], p: readonly number[], input: readonly number[], output: readonly number[]): boolean {
  return win.reduce((n, k) => n * k, 1) <= MAX_UNROLLED_TAPS && d.every((v) => v === 1)
    && win.every((k, j) => p[j]! < k && (output[j]! - 1) * s[j]! - p[j]! <= input[j]! - 1);
}

for (const kind of ['global_average_pool', 'global_max_pool', 'global_lp_pool'] as const) {
  generator(kind, (b, op, coords, scope) => {
    const x = op.operands[0]!;
    if (scalarOf(x.type.element) !== 'f32') throw new KernelDecline(`${kind} is generated for floats only`);
    const spatial = x.type.shape.slice(2);
    const acc = b.fresh('acc');
    scope.emit(`var ${acc} = ${kind === 'global_max_pool' ? `-${MAX_F32}` : '0.0f'};`);
    const kv = spatial.map(() => b.fresh('k'));
    const p = kind === 'global_lp_pool' ? ctxOf(op).int('p') : 2;
    loops(scope, kv, spatial, (inner) => {
      const xv = b.value(x, [coords[0]!, coords[1]!, ...kv], inner);
      if (kind === 'global_max_pool') inner.emit(`${acc} = max(${acc}, ${xv.expr});`);
      else if (kind === 'global_lp_pool') inner.emit(`${acc} += pow(abs(${xv.expr}), ${literal(p, 'f32')});`);
      else inner.emit(`${acc} += ${xv.expr};`);
    });
    if (kind === 'global_average_pool') return { expr: `(${acc} / ${literal(numElements(spatial), 'f32')})`, type: 'f32' };
    if (kind === 'global_lp_pool') return { expr: `pow(${acc}, ${literal(1 / p, 'f32')})`, type: 'f32' };
    return { expr: acc, type: 'f32' };
  });
}

/**
 * A reduction: its identity, how an element folds into a partial, how two partials combine, and the
 * result from the total of n elements. The element kernels below loop over the reduced axes with it;
 * row kernels (row-kernel.ts) fold and combine partials across a workgroup.
 */
export interface Reduction {
  init(t: Scalar): string;
  step(acc: string, x: string): string;
  combine(a: string, b: string): string;
  finish?(acc: string, n: number): string;
  /** Generated for floats only. */
  readonly float?: boolean;
}

const add = (a: string, b: string) => `${a} + ${b}`;

export const REDUCTIONS: Readonly<Record<string, Reduction>> = {
  reduce_sum: { init: (t) => literal(0, t), step: add, combine: add },
  reduce_mean: { init: () => '0.0f', step: add, combine: add, finish: (a, n) => `${a} / ${literal(n, 'f32')}`, float: true },
  reduce_max: { init: (t) => (t === 'f32' ? `-${MAX_F32}` : '-2147483647i'), step: (a, x) => `max(${a}, ${x})`, combine: (a, b) => `max(${a}, ${b})` },
  reduce_min: { init: (t) => (t === 'f32' ? MAX_F32 : '2147483647i'), step: (a, x) => `min(${a}, ${x})`, combine: (a, b) => `min(${a}, ${b})` },
  reduce_prod: { init: (t) => literal(1, t), step: (a, x) => `${a} * ${x}`, combine: (a, b) => `${a} * ${b}` },
  reduce_l1: { init: (t) => literal(0, t), step: (a, x) => `${a} + abs(${x})`, combine: add },
  reduce_l2: { init: () => '0.0f', step: (a, x) => `${a} + ${x} * ${x}`, combine: add, finish: (a) => `sqrt(${a})`, float: true },
  reduce_log_sum: { init: () => '0.0f', step: add, combine: add, finish: (a) => `select(log(${a}), nan_f32(), ${a} < 0.0f)`, float: true },
  reduce_sum_square: { init: (t) => literal(0, t), step: (a, x) => `${a} + ${x} * ${x}`, combine: add },
};

for (const [name, r] of Object.entries(REDUCTIONS)) {
  generator(name, (b, op, coords, scope) => {
    const [x, t, axes, keep] = reduceSetup(op);
    if (r.float && t !== 'f32') throw new KernelDecline(`cgc_op.${name} is generated for floats only`);
    const acc = b.fresh('acc');
    scope.emit(`var ${acc} = ${r.init(t)};`);
    const n = reduceLoop(b, op, coords, scope, x, axes, keep, (inner, xv) => inner.emit(`${acc} = ${r.step(acc, convert(xv, t))};`));
    return { expr: r.finish ? r.finish(acc, n) : acc, type: t };
  });
}

generator('reduce_log_sum_exp', (b, op, coords, scope) => {
  const [x, t, axes, keep] = reduceSetup(op);
  if (t !== 'f32') throw new KernelDecline('reduce_log_sum_exp is generated for floats only');
  const mx = b.fresh('mx');
  const acc = b.fresh('acc');
  scope.emit(`var ${mx} = -${MAX_F32};`);
  reduceLoop(b, op, coords, scope, x, axes, keep, (inner, xv) => inner.emit(`${mx} = max(${mx}, ${xv.expr});`));
  scope.emit(`var ${acc} = 0.0f;`);
  reduceLoop(b, op, coords, scope, x, axes, keep, (inner, xv) => inner.emit(`${acc} += exp(${xv.expr} - ${mx});`));
  return { expr: `(${mx} + log(${acc}))`, type: 'f32' };
});

function reduceSetup(op: Operation): [Value, Scalar, number[], boolean] {
  const x = op.operands[0]!;
  return [x, scalarOf(x.type.element), reducedAxes(op), ctxOf(op).bool('keep_dims')];
}

/** The axes a reduction reduces: its `axes`, or every axis where those are empty (unless noop_with_empty_axes). */
export function reducedAxes(op: Operation): number[] {
  const ctx = ctxOf(op);
  const rank = op.operands[0]!.type.shape.length;
  const given = ctx.ints('axes').map((a) => normAxis(a, rank));
  return given.length || ctx.bool('noop_with_empty_axes') ? given : Array.from({ length: rank }, (_, i) => i);
}

/** Loops over the reduced axes, pulling the input at each position; returns the count of elements. */
function reduceLoop(
  b: KernelBuilder, _op: Operation, coords: readonly string[], scope: Scope, x: Value, axes: number[], keep: boolean,
  body: (inner: Scope, xv: Typed) => void,
): number {
  const shape = x.type.shape;
  const vars = axes.map(() => b.fresh('r'));
  let o = 0;
  const inCoords = shape.map((_, i) => {
    const k = axes.indexOf(i);
    if (k >= 0) {
      if (keep) o++;
      return vars[k]!;
    }
    return coords[o++]!;
  });
  loops(scope, vars, axes.map((a) => shape[a]!), (inner) => body(inner, b.value(x, inCoords, inner)));
  return axes.reduce((n, a) => n * shape[a]!, 1);
}
