// Reference kernels of the ops whose result size depends on the input values: non_zero, compress,
// non_max_suppression (after ONNX Runtime's CPU kernel: float32 IoU, ties to the lower box index)
// and unique. Each fills its results up to the count it returns and leaves the rest 0.
import { implement } from '../registry';
import { type HostTensor, allocTensor } from '../../core';
import { readFloats, readNumbers } from './common';
import { axisLayout, normAxis } from './indexing';

type Elements = { [i: number]: number | bigint; length: number };
const elements = (t: HostTensor): Elements => t.data as unknown as Elements;
function scalar(n: number): HostTensor {
  const t = allocTensor([], 'int64');
  (t.data as BigInt64Array)[0] = BigInt(n);
  return t;
}

implement('non_zero', ([x], ctx) => {
  const out = ctx.alloc(0);
  const shape = x!.type.shape;
  const bound = out.type.shape[1]!;
  const X = elements(x!);
  const dst = out.data as BigInt64Array;
  let n = 0;
  for (let i = 0; i < X.length; i++) {
    const v = X[i]!;
    if (v === 0 || v === 0n) continue; // -0 and the float16 bits of -0 (0x8000) are not stored as 0
    if (x!.type.element === 'float16' && v === 0x8000) continue;
    for (let d = shape.length - 1, rest = i; d >= 0; d--) {
      dst[d * bound + n] = BigInt(rest % shape[d]!);
      rest = Math.floor(rest / shape[d]!);
    }
    n++;
  }
  return [out, scalar(n)];
});

implement('compress', ([x, condition], ctx) => {
  const out = ctx.alloc(0);
  const cond = condition!.data as Uint8Array;
  const axis = ctx.attributes.has('axis') ? normAxis(ctx.int('axis'), x!.type.shape.length) : undefined;
  const { outer, len, inner } = axis === undefined ? { outer: 1, len: x!.data.length, inner: 1 } : axisLayout(x!.type.shape, axis);
  const bound = axis === undefined ? out.type.shape[0]! : out.type.shape[axis]!;
  const X = elements(x!);
  const dst = elements(out);
  let n = 0;
  for (let j = 0; j < Math.min(len, cond.length); j++) {
    if (!cond[j]) continue;
    for (let o = 0; o < outer; o++) for (let i = 0; i < inner; i++) dst[(o * bound + n) * inner + i] = X[(o * len + j) * inner + i]!;
    n++;
  }
  return [out, scalar(n)];
});

/** Box i's [x_min, y_min, x_max, y_max] in float32, from corners in either order or from centre and size. */
function corners(b: Float32Array | Float64Array, i: number, center: boolean): [number, number, number, number] {
  const f = Math.fround;
  const [p, q, r, s] = [b[4 * i]!, b[4 * i + 1]!, b[4 * i + 2]!, b[4 * i + 3]!];
  if (center) {
    const w = f(r / 2);
    const h = f(s / 2);
    return [f(p - w), f(q - h), f(p + w), f(q + h)];
  }
  return [Math.min(q, s), Math.min(p, r), Math.max(q, s), Math.max(p, r)];
}

/** Whether two boxes overlap by more than `threshold` (intersection over union); empty boxes never do. */
export function suppresses(a: readonly number[], b: readonly number[], threshold: number): boolean {
  const f = Math.fround;
  const ix0 = Math.max(a[0]!, b[0]!);
  const ix1 = Math.min(a[2]!, b[2]!);
  const iy0 = Math.max(a[1]!, b[1]!);
  const iy1 = Math.min(a[3]!, b[3]!);
  if (ix1 <= ix0 || iy1 <= iy0) return false;
  const inter = f(f(ix1 - ix0) * f(iy1 - iy0));
  const areaA = f(f(a[2]! - a[0]!) * f(a[3]! - a[1]!));
  const areaB = f(f(b[2]! - b[0]!) * f(b[3]! - b[1]!));
  const union = f(f(areaA + areaB) - inter);
  if (inter <= 0 || areaA <= 0 || areaB <= 0 || union <= 0) return false;
  return f(inter / union) > f(threshold);
}

implement('non_max_suppression', ([boxes, scores], ctx) => {
  const out = ctx.alloc(0);
  const [batches, classes, count] = scores!.type.shape as [number, number, number];
  const B = readFloats(boxes!);
  const S = readFloats(scores!);
  const center = ctx.int('center_point_box') === 1;
  const perClass = Math.min(Math.max(0, ctx.int('max_output_boxes_per_class')), count);
  const iou = ctx.float('iou_threshold');
  const threshold = ctx.attributes.has('score_threshold') ? Math.fround(ctx.float('score_threshold')) : undefined;
  const dst = out.data as BigInt64Array;
  let n = 0;
  for (let b = 0; b < batches; b++) {
    const box = Array.from({ length: count }, (_, i) => corners(B.subarray(b * count * 4), i, center));
    for (let c = 0; c < classes; c++) {
      const base = (b * classes + c) * count;
      const order = Array.from({ length: count }, (_, i) => i)
        .filter((i) => threshold === undefined || S[base + i]! > threshold)
        .sort((i, j) => S[base + j]! - S[base + i]! || i - j);
      const kept: number[] = [];
      for (const i of order) {
        if (kept.length >= perClass) break;
        if (kept.some((k) => suppresses(box[k]!, box[i]!, iou))) continue;
        kept.push(i);
        dst.set([BigInt(b), BigInt(c), BigInt(i)], 3 * n++);
      }
    }
  }
  return [out, scalar(n)];
});

/**
 * Unique elements (or slices along axis): sorted ascending (slices compared element by element) or
 * in order of first occurrence; each one's first index, every input's index into them, and counts.
 */
implement('unique', ([x], ctx) => {
  const [y, first, inverse, counts] = [ctx.alloc(0), ctx.alloc(1), ctx.alloc(2), ctx.alloc(3)];
  const axis = ctx.attributes.has('axis') ? normAxis(ctx.int('axis'), x!.type.shape.length) : undefined;
  const { outer, len, inner } = axis === undefined ? { outer: 1, len: x!.data.length, inner: 1 } : axisLayout(x!.type.shape, axis);
  const bound = axis === undefined ? y.type.shape[0]! : y.type.shape[axis]!;
  const V = x!.type.element === 'int64' ? (x!.data as BigInt64Array) : readNumbers(x!);
  const X = elements(x!);
  const at = (j: number, k: number) => Math.floor(k / inner) * len * inner + j * inner + (k % inner);
  const slice = outer * inner;
  const compare = (a: number, b: number): number => {
    for (let k = 0; k < slice; k++) {
      const va = V[at(a, k)]!;
      const vb = V[at(b, k)]!;
      if (va !== vb) return va < vb ? -1 : 1;
    }
    return 0;
  };
  const reps: number[] = []; // the first index of each distinct slice, in order of first occurrence
  const of = new Int32Array(len);
  for (let j = 0; j < len; j++) {
    const r = reps.findIndex((i) => compare(i, j) === 0);
    of[j] = r >= 0 ? r : reps.push(j) - 1;
  }
  const order = reps.map((_, r) => r);
  if (ctx.bool('sorted')) order.sort((p, q) => compare(reps[p]!, reps[q]!));
  const rank = new Int32Array(reps.length);
  order.forEach((r, u) => { rank[r] = u; });
  const Y = elements(y);
  const F = first.data as BigInt64Array;
  const I = inverse.data as BigInt64Array;
  const C = counts.data as BigInt64Array;
  order.forEach((r, u) => {
    F[u] = BigInt(reps[r]!);
    for (let k = 0; k < slice; k++) Y[Math.floor(k / inner) * bound * inner + u * inner + (k % inner)] = X[at(reps[r]!, k)]!;
  });
  for (let j = 0; j < len; j++) {
    I[j] = BigInt(rank[of[j]!]!);
    C[rank[of[j]!]!]! += 1n;
  }
  return [y, first, inverse, counts, scalar(reps.length)];
});
