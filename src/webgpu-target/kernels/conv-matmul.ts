// Convolution (1-D/2-D/3-D, groups, strides, dilations, asymmetric padding), convolution_transpose,
// matmul (batch broadcasting, 1-D promotion) and gemm, one output element per thread, accumulating
// in f32 (in i32, wrapping, for int32). Epilogues fuse through the builder. Float32 subgraphs of one such op plus elementwise ops
// run the tiled kernels (gemm-kernel.ts) instead; these serve the rest (depthwise, int, transposed).
import { type Operation } from '../../ir';
import { KernelDecline, type KernelBuilder, type Scalar, type Scope, type Typed, convert, generator, literal, scalarOf } from '../wgsl/builder';
import { size } from '../wgsl/params';
import { convParams, ctxOf, loops, when } from './helpers';

generator('convolution', (b, op, coords, scope) => {
  const { x, w, groups, Cg, kernel: k, strides: s, dilations: d, startPadding: p } = convParams(op);
  const Mg = w.type.shape[0]! / groups;
  const t = scalarOf(op.results[0]!.type.element);
  const acc = b.fresh('acc');
  scope.emit(`var ${acc} = ${literal(0, t)};`);
  const ci = b.fresh('ci');
  const kv = k.map(() => b.fresh('k'));
  loops(scope, [ci, ...kv], [Cg, ...k], (inner) => {
    // The window's extents shape the loops; strides, padding, dilations and extents are size parameters.
    const pos = kv.map((kk, j) => `(${coords[2 + j]} * ${size(s[j]!)} - ${size(p[j]!)} + ${kk} * ${size(d[j]!)})`);
    const iv = pos.map(() => b.fresh('i'));
    iv.forEach((v, j) => inner.emit(`let ${v} = ${pos[j]};`));
    const inBounds = iv.map((v, j) => `${v} >= 0i && ${v} < ${size(x.type.shape[2 + j]!)}`).join(' && ') || 'true';
    when(inner, inBounds, (body) => {
      const ch = groups === 1 ? ci : `(${coords[1]} / ${size(Mg)}) * ${size(Cg)} + ${ci}`;
      const xv = b.value(x, [coords[0]!, ch, ...iv], body);
      const wv = b.value(w, [coords[1]!, ci, ...kv], body);
      body.emit(`${acc} += ${convert(xv, t)} * ${convert(wv, t)};`);
    });
  });
  return withBias(b, op, acc, coords, scope, t);
});

/** A convolution's value from its accumulator (of type `t`): plus bias[channel] when it has one. */
export function withBias(b: KernelBuilder, op: Operation, acc: string, coords: readonly string[], scope: Scope, t: Scalar = 'f32'): Typed {
  const bias = op.operands[2];
  return bias ? { expr: `(${acc} + ${convert(b.value(bias, [coords[1]!], scope), t)})`, type: t } : { expr: acc, type: t };
}

generator('convolution_transpose', (b, op, coords, scope) => {
  const { x, w, Cg, kernel: k, strides: s, dilations: d, startPadding: p } = convParams(op);
  const Mg = w.type.shape[1]!;
  const acc = b.fresh('acc');
  scope.emit(`var ${acc} = 0.0f;`);
  const ci = b.fresh('ci');
  const kv = k.map(() => b.fresh('k'));
  loops(scope, [ci, ...kv], [Cg, ...k], (inner) => {
    // out[o] gathers in[i] where o = i·s − p + k·d, i.e. i = (o + p − k·d) / s when that divides.
    const num = kv.map((kk, j) => `(${coords[2 + j]} + ${p[j]}i - ${kk} * ${d[j]}i)`);
    const nv = num.map(() => b.fresh('n'));
    nv.forEach((v, j) => inner.emit(`let ${v} = ${num[j]};`));
    const ok = nv.map((v, j) => `${v} >= 0i && ${v} % ${s[j]}i == 0i && ${v} / ${s[j]}i < ${x.type.shape[2 + j]}i`).join(' && ');
    when(inner, ok, (body) => {
      const cin = `(${coords[1]} / ${Mg}i) * ${Cg}i + ${ci}`;
      const xv = b.value(x, [coords[0]!, cin, ...nv.map((v, j) => `${v} / ${s[j]}i`)], body);
      const wv = b.value(w, [cin, `${coords[1]} % ${Mg}i`, ...kv], body);
      body.emit(`${acc} += ${convert(xv, 'f32')} * ${convert(wv, 'f32')};`);
    });
  });
  return withBias(b, op, acc, coords, scope);
});

generator('matmul', (b, op, coords, scope) => {
  const [a, m] = op.operands;
  const ar = a!.type.shape.length;
  const br = m!.type.shape.length;
  const out = op.results[0]!.type.shape;
  const K = a!.type.shape[ar - 1]!;
  const t = scalarOf(op.results[0]!.type.element);
  // Output coordinates: batch…, [m], [n] (m absent when a is 1-D, n absent when b is 1-D).
  const nb = out.length - (ar > 1 ? 1 : 0) - (br > 1 ? 1 : 0);
  const batch = coords.slice(0, nb);
  const mc = ar > 1 ? coords[nb]! : undefined;
  const nc = br > 1 ? coords[out.length - 1]! : undefined;
  const acc = b.fresh('acc');
  scope.emit(`var ${acc} = ${literal(0, t)};`);
  const kk = b.fresh('k');
  loops(scope, [kk], [K], (inner) => {
    const aBatch = a!.type.shape.slice(0, Math.max(0, ar - 2)).map((dim, j) => (dim === 1 ? '0i' : batch[batch.length - (ar - 2) + j]!));
    const bBatch = m!.type.shape.slice(0, Math.max(0, br - 2)).map((dim, j) => (dim === 1 ? '0i' : batch[batch.length - (br - 2) + j]!));
    const av = b.value(a!, ar > 1 ? [...aBatch, mc!, kk] : [kk], inner);
    const bv = b.value(m!, br > 1 ? [...bBatch, kk, nc!] : [kk], inner);
    inner.emit(`${acc} += ${convert(av, t)} * ${convert(bv, t)};`);
  });
  return { expr: acc, type: t };
});

generator('gemm', (b, op, coords, scope) => {
  const ctx = ctxOf(op);
  const [a, m] = op.operands;
  const ta = ctx.bool('trans_a');
  const tb = ctx.bool('trans_b');
  const K = ta ? a!.type.shape[0]! : a!.type.shape[1]!;
  const t = scalarOf(op.results[0]!.type.element);
  const acc = b.fresh('acc');
  scope.emit(`var ${acc} = ${literal(0, t)};`);
  const kk = b.fresh('k');
  loops(scope, [kk], [K], (inner) => {
    const av = b.value(a!, ta ? [kk, coords[0]!] : [coords[0]!, kk], inner);
    const bv = b.value(m!, tb ? [coords[1]!, kk] : [kk, coords[1]!], inner);
    inner.emit(`${acc} += ${convert(av, t)} * ${convert(bv, t)};`);
  });
  return gemmScale(b, op, acc, coords, scope);
});

/** A gemm's value from its accumulator: alpha · acc + beta · c. */
export function gemmScale(b: KernelBuilder, op: Operation, acc: string, coords: readonly string[], scope: Scope): Typed {
  const ctx = ctxOf(op);
  const c = op.operands[2];
  const t = scalarOf(op.results[0]!.type.element);
  // An integer gemm scales in i32, which a fractional alpha or beta cannot do: the CPU reference
  // truncates the exact alpha · a · b + beta · c instead.
  if (t === 'i32' && (!Number.isInteger(ctx.float('alpha')) || (c && !Number.isInteger(ctx.float('beta'))))) {
    throw new KernelDecline(`an integer gemm with a fractional alpha or beta (${ctx.float('alpha')}, ${ctx.float('beta')}) is truncated once, after scaling, on the CPU reference`);
  }
  let e = ctx.float('alpha') === 1 ? acc : `${literal(ctx.float('alpha'), t)} * ${acc}`;
  if (c) {
    const cv = b.valueBroadcast(c, coords, op.results[0]!.type.shape, scope);
    e = `(${e} + ${ctx.float('beta') === 1 ? convert(cv, t) : `${literal(ctx.float('beta'), t)} * ${convert(cv, t)}`})`;
  }
  return { expr: e, type: t };
}
