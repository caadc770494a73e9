// rnn, gru and lstm on the reference: closed forms (an affine RNN is a running sum; one-unit GRU and
// LSTM steps worked by hand) and the rules that relate directions, lengths and layouts. The ONNX
// node tests (test_lstm_*, test_gru_*, test_rnn_*) check it against ONNX's own outputs.
import { describe, expect, it } from 'vitest';
import { expectClose, run, tensor, values } from '../testing/tensors';

const sig = (x: number) => 1 / (1 + Math.exp(-x));
/** One input and one hidden unit, W = R = 1, no bias: with `affine` (alpha 1, beta 0) H_t = x_t + H_t−1. */
const affine = { hidden_size: 1, activations: ['affine'], activation_alpha: [1], activation_beta: [0] };
const ones = tensor([1, 1, 1], [1]);

describe('rnn', () => {
  it('with an affine activation is a running sum; reverse sums from the end', () => {
    const x = tensor([4, 1, 1], [1, 2, 3, 4]);
    const [y, yh] = run('rnn', [x, ones, ones], affine);
    expect(values(y!)).toEqual([1, 3, 6, 10]);
    expect(values(yh!)).toEqual([10]);
    expect(values(run('rnn', [x, ones, ones], { ...affine, direction: 'reverse' })[0]!)).toEqual([10, 9, 7, 4]);
  });

  it('sequence lengths: Y is 0 past each entry\'s length, Y_h is its last step; reverse starts at the length', () => {
    // Batch of 2 (lengths 2 and 0), X [3, 2, 1]: entry 0 reads 1, 2; entry 1 reads nothing.
    const x = tensor([3, 2, 1], [1, 10, 2, 20, 3, 30]);
    const lens = tensor([2], [2, 0], 'int32');
    const b = tensor([1, 2], [0, 0]);
    const h0 = tensor([1, 2, 1], [0, 5]);
    const [y, yh] = run('rnn', [x, ones, ones, b, lens, h0], affine);
    expect(values(y!)).toEqual([1, 0, 3, 0, 0, 0]);
    expect(values(yh!)).toEqual([3, 5]);
    const [yr, yhr] = run('rnn', [x, ones, ones, b, lens, h0], { ...affine, direction: 'reverse' });
    expect(values(yr!)).toEqual([3, 0, 2, 0, 0, 0]);
    expect(values(yhr!)).toEqual([3, 5]);
  });

  it('bidirectional is forward and reverse side by side; layout 1 is layout 0 transposed', () => {
    const x = tensor([3, 2, 1], [1, 10, 2, 20, 3, 30]);
    const two = tensor([2, 1, 1], [1, 1]);
    const act = { ...affine, activations: ['affine', 'affine'], activation_alpha: [1, 1], activation_beta: [0, 0], direction: 'bidirectional' };
    const [y, yh] = run('rnn', [x, two, two], act);
    // Y [seq 3, dir 2, batch 2, 1]
    expect(values(y!)).toEqual([1, 10, 6, 60, 3, 30, 5, 50, 6, 60, 3, 30]);
    expect(values(yh!)).toEqual([6, 60, 6, 60]);
    const xt = tensor([2, 3, 1], [1, 2, 3, 10, 20, 30]);
    const [y1, yh1] = run('rnn', [xt, two, two], { ...act, layout: 1 });
    // Y [batch 2, seq 3, dir 2, 1], Y_h [batch 2, dir 2, 1]
    expect(values(y1!)).toEqual([1, 6, 3, 5, 6, 3, 10, 60, 30, 50, 60, 30]);
    expect(values(yh1!)).toEqual([6, 6, 60, 60]);
  });
});

describe('gru', () => {
  // One unit, W = R = 0, only R's h-gate bias 1, H_0 = 0.5: z = r = σ(0) = ½, and the candidate is
  // tanh(1) when the reset comes first (r·H meets R_h = 0, then + Rb_h), tanh(r·(0 + 1)) = tanh(½) after.
  const zero = tensor([1, 3, 1], [0, 0, 0]);
  const b = tensor([1, 6], [0, 0, 0, 0, 0, 1]);
  const seq = tensor([1], [1], 'int32');
  const h0 = tensor([1, 1, 1], [0.5]);
  it.each([[false, Math.tanh(1)], [true, Math.tanh(0.5)]])('linear_before_reset = %s', (lbr, candidate) => {
    const [, yh] = run('gru', [tensor([1, 1, 1], [0]), zero, zero, b, seq, h0], { hidden_size: 1, linear_before_reset: lbr });
    expectClose(values(yh!), [0.5 * candidate + 0.5 * 0.5]);
  });
});

describe('lstm', () => {
  // One unit, all weights 0, C_0 = 1: i = o = σ(0) = ½, candidate tanh(0) = 0; with input_forget f = 1 − i = ½.
  const zero = tensor([1, 4, 1], [0, 0, 0, 0]);
  const b = tensor([1, 8], new Array(8).fill(0));
  const seq = tensor([1], [2], 'int32');
  const state = tensor([1, 1, 1], [0]);
  const c0 = tensor([1, 1, 1], [1]);
  it('input_forget couples the forget gate to the input gate', () => {
    const [y, yh, yc] = run('lstm', [tensor([2, 1, 1], [0, 0]), zero, zero, b, seq, state, c0], { hidden_size: 1, input_forget: true });
    expectClose(values(yc!), [0.25]);
    expectClose(values(y!), [0.5 * Math.tanh(0.5), 0.5 * Math.tanh(0.25)]);
    expectClose(values(yh!), [0.5 * Math.tanh(0.25)]);
  });

  it('peepholes read C_t−1 for i and f, C_t for o; clip bounds each gate\'s input', () => {
    // Peepholes i, o, f = 1, 2, 3; one step: i = σ(C_0) = σ(1), f = σ(3), C_1 = σ(3), o = σ(2·C_1).
    const p = tensor([1, 3], [1, 2, 3]);
    const one = tensor([1], [1], 'int32');
    const [, yh, yc] = run('lstm', [tensor([1, 1, 1], [0]), zero, zero, b, one, state, c0, p], { hidden_size: 1 });
    const c1 = sig(3);
    expectClose(values(yc!), [c1]);
    expectClose(values(yh!), [sig(2 * c1) * Math.tanh(c1)]);
    const [, , ycClipped] = run('lstm', [tensor([1, 1, 1], [0]), zero, zero, b, one, state, c0, p], { hidden_size: 1, clip: 0.5 });
    expectClose(values(ycClipped!), [sig(0.5)]);
  });
});
