// Reductions (axes attribute → input at opset 13/18), ArgMax, Softmax before and after opset 13,
// CumSum and TopK.
import { expect, test } from 'vitest';
import { importText, intTensor, node, single, tensorInfo } from './testing';

test('Reduce axes: attribute, then input (ReduceSum at 13, the others at 18)', () => {
  expect(single('ReduceMean', [[2, 3, 4]], { axes: [1], keepdims: 0 }, { opset: 13 }))
    .toContain('cgc_op.reduce_mean(%x0) {axes = [1], keep_dims = false, noop_with_empty_axes = false}');
  const withInput = (op: string, opset: number) => importText({
    nodes: [node(op, ['x', 'a'], ['y'])], inputs: [tensorInfo('x', [2, 3])], outputs: [{ name: 'y' }],
    initializers: [intTensor('a', [1], [-1])], opset,
  }).text;
  expect(withInput('ReduceSum', 13)).toContain('axes = [-1]');
  expect(withInput('ReduceMax', 18)).toContain('-> !cgc.tensor<2x1x!cgc.float32>');
  expect(single('ReduceL2', [[2, 3]])).toContain('-> !cgc.tensor<1x1x!cgc.float32>');
});

test('ArgMax, CumSum, TopK', () => {
  expect(single('ArgMax', [[2, 3]], { axis: 1, select_last_index: 1 })).toContain('-> !cgc.tensor<2x1x!cgc.int64>');
  const cumsum = importText({
    nodes: [node('CumSum', ['x', 'a'], ['y'], { reverse: 1 })], inputs: [tensorInfo('x', [4])], outputs: [{ name: 'y' }],
    initializers: [intTensor('a', [], [0])],
  }).text;
  expect(cumsum).toContain('cgc_op.cumsum(%x) {axis = 0, exclusive = false, reverse = true}');
  const topk = importText({
    nodes: [node('TopK', ['x', 'k'], ['v', 'i'], { largest: 0 })], inputs: [tensorInfo('x', [2, 5])], outputs: [{ name: 'v' }, { name: 'i' }],
    initializers: [intTensor('k', [1], [3])],
  }).text;
  expect(topk).toContain('%v, %i = cgc_op.top_k(%x) {k = 3, axis = -1, largest = false, sorted = true}');
});

test('Softmax before opset 13 flattens to 2-D unless the axis is the last', () => {
  const old = single('Softmax', [[2, 3, 4]], {}, { opset: 11 });
  expect(old).toContain('cgc_op.flatten(%x0) {axis = 1}');
  expect(old).toContain('cgc_op.softmax(%0) {axis = 1}');
  expect(old).toContain('cgc_op.reshape(%1) {shape = [2, 3, 4]');
  expect(single('LogSoftmax', [[2, 3]], { axis: 1 }, { opset: 11 })).toMatch(/%y = cgc_op\.log_softmax\(%x0\) \{axis = 1\}/);
  expect(single('Hardmax', [[2, 3, 4]], {}, { opset: 13 })).toContain('cgc_op.hardmax(%x0) {axis = -1}');
});
