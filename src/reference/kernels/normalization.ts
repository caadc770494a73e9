// Reference kernels of the normalization cgc_ops. Means and variances are computed in double with
// two passes (mean, then mean of squared deviations: no E[x²] − E[x]² cancellation); each result
// rounds once. epsilon and the other float attributes are float32 values, as ONNX stores them.
import { implement, type KernelContext } from '../registry';
import type { HostTensor } from '../../core';
import { fromNumbers, readFloats } from './common';
import { axisLayout, broadcastMap, normAxis } from './indexing';

const f32 = Math.fround;

/** Per group: mean and (population) variance of the elements i with groupOf(i) = group. */
function moments(x: ArrayLike<number>, groups: number, groupOf: (i: number) => number): { mean: Float64Array; variance: Float64Array } {
  const mean = new Float64Array(groups);
  const variance = new Float64Array(groups);
  const n = new Float64Array(groups);
  for (let i = 0; i < x.length; i++) {
    const g = groupOf(i);
    mean[g] += x[i]!;
    n[g] += 1;
  }
  for (let g = 0; g < groups; g++) mean[g] /= n[g]!;
  for (let i = 0; i < x.length; i++) {
    const g = groupOf(i);
    const d = x[i]! - mean[g]!;
    variance[g] += d * d;
  }
  for (let g = 0; g < groups; g++) variance[g] /= n[g]!;
  return { mean, variance };
}

function result(ctx: KernelContext, values: Float64Array): HostTensor[] {
  const out = ctx.result();
  return [fromNumbers(out.shape, out.element, values)];
}

implement('batch_normalization', ([x, scale, bias, mean, variance], ctx) => {
  const X = readFloats(x!);
  const [S, B, Mu, V] = [scale!, bias!, mean!, variance!].map(readFloats) as [Float32Array, Float32Array, Float32Array, Float32Array];
  const eps = f32(ctx.float('epsilon'));
  const { len: C, inner } = axisLayout(x!.type.shape, 1);
  const res = new Float64Array(X.length);
  for (let i = 0; i < X.length; i++) {
    const c = Math.floor(i / inner) % C;
    res[i] = (S[c]! * (X[i]! - Mu[c]!)) / Math.sqrt(V[c]! + eps) + B[c]!;
  }
  return result(ctx, res);
});

/** (x − mean) / √(variance + eps) · scale + bias, with groups of `block` contiguous elements. */
function normalizeBlocks(x: HostTensor, block: number, eps: number, affine: (i: number, v: number) => number): Float64Array {
  const X = readFloats(x);
  const groups = block === 0 ? 0 : X.length / block;
  const { mean, variance } = moments(X, groups, (i) => Math.floor(i / block));
  const res = new Float64Array(X.length);
  for (let i = 0; i < X.length; i++) {
    const g = Math.floor(i / block);
    res[i] = affine(i, (X[i]! - mean[g]!) / Math.sqrt(variance[g]! + eps));
  }
  return res;
}

implement('layer_normalization', ([x, scale, bias], ctx) => {
  const shape = x!.type.shape;
  const axis = normAxis(ctx.int('axis'), shape.length);
  const normShape = shape.slice(axis);
  const block = normShape.reduce((p, d) => p * d, 1);
  const S = readFloats(scale!);
  const sm = broadcastMap(scale!.type.shape, normShape);
  const B = bias ? readFloats(bias) : undefined;
  const bm = bias ? broadcastMap(bias.type.shape, normShape) : undefined;
  const res = normalizeBlocks(x!, block, f32(ctx.float('epsilon')), (i, v) => {
    const j = i % block;
    return v * S[sm ? sm[j]! : j]! + (B ? B[bm ? bm[j]! : j]! : 0);
  });
  return result(ctx, res);
});

implement('instance_normalization', ([x, scale, bias], ctx) => {
  const { len: C, inner } = axisLayout(x!.type.shape, 1);
  const S = readFloats(scale!);
  const B = readFloats(bias!);
  const res = normalizeBlocks(x!, inner, f32(ctx.float('epsilon')), (i, v) => {
    const c = Math.floor(i / inner) % C;
    return v * S[c]! + B[c]!;
  });
  return result(ctx, res);
});

implement('group_normalization', ([x, scale, bias], ctx) => {
  const { len: C, inner } = axisLayout(x!.type.shape, 1);
  const groups = ctx.int('num_groups');
  const S = readFloats(scale!);
  const B = readFloats(bias!);
  const res = normalizeBlocks(x!, (C / groups) * inner, f32(ctx.float('epsilon')), (i, v) => {
    const c = Math.floor(i / inner) % C;
    return v * S[c]! + B[c]!;
  });
  return result(ctx, res);
});

// ONNX's function body: (x − mean) / (√variance + 1e-9), mean and variance over axes.
implement('mean_variance_normalization', ([x], ctx) => {
  const shape = x!.type.shape;
  const axes = ctx.ints('axes').map((a) => normAxis(a, shape.length));
  const kept = shape.map((d, i) => (axes.includes(i) ? 1 : d));
  const groupOf = broadcastMap(kept, shape);
  const X = readFloats(x!);
  const groups = kept.reduce((p, d) => p * d, 1);
  const { mean, variance } = moments(X, groups, (i) => (groupOf ? groupOf[i]! : i));
  const res = new Float64Array(X.length);
  for (let i = 0; i < X.length; i++) {
    const g = groupOf ? groupOf[i]! : i;
    res[i] = (X[i]! - mean[g]!) / (Math.sqrt(variance[g]!) + 1e-9);
  }
  return result(ctx, res);
});

// A zero norm (an all-zero slice) gives zeros rather than 0/0.
implement('lp_normalization', ([x], ctx) => {
  const X = readFloats(x!);
  const { outer, len, inner } = axisLayout(x!.type.shape, normAxis(ctx.int('axis'), x!.type.shape.length));
  const p = ctx.int('p');
  const res = new Float64Array(X.length);
  for (let o = 0; o < outer; o++) {
    for (let i = 0; i < inner; i++) {
      const base = o * len * inner + i;
      let norm = 0;
      for (let k = 0; k < len; k++) {
        const v = X[base + k * inner]!;
        norm += p === 1 ? Math.abs(v) : v * v;
      }
      if (p === 2) norm = Math.sqrt(norm);
      for (let k = 0; k < len; k++) res[base + k * inner] = norm === 0 ? 0 : X[base + k * inner]! / norm;
    }
  }
  return result(ctx, res);
});

// ONNX LRN: the sum runs over channels c − ⌊(size−1)/2⌋ … c + ⌈(size−1)/2⌉, clipped to the tensor.
implement('lrn', ([x], ctx) => {
  const X = readFloats(x!);
  const { outer: N, len: C, inner } = axisLayout(x!.type.shape, 1);
  const size = ctx.int('size');
  const alpha = f32(ctx.float('alpha'));
  const beta = f32(ctx.float('beta'));
  const bias = f32(ctx.float('bias'));
  const before = Math.floor((size - 1) / 2);
  const after = Math.ceil((size - 1) / 2);
  const res = new Float64Array(X.length);
  for (let n = 0; n < N; n++) {
    for (let c = 0; c < C; c++) {
      for (let i = 0; i < inner; i++) {
        let sum = 0;
        for (let k = Math.max(0, c - before); k <= Math.min(C - 1, c + after); k++) {
          const v = X[(n * C + k) * inner + i]!;
          sum += v * v;
        }
        const idx = (n * C + c) * inner + i;
        res[idx] = X[idx]! / Math.pow(bias + (alpha / size) * sum, beta);
      }
    }
  }
  return result(ctx, res);
});
