// dft and stft as direct sums: each output element (frequency k, real or imaginary part) loops over
// the L samples of its signal. The twiddle e^{∓2πi·m/L}, m = k·n mod L, is reduced exactly in integers
// to a quadrant and an angle in [0, π/2) whose sine and cosine are polynomials good to ~1e-7: WGSL only
// promises cos/sin within 2^-11 (SwiftShader is off by 1e-4 at 16 points), far too coarse to sum.
// O(L²) per transform — meant for audio frames (L up to a few thousand).
import type { Value } from '../../ir';
import { type KernelBuilder, type Scope, type Typed, convert, generator, literal } from '../wgsl/builder';
import { ctxOf, normAxis } from './helpers';

/** Emits cos and sin of ±2π·m/L (m an i32 in [0, L)) and returns their names. */
function twiddle(b: KernelBuilder, scope: Scope, m: string, L: number, inverse: boolean): [string, string] {
  const t = b.fresh('tw');
  // 4m = q·L + r: quadrant q, angle φ = (π/2)·r/L in [0, π/2); Taylor terms to φ^11 / φ^12 (error < 1e-7).
  scope.emit(`let ${t}_q = (4i * ${m}) / ${L}i;`);
  scope.emit(`let ${t}_p = f32((4i * ${m}) % ${L}i) * ${literal(Math.PI / 2 / L, 'f32')};`);
  scope.emit(`let ${t}_p2 = ${t}_p * ${t}_p;`);
  const poly = (coeffs: number[]) => coeffs.reduceRight((acc, c) => `(${literal(c, 'f32')} + ${t}_p2 * ${acc})`, '0.0f');
  const fact = (n: number): number => (n <= 1 ? 1 : n * fact(n - 1));
  scope.emit(`let ${t}_s = ${t}_p * ${poly([0, 1, 2, 3, 4, 5].map((k) => (k % 2 ? -1 : 1) / fact(2 * k + 1)))};`);
  scope.emit(`let ${t}_c = ${poly([0, 1, 2, 3, 4, 5, 6].map((k) => (k % 2 ? -1 : 1) / fact(2 * k)))};`);
  // (cos, sin) of q·π/2 + φ, sin negated for the forward transform's e^{−iθ}.
  scope.emit(`let ${t}_cos = select(select(${t}_s, -${t}_c, ${t}_q == 2i), select(-${t}_s, ${t}_c, ${t}_q == 0i), ${t}_q < 2i);`);
  scope.emit(`let ${t}_sin = ${inverse ? '' : '-'}select(select(-${t}_c, -${t}_s, ${t}_q == 2i), select(${t}_c, ${t}_s, ${t}_q == 0i), ${t}_q < 2i);`);
  return [`${t}_cos`, `${t}_sin`];
}

/**
 * Emits Σ_{n < count} (re(n) + i·im(n))·e^{±2πi·k·n/L} and returns the expression for the part at
 * coordinate `part` (0 real, 1 imaginary). `sample(n, comp, scope)` pulls component comp of sample n.
 */
function directSum(
  b: KernelBuilder, scope: Scope, k: string, part: string, count: number, L: number, inverse: boolean, complex: boolean,
  sample: (n: string, comp: number, s: Scope) => string,
): Typed {
  const [sr, si, m, n] = [b.fresh('sr'), b.fresh('si'), b.fresh('m'), b.fresh('n')];
  // Compensated (Kahan) sums: a plain f32 sum of L terms drifts by ~L·ε of their magnitudes, which a
  // later log of a small power (log-mel front ends) turns into 1e-4; the compensation keeps it at ~ε.
  const [cr, ci] = [b.fresh('cr'), b.fresh('ci')];
  for (const v of [sr, si, cr, ci]) scope.emit(`var ${v} = 0.0f;`);
  scope.emit(`var ${m} = 0i;`);
  scope.emit(`for (var ${n} = 0i; ${n} < ${count}i; ${n}++) {`);
  const body = scope.child();
  const [cos, sin] = twiddle(b, body, m, L, inverse);
  const re = sample(n, 0, body);
  const im = complex ? sample(n, 1, body) : undefined;
  const add = (sum: string, carry: string, term: string): void => {
    const [y, t] = [b.fresh('y'), b.fresh('t')];
    body.emit(`let ${y} = ${term} - ${carry};`);
    body.emit(`let ${t} = ${sum} + ${y};`);
    body.emit(`${carry} = (${t} - ${sum}) - ${y};`);
    body.emit(`${sum} = ${t};`);
  };
  add(sr, cr, `${re} * ${cos}${im ? ` - ${im} * ${sin}` : ''}`);
  add(si, ci, `${re} * ${sin}${im ? ` + ${im} * ${cos}` : ''}`);
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
