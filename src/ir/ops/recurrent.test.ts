// Shape inference of rnn, gru and lstm: both layouts, both directions, optional operands, and the rules they break.
import { describe } from 'vitest';
import { type OpCase, runCases } from './test-cases';

const VALID: OpCase[] = [
  { op: 'rnn', in: ['5x2x3xf32', '1x4x3xf32', '1x4x4xf32'], attrs: { hidden_size: 4 }, out: ['5x1x2x4xf32', '1x2x4xf32'] },
  { op: 'gru', in: ['5x2x3xf32', '2x12x3xf32', '2x12x4xf32', '2x24xf32', '2xi32', '2x2x4xf32'], attrs: { hidden_size: 4, direction: 'bidirectional' },
    out: ['5x2x2x4xf32', '2x2x4xf32'] },
  { op: 'lstm', in: ['2x5x3xf16', '1x16x3xf16', '1x16x4xf16'], attrs: { hidden_size: 4, layout: 1 }, out: ['2x5x1x4xf16', '2x1x4xf16', '2x1x4xf16'],
    note: 'layout 1: batch first, states [batch, directions, hidden]' },
  { op: 'lstm', in: ['5x2x3xf32', '1x16x3xf32', '1x16x4xf32', '1x32xf32', '2xi32', '1x2x4xf32', '1x2x4xf32', '1x12xf32'],
    attrs: { hidden_size: 4, direction: 'reverse', clip: 3, input_forget: true, activations: ['hard_sigmoid', 'elu', 'softsign'],
      activation_alpha: [0.2, 1, 0], activation_beta: [0.5, 0, 0] },
    out: ['5x1x2x4xf32', '1x2x4xf32', '1x2x4xf32'] },
];

const INVALID: OpCase[] = [
  { op: 'lstm', in: ['5x2x3xf32', '1x12x3xf32', '1x16x4xf32'], attrs: { hidden_size: 4 }, error: 'operand #1 (w) shape 1x12x3 must be 1x16x3 ([directions, 4·hidden_size, input_size])' },
  { op: 'gru', in: ['5x2x3xf32', '1x12x3xf32', '1x12x4xf32'], attrs: { hidden_size: 4, direction: 'bidirectional' }, error: 'operand #1 (w) shape 1x12x3 must be 2x12x3' },
  { op: 'rnn', in: ['5x2x3xf32', '1x4x3xf32', '1x4x4xf32', '1x8xf32', '3xi32'], attrs: { hidden_size: 4 }, error: 'operand #4 (sequence_lens) shape 3 must be 2 (one length per batch entry)' },
  { op: 'rnn', in: ['5x2x3xf32', '1x4x3xf32', '1x4x4xf32'], attrs: { hidden_size: 4, layout: 2 }, error: "attribute 'layout' = 2 must be 0 (sequence first) or 1 (batch first)" },
  { op: 'rnn', in: ['5x2x3xf32', '1x4x3xf32', '1x4x4xf32'], attrs: { hidden_size: 4, activations: ['tanh', 'relu'] }, error: "attribute 'activations' has 2 entries; 1 expected (1 per direction)" },
  { op: 'rnn', in: ['5x2x3xf32', '1x4x3xf32', '1x4x4xf32'], attrs: { hidden_size: 4, activations: ['affine'], activation_alpha: [1, 2] }, error: "attribute 'activation_alpha' has 2 values; 1 expected (one per activation)" },
  { op: 'rnn', in: ['5x2x3xf32', '1x4x3xf32', '1x4x4xf32'], attrs: { hidden_size: 4, clip: -1 }, error: "attribute 'clip' = -1 must be > 0" },
  { op: 'gru', in: ['5x2x3xi32', '1x12x3xi32', '1x12x4xi32'], attrs: { hidden_size: 4 }, error: 'has element type !cgc.int32' },
  { op: 'lstm', in: ['5x2xf32', '1x16x3xf32', '1x16x4xf32'], attrs: { hidden_size: 4 }, error: 'operand #0 (x) must have rank 3, got rank 2' },
];

describe('recurrent ops: valid', () => runCases(VALID));
describe('recurrent ops: invalid', () => runCases(INVALID));
