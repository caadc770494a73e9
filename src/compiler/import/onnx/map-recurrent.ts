// ONNX RNN, GRU and LSTM → cgc_op.rnn / gru / lstm. Activations become snake_case names with one
// alpha and one beta each (ONNX hands its alphas and betas only to the activations that take them,
// in order, as onnxruntime reads it); an optional input left out before one that is given is
// supplied as ONNX's default (zero bias, full sequence lengths, zero state).
import { CELLS, type Cell, RECURRENT_ACTIVATIONS } from '../../../ir/ops/recurrent';
import type { MapperTable, NodeCtx, Produced } from './context';
import { bytesToString } from './proto';
import { fromNumbers } from './host';
import type { HostTensor } from '../../../core';

const ONNX_ACTIVATIONS: Readonly<Record<string, string>> = {
  relu: 'relu', tanh: 'tanh', sigmoid: 'sigmoid', affine: 'affine', leakyrelu: 'leaky_relu', thresholdedrelu: 'thresholded_relu',
  scaledtanh: 'scaled_tanh', hardsigmoid: 'hard_sigmoid', elu: 'elu', softsign: 'softsign', softplus: 'softplus',
};
const TAKES_ALPHA = new Set(['affine', 'leaky_relu', 'thresholded_relu', 'scaled_tanh', 'hard_sigmoid', 'elu']);
const TAKES_BETA = new Set(['affine', 'scaled_tanh', 'hard_sigmoid']);

function activations(n: NodeCtx, cell: Cell, D: number): { activations: string[]; activation_alpha: number[]; activation_beta: number[] } {
  const attr = n.node.attribute.find((a) => a.name === 'activations');
  let names = attr ? attr.strings.map((s) => {
    const name = bytesToString(s);
    const mapped = ONNX_ACTIVATIONS[name.toLowerCase()];
    return mapped ?? n.fail(`activation '${name}' is not one ONNX allows in a recurrence (${Object.keys(RECURRENT_ACTIVATIONS).join(', ')})`);
  }) : Array.from({ length: D }, () => cell.activations).flat();
  const per = cell.activations.length;
  // One direction's activations given for both directions: onnxruntime uses them for each.
  if (names.length === per && D === 2) names = [...names, ...names];
  if (names.length !== per * D) n.fail(`attribute 'activations' has ${names.length} entries; ${per * D} expected (${per} per direction)`);
  const alphas = n.attrFloats('activation_alpha', []);
  const betas = n.attrFloats('activation_beta', []);
  let a = 0;
  let b = 0;
  return {
    activations: names,
    activation_alpha: names.map((x) => (TAKES_ALPHA.has(x) && a < alphas.length ? alphas[a++]! : RECURRENT_ACTIVATIONS[x]!.alpha)),
    activation_beta: names.map((x) => (TAKES_BETA.has(x) && b < betas.length ? betas[b++]! : RECURRENT_ACTIVATIONS[x]!.beta)),
  };
}

const recurrent = (cell: Cell) => (n: NodeCtx): Produced[] => {
  const direction = n.attrString('direction', 'forward');
  const D = direction === 'bidirectional' ? 2 : 1;
  const layout = n.attrInt('layout', 0);
  const x = n.shape(0);
  const H = n.attrInt('hidden_size', n.shape(2)[2] ?? 0);
  if (n.opset < 7 && n.hasAttr('output_sequence') && n.attrInt('output_sequence') === 0) {
    n.fail(`attribute 'output_sequence' = 0 (opset 1) is not supported`);
  }
  // The defaults below are sized from X and R: check those first (the op's inference checks the rest).
  const r = n.shape(2);
  if (x.length !== 3 || r.length !== 3 || r[0] !== D || r[1] !== cell.gates * H || r[2] !== H) {
    n.fail(`X [${x.join(', ')}] and R [${r.join(', ')}] do not fit hidden_size ${H} and ${D} direction(s): X needs rank 3, R [${D}, ${cell.gates * H}, ${H}]`);
  }
  const [T, B] = layout === 1 ? [x[1] ?? 0, x[0] ?? 0] : [x[0] ?? 0, x[1] ?? 0];
  const el = n.type(0).element;
  const G = cell.gates * H;
  const state = layout === 1 ? [B, D, H] : [D, B, H];
  const defaults: Record<number, () => HostTensor> = {
    3: () => fromNumbers([D, 2 * G], el, new Array<number>(D * 2 * G).fill(0)),
    4: () => fromNumbers([B], 'int32', new Array<number>(B).fill(T)),
    5: () => fromNumbers(state, el, new Array<number>(D * B * H).fill(0)),
    6: () => fromNumbers(state, el, new Array<number>(D * B * H).fill(0)),
  };
  const count = cell.op === 'lstm' ? 8 : 6;
  let last = 2;
  for (let i = 3; i < count; i++) if (n.has(i)) last = i;
  const names = ['x', 'w', 'r', 'b', 'sequence_lens', 'initial_h', 'initial_c'];
  const operands = Array.from({ length: last + 1 }, (_, i) => (n.has(i) ? n.input(i) : n.g.constantOp(`${n.node.name || n.op}_${names[i]}`, defaults[i]!())));
  const results = n.emitN(cell.op, operands, {
    hidden_size: H, direction, layout,
    clip: n.hasAttr('clip') ? n.attrFloat('clip') : undefined,
    ...activations(n, cell, D),
    ...(cell.op === 'lstm' ? { input_forget: n.attrInt('input_forget', 0) !== 0 } : {}),
    ...(cell.op === 'gru' ? { linear_before_reset: n.attrInt('linear_before_reset', 0) !== 0 } : {}),
  });
  return results;
};

export const RECURRENT: MapperTable = {
  RNN: recurrent(CELLS.rnn),
  GRU: recurrent(CELLS.gru),
  LSTM: recurrent(CELLS.lstm),
};
