// Reference kernels of resize and upsample, after the ONNX reference implementation (op_resize.py):
// per axis, each result coordinate maps back to an input coordinate and reads a few neighbours
// (edge-clamped) with weights. Nearest copies raw elements (exact for every type); linear and cubic
// interpolate axis by axis, last axis first as the ONNX reference recurses, in double, rounding once.
import type { ElementType } from '../../ir/types';
import { implement, type KernelContext } from '../registry';
import { type HostTensor, roundHalfEven } from '../../core';
import { fromNumbers, intRange, isFloat, readNumbers } from './common';
import { axisLayout, axisTable, separableMap, strides, take } from './indexing';

export interface ResizeParams {
  mode: string;
  coordinateMode: string;
  nearestMode: string;
  cubicA: number;
  excludeOutside: boolean;
  extrapolation: number;
  antialias: boolean;
  /** Per dimension: the scale that drives the coordinate transform. */
  scales: readonly number[];
  /** Per dimension [start, end] (normalized), for tf_crop_and_resize. */
  roi?: readonly number[];
}

/** One axis: for each result coordinate, `taps` (source index, weight) pairs, or `outside`. */
interface AxisPlan {
  taps: number;
  index: Int32Array;
  weight: Float64Array;
  outside: Uint8Array;
}

/** ONNX's coordinate transforms; `outWidth` is scale · input length, as the reference uses it. */
function originalCoordinate(p: ResizeParams, axis: number, x: number, inLen: number, outLen: number): number {
  const scale = p.scales[axis]!;
  const outWidth = scale * inLen;
  switch (p.coordinateMode) {
    case 'half_pixel': return (x + 0.5) / scale - 0.5;
    case 'half_pixel_symmetric': {
      const offset = (inLen / 2) * (1 - outLen / outWidth);
      return offset + (x + 0.5) / scale - 0.5;
    }
    case 'pytorch_half_pixel': return outLen > 1 ? (x + 0.5) / scale - 0.5 : 0;
    case 'align_corners': return outWidth === 1 ? 0 : (x * (inLen - 1)) / (outWidth - 1);
    case 'asymmetric': return x / scale;
    case 'tf_half_pixel_for_nn': return (x + 0.5) / scale;
    default: { // tf_crop_and_resize
      const rank = p.scales.length;
      const start = p.roi![axis]!;
      const end = p.roi![axis + rank]!;
      const span = outWidth === 1 ? ((end - start) * (inLen - 1)) / 2 : (x * (end - start) * (inLen - 1)) / (outWidth - 1);
      return span + start * (inLen - 1);
    }
  }
}

/** Weights of the taps base + first … base + first + n − 1 for fractional position `ratio` ∈ (0, 1]. */
function coefficients(p: ResizeParams, ratio: number, scale: number): { first: number; w: number[] } {
  const s = p.antialias ? Math.min(scale, 1) : 1;
  const A = p.cubicA;
  if (p.mode === 'linear') {
    if (s === 1) return { first: 0, w: [1 - ratio, ratio] };
    const first = Math.floor(-1 / s) + 1;
    const w = Array.from({ length: 2 - 2 * first }, (_, i) => Math.min(1, Math.max(0, 1 - Math.abs((first + i - ratio) * s))));
    return { first, w: normalize(w) };
  }
  if (s === 1) {
    const r1 = 1 - ratio;
    return {
      first: -1,
      w: [
        ((A * (ratio + 1) - 5 * A) * (ratio + 1) + 8 * A) * (ratio + 1) - 4 * A,
        ((A + 2) * ratio - (A + 3)) * ratio * ratio + 1,
        ((A + 2) * r1 - (A + 3)) * r1 * r1 + 1,
        ((A * (r1 + 1) - 5 * A) * (r1 + 1) + 8 * A) * (r1 + 1) - 4 * A,
      ],
    };
  }
  const cubic = (t: number): number => {
    const x = Math.abs(t);
    if (x <= 1) return ((A + 2) * x - (A + 3)) * x * x + 1;
    return x < 2 ? ((A * x - 5 * A) * x + 8 * A) * x - 4 * A : 0;
  };
  const first = Math.floor(-2 / s) + 1;
  return { first, w: normalize(Array.from({ length: 2 - 2 * first }, (_, i) => cubic(s * (first + i - ratio)))) };
}

const normalize = (w: number[]): number[] => {
  const sum = w.reduce((a, b) => a + b, 0);
  return w.map((v) => v / sum);
};

function planAxis(p: ResizeParams, axis: number, inLen: number, outLen: number): AxisPlan {
  let plan: AxisPlan | undefined;
  for (let j = 0; j < outLen; j++) {
    const x = originalCoordinate(p, axis, j, inLen, outLen);
    // Nearest and integral coordinates prefer the left neighbour: the ratio lies in (0, 1].
    const integral = Number.isInteger(x);
    const base = integral ? x - 1 : Math.floor(x);
    const ratio = integral ? 1 : x - base;
    let first: number;
    let w: number[];
    if (p.mode === 'nearest') {
      const up = integral || p.nearestMode === 'ceil' || (p.nearestMode === 'round_prefer_ceil' ? ratio >= 0.5 : p.nearestMode === 'round_prefer_floor' && ratio > 0.5);
      first = up ? 1 : 0;
      w = [1];
    } else {
      ({ first, w } = coefficients(p, ratio, p.scales[axis]!));
    }
    plan ??= { taps: w.length, index: new Int32Array(outLen * w.length), weight: new Float64Array(outLen * w.length), outside: new Uint8Array(outLen) };
    if (p.coordinateMode === 'tf_crop_and_resize' && (x < 0 || x > inLen - 1)) plan.outside[j] = 1;
    if (p.excludeOutside) {
      w = w.map((v, t) => (base + first + t < 0 || base + first + t >= inLen ? 0 : v));
      w = normalize(w);
    }
    w.forEach((v, t) => {
      plan!.index[j * w.length + t] = Math.min(Math.max(base + first + t, 0), inLen - 1);
      plan!.weight[j * w.length + t] = v;
    });
  }
  return plan ?? { taps: 1, index: new Int32Array(0), weight: new Float64Array(0), outside: new Uint8Array(0) };
}

/** Integers round half to even and saturate (interpolated pixels must stay in range); floats round once. */
function store(shape: readonly number[], element: ElementType, values: Float64Array): HostTensor {
  if (!isFloat(element)) {
    const [lo, hi] = intRange(element);
    for (let i = 0; i < values.length; i++) values[i] = Math.min(hi, Math.max(lo, roundHalfEven(values[i]!)));
  }
  return fromNumbers(shape, element, values);
}

export function resample(x: HostTensor, outShape: readonly number[], p: ResizeParams): HostTensor {
  const inShape = x.type.shape;
  const plans = outShape.map((n, a) => planAxis(p, a, inShape[a]!, n));
  if (p.mode === 'nearest') {
    const s = strides(inShape);
    const tables = plans.map((pl, a) => axisTable(outShape[a]!, s[a]!, (j) => (pl.outside[j] ? -1 : pl.index[j]!)));
    return take(x, outShape, separableMap(outShape, tables), p.extrapolation);
  }
  let cur = Float64Array.from(readNumbers(x));
  const shape = [...inShape];
  for (let a = shape.length - 1; a >= 0; a--) {
    const pl = plans[a]!;
    const identity = outShape[a] === shape[a] && !pl.outside.some((o) => o)
      && Array.from({ length: outShape[a]! }, (_, j) => j).every((j) => {
        for (let t = 0; t < pl.taps; t++) if (pl.weight[j * pl.taps + t] !== (pl.index[j * pl.taps + t] === j ? 1 : 0)) return false;
        return true;
      });
    if (identity) continue;
    const { outer, len, inner } = axisLayout(shape, a);
    const n = outShape[a]!;
    const next = new Float64Array(outer * n * inner);
    for (let o = 0; o < outer; o++) {
      for (let j = 0; j < n; j++) {
        const dst = (o * n + j) * inner;
        if (pl.outside[j]) {
          next.fill(p.extrapolation, dst, dst + inner);
          continue;
        }
        for (let t = 0; t < pl.taps; t++) {
          const w = pl.weight[j * pl.taps + t]!;
          const src = (o * len + pl.index[j * pl.taps + t]!) * inner;
          for (let i = 0; i < inner; i++) next[dst + i] += w * cur[src + i]!;
        }
      }
    }
    cur = next;
    shape[a] = n;
  }
  return store(outShape, x.type.element, cur);
}

implement('resize', ([x], ctx) => {
  const out = ctx.result();
  const inShape = x!.type.shape;
  const scales = ctx.has('scales') ? ctx.floats('scales') : out.shape.map((d, i) => d / inShape[i]!);
  return [resample(x!, out.shape, {
    mode: ctx.string('mode'),
    coordinateMode: ctx.string('coordinate_transformation_mode'),
    nearestMode: ctx.string('nearest_mode'),
    cubicA: ctx.float('cubic_coeff_a'),
    excludeOutside: ctx.bool('exclude_outside'),
    extrapolation: ctx.float('extrapolation_value'),
    antialias: ctx.bool('antialias'),
    scales,
    ...(ctx.has('roi') ? { roi: ctx.floats('roi') } : {}),
  })];
});

// ONNX Upsample (opset 9): asymmetric coordinates, nearest rounds down; the scale of N and C is 1.
implement('upsample', ([x], ctx: KernelContext) => {
  const out = ctx.result();
  return [resample(x!, out.shape, {
    mode: ctx.string('mode'), coordinateMode: 'asymmetric', nearestMode: 'floor', cubicA: -0.75,
    excludeOutside: false, extrapolation: 0, antialias: false, scales: [1, 1, ...ctx.ints('scale_size')],
  })];
});
