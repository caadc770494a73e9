// Reference kernels of the activation cgc_ops (ONNX Relu … Shrink). Each formula is evaluated in
// double from the float32 input and rounded once; float attributes are ONNX float32 values, so they
// are rounded to float32 first (an importer hands over exactly those values anyway).
import { numberToBig } from './common';
import { unary } from './elementwise-unary';
import { erfc } from './special-functions';

const f32 = Math.fround;
const SQRT1_2 = Math.SQRT1_2;
const SQRT_2_OVER_PI = Math.sqrt(2 / Math.PI);

/** ln(1 + e^x) without overflow for large x or loss for very negative x. */
function softplus(x: number): number {
  return x > 0 ? x + Math.log1p(Math.exp(-x)) : Math.log1p(Math.exp(x));
}

const sigmoid = (x: number): number => 1 / (1 + Math.exp(-x));

unary('relu', { num: (x) => (x < 0 ? 0 : x), big: (x) => (x < 0n ? 0n : x) });
unary('leaky_relu', (ctx) => {
  const alpha = f32(ctx.float('alpha'));
  return { num: (x) => (x < 0 ? alpha * x : x) };
});
unary('sigmoid', { num: sigmoid });
unary('tanh', { num: Math.tanh });
unary('hard_sigmoid', (ctx) => {
  const alpha = f32(ctx.float('alpha'));
  const beta = f32(ctx.float('beta'));
  return { num: (x) => Math.max(0, Math.min(1, alpha * x + beta)) };
});
unary('hard_swish', { num: (x) => x * Math.max(0, Math.min(1, x / 6 + 0.5)) });
// Exact gelu is x·Φ(x) = x/2 · erfc(−x/√2): erfc keeps Φ accurate in the far negative tail.
unary('gelu', (ctx) => (ctx.string('approximate') === 'tanh'
  ? { num: (x) => 0.5 * x * (1 + Math.tanh(SQRT_2_OVER_PI * (x + 0.044715 * x * x * x))) }
  : { num: (x) => 0.5 * x * erfc(-x * SQRT1_2) }));
// min > max makes every value max (ONNX). NaN stays NaN. int64 compares BigInt to the double bounds exactly.
unary('clip', (ctx) => {
  const lo = ctx.float('min');
  const hi = ctx.float('max');
  return {
    num: (x) => {
      const y = x < lo ? lo : x;
      return y > hi ? hi : y;
    },
    big: (x) => {
      const y = x < lo ? numberToBig(lo) : x;
      return y > hi ? numberToBig(hi) : y;
    },
  };
});
unary('softplus', { num: softplus });
unary('softsign', { num: (x) => x / (1 + Math.abs(x)) });
unary('elu', (ctx) => {
  const alpha = f32(ctx.float('alpha'));
  return { num: (x) => (x < 0 ? alpha * Math.expm1(x) : x) };
});
unary('selu', (ctx) => {
  const alpha = f32(ctx.float('alpha'));
  const gamma = f32(ctx.float('gamma'));
  return { num: (x) => (x > 0 ? gamma * x : gamma * alpha * Math.expm1(x)) };
});
unary('celu', (ctx) => {
  const alpha = f32(ctx.float('alpha'));
  return { num: (x) => Math.max(0, x) + Math.min(0, alpha * Math.expm1(x / alpha)) };
});
unary('mish', { num: (x) => x * Math.tanh(softplus(x)) });
unary('silu', { num: (x) => x * sigmoid(x) });
unary('thresholded_relu', (ctx) => {
  const alpha = f32(ctx.float('alpha'));
  return { num: (x) => (x > alpha ? x : 0) };
});
unary('shrink', (ctx) => {
  const bias = f32(ctx.float('bias'));
  const lambd = f32(ctx.float('lambd'));
  return { num: (x) => (x < -lambd ? x + bias : x > lambd ? x - bias : 0) };
});
