// Reference kernels of cgc_op.rnn, gru and lstm (ONNX opset 14 semantics, onnxruntime's reading of
// them): each batch entry's sequence is read up to its length (backwards for the reverse direction),
// steps past it leave Y zero and the state as it was. Math in double, results rounded once.
import { implement, type KernelContext } from '../registry';
import { CELLS, type Cell, recurrentDims } from '../../ir/ops/recurrent';
import type { HostTensor } from '../../core';
import { fromNumbers, readFloats, readNumbers } from './common';

const f32 = Math.fround;

/** An activation of a recurrence, by its cgc_op spelling, with its alpha and beta. */
function recurrentActivation(name: string, alpha: number, beta: number): (x: number) => number {
  switch (name) {
    case 'relu': return (x) => Math.max(0, x);
    case 'tanh': return Math.tanh;
    case 'sigmoid': return (x) => 1 / (1 + Math.exp(-x));
    case 'affine': return (x) => alpha * x + beta;
    case 'leaky_relu': return (x) => (x < 0 ? alpha * x : x);
    case 'thresholded_relu': return (x) => (x > alpha ? x : 0);
    case 'scaled_tanh': return (x) => alpha * Math.tanh(beta * x);
    case 'hard_sigmoid': return (x) => Math.max(0, Math.min(1, alpha * x + beta));
    case 'elu': return (x) => (x < 0 ? alpha * Math.expm1(x) : x);
    case 'softsign': return (x) => x / (1 + Math.abs(x));
    case 'softplus': return (x) => (x > 0 ? x + Math.log1p(Math.exp(-x)) : Math.log1p(Math.exp(x)));
    default: throw new Error(`reference: no recurrent activation '${name}'`);
  }
}

function recurrence(cell: Cell, inputs: HostTensor[], ctx: KernelContext): HostTensor[] {
  const { T, B, I, H, D, layout } = recurrentDims(ctx);
  const G = cell.gates * H;
  const [X, W, R] = inputs.slice(0, 3).map((t) => readFloats(t!)) as [Float32Array, Float32Array, Float32Array];
  const bias = inputs[3] ? readFloats(inputs[3]) : undefined;
  const lens = inputs[4] ? readNumbers(inputs[4]) : undefined;
  const h0 = inputs[5] ? readFloats(inputs[5]) : undefined;
  const c0 = inputs[6] ? readFloats(inputs[6]) : undefined;
  const peep = inputs[7] ? readFloats(inputs[7]) : undefined;
  const acts = ctx.strings('activations');
  const alphas = ctx.floats('activation_alpha');
  const betas = ctx.floats('activation_beta');
  const clip = ctx.has('clip') ? f32(ctx.float('clip')) : Infinity;
  const clamp = (x: number) => (x < -clip ? -clip : x > clip ? clip : x);
  const reverseOnly = ctx.string('direction') === 'reverse';
  const inputForget = cell.op === 'lstm' && ctx.bool('input_forget');
  const linearBeforeReset = cell.op === 'gru' && ctx.bool('linear_before_reset');
  const xAt = (t: number, b: number) => (layout === 0 ? t * B + b : b * T + t) * I;
  const yAt = (t: number, d: number, b: number) => (layout === 0 ? (t * D + d) * B + b : (b * T + t) * D + d) * H;
  const stateAt = (d: number, b: number) => (layout === 0 ? d * B + b : b * D + d) * H;
  const Y = new Float64Array(T * D * B * H);
  const Yh = new Float64Array(D * B * H);
  const Yc = new Float64Array(D * B * H);
  const per = cell.activations.length;
  for (let d = 0; d < D; d++) {
    const [f, g, h] = [0, 1, 2].map((k) => (k < per ? recurrentActivation(acts[d * per + k]!, f32(alphas[d * per + k]!), f32(betas[d * per + k]!)) : Math.tanh));
    const reverse = reverseOnly || d === 1;
    /** Row `row` of W (or R) times `v` (length n), plus its bias. */
    const dot = (M: Float32Array, n: number, row: number, v: ArrayLike<number>, at: number, biasAt: number) => {
      let s = bias ? bias[d * 2 * G + biasAt + row]! : 0;
      for (let k = 0; k < n; k++) s += M[(d * G + row) * n + k]! * v[at + k]!;
      return s;
    };
    for (let b = 0; b < B; b++) {
      const L = lens ? Math.max(0, Math.min(T, Number(lens[b]))) : T;
      const s0 = stateAt(d, b);
      const hPrev = Float64Array.from({ length: H }, (_, j) => (h0 ? h0[s0 + j]! : 0));
      const cPrev = Float64Array.from({ length: H }, (_, j) => (c0 ? c0[s0 + j]! : 0));
      for (let s = 0; s < L; s++) {
        const t = reverse ? L - 1 - s : s;
        const x = xAt(t, b);
        const xw = (row: number) => dot(W, I, row, X, x, 0);
        const hr = (row: number, v: ArrayLike<number> = hPrev) => dot(R, H, row, v, 0, G);
        const hNext = new Float64Array(H);
        if (cell.op === 'rnn') {
          for (let j = 0; j < H; j++) hNext[j] = f(clamp(xw(j) + hr(j)));
        } else if (cell.op === 'gru') {
          // Gates z, r, h in W's rows.
          const z = Float64Array.from({ length: H }, (_, j) => f(clamp(xw(j) + hr(j))));
          const r = Float64Array.from({ length: H }, (_, j) => f(clamp(xw(H + j) + hr(H + j))));
          const rh = Float64Array.from({ length: H }, (_, j) => r[j]! * hPrev[j]!);
          for (let j = 0; j < H; j++) {
            const hh = g(clamp(xw(2 * H + j) + (linearBeforeReset ? r[j]! * hr(2 * H + j) : hr(2 * H + j, rh))));
            hNext[j] = (1 - z[j]!) * hh + z[j]! * hPrev[j]!;
          }
        } else {
          // Gates i, o, f, c in W's rows; peepholes i, o, f.
          const p = (k: number, j: number) => (peep ? peep[d * 3 * H + k * H + j]! : 0);
          for (let j = 0; j < H; j++) {
            const i = f(clamp(xw(j) + hr(j) + p(0, j) * cPrev[j]!));
            const fg = inputForget ? 1 - i : f(clamp(xw(2 * H + j) + hr(2 * H + j) + p(2, j) * cPrev[j]!));
            const c = fg * cPrev[j]! + i * g(clamp(xw(3 * H + j) + hr(3 * H + j)));
            const o = f(clamp(xw(H + j) + hr(H + j) + p(1, j) * c));
            hNext[j] = o * h(c);
            cPrev[j] = c;
          }
        }
        hPrev.set(hNext);
        Y.set(hNext, yAt(t, d, b));
      }
      Yh.set(hPrev, s0);
      Yc.set(cPrev, s0);
    }
  }
  const out = [fromNumbers(ctx.result(0).shape, ctx.result(0).element, Y), fromNumbers(ctx.result(1).shape, ctx.result(1).element, Yh)];
  if (cell.op === 'lstm') out.push(fromNumbers(ctx.result(2).shape, ctx.result(2).element, Yc));
  return out;
}

for (const cell of Object.values(CELLS)) implement(cell.op, (inputs, ctx) => recurrence(cell, inputs, ctx));
