// dft and stft as direct sums: each output element (frequency k, real or imaginary part) loops over
// the L samples of its signal, the angle 2π·(k·n mod L)/L reduced exactly in integers so that f32
// cos/sin see arguments in [0, 2π). O(L²) per transform — meant for audio frames (L ≤ a few thousand).
import type { Value } from '../../ir';
import { type KernelBuilder, type Scope, type Typed, convert, generator, literal } from '../wgsl/builder';
import { ctxOf, normAxis } from './helpers';

/**
 * Emits Σ_{n < count} (re(n) + i·im(n))·e^{±2πi·k·n/L} and returns the expression for the part at
 * coordinate `part` (0 real, 1 imaginary). `sample(n, comp, scope)` pulls component comp of sample n.
 */
function directSum(
  b: KernelBuilder, scope: Scope, k: string, part: string, count: number, L: number, inverse: boolean, complex: boolean,
  sample: (n: string, comp: number, s: Scope) => string,
): Typed {
  const [sr, si, m, n] = [b.fresh('sr'), b.fresh('si'), b.fresh('m'), b.fresh('n')];
  scope.emit(`var ${sr} = 0.0f;`);
  scope.emit(`var ${si} = 0.0f;`);
  scope.emit(`var ${m} = 0i;`);
  scope.emit(`for (var ${n} = 0i; ${n} < ${count}i; ${n}++) {`);
  const body = scope.child();
  const a = b.fresh('ang');
  body.emit(`let ${a} = f32(${m}) * ${literal(((inverse ? 2 : -2) * Math.PI) / L, 'f32')};`);
  const re = sample(n, 0, body);
  const im = complex ? sample(n, 1, body) : undefined;
  body.emit(`${sr} += ${re} * cos(${a})${im ? ` - ${im} * sin(${a})` : ''};`);
  body.emit(`${si} += ${re} * sin(${a})${im ? ` + ${im} * cos(${a})` : ''};`);
  body.emit(`${m} = (${m} + ${k}) % ${L}i;`);
  scope.lines.push(...body.lines);
  scope.emit('}');
  const scale = inverse ? ` * ${literal(1 / L, 'f32')}` : '';
  return { expr: `select(${sr}, ${si}, ${part} == 1i)${scale}`, type: 'f32' };
}

generator('dft', (b, op, coords, scope) => {
  const ctx = ctxOf(op);
  const x = op.operands[0]! as Value;
  const shape = x.type.shape;
  const rank = shape.length;
  const axis = normAxis(ctx.int('axis'), rank);
  const len = shape[axis]!;
  const L = op.attributes.has('length') ? ctx.int('length') : len;
  const complex = shape[rank - 1] === 2;
  return directSum(b, scope, coords[axis]!, coords[rank - 1]!, Math.min(len, L), L, ctx.bool('inverse'), complex,
    (n, comp, s) => convert(b.value(x, coords.map((c, i) => (i === axis ? n : i === rank - 1 ? `${comp}i` : c)), s), 'f32'));
});

generator('stft', (b, op, coords, scope) => {
  const ctx = ctxOf(op);
  const [signal, window] = op.operands as [Value, Value | undefined];
  const step = ctx.int('frame_step');
  const L = ctx.int('frame_length');
  const complex = signal.type.shape[2] === 2;
  const [batch, frame, k, part] = coords as [string, string, string, string];
  return directSum(b, scope, k, part, L, L, false, complex, (n, comp, s) => {
    const v = convert(b.value(signal, [batch, `${frame} * ${step}i + ${n}`, `${comp}i`], s), 'f32');
    return window ? `(${v} * ${convert(b.value(window, [n], s), 'f32')})` : v;
  });
});
