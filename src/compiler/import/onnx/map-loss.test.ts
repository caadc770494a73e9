// NegativeLogLikelihoodLoss and SoftmaxCrossEntropyLoss as cgc_op compositions, run on the CPU
// reference: reductions, class weights and ignore_index (an out-of-range −1 included).
import { expect, test } from 'vitest';
import { tensorType } from '../../../ir/types';
import { runEntryPoint } from '../../../reference';
import { floatTensor, intTensor, modelBytes, node, tensorInfo, INT64, type AttrSpec, importFolded } from './testing';

/** Runs `op(x, target[, weight])` on x = [[-1, -2, -3], [-4, -5, -6]], target = `target`. */
function loss(op: string, target: number[], attrs: AttrSpec, weight?: number[], outputs = ['y']): number[][] {
  const { module, constants } = importFolded(modelBytes({
    nodes: [node(op, ['x', 't', ...(weight ? ['w'] : [])], outputs, attrs)],
    inputs: [tensorInfo('x', [2, 3])],
    outputs: outputs.map((name) => ({ name })),
    initializers: [intTensor('t', [2], target), ...(weight ? [floatTensor('w', [3], weight)] : [])],
  }));
  const x = { type: tensorType([2, 3], 'float32'), data: Float32Array.of(-1, -2, -3, -4, -5, -6) };
  return runEntryPoint(module, [x], (n) => constants.get(n)).map((t) => [...(t.data as Float32Array)]);
}

test('NegativeLogLikelihoodLoss: −x[n, target[n]] reduced by mean, sum or none; weights divide the mean', () => {
  expect(loss('NegativeLogLikelihoodLoss', [2, 0], {})).toEqual([[3.5]]);
  expect(loss('NegativeLogLikelihoodLoss', [2, 0], { reduction: 'sum' })).toEqual([[7]]);
  expect(loss('NegativeLogLikelihoodLoss', [2, 0], { reduction: 'none' })).toEqual([[3, 4]]);
  expect(loss('NegativeLogLikelihoodLoss', [2, 0], {}, [1, 2, 3])).toEqual([[(9 + 4) / (3 + 1)]]);
});

test('ignore_index zeroes a target’s loss and weight, even out of range', () => {
  expect(loss('NegativeLogLikelihoodLoss', [2, -1], { ignore_index: -1 })).toEqual([[3]]);
  expect(loss('NegativeLogLikelihoodLoss', [2, -1], { ignore_index: -1, reduction: 'none' }, [1, 2, 3])).toEqual([[9, 0]]);
});

test('SoftmaxCrossEntropyLoss is log_softmax over axis 1, then the NLL; log_prob is its second output', () => {
  const [y, logProb] = loss('SoftmaxCrossEntropyLoss', [0, 0], { reduction: 'none' }, undefined, ['y', 'lp']);
  const lse = Math.log(Math.exp(-1) + Math.exp(-2) + Math.exp(-3));
  expect(logProb![0]).toBeCloseTo(-1 - lse, 6);
  expect(y![0]).toBeCloseTo(1 + lse, 6);
  expect(y![1]).toBeCloseTo(1 + lse, 6); // the second row is the first shifted by −3
});

test('a target of the wrong rank is named', () => {
  expect(() => importFolded(modelBytes({
    nodes: [node('NegativeLogLikelihoodLoss', ['x', 't'], ['y'])],
    inputs: [tensorInfo('x', [2, 3]), tensorInfo('t', [2, 3], INT64)], outputs: [{ name: 'y' }],
  }))).toThrow("NegativeLogLikelihoodLoss output 'y' (opset 17): input of rank 2 needs a target of rank 1 (N, d1…dk), got rank 2");
});
