// RNN, GRU and LSTM mappings: activations with their alphas and betas resolved, optional inputs supplied, refusals.
import { expect, test } from 'vitest';
import { importOnnx } from './importer';
import { floatTensor, importText, modelBytes, node, tensorInfo } from './testing';

const zeros = (name: string, dims: number[]) => floatTensor(name, dims, new Array(dims.reduce((a, b) => a * b, 1)).fill(0));

test('LSTM: alphas and betas go to the activations that take them, in order; the rest take their defaults', () => {
  const { text } = importText({
    nodes: [node('LSTM', ['x', 'w', 'r'], ['y', 'yh', 'yc'], {
      hidden_size: 2, activations: { strings: ['HardSigmoid', 'Tanh', 'Affine'] }, activation_alpha: { floats: [0.25, 2] }, activation_beta: { floats: [0.5] }, clip: { f: 3 },
    })],
    inputs: [tensorInfo('x', [5, 1, 3])], outputs: [{ name: 'y' }, { name: 'yh' }, { name: 'yc' }],
    initializers: [zeros('w', [1, 8, 3]), zeros('r', [1, 8, 2])], opset: 14,
  });
  expect(text).toContain('cgc_op.lstm(%x, %w, %r) {hidden_size = 2, direction = "forward", layout = 0, clip = 3.0, activations = ["hard_sigmoid", "tanh", "affine"], activation_alpha = [0.25, 0.0, 2.0], activation_beta = [0.5, 0.0, 0.0], input_forget = false}');
});

test('GRU: an input left out before a given one is supplied (zero bias, full lengths); one direction\'s activations serve both', () => {
  const { text, constants } = importText({
    nodes: [node('GRU', ['x', 'w', 'r', '', '', 'h0'], ['', 'yh'], { hidden_size: 2, direction: 'bidirectional', activations: { strings: ['Sigmoid', 'Relu'] }, layout: 1 })],
    inputs: [tensorInfo('x', [3, 4, 1]), tensorInfo('h0', [3, 2, 2])], outputs: [{ name: 'yh' }],
    initializers: [zeros('w', [2, 6, 1]), zeros('r', [2, 6, 2])], opset: 14,
  });
  expect(text).toMatch(/cgc_op\.gru\(%x, %w, %r, %GRU_b, %GRU_sequence_lens, %h0\) \{hidden_size = 2, direction = "bidirectional", layout = 1, activations = \["sigmoid", "relu", "sigmoid", "relu"\]/);
  const supplied = [...constants.values()].filter((t) => t.type.shape.length === 1 || t.type.shape[1] === 12);
  expect(supplied.map((t) => [t.type.element, [...t.type.shape]])).toEqual([['float32', [2, 12]], ['int32', [3]]]);
  expect([...supplied[1]!.data]).toEqual([4, 4, 4]);
});

test('RNN: an activation ONNX does not allow is refused, naming it and the node', () => {
  const bytes = modelBytes({
    nodes: [node('RNN', ['x', 'w', 'r'], ['y'], { hidden_size: 2, activations: { strings: ['Gelu'] } }, 'rnn1')],
    inputs: [tensorInfo('x', [2, 1, 1])], outputs: [{ name: 'y' }], initializers: [zeros('w', [1, 2, 1]), zeros('r', [1, 2, 2])], opset: 14,
  });
  expect(() => importOnnx(bytes)).toThrow(/RNN 'rnn1' \(opset 14\): activation 'Gelu' is not one ONNX allows in a recurrence \(relu, tanh, sigmoid/);
});

test('LSTM: a hidden_size that R does not have is refused before anything is sized from it', () => {
  const bytes = modelBytes({
    nodes: [node('LSTM', ['x', 'w', 'r', '', '', 'h0'], ['y'], { hidden_size: 1 << 30 }, 'l')],
    inputs: [tensorInfo('x', [2, 1, 1]), tensorInfo('h0', [1, 1, 2])], outputs: [{ name: 'y' }], initializers: [zeros('w', [1, 8, 1]), zeros('r', [1, 8, 2])], opset: 14,
  });
  expect(() => importOnnx(bytes)).toThrow("LSTM 'l' (opset 14): X [2, 1, 1] and R [1, 8, 2] do not fit hidden_size 1073741824 and 1 direction(s): X needs rank 3, R [1, 4294967296, 1073741824]");
});
