// Reference kernels of convolution and convolution_transpose over 1 to 3 spatial dimensions (both
// run as 3-D with leading unit dimensions). Accumulation is in double and rounds once to float32 (or
// float16) per result: more accurate than float32 accumulation, and order-independent, so GPU kernels
// are compared against the exact sum rather than one particular summation order. int32 accumulates
// modulo 2^32 (Math.imul into an Int32Array), as wrapping integer arithmetic does.
import type { ShapedType } from '../../ir/types';
import { implement, type KernelContext } from '../registry';
import { fromNumbers, readFloats, readNumbers } from './common';

/** Spatial geometry padded to three dimensions. */
interface Geometry {
  readonly input: number[];
  readonly output: number[];
  readonly kernel: number[];
  readonly strides: number[];
  readonly dilations: number[];
  readonly pads: number[];
}

function to3(v: readonly number[], fill: number): number[] {
  return [...new Array<number>(3 - v.length).fill(fill), ...v];
}

function geometry(ctx: KernelContext, x: ShapedType, w: ShapedType, out: ShapedType): Geometry {
  return {
    input: to3(x.shape.slice(2), 1),
    output: to3(out.shape.slice(2), 1),
    kernel: to3(w.shape.slice(2), 1),
    strides: to3(ctx.ints('strides'), 1),
    dilations: to3(ctx.ints('dilations'), 1),
    pads: to3(ctx.ints('start_padding'), 0),
  };
}

/** The j in [0, count) with 0 ≤ j·s + off < limit, as [lo, hi): loops run without bounds checks. */
function validRange(count: number, s: number, off: number, limit: number): [number, number] {
  const lo = Math.max(0, Math.ceil(-off / s));
  const hi = Math.min(count, Math.floor((limit - 1 - off) / s) + 1);
  return [lo, Math.max(lo, hi)];
}

/** Per kernel position of each dimension: its offset k·d − pad and the valid range of the looped index. */
function ranges(g: Geometry, loopSizes: number[], limits: number[]): { off: number[][]; range: [number, number][][] } {
  const off = [0, 1, 2].map((a) => Array.from({ length: g.kernel[a]! }, (_, k) => k * g.dilations[a]! - g.pads[a]!));
  const range = [0, 1, 2].map((a) => off[a]!.map((o) => validRange(loopSizes[a]!, g.strides[a]!, o, limits[a]!)));
  return { off, range };
}

implement('convolution', ([x, w, b], ctx) => {
  const out = ctx.result();
  const g = geometry(ctx, x!.type, w!.type, out);
  const [N, C] = x!.type.shape as [number, number];
  const [M, Cg] = w!.type.shape as [number, number];
  const groups = ctx.int('groups');
  const Mg = M / groups;
  const [I1, I2, I3] = g.input as [number, number, number];
  const [O1, O2, O3] = g.output as [number, number, number];
  const [K1, K2, K3] = g.kernel as [number, number, number];
  const [S1, S2, S3] = g.strides as [number, number, number];
  const integer = out.element === 'int32';
  const read = integer ? readNumbers : readFloats;
  const X = read(x!);
  const W = read(w!);
  const B = b ? read(b) : undefined;
  const inPlane = I1 * I2 * I3;
  const outPlane = O1 * O2 * O3;
  const { off, range } = ranges(g, g.output, g.input);
  const res = integer ? new Int32Array(N * M * outPlane) : new Float64Array(N * M * outPlane);
  for (let n = 0; n < N; n++) {
    for (let m = 0; m < M; m++) {
      const group = Math.floor(m / Mg);
      const accBase = (n * M + m) * outPlane;
      res.fill(B ? B[m]! : 0, accBase, accBase + outPlane);
      for (let c = 0; c < Cg; c++) {
        const xBase = (n * C + group * Cg + c) * inPlane;
        for (let k1 = 0; k1 < K1; k1++) {
          const [lo1, hi1] = range[0]![k1]!;
          for (let k2 = 0; k2 < K2; k2++) {
            const [lo2, hi2] = range[1]![k2]!;
            for (let k3 = 0; k3 < K3; k3++) {
              const [lo3, hi3] = range[2]![k3]!;
              const wv = W[(((m * Cg + c) * K1 + k1) * K2 + k2) * K3 + k3]!;
              const o3 = off[2]![k3]!;
              for (let p1 = lo1; p1 < hi1; p1++) {
                const i1 = p1 * S1 + off[0]![k1]!;
                for (let p2 = lo2; p2 < hi2; p2++) {
                  const xRow = xBase + (i1 * I2 + p2 * S2 + off[1]![k2]!) * I3 + o3;
                  const accRow = accBase + (p1 * O2 + p2) * O3;
                  if (integer) for (let p3 = lo3; p3 < hi3; p3++) res[accRow + p3] += Math.imul(wv, X[xRow + p3 * S3]!);
                  else for (let p3 = lo3; p3 < hi3; p3++) res[accRow + p3] += wv * X[xRow + p3 * S3]!;
                }
              }
            }
          }
        }
      }
    }
  }
  return [fromNumbers(out.shape, out.element, res)];
});

/** Each input element scatters input × filter into the outputs at i·stride − pad + k·dilation. */
implement('convolution_transpose', ([x, w, b], ctx) => {
  const out = ctx.result();
  const g = geometry(ctx, x!.type, w!.type, out);
  const [N, C] = x!.type.shape as [number, number];
  const Mg = w!.type.shape[1]!;
  const groups = ctx.int('groups');
  const Cg = C / groups;
  const M = Mg * groups;
  const [I1, I2, I3] = g.input as [number, number, number];
  const [, O2, O3] = g.output as [number, number, number];
  const [K1, K2, K3] = g.kernel as [number, number, number];
  const [S1, S2, S3] = g.strides as [number, number, number];
  const X = readFloats(x!);
  const W = readFloats(w!);
  const B = b ? readFloats(b) : undefined;
  const inPlane = I1 * I2 * I3;
  const outPlane = g.output.reduce((p, d) => p * d, 1);
  const { off, range } = ranges(g, g.input, g.output);
  const res = new Float64Array(N * M * outPlane);
  for (let n = 0; n < N; n++) {
    for (let m = 0; m < M; m++) {
      const group = Math.floor(m / Mg);
      const accBase = (n * M + m) * outPlane;
      res.fill(B ? B[m]! : 0, accBase, accBase + outPlane);
      for (let c = 0; c < Cg; c++) {
        const ci = group * Cg + c;
        const xBase = (n * C + ci) * inPlane;
        for (let k1 = 0; k1 < K1; k1++) {
          const [lo1, hi1] = range[0]![k1]!;
          for (let k2 = 0; k2 < K2; k2++) {
            const [lo2, hi2] = range[1]![k2]!;
            for (let k3 = 0; k3 < K3; k3++) {
              const [lo3, hi3] = range[2]![k3]!;
              const wv = W[(((ci * Mg + (m - group * Mg)) * K1 + k1) * K2 + k2) * K3 + k3]!;
              const o3 = off[2]![k3]!;
              for (let i1 = lo1; i1 < hi1; i1++) {
                const q1 = i1 * S1 + off[0]![k1]!;
                for (let i2 = lo2; i2 < hi2; i2++) {
                  const accRow = accBase + (q1 * O2 + i2 * S2 + off[1]![k2]!) * O3 + o3;
                  const xRow = xBase + (i1 * I2 + i2) * I3;
                  for (let i3 = lo3; i3 < hi3; i3++) res[accRow + i3 * S3] += wv * X[xRow + i3]!;
                }
              }
            }
          }
        }
      }
    }
  }
  return [fromNumbers(out.shape, out.element, res)];
});
