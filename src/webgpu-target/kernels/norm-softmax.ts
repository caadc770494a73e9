// Softmax / log_softmax / hardmax along an axis, and the normalizations (batch, instance, layer,
// lrn): each output element loops over what it is normalized by. Statistics are recomputed per
// element — exact, not fast; a shared-memory reduction replaces this for speed.
import type { Operation, Value } from '../../ir';
import { type KernelBuilder, KernelDecline, type Scope, convert, generator, literal, scalarOf } from '../wgsl/builder';
import { ctxOf, loops, normAxis } from './helpers';

const MAX_F32 = '3.4028234663852886e38f';

function requireFloat(op: Operation): void {
  if (scalarOf(op.operands[0]!.type.element) !== 'f32') throw new KernelDecline(`cgc_op.${op.opName} is generated for floats only`);
}

/** Loops `axes` of `x` (others fixed at `coords`), calling `body` with the pulled value's expression. */
function over(b: KernelBuilder, scope: Scope, x: Value, coords: readonly string[], axes: readonly number[], body: (inner: Scope, v: string) => void): void {
  const vars = axes.map(() => b.fresh('j'));
  const at = coords.map((c, i) => (axes.includes(i) ? vars[axes.indexOf(i)]! : c));
  loops(scope, vars, axes.map((a) => x.type.shape[a]!), (inner) => body(inner, convert(b.value(x, at, inner), 'f32')));
}

for (const kind of ['softmax', 'log_softmax', 'hardmax'] as const) {
  generator(kind, (b, op, coords, scope) => {
    requireFloat(op);
    const x = op.operands[0]!;
    const axis = normAxis(ctxOf(op).int('axis'), x.type.shape.length);
    const mx = b.fresh('mx');
    scope.emit(`var ${mx} = -${MAX_F32};`);
    over(b, scope, x, coords, [axis], (inner, v) => inner.emit(`${mx} = max(${mx}, ${v});`));
    const self = convert(b.value(x, coords, scope), 'f32');
    if (kind === 'hardmax') {
      // 1 at the first position holding the maximum.
      const first = b.fresh('first');
      scope.emit(`var ${first} = ${x.type.shape[axis]}i;`);
      const j = b.fresh('j');
      loops(scope, [j], [x.type.shape[axis]!], (inner) => {
        const v = convert(b.value(x, coords.map((c, i) => (i === axis ? j : c)), inner), 'f32');
        inner.emit(`if (${v} == ${mx} && ${j} < ${first}) { ${first} = ${j}; }`);
      });
      return { expr: `select(0.0f, 1.0f, ${coords[axis]} == ${first})`, type: 'f32' };
    }
    const sum = b.fresh('sum');
    scope.emit(`var ${sum} = 0.0f;`);
    over(b, scope, x, coords, [axis], (inner, v) => inner.emit(`${sum} += exp(${v} - ${mx});`));
    return kind === 'softmax' ? { expr: `(exp(${self} - ${mx}) / ${sum})`, type: 'f32' } : { expr: `(${self} - ${mx} - log(${sum}))`, type: 'f32' };
  });
}

generator('batch_normalization', (b, op, coords, scope) => {
  requireFloat(op);
  const [x, scale, bias, mean, variance] = op.operands;
  const eps = ctxOf(op).float('epsilon');
  const c = [coords[1]!];
  const f = (v: Value) => convert(b.value(v, c, scope), 'f32');
  return { expr: `((${convert(b.value(x!, coords, scope), 'f32')} - ${f(mean!)}) / sqrt(${f(variance!)} + ${literal(eps, 'f32')}) * ${f(scale!)} + ${f(bias!)})`, type: 'f32' };
});

/** (x − mean) / sqrt(var + eps) over `axes`, two passes for the statistics. */
function normalized(b: KernelBuilder, scope: Scope, x: Value, coords: readonly string[], axes: readonly number[], eps: number): string {
  const n = axes.reduce((k, a) => k * x.type.shape[a]!, 1);
  const mean = b.fresh('mean');
  const vr = b.fresh('var');
  scope.emit(`var ${mean} = 0.0f;`);
  over(b, scope, x, coords, axes, (inner, v) => inner.emit(`${mean} += ${v};`));
  scope.emit(`${mean} = ${mean} / ${literal(n, 'f32')};`);
  scope.emit(`var ${vr} = 0.0f;`);
  over(b, scope, x, coords, axes, (inner, v) => inner.emit(`${vr} += (${v} - ${mean}) * (${v} - ${mean});`));
  return `((${convert(b.value(x, coords, scope), 'f32')} - ${mean}) / sqrt(${vr} / ${literal(n, 'f32')} + ${literal(eps, 'f32')}))`;
}

generator('instance_normalization', (b, op, coords, scope) => {
  requireFloat(op);
  const [x, scale, bias] = op.operands;
  const axes = x!.type.shape.map((_, i) => i).slice(2);
  const norm = normalized(b, scope, x!, coords, axes, ctxOf(op).float('epsilon'));
  return { expr: `(${norm} * ${convert(b.value(scale!, [coords[1]!], scope), 'f32')} + ${convert(b.value(bias!, [coords[1]!], scope), 'f32')})`, type: 'f32' };
});

generator('layer_normalization', (b, op, coords, scope) => {
  requireFloat(op);
  const [x, scale, bias] = op.operands;
  const rank = x!.type.shape.length;
  const axis = normAxis(ctxOf(op).int('axis'), rank);
  const axes = x!.type.shape.map((_, i) => i).slice(axis);
  const norm = normalized(b, scope, x!, coords, axes, ctxOf(op).float('epsilon'));
  const shape = x!.type.shape;
  let e = `${norm} * ${convert(b.valueBroadcast(scale!, coords, shape, scope), 'f32')}`;
  if (bias) e = `${e} + ${convert(b.valueBroadcast(bias, coords, shape, scope), 'f32')}`;
  return { expr: `(${e})`, type: 'f32' };
});

generator('lrn', (b, op, coords, scope) => {
  requireFloat(op);
  const ctx = ctxOf(op);
  const x = op.operands[0]!;
  const size = ctx.int('size');
  const C = x.type.shape[1]!;
  const sq = b.fresh('sq');
  scope.emit(`var ${sq} = 0.0f;`);
  const j = b.fresh('j');
  const lo = Math.floor((size - 1) / 2);
  loops(scope, [j], [size], (inner) => {
    const ch = b.fresh('ch');
    inner.emit(`let ${ch} = ${coords[1]} - ${lo}i + ${j};`);
    const body = inner.child();
    const v = convert(b.value(x, coords.map((c, i) => (i === 1 ? ch : c)), body), 'f32');
    body.emit(`${sq} += ${v} * ${v};`);
    inner.emit(`if (${ch} >= 0i && ${ch} < ${C}i) {`);
    inner.lines.push(...body.lines);
    inner.emit('}');
  });
  const self = convert(b.value(x, coords, scope), 'f32');
  return { expr: `(${self} / pow(${literal(ctx.float('bias'), 'f32')} + ${literal(ctx.float('alpha') / size, 'f32')} * ${sq}, ${literal(ctx.float('beta'), 'f32')}))`, type: 'f32' };
});
