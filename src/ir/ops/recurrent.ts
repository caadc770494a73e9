// Recurrent layers (ONNX RNN, GRU, LSTM opset 14): a sequence X through a recurrence in one or both
// directions. Operands and results keep ONNX's order and shapes; activations are spelled in
// snake_case with one alpha and one beta per activation (the importer resolves ONNX's defaults).
import { type AttrDef, defineOp, type OpContext } from '../registry';
import { FLOAT_TYPES } from '../types';
import { requireRank, requireShape, result, sameElementType } from './helpers';

/** The activation functions ONNX allows in a recurrence, with the alpha and beta each defaults to. */
export const RECURRENT_ACTIVATIONS: Readonly<Record<string, { readonly alpha: number; readonly beta: number }>> = {
  relu: { alpha: 0, beta: 0 },
  tanh: { alpha: 0, beta: 0 },
  sigmoid: { alpha: 0, beta: 0 },
  affine: { alpha: 1, beta: 0 },
  leaky_relu: { alpha: 0.01, beta: 0 },
  thresholded_relu: { alpha: 1, beta: 0 },
  scaled_tanh: { alpha: 1, beta: 1 },
  hard_sigmoid: { alpha: 0.2, beta: 0.5 },
  elu: { alpha: 1, beta: 0 },
  softsign: { alpha: 0, beta: 0 },
  softplus: { alpha: 0, beta: 0 },
};

/** One recurrent cell kind: its gate count (rows of W per direction, in hidden units) and default activations. */
export interface Cell {
  readonly op: 'rnn' | 'gru' | 'lstm';
  readonly gates: number;
  /** Activations per direction: f (RNN); f, g (GRU); f, g, h (LSTM). */
  readonly activations: readonly string[];
}

export const CELLS: Readonly<Record<Cell['op'], Cell>> = {
  rnn: { op: 'rnn', gates: 1, activations: ['tanh'] },
  gru: { op: 'gru', gates: 3, activations: ['sigmoid', 'tanh'] },
  lstm: { op: 'lstm', gates: 4, activations: ['sigmoid', 'tanh', 'tanh'] },
};

export const directions = (ctx: OpContext): number => (ctx.string('direction') === 'bidirectional' ? 2 : 1);

/** The sizes every recurrent op reads: sequence length, batch, input size, hidden size, directions. */
export interface RecurrentDims { readonly T: number; readonly B: number; readonly I: number; readonly H: number; readonly D: number; readonly layout: number }

export function recurrentDims(ctx: OpContext): RecurrentDims {
  const x = ctx.operand(0).shape;
  const layout = ctx.int('layout');
  return { T: x[layout === 0 ? 0 : 1] ?? 0, B: x[layout === 0 ? 1 : 0] ?? 0, I: x[2] ?? 0, H: ctx.int('hidden_size'), D: directions(ctx), layout };
}

function inferRecurrent(cell: Cell, ctx: OpContext) {
  const el = sameElementType(ctx, ctx.operands.map((_, i) => i).filter((i) => i !== 4));
  requireRank(ctx, 0, 3, 3);
  const layout = ctx.int('layout');
  if (layout !== 0 && layout !== 1) ctx.fail(`attribute 'layout' = ${layout} must be 0 (sequence first) or 1 (batch first)`);
  const { T, B, I, H, D } = recurrentDims(ctx);
  if (H < 1) ctx.fail(`attribute 'hidden_size' = ${H} must be ≥ 1`);
  const G = cell.gates * H;
  requireShape(ctx, 1, [D, G, I], `[directions, ${cell.gates}·hidden_size, input_size]`);
  requireShape(ctx, 2, [D, G, H], `[directions, ${cell.gates}·hidden_size, hidden_size]`);
  if (ctx.operands.length > 3) requireShape(ctx, 3, [D, 2 * G], `[directions, ${2 * cell.gates}·hidden_size]: W's then R's bias`);
  if (ctx.operands.length > 4) requireShape(ctx, 4, [B], 'one length per batch entry');
  const state = layout === 0 ? [D, B, H] : [B, D, H];
  if (ctx.operands.length > 5) requireShape(ctx, 5, state, 'the initial hidden state');
  if (ctx.operands.length > 6) requireShape(ctx, 6, state, 'the initial cell state');
  if (ctx.operands.length > 7) requireShape(ctx, 7, [D, 3 * H], '[directions, 3·hidden_size]: peepholes i, o, f');
  const acts = ctx.strings('activations');
  const per = cell.activations.length;
  if (acts.length !== per * D) ctx.fail(`attribute 'activations' has ${acts.length} entries; ${per * D} expected (${per} per direction)`);
  for (const k of ['activation_alpha', 'activation_beta']) {
    const n = ctx.floats(k).length;
    if (n !== acts.length) ctx.fail(`attribute '${k}' has ${n} values; ${acts.length} expected (one per activation)`);
  }
  if (ctx.has('clip') && !(ctx.float('clip') > 0)) ctx.fail(`attribute 'clip' = ${ctx.float('clip')} must be > 0`);
  const y = layout === 0 ? [T, D, B, H] : [B, T, D, H];
  return Array.from({ length: cell.op === 'lstm' ? 3 : 2 }, (_, i) => result(ctx, i === 0 ? y : state, el));
}

const COMMON: Readonly<Record<string, AttrDef>> = {
  hidden_size: { kind: 'int', doc: 'hidden units per direction' },
  direction: { kind: 'string', default: 'forward', allowed: ['forward', 'reverse', 'bidirectional'], doc: 'which way the sequence is read' },
  layout: { kind: 'int', default: 0, doc: '0: X is [seq, batch, input]; 1: [batch, seq, input] (and Y, states likewise)' },
  clip: { kind: 'float', optional: true, doc: 'gate inputs clipped to [-clip, clip] before their activation' },
  activation_alpha: { kind: 'floats', default: (ctx) => activationDefaults(ctx, 'alpha'), doc: 'alpha of each activation' },
  activation_beta: { kind: 'floats', default: (ctx) => activationDefaults(ctx, 'beta'), doc: 'beta of each activation' },
};

function activationDefaults(ctx: OpContext, which: 'alpha' | 'beta'): number[] {
  return ctx.strings('activations').map((a) => RECURRENT_ACTIVATIONS[a]?.[which] ?? 0);
}

const STATE_OPERANDS = [
  { name: 'b', dtypes: FLOAT_TYPES, optional: true },
  { name: 'sequence_lens', dtypes: ['int32', 'int64'], optional: true },
  { name: 'initial_h', dtypes: FLOAT_TYPES, optional: true },
] as const;

for (const cell of Object.values(CELLS)) {
  defineOp({
    name: cell.op,
    summary: {
      rnn: 'simple recurrence: H_t = f(X_t·Wᵀ + H_t−1·Rᵀ + Wb + Rb); results Y (every step) and Y_h (last)',
      gru: 'gated recurrent unit (gates z, r, h); results Y (every step) and Y_h (last)',
      lstm: 'long short-term memory (gates i, o, f, c; optional peepholes); results Y, Y_h and Y_c',
    }[cell.op],
    operands: [
      { name: 'x', dtypes: FLOAT_TYPES },
      { name: 'w', dtypes: FLOAT_TYPES },
      { name: 'r', dtypes: FLOAT_TYPES },
      ...STATE_OPERANDS,
      ...(cell.op === 'lstm' ? [{ name: 'initial_c', dtypes: FLOAT_TYPES, optional: true }, { name: 'p', dtypes: FLOAT_TYPES, optional: true }] : []),
    ],
    attributes: {
      ...COMMON,
      activations: {
        kind: 'strings', allowed: Object.keys(RECURRENT_ACTIVATIONS),
        default: (ctx) => Array.from({ length: directions(ctx) }, () => cell.activations).flat(),
        doc: `${cell.activations.length} per direction (${['f', 'g', 'h'].slice(0, cell.activations.length).join(', ')})`,
      },
      ...(cell.op === 'lstm' ? { input_forget: { kind: 'bool', default: false, doc: 'couple the forget gate to the input gate: f = 1 − i' } } : {}),
      ...(cell.op === 'gru' ? { linear_before_reset: { kind: 'bool', default: false, doc: 'apply the reset gate after R_h·H_t−1 (+ Rb_h)' } } : {}),
    },
    traits: ['recurrent'],
    infer: (ctx) => inferRecurrent(cell, ctx),
  });
}
