// Elementwise ops as WGSL expressions over operands pulled at broadcast coordinates: every unary
// and binary math op, activations, comparisons and logic (as 0/1 in i32), where, clip and cast.
import { type Operation, type OpContext, type Value, ctxOf } from '../../ir';
import { type KernelBuilder, KernelDecline, type Scalar, type Scope, type Typed, convert, generator, literal, scalarOf } from '../wgsl/builder';

type Unary = (x: string, t: Scalar, ctx: OpContext) => string;

const F = (f: (x: string, ctx: OpContext) => string): Unary => (x, t, ctx) => {
  if (t !== 'f32') throw new KernelDecline('this op is generated for floats only');
  return f(x, ctx);
};
const lit = (x: number) => literal(x, 'f32');

const UNARY: Record<string, Unary> = {
  relu: (x, t) => `max(${x}, ${literal(0, t)})`,
  neg: (x) => `(-${x})`,
  abs: (x) => `abs(${x})`,
  sign: (x, t) => `sign(${x})${t === 'i32' ? '' : ''}`,
  identity: (x) => x,
  leaky_relu: F((x, c) => `select(${x}, ${lit(c.float('alpha'))} * ${x}, ${x} < 0.0f)`),
  sigmoid: F((x) => `(1.0f / (1.0f + exp(-${x})))`),
  tanh: F((x) => `tanh(clamp(${x}, -15.0f, 15.0f))`),
  hard_sigmoid: F((x, c) => `clamp(${lit(c.float('alpha'))} * ${x} + ${lit(c.float('beta'))}, 0.0f, 1.0f)`),
  hard_swish: F((x) => `(${x} * clamp(${x} / 6.0f + 0.5f, 0.0f, 1.0f))`),
  gelu: F((x, c) => (c.string('approximate') === 'tanh'
    ? `(0.5f * ${x} * (1.0f + tanh(clamp(0.7978845608028654f * (${x} + 0.044715f * ${x} * ${x} * ${x}), -15.0f, 15.0f))))`
    : `(0.5f * ${x} * (1.0f + erf_f32(${x} * 0.7071067811865476f)))`)),
  erf: F((x) => `erf_f32(${x})`),
  exp: F((x) => `exp(${x})`),
  log: F((x) => `select(log(${x}), nan_f32(), ${x} < 0.0f)`),
  sqrt: F((x) => `select(sqrt(${x}), nan_f32(), ${x} < 0.0f)`),
  reciprocal: F((x) => `(1.0f / ${x})`),
  softplus: F((x) => `select(log(1.0f + exp(${x})), ${x} + log(1.0f + exp(-${x})), ${x} > 0.0f)`),
  softsign: F((x) => `(${x} / (1.0f + abs(${x})))`),
  elu: F((x, c) => `select(${x}, ${lit(c.float('alpha'))} * (exp(${x}) - 1.0f), ${x} < 0.0f)`),
  selu: F((x, c) => `select(${lit(c.float('gamma'))} * ${lit(c.float('alpha'))} * (exp(${x}) - 1.0f), ${lit(c.float('gamma'))} * ${x}, ${x} > 0.0f)`),
  celu: F((x, c) => `(max(0.0f, ${x}) + min(0.0f, ${lit(c.float('alpha'))} * (exp(${x} / ${lit(c.float('alpha'))}) - 1.0f)))`),
  mish: F((x) => `(${x} * tanh(clamp(select(log(1.0f + exp(${x})), ${x} + log(1.0f + exp(-${x})), ${x} > 0.0f), -15.0f, 15.0f)))`),
  silu: F((x) => `(${x} / (1.0f + exp(-${x})))`),
  thresholded_relu: F((x, c) => `select(0.0f, ${x}, ${x} > ${lit(c.float('alpha'))})`),
  shrink: F((x, c) => `select(select(0.0f, ${x} + ${lit(c.float('bias'))}, ${x} < -${lit(c.float('lambd'))}), ${x} - ${lit(c.float('bias'))}, ${x} > ${lit(c.float('lambd'))})`),
  // WGSL's sin/cos promise only 2^-11 absolute error; these reduce by π/2 in two parts and use
  // minimax polynomials (Cephes sinf/cosf), about 1e-7 relative for |x| below 1e4.
  sin: F((x) => `sin_f32(${x})`), cos: F((x) => `cos_f32(${x})`), tan: F((x) => `(sin_f32(${x}) / cos_f32(${x}))`),
  atan: F((x) => `atan(${x})`),
  sinh: F((x) => `sinh(${x})`), cosh: F((x) => `cosh(${x})`), asinh: F((x) => `asinh(${x})`),
  acosh: F((x) => `select(acosh(${x}), nan_f32(), ${x} < 1.0f)`),
  atanh: F((x) => `select(select(atanh(${x}), sign(${x}) * inf_f32(), abs(${x}) == 1.0f), nan_f32(), abs(${x}) > 1.0f)`),
  asin: F((x) => `select(asin(${x}), nan_f32(), abs(${x}) > 1.0f)`), acos: F((x) => `select(acos(${x}), nan_f32(), abs(${x}) > 1.0f)`),
  floor: F((x) => `floor(${x})`), ceil: F((x) => `ceil(${x})`), round: F((x) => `round(${x})`),
  not: (x) => `i32(${x} == 0i)`,
  bitwise_not: (x) => `(~${x})`,
};

type Binary = (a: string, b: string, t: Scalar, ctx: OpContext) => string;

const BINARY: Record<string, Binary> = {
  add: (a, b) => `(${a} + ${b})`,
  sub: (a, b) => `(${a} - ${b})`,
  mul: (a, b, t) => (t === 'f32' ? `mul_f32(${a}, ${b})` : `(${a} * ${b})`),
  div: (a, b, t) => (t === 'i32' ? `select(${a} / ${b}, 0i, ${b} == 0i)` : `div_f32(${a}, ${b})`),
  pow: (a, b, t) => (t === 'f32' ? `pow_f32(${a}, ${b})` : `i32(round(pow_f32(${a}, ${b})))`),
  max: (a, b) => `max(${a}, ${b})`,
  min: (a, b) => `min(${a}, ${b})`,
  mod: (a, b, t, ctx) => {
    if (t === 'f32') return `(${a} - ${b} * trunc(${a} / ${b}))`;
    if (ctx.bool('fmod')) return `select(${a} % ${b}, 0i, ${b} == 0i)`;
    return `select(((${a} % ${b}) + ${b}) % ${b}, 0i, ${b} == 0i)`;
  },
  prelu: (a, b, t) => `select(${a}, ${a} * ${b}, ${a} < ${literal(0, t)})`,
  equal: (a, b) => `i32(${a} == ${b})`,
  less: (a, b) => `i32(${a} < ${b})`,
  less_or_equal: (a, b) => `i32(${a} <= ${b})`,
  greater: (a, b) => `i32(${a} > ${b})`,
  greater_or_equal: (a, b) => `i32(${a} >= ${b})`,
  and: (a, b) => `i32((${a} != 0i) && (${b} != 0i))`,
  or: (a, b) => `i32((${a} != 0i) || (${b} != 0i))`,
  xor: (a, b) => `i32((${a} != 0i) != (${b} != 0i))`,
  bitwise_and: (a, b) => `(${a} & ${b})`,
  bitwise_or: (a, b) => `(${a} | ${b})`,
  bitwise_xor: (a, b) => `(${a} ^ ${b})`,
};

/**
 * uint32 is computed as its bits in i32: + − × wrap alike, and these ops, whose results
 * depend on signedness, read the bits as u32 instead (target.ts declines uint32 in any other op).
 */
const u = (x: string) => `bitcast<u32>(${x})`;
const UNSIGNED_UNARY: Record<string, (x: string) => string> = {
  abs: (x) => x,
  sign: (x) => `i32(${x} != 0i)`,
};
const UNSIGNED_BINARY: Record<string, (a: string, b: string) => string> = {
  div: (a, b) => `bitcast<i32>(select(${u(a)} / ${u(b)}, 0u, ${b} == 0i))`,
  // fmod or not, a remainder of unsigned values is the same.
  mod: (a, b) => `bitcast<i32>(select(${u(a)} % ${u(b)}, 0u, ${b} == 0i))`,
  max: (a, b) => `bitcast<i32>(max(${u(a)}, ${u(b)}))`,
  min: (a, b) => `bitcast<i32>(min(${u(a)}, ${u(b)}))`,
  less: (a, b) => `i32(${u(a)} < ${u(b)})`,
  less_or_equal: (a, b) => `i32(${u(a)} <= ${u(b)})`,
  greater: (a, b) => `i32(${u(a)} > ${u(b)})`,
  greater_or_equal: (a, b) => `i32(${u(a)} >= ${u(b)})`,
};

/** Ops computed on integers as their operands' type and results compared, vs. always float math. */
const COMPARISON = new Set(['equal', 'less', 'less_or_equal', 'greater', 'greater_or_equal']);

function pullAll(b: KernelBuilder, op: Operation, coords: readonly string[], scope: Scope): Typed[] {
  const shape = op.results[0]!.type.shape;
  return op.operands.map((v) => b.valueBroadcast(v, coords, shape, scope));
}

for (const [name, f] of Object.entries(UNARY)) {
  generator(name, (b, op, coords, scope) => {
    const [x] = pullAll(b, op, coords, scope);
    const type: Scalar = scalarOf(op.results[0]!.type.element);
    const unsigned = op.operands[0]!.type.element === 'uint32' ? UNSIGNED_UNARY[name] : undefined;
    return { expr: unsigned ? unsigned(x!.expr) : f(convert(x!, type), type, ctxOf(op)), type };
  });
}

/** Ops whose operands may be swapped with the same result bit for bit (IEEE addition and multiplication commute). */
const COMMUTATIVE = new Set(['add', 'mul']);

/**
 * A commutative op's operands in a canonical order: a value computed in the kernel before one it
 * loads. `conv + x` and `x + conv` (a residual added on either side) then generate the same code
 * and share a pipeline.
 */
function canonicalOperands(b: KernelBuilder, op: Operation, name: string): readonly Value[] {
  const inside = (v: Value) => Boolean(v.definingOp && b.inside.has(v.definingOp));
  const [x, y] = op.operands as [Value, Value];
  return COMMUTATIVE.has(name) && !inside(x) && inside(y) && x.type.element === y.type.element ? [y, x] : [x, y];
}

for (const [name, f] of Object.entries(BINARY)) {
  generator(name, (b, op, coords, scope) => {
    const shape = op.results[0]!.type.shape;
    const [x, y] = canonicalOperands(b, op, name).map((v) => b.valueBroadcast(v, coords, shape, scope));
    const operandType: Scalar = scalarOf(op.operands[0]!.type.element);
    const resultType: Scalar = COMPARISON.has(name) || ['and', 'or', 'xor'].includes(name) ? 'i32' : operandType;
    // pow's exponent may have another type than its base (uint32 too, read unsigned); it is computed in f32 either way.
    const exponent = op.operands[1]!.type.element === 'uint32' ? `f32(${u(y!.expr)})` : convert(y!, 'f32');
    const rhs = name === 'pow' ? exponent : convert(y!, operandType);
    const lhs = name === 'pow' && operandType === 'i32' ? convert(x!, 'f32') : convert(x!, operandType);
    const unsigned = op.operands[0]!.type.element === 'uint32' ? UNSIGNED_BINARY[name] : undefined;
    return { expr: unsigned ? unsigned(lhs, rhs) : f(lhs, rhs, operandType, ctxOf(op)), type: resultType };
  });
}

/**
 * Unsigned shifts of w-bit values (uint8, uint16, uint32; their bits in i32): a shift by w or more
 * clears every bit, as the reference's rule (WGSL would shift by the amount mod 32). A left shift's
 * bits past w are cut where the result is stored (narrowed in builder.ts).
 */
generator('bit_shift', (b, op, coords, scope) => {
  const [x, y] = pullAll(b, op, coords, scope);
  const w = { uint8: 8, uint16: 16, uint32: 32 }[op.operands[0]!.type.element as string];
  if (w === undefined) throw new KernelDecline(`bit_shift of !cgc.${op.operands[0]!.type.element} is not computed by WebGPU kernels (uint8, uint16 and uint32 are)`);
  const shift = ctxOf(op).string('direction') === 'LEFT' ? '<<' : '>>';
  return { expr: `select(bitcast<i32>(${u(x!.expr)} ${shift} ${u(y!.expr)}), 0i, ${u(y!.expr)} >= ${w}u)`, type: 'i32' };
});

generator('where', (b, op, coords, scope) => {
  const [c, x, y] = pullAll(b, op, coords, scope);
  const t: Scalar = scalarOf(op.results[0]!.type.element);
  return { expr: `select(${convert(y!, t)}, ${convert(x!, t)}, ${c!.expr} != 0i)`, type: t };
});

generator('clip', (b, op, coords, scope) => {
  const [x] = pullAll(b, op, coords, scope);
  const ctx = ctxOf(op);
  const t = x!.type;
  const lo = ctx.float('min');
  const hi = ctx.float('max');
  let e = x!.expr;
  if (lo > -Infinity) e = `max(${e}, ${literal(t === 'i32' ? Math.ceil(Math.max(lo, -2147483648)) : lo, t)})`;
  if (hi < Infinity) e = `min(${e}, ${literal(t === 'i32' ? Math.floor(Math.min(hi, 2147483647)) : hi, t)})`;
  return { expr: e, type: t };
});

generator('cast', (b, op, coords, scope) => {
  const [x] = pullAll(b, op, coords, scope);
  const from = op.operands[0]!.type.element;
  const to = op.results[0]!.type.element;
  // float16 rounds and int8 / uint8 / int16 / uint16 wrap where the builder stores the result (narrowed in builder.ts).
  if (to === 'float32' || to === 'float16') return { expr: from === 'uint32' ? `f32(${u(x!.expr)})` : convert(x!, 'f32'), type: 'f32' };
  if (to === 'bool') return { expr: x!.type === 'f32' ? `i32(${x!.expr} != 0.0f)` : `i32(${x!.expr} != 0i)`, type: 'i32' };
  // A float past the int32 range has no int32 value (ONNX leaves it undefined); it saturates here.
  if (to === 'int32' || to === 'int8' || to === 'uint8' || to === 'int16' || to === 'uint16') {
    return { expr: x!.type === 'f32' ? `i32(clamp(trunc(${x!.expr}), -2147483648.0f, 2147483520.0f))` : x!.expr, type: 'i32' };
  }
  // To uint32: a negative float wraps as the reference's store does (−1 → 2^32 − 1) down to −2^31, a
  // positive one saturates past the uint32 range; an integer keeps its bits.
  if (to === 'uint32') {
    if (x!.type === 'i32') return { expr: x!.expr, type: 'i32' };
    const t = `trunc(${x!.expr})`;
    return { expr: `select(bitcast<i32>(u32(min(${t}, 4294967040.0f))), i32(max(${t}, -2147483648.0f)), ${t} < 0.0f)`, type: 'i32' };
  }
  if (to === 'int64' && x!.type === 'i32' && from !== 'uint32') return { expr: x!.expr, type: 'i32' };
  throw new KernelDecline(`cast from !cgc.${op.operands[0]!.type.element} to !cgc.${to} is not written by WebGPU kernels`);
});

generator('is_nan', (b, op, coords, scope) => {
  const [x] = pullAll(b, op, coords, scope);
  return { expr: `i32((bitcast<u32>(${x!.expr}) & 0x7fffffffu) > 0x7f800000u)`, type: 'i32' };
});

/** Helper functions kernels may call; each is emitted only when its name appears in the body. */
export const WGSL_HELPERS: Record<string, string> = {
  sin_f32: `fn sin_f32(x: f32) -> f32 {
  let q = quarter_turns(x);
  return quadrant_value(q.x, i32(q.y));
}`,
  cos_f32: `fn cos_f32(x: f32) -> f32 {
  let q = quarter_turns(x);
  return quadrant_value(q.x, i32(q.y) + 1);
}`,
  quarter_turns: `fn quarter_turns(x: f32) -> vec2<f32> {
  // x = k·π/2 + r with |r| ≤ π/4; π/2 split in two floats keeps r accurate.
  let k = round(x * 0.63661977236758134f);
  let r = (x - k * 1.5707963705062866f) + k * 4.3711388286737929e-8f;
  return vec2<f32>(r, k);
}`,
  quadrant_value: `fn quadrant_value(r: f32, k: i32) -> f32 {
  let r2 = r * r;
  let s = r + r * r2 * (-1.6666654611e-1f + r2 * (8.3321608736e-3f + r2 * -1.9515295891e-4f));
  let c = 1.0f - 0.5f * r2 + r2 * r2 * (4.166664568298827e-2f + r2 * (-1.388731625493765e-3f + r2 * 2.443315711809948e-5f));
  switch (k & 3) {
    case 0: { return s; }
    case 1: { return c; }
    case 2: { return -s; }
    default: { return -c; }
  }
}`,
  mul_f32: `fn mul_f32(a: f32, b: f32) -> f32 {
  // The product rounded on its own, as the reference rounds each op: a GPU compiler fuses a product and
  // the add reading it into one fma (one rounding), and a quantizer rounding that sum to a byte then
  // disagrees at ties. max() with the lowest finite float is no multiply the compiler could fuse, and
  // changes no value it is applied to (−∞ and NaN take the other arm).
  let p = a * b;
  return select(p, max(p, -bitcast<f32>(0x7f7fffffu)), p >= -bitcast<f32>(0x7f7fffffu));
}`,
  div_f32: `fn div_f32(a: f32, b: f32) -> f32 {
  // WGSL's a / b may be 2.5 ulp off (GPUs divide through a reciprocal), and a quantizer rounding x / scale
  // to a byte must see the correctly rounded quotient. One Newton step on the remainder gives it; of the
  // two, the one leaving the smaller remainder is taken: where fma is fused (GPUs) the remainders are
  // exact and that is the nearest quotient; where fma is not fused (WGSL allows either) a / b is kept
  // unless the step is plainly better. A zero remainder (exact: −0 / b keeps its sign), ±∞ and NaN keep a / b.
  let q = a / b;
  let r = fma(-q, b, a);
  let c = fma(r, 1.0f / b, q);
  return select(q, c, abs(fma(-c, b, a)) < abs(r));
}`,
  nan_f32: `fn nan_f32() -> f32 {
  var bits = 0x7fc00000u;
  return bitcast<f32>(bits);
}`,
  inf_f32: `fn inf_f32() -> f32 {
  var bits = 0x7f800000u;
  return bitcast<f32>(bits);
}`,
  erf_f32: `fn erf_f32(x: f32) -> f32 {
  // Abramowitz–Stegun 7.1.26 refined: max abs error ≈ 1.5e-7 in f32.
  let s = sign(x);
  let a = abs(x);
  let t = 1.0f / (1.0f + 0.3275911f * a);
  let y = 1.0f - (((((1.061405429f * t - 1.453152027f) * t) + 1.421413741f) * t - 0.284496736f) * t + 0.254829592f) * t * exp(-a * a);
  return s * y;
}`,
  half_to_f32: `fn half_to_f32(word: u32) -> f32 {
  // The half in the low 16 bits of word, exactly (every half is an f32).
  let h = word & 0xffffu;
  let sign = (h & 0x8000u) << 16u;
  let e = (h >> 10u) & 0x1fu;
  let m = h & 0x3ffu;
  if (e == 0u) {
    let v = f32(m) * 5.9604644775390625e-8f;
    return bitcast<f32>(sign | bitcast<u32>(v));
  }
  if (e == 31u) { return bitcast<f32>(sign | 0x7f800000u | (m << 13u)); }
  return bitcast<f32>(sign | ((e + 112u) << 23u) | (m << 13u));
}`,
  f32_to_half: `fn f32_to_half(x: f32) -> u32 {
  // IEEE binary16 bits of x rounded to nearest-even; past the largest half to ±∞; NaN as 0x7e00.
  let b = bitcast<u32>(x);
  let sign = (b >> 16u) & 0x8000u;
  let a = b & 0x7fffffffu;
  if (a > 0x7f800000u) { return 0x7e00u; }
  if (a >= 0x477ff000u) { return sign | 0x7c00u; }
  if (a < 0x38800000u) { return sign | u32(round(bitcast<f32>(a) * 16777216.0f)); }
  let r = a - 0x38000000u;
  return sign | ((r + 0xfffu + ((r >> 13u) & 1u)) >> 13u);
}`,
  round_half: `fn round_half(x: f32) -> f32 {
  return half_to_f32(f32_to_half(x));
}`,
  pow_f32: `fn pow_f32(a: f32, b: f32) -> f32 {
  // WGSL pow is undefined for a < 0; ONNX follows C pow: integral exponents keep the sign.
  if (b == 0.0f) { return 1.0f; }
  if (a >= 0.0f) { return pow(a, b); }
  if (b != trunc(b)) { return nan_f32(); }
  let m = pow(-a, b);
  return select(m, -m, (i32(b) & 1) == 1);
}`,
};

export const ELEMENTWISE_OPS: readonly string[] = [...Object.keys(UNARY), ...Object.keys(BINARY), 'bit_shift', 'where', 'clip', 'cast', 'is_nan'];
