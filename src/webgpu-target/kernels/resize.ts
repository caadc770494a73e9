// resize (nearest with every rounding mode, linear; every coordinate mode but tf_crop_and_resize)
// and upsample. Shapes are static, so each resized axis's taps and weights are computed here and
// baked into the kernel as constant tables; cubic, antialias and crop-and-resize are declined.
import type { Value } from '../../ir';
import { type KernelBuilder, KernelDecline, type Scope, type Typed, convert, generator, literal, scalarOf } from '../wgsl/builder';
import { ctxOf } from './helpers';

interface AxisTaps {
  i0: number[];
  i1: number[];
  w: number[];
}

/** The coordinate modes the kernel maps (tf_crop_and_resize's crop box and extrapolation are the CPU reference's). */
const COORDINATE_MODES: ReadonlySet<string> = new Set(['half_pixel', 'half_pixel_symmetric', 'pytorch_half_pixel', 'align_corners', 'asymmetric', 'tf_half_pixel_for_nn']);

function sourceCoordinate(mode: string, x: number, scale: number, inLen: number, outLen: number): number {
  const outWidth = scale * inLen;
  switch (mode) {
    case 'half_pixel': return (x + 0.5) / scale - 0.5;
    case 'half_pixel_symmetric': return (inLen / 2) * (1 - outLen / outWidth) + (x + 0.5) / scale - 0.5;
    case 'pytorch_half_pixel': return outLen > 1 ? (x + 0.5) / scale - 0.5 : 0;
    case 'align_corners': return outWidth === 1 ? 0 : (x * (inLen - 1)) / (outWidth - 1);
    case 'asymmetric': return x / scale;
    case 'tf_half_pixel_for_nn': return (x + 0.5) / scale;
    default: throw new KernelDecline(`resize coordinate mode '${mode}' is left to the CPU reference`);
  }
}

function nearest(mode: string, x: number): number {
  switch (mode) {
    case 'floor': return Math.floor(x);
    case 'ceil': return Math.ceil(x);
    case 'round_prefer_ceil': return Math.round(x);
    default: return x === Math.floor(x) + 0.5 ? Math.floor(x) : Math.round(x); // round_prefer_floor
  }
}

function taps(mode: string, coordMode: string, nearestMode: string, scale: number, inLen: number, outLen: number): AxisTaps {
  const t: AxisTaps = { i0: [], i1: [], w: [] };
  const clamp = (i: number) => Math.min(Math.max(i, 0), inLen - 1);
  for (let o = 0; o < outLen; o++) {
    const x = sourceCoordinate(coordMode, o, scale, inLen, outLen);
    if (mode === 'nearest') {
      t.i0.push(clamp(nearest(nearestMode, x)));
      continue;
    }
    const xc = Math.min(Math.max(x, 0), inLen - 1);
    const lo = Math.floor(xc);
    t.i0.push(clamp(lo));
    t.i1.push(clamp(lo + 1));
    t.w.push(Math.fround(xc - lo));
  }
  return t;
}

generator('resize', (b, op, coords, scope) => {
  const ctx = ctxOf(op);
  if (ctx.bool('antialias')) throw new KernelDecline('antialiased resize is left to the CPU reference');
  const mode = ctx.string('mode');
  if (mode === 'cubic') throw new KernelDecline('cubic resize is left to the CPU reference');
  const x = op.operands[0]!;
  const out = op.results[0]!.type.shape;
  const scales = op.attributes.has('scales') ? ctx.floats('scales') : out.map((o, i) => o / x.type.shape[i]!);
  return resample(b, scope, x, coords, out, mode, ctx.string('coordinate_transformation_mode'), ctx.string('nearest_mode'), scales);
});

generator('upsample', (b, op, coords, scope) => {
  const ctx = ctxOf(op);
  const x = op.operands[0]!;
  return resample(b, scope, x, coords, op.results[0]!.type.shape, ctx.string('mode'), 'asymmetric', 'floor', [1, 1, ...ctx.ints('scale_size')]);
});

function resample(
  b: KernelBuilder, scope: Scope, x: Value, coords: readonly string[], out: readonly number[], mode: string, coordMode: string, nearestMode: string, scales: readonly number[],
): Typed {
  // Checked before the copy below: a crop box (tf_crop_and_resize) resamples even at the same size.
  if (!COORDINATE_MODES.has(coordMode)) throw new KernelDecline(`resize coordinate mode '${coordMode}' is left to the CPU reference`);
  const inShape = x.type.shape;
  // An axis kept at scale 1 reads where it writes, except under tf_half_pixel_for_nn: its x + 0.5
  // rounds up with nearest_mode ceil or round_prefer_ceil, as ONNX's formula says (the reference's too).
  const axes = out.map((_, i) => i).filter((i) => !(out[i] === inShape[i] && scales[i] === 1 && coordMode !== 'tf_half_pixel_for_nn'));
  // A resize to the size x has (SegFormer's decode head resizes its first stage to its own size)
  // reads x where it writes: no cell, no weights (an empty product was `( * x)`).
  if (axes.length === 0) return b.value(x, coords, scope);
  const tables = new Map(axes.map((a) => [a, taps(mode, coordMode, nearestMode, scales[a]!, inShape[a]!, out[a]!)]));
  const table = (name: string, values: number[], type: 'i32' | 'f32') => {
    const v = b.fresh(name);
    scope.emit(`var ${v} = array<${type}, ${values.length}>(${values.map((n) => literal(n, type)).join(', ')});`);
    return v;
  };
  const idx0 = new Map<number, string>();
  const idx1 = new Map<number, string>();
  const wts = new Map<number, string>();
  for (const [a, t] of tables) {
    idx0.set(a, `${table('ri', t.i0, 'i32')}[${coords[a]}]`);
    if (mode !== 'nearest') {
      idx1.set(a, `${table('rj', t.i1, 'i32')}[${coords[a]}]`);
      wts.set(a, `${table('rw', t.w, 'f32')}[${coords[a]}]`);
    }
  }
  // No axis resampled (scale 1 everywhere): a copy, whatever the mode (an empty product of weights is no expression).
  if (mode === 'nearest' || !axes.length) return b.value(x, coords.map((c, i) => idx0.get(i) ?? c), scope);
  if (scalarOf(x.type.element) !== 'f32') throw new KernelDecline('linear resize is generated for floats only');
  // Every corner of the interpolation cell, weighted by the product of per-axis weights.
  const terms: string[] = [];
  for (let mask = 0; mask < 1 << axes.length; mask++) {
    const at = coords.map((c, i) => {
      const k = axes.indexOf(i);
      return k < 0 ? c : (mask >> k) & 1 ? idx1.get(i)! : idx0.get(i)!;
    });
    const weight = axes.map((a, k) => ((mask >> k) & 1 ? wts.get(a)! : `(1.0f - ${wts.get(a)!})`)).join(' * ');
    terms.push(`${weight} * ${convert(b.value(x, at, scope), 'f32')}`);
  }
  return { expr: `(${terms.join(' + ')})`, type: 'f32' };
}
