// Reference kernels of grid_sample, roi_align, max_roi_pool and max_unpool, after ONNX Runtime's CPU
// kernels (grid_sample.cc, roialign.cc, roi_pool.cc, unpool): computed in double, rounded once.
import { implement, type KernelContext } from '../registry';
import { fromNumbers, readNumbers } from './common';
import { strides } from './indexing';

/** A normalized coordinate in [-1, 1] as an element position along an axis of `size`. */
export function denormalize(g: number, size: number, alignCorners: boolean): number {
  return alignCorners ? ((g + 1) / 2) * (size - 1) : ((g + 1) * size - 1) / 2;
}

/** `x` folded back into [lo, hi] by reflecting at both ends. */
export function reflect(x: number, lo: number, hi: number): number {
  const range = hi - lo;
  if (range <= 0) return lo;
  if (x < lo) {
    const d = lo - x;
    const n = Math.trunc(d / range);
    const r = d - n * range;
    return n % 2 === 0 ? lo + r : hi - r;
  }
  if (x > hi) {
    const d = x - hi;
    const n = Math.trunc(d / range);
    const r = d - n * range;
    return n % 2 === 0 ? hi - r : lo + r;
  }
  return x;
}

/** Round half to even, as std::nearbyint. */
const nearbyint = (x: number): number => {
  const r = Math.round(x);
  return r - x === 0.5 && r % 2 !== 0 ? r - 1 : r;
};

/** The cubic convolution weights (A = −0.75) of the four taps around a fractional position t ∈ [0, 1). */
export function cubicWeights(t: number): number[] {
  const A = -0.75;
  const w0 = ((A * (t + 1) - 5 * A) * (t + 1) + 8 * A) * (t + 1) - 4 * A;
  const w1 = ((A + 2) * t - (A + 3)) * t * t + 1;
  const w2 = ((A + 2) * (1 - t) - (A + 3)) * (1 - t) * (1 - t) + 1;
  const w3 = ((A * (2 - t) - 5 * A) * (2 - t) + 8 * A) * (2 - t) - 4 * A;
  return [w0, w1, w2, w3];
}

implement('grid_sample', ([x, grid], ctx) => {
  const out = ctx.result();
  const X = readNumbers(x!);
  const G = readNumbers(grid!);
  const xs = x!.type.shape;
  const [N, C] = xs as [number, number];
  const sizes = xs.slice(2);
  const r = sizes.length;
  const outSpatial = out.shape.slice(2);
  const positions = outSpatial.reduce((p, d) => p * d, 1);
  const mode = ctx.string('mode');
  const padding = ctx.string('padding_mode');
  const align = ctx.bool('align_corners');
  const lo = align ? 0 : -0.5;
  const st = strides(sizes);
  const plane = sizes.reduce((p, d) => p * d, 1);
  const res = new Float64Array(N * C * positions);
  /** The element at integer position `at` (one per spatial axis) of plane `base`, by the padding mode. */
  const pixel = (base: number, at: number[]): number => {
    let off = 0;
    for (let a = 0; a < r; a++) {
      let i = at[a]!;
      const d = sizes[a]!;
      if (padding === 'zeros') {
        if (i < 0 || i >= d) return 0;
      } else if (padding === 'border') {
        i = Math.min(Math.max(i, 0), d - 1);
      } else {
        i = Math.trunc(reflect(i, lo, align ? d - 1 : d - 0.5));
        i = Math.min(Math.max(i, 0), d - 1);
      }
      off += i * st[a]!;
    }
    return X[base + off]!;
  };
  for (let n = 0; n < N; n++) {
    for (let p = 0; p < positions; p++) {
      // Grid component k is the coordinate along spatial axis r − 1 − k (x along the width).
      const g = (n * positions + p) * r;
      const pos = sizes.map((d, a) => {
        let v = denormalize(G[g + r - 1 - a]!, d, align);
        if (mode === 'nearest') v = nearbyint(v);
        const hi = align ? d - 1 : d - 0.5;
        if (v < lo || v > hi) {
          // Cubic leaves a border position as it is: its taps are clamped one by one (ONNX Runtime, PyTorch).
          if (padding === 'border' && mode !== 'cubic') v = Math.min(Math.max(v, 0), d - 1);
          else if (padding === 'reflection') v = reflect(v, lo, hi);
        }
        return v;
      });
      for (let c = 0; c < C; c++) {
        const base = (n * C + c) * plane;
        let v = 0;
        if (mode === 'nearest') {
          v = pixel(base, pos);
        } else if (mode === 'linear') {
          const f = pos.map(Math.floor);
          for (let corner = 0; corner < 1 << r; corner++) {
            let w = 1;
            const at = f.map((fi, a) => {
              const hiTap = (corner >> a) & 1;
              const t = pos[a]! - fi;
              w *= hiTap ? t : 1 - t;
              return fi + hiTap;
            });
            if (w !== 0) v += w * pixel(base, at);
          }
        } else {
          const [fy, fx] = [Math.floor(pos[0]!), Math.floor(pos[1]!)];
          const wy = cubicWeights(pos[0]! - fy);
          const wx = cubicWeights(pos[1]! - fx);
          for (let i = 0; i < 4; i++) {
            let row = 0;
            for (let j = 0; j < 4; j++) row += wx[j]! * pixel(base, [fy - 1 + i, fx - 1 + j]);
            v += wy[i]! * row;
          }
        }
        res[(n * C + c) * positions + p] = v;
      }
    }
  }
  return [fromNumbers(out.shape, out.element, res)];
});

/** One bilinear sample of a roi_align bin: its four taps (flat in the plane) and weights, all 0 outside. */
export function roiSample(y: number, x: number, H: number, W: number): { at: number[]; w: number[] } {
  if (y < -1 || y > H || x < -1 || x > W) return { at: [0, 0, 0, 0], w: [0, 0, 0, 0] };
  y = Math.max(y, 0);
  x = Math.max(x, 0);
  let y0 = Math.trunc(y);
  let x0 = Math.trunc(x);
  let y1 = y0 + 1;
  let x1 = x0 + 1;
  if (y0 >= H - 1) { y0 = y1 = H - 1; y = y0; }
  if (x0 >= W - 1) { x0 = x1 = W - 1; x = x0; }
  const ly = y - y0;
  const lx = x - x0;
  const hy = 1 - ly;
  const hx = 1 - lx;
  return { at: [y0 * W + x0, y0 * W + x1, y1 * W + x0, y1 * W + x1], w: [hy * hx, hy * lx, ly * hx, ly * lx] };
}

implement('roi_align', ([x, rois, batch], ctx: KernelContext) => {
  const out = ctx.result();
  const X = readNumbers(x!);
  const R = readNumbers(rois!);
  const B = readNumbers(batch!);
  const [N, C, H, W] = x!.type.shape as [number, number, number, number];
  const [numRois, , PH, PW] = out.shape as [number, number, number, number];
  const scale = ctx.float('spatial_scale');
  const ratio = ctx.int('sampling_ratio');
  const halfPixel = ctx.string('coordinate_transformation_mode') === 'half_pixel';
  const isMax = ctx.string('mode') === 'max';
  const res = new Float64Array(numRois * C * PH * PW);
  for (let r = 0; r < numRois; r++) {
    const b = B[r]!;
    if (!(b >= 0 && b < N)) throw new Error(`reference: 'cgc_op.roi_align' batch index ${b} of box ${r} is out of range for ${N} images`);
    const off = halfPixel ? 0.5 : 0;
    const x1 = R[r * 4]! * scale - off;
    const y1 = R[r * 4 + 1]! * scale - off;
    let rw = R[r * 4 + 2]! * scale - off - x1;
    let rh = R[r * 4 + 3]! * scale - off - y1;
    if (!halfPixel) {
      rw = Math.max(rw, 1);
      rh = Math.max(rh, 1);
    }
    const binH = rh / PH;
    const binW = rw / PW;
    const gh = ratio > 0 ? ratio : Math.ceil(rh / PH);
    const gw = ratio > 0 ? ratio : Math.ceil(rw / PW);
    const count = Math.max(gh * gw, 1);
    for (let c = 0; c < C; c++) {
      const base = (b * C + c) * H * W;
      for (let ph = 0; ph < PH; ph++) {
        for (let pw = 0; pw < PW; pw++) {
          let acc = 0;
          let first = true;
          for (let iy = 0; iy < gh; iy++) {
            const y = y1 + ph * binH + ((iy + 0.5) * binH) / gh;
            for (let ix = 0; ix < gw; ix++) {
              const xx = x1 + pw * binW + ((ix + 0.5) * binW) / gw;
              const s = roiSample(y, xx, H, W);
              if (isMax) {
                // ONNX Runtime's max mode: the largest weighted tap, not the interpolated value.
                const m = Math.max(...s.at.map((a, k) => s.w[k]! * X[base + a]!));
                acc = first ? m : Math.max(acc, m);
                first = false;
              } else {
                for (let k = 0; k < 4; k++) acc += s.w[k]! * X[base + s.at[k]!]!;
              }
            }
          }
          res[((r * C + c) * PH + ph) * PW + pw] = isMax ? acc : acc / count;
        }
      }
    }
  }
  return [fromNumbers(out.shape, out.element, res)];
});

/**
 * One bin of a max_roi_pool box: its element range [start, end) along an axis, clipped to [0, size).
 * The bin edges are float32 products, as ONNX Runtime computes them (7/3 · 3 is 6.9999995 in float32).
 */
export function roiPoolBin(p: number, bin: number, start: number, size: number): [number, number] {
  const lo = Math.min(Math.max(Math.floor(Math.fround(p * bin)) + start, 0), size);
  const hi = Math.min(Math.max(Math.ceil(Math.fround((p + 1) * bin)) + start, 0), size);
  return [lo, hi];
}

/** std::round: half away from zero. */
const roundAway = (v: number): number => Math.sign(v) * Math.round(Math.abs(v));

implement('max_roi_pool', ([x, rois, batch], ctx) => {
  const out = ctx.result();
  const X = readNumbers(x!);
  const R = readNumbers(rois!);
  const B = readNumbers(batch!);
  const [N, C, H, W] = x!.type.shape as [number, number, number, number];
  const [numRois, , PH, PW] = out.shape as [number, number, number, number];
  const scale = ctx.float('spatial_scale');
  const res = new Float64Array(numRois * C * PH * PW);
  for (let r = 0; r < numRois; r++) {
    const b = B[r]!;
    if (!(b >= 0 && b < N)) throw new Error(`reference: 'cgc_op.max_roi_pool' batch index ${b} of box ${r} is out of range for ${N} images`);
    // Scaled in float32 before rounding, as ONNX Runtime does: 5 × 0.9f is 4.5 in float32, 4.4999999 in double.
    const [x1, y1, x2, y2] = [0, 1, 2, 3].map((k) => roundAway(Math.fround(R[r * 4 + k]! * scale))) as [number, number, number, number];
    const binH = Math.fround(Math.max(y2 - y1 + 1, 1) / PH);
    const binW = Math.fround(Math.max(x2 - x1 + 1, 1) / PW);
    for (let c = 0; c < C; c++) {
      const base = (b * C + c) * H * W;
      for (let ph = 0; ph < PH; ph++) {
        const [h0, h1] = roiPoolBin(ph, binH, y1, H);
        for (let pw = 0; pw < PW; pw++) {
          const [w0, w1] = roiPoolBin(pw, binW, x1, W);
          let m = -Infinity;
          for (let h = h0; h < h1; h++) for (let w = w0; w < w1; w++) m = Math.max(m, X[base + h * W + w]!);
          // An empty bin (the box outside x) is 0, as in ONNX Runtime.
          res[((r * C + c) * PH + ph) * PW + pw] = m === -Infinity ? 0 : m;
        }
      }
    }
  }
  return [fromNumbers(out.shape, out.element, res)];
});

implement('max_unpool', ([x, indices], ctx) => {
  const out = ctx.alloc();
  const I = readNumbers(indices!);
  const outShape = out.type.shape;
  const within = ctx.has('index_shape') ? ctx.ints('index_shape') : outShape;
  const wst = strides(within);
  const ost = strides(outShape);
  const total = within.reduce((p, d) => p * d, 1);
  /** Flat position `at` of index_shape as a flat position of the result (the same coordinates). */
  const place = (at: number) => wst.reduce((o, s, d) => o + (Math.floor(at / s) % within[d]!) * ost[d]!, 0);
  const src = x!.data as unknown as ArrayLike<unknown>;
  const dst = out.data as unknown as unknown[];
  // Raw elements move unchanged (exact for every type); a later write to a position wins.
  for (let i = 0; i < I.length; i++) {
    const at = I[i]!;
    if (!(at >= 0 && at < total)) throw new Error(`reference: 'cgc_op.max_unpool' index ${at} at element ${i} is out of range [0, ${total})`);
    dst[place(at)] = src[i];
  }
  return [out];
});
