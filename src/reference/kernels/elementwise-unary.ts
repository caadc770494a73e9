// Reference kernels of the non-activation unary elementwise cgc_ops: math functions, rounding,
// predicates, logic and cast, plus the unary driver the activations share. Floats compute in double
// from their float32 (or exactly widened float16) values and round once on store.
import { implement, type KernelContext } from '../registry';
import { type HostTensor, floatToBfloat16, floatToHalf, roundHalfEven, lookupTable } from '../../core';
import { fromBigInts, fromNumbers, isBig, isSmallInt, readBigInts, readFloats, readNumbers, withType } from './common';
import { erf } from './special-functions';

export interface UnaryFns {
  /** Floats; also integers unless `int` / `big` say otherwise (the stored result truncates and wraps). */
  num: (x: number) => number;
  /** int32/int8/uint8 when they need their own rule. */
  int?: (x: number) => number;
  /** int64 and uint64, exactly. Without it they go through `num` on doubles (exact below 2^53). */
  big?: (x: bigint) => bigint;
}

export function applyUnary(x: HostTensor, ctx: KernelContext, fns: UnaryFns): HostTensor {
  const out = ctx.result();
  if (isBig(x.type.element) && fns.big) {
    const v = x.data as BigInt64Array | BigUint64Array;
    const r = new BigInt64Array(v.length);
    for (let i = 0; i < v.length; i++) r[i] = fns.big(v[i]!);
    return fromBigInts(out.shape, out.element, r);
  }
  const f = isSmallInt(x.type.element) && fns.int ? fns.int : fns.num;
  const v = readNumbers(x);
  const r = new Float64Array(v.length);
  for (let i = 0; i < v.length; i++) r[i] = f(v[i]!);
  return fromNumbers(out.shape, out.element, r);
}

/** Registers a unary kernel; `fns` may read attributes from the context first. */
export function unary(name: string, fns: UnaryFns | ((ctx: KernelContext) => UnaryFns)): void {
  implement(name, ([x], ctx) => [applyUnary(x!, ctx, typeof fns === 'function' ? fns(ctx) : fns)]);
}

unary('erf', { num: erf });
unary('exp', { num: Math.exp });
unary('log', { num: Math.log });
unary('sqrt', { num: Math.sqrt });
unary('reciprocal', { num: (x) => 1 / x });
unary('neg', { num: (x) => -x, big: (x) => -x });
unary('abs', { num: Math.abs, big: (x) => (x < 0n ? -x : x) });
unary('sign', { num: Math.sign, big: (x) => (x > 0n ? 1n : x < 0n ? -1n : 0n) });
const TRIG: Record<string, (x: number) => number> = lookupTable({
  sin: Math.sin, cos: Math.cos, tan: Math.tan, asin: Math.asin, acos: Math.acos, atan: Math.atan,
  sinh: Math.sinh, cosh: Math.cosh, asinh: Math.asinh, acosh: Math.acosh, atanh: Math.atanh,
});
for (const [name, f] of Object.entries(TRIG)) unary(name, { num: f });
unary('floor', { num: Math.floor });
unary('ceil', { num: Math.ceil });
// Math.round rounds halves up; ONNX Round rounds them to even (and, as IEEE roundeven, keeps −0.5 → −0).
unary('round', {
  num: (x) => {
    if (!Number.isFinite(x)) return x;
    const r = roundHalfEven(x);
    return r === 0 && x < 0 ? -0 : r;
  },
});

unary('not', { num: (x) => (x ? 0 : 1) });
unary('bitwise_not', { num: (x) => ~x, big: (x) => ~x });
implement('identity', ([x], ctx) => [withType(ctx.result(), x!.data.slice())]);

implement('is_nan', ([x], ctx) => [fromNumbers(ctx.result().shape, 'bool', readFloats(x!).map((v) => (Number.isNaN(v) ? 1 : 0)))]);
implement('is_inf', ([x], ctx) => {
  const neg = ctx.bool('detect_negative');
  const pos = ctx.bool('detect_positive');
  const r = readFloats(x!).map((v) => ((v === Infinity && pos) || (v === -Infinity && neg) ? 1 : 0));
  return [fromNumbers(ctx.result().shape, 'bool', r)];
});

/**
 * Cast: floats to integers truncate toward zero and wrap (NaN and ±∞ give 0: ONNX leaves
 * out-of-range casts undefined; this is what a JS typed-array store does); to bool is `x ≠ 0`
 * (NaN is true, as in C++); every conversion to a float rounds once to nearest-even, int64 and
 * uint64 too, and float64 to float16 or bfloat16 straight from the double (through float32 it
 * would round twice); with `bfloat16_rounding = toward_zero` a bfloat16 result keeps the float32's
 * high bits.
 */
implement('cast', ([x], ctx) => {
  const out = ctx.result();
  const from = x!.type.element;
  if (out.element === from) return [withType(out, x!.data.slice())];
  if (isBig(from) || isBig(out.element)) return [fromBigInts(out.shape, out.element, readBigInts(x!))];
  if (out.element === 'bfloat16' && ctx.string('bfloat16_rounding') === 'toward_zero') {
    // The float32's high 16 bits (a NaN keeps its sign, as a quiet NaN).
    const f = Float32Array.from(readNumbers(x!));
    const bits = new Uint32Array(f.buffer);
    return [withType(out, Uint16Array.from(bits, (b, i) => (Number.isNaN(f[i]) ? (b >>> 16 & 0x8000) | 0x7fc0 : b >>> 16)))];
  }
  if (from === 'float64' && (out.element === 'float16' || out.element === 'bfloat16')) {
    const round = out.element === 'float16' ? floatToHalf : floatToBfloat16;
    return [withType(out, Uint16Array.from(x!.data as Float64Array, round))];
  }
  return [fromNumbers(out.shape, out.element, readNumbers(x!))];
});
