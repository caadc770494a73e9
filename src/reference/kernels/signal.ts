// Reference kernels of dft and stft: direct sums in double (the angle 2π·(k·n mod L)/L reduced
// exactly first), rounded once. O(L²) per transform: fine for the frame lengths models use.
import { implement } from '../registry';
import { fromNumbers, readNumbers } from './common';

/** Accumulates Σ_n (re_n + i·im_n)·e^{∓2πi·k·n/L} for n < count into out[0], out[1]. */
function term(re: (n: number) => number, im: (n: number) => number, count: number, k: number, L: number, inverse: boolean, out: Float64Array): void {
  let sr = 0;
  let si = 0;
  const sign = inverse ? 1 : -1;
  for (let n = 0, m = 0; n < count; n++, m = (m + k) % L) {
    const a = (sign * 2 * Math.PI * m) / L;
    const c = Math.cos(a);
    const s = Math.sin(a);
    const xr = re(n);
    const xi = im(n);
    sr += xr * c - xi * s;
    si += xr * s + xi * c;
  }
  out[0] = sr;
  out[1] = si;
}

implement('dft', ([x], ctx) => {
  const out = ctx.result();
  const X = readNumbers(x!);
  const shape = x!.type.shape;
  const rank = shape.length;
  const axis = ctx.int('axis') < 0 ? ctx.int('axis') + rank : ctx.int('axis');
  const comps = shape[rank - 1]!;
  const len = shape[axis]!;
  const L = ctx.has('length') ? ctx.int('length') : len;
  const inverse = ctx.bool('inverse');
  const count = Math.min(len, L);
  const outer = shape.slice(0, axis).reduce((p, d) => p * d, 1);
  const inner = shape.slice(axis + 1, rank - 1).reduce((p, d) => p * d, 1);
  const bins = out.shape[axis]!;
  const res = new Float64Array(outer * bins * inner * 2);
  const pair = new Float64Array(2);
  for (let o = 0; o < outer; o++) {
    for (let i = 0; i < inner; i++) {
      const at = (n: number) => ((o * len + n) * inner + i) * comps;
      const re = (n: number) => X[at(n)]!;
      const im = comps === 2 ? (n: number) => X[at(n) + 1]! : () => 0;
      for (let k = 0; k < bins; k++) {
        term(re, im, count, k, L, inverse, pair);
        const w = ((o * bins + k) * inner + i) * 2;
        res[w] = inverse ? pair[0]! / L : pair[0]!;
        res[w + 1] = inverse ? pair[1]! / L : pair[1]!;
      }
    }
  }
  return [fromNumbers(out.shape, out.element, res)];
});

implement('stft', ([signal, window], ctx) => {
  const out = ctx.result();
  const X = readNumbers(signal!);
  const Wn = window ? readNumbers(window) : undefined;
  const [B, len, comps] = signal!.type.shape as [number, number, number];
  const [, frames, bins] = out.shape as [number, number, number];
  const step = ctx.int('frame_step');
  const L = ctx.int('frame_length');
  const res = new Float64Array(B * frames * bins * 2);
  const pair = new Float64Array(2);
  for (let b = 0; b < B; b++) {
    for (let f = 0; f < frames; f++) {
      const at = (n: number) => (b * len + f * step + n) * comps;
      const w = (n: number) => (Wn ? Wn[n]! : 1);
      const re = (n: number) => X[at(n)]! * w(n);
      const im = comps === 2 ? (n: number) => X[at(n) + 1]! * w(n) : () => 0;
      for (let k = 0; k < bins; k++) {
        term(re, im, L, k, L, false, pair);
        const o = ((b * frames + f) * bins + k) * 2;
        res[o] = pair[0]!;
        res[o + 1] = pair[1]!;
      }
    }
  }
  return [fromNumbers(out.shape, out.element, res)];
});
