// Normalization and resampling mappings.
import { expect, test } from 'vitest';
import { floatTensor, importText, node, single, tensorInfo } from './testing';

const ch = (name: string, n: number, v = 1) => floatTensor(name, [n], new Array(n).fill(v));

test('BatchNormalization, Instance, LpNormalization, MVN, LRN', () => {
  expect(single('BatchNormalization', [[1, 2, 3]], { epsilon: { f: 0.5 } }, { initializers: ['s', 'b', 'm', 'v'].map((k) => ch(k, 2)) }))
    .toContain('cgc_op.batch_normalization(%x0, %s, %b, %m, %v) {epsilon = 0.5}');
  expect(single('InstanceNormalization', [[1, 2, 3]], {}, { initializers: [ch('s', 2), ch('b', 2)] })).toContain('instance_normalization');
  expect(single('LpNormalization', [[2, 3]], { p: 1 })).toContain('{axis = -1, p = 1}');
  expect(single('MeanVarianceNormalization', [[1, 2, 3, 3]])).toContain('{axes = [0, 2, 3]}');
  expect(single('LRN', [[1, 4, 2, 2]], { size: 3 })).toContain('cgc_op.lrn(%x0) {size = 3, alpha = 0.0001, beta = 0.75, bias = 1.0}');
});

test('GroupNormalization opset 18 per-group scale is repeated per channel', () => {
  const { text, constants } = importText({
    nodes: [node('GroupNormalization', ['x', 's', 'b'], ['y'], { num_groups: 2 })],
    inputs: [tensorInfo('x', [1, 4, 3])], outputs: [{ name: 'y' }],
    initializers: [floatTensor('s', [2], [1, 2]), floatTensor('b', [2], [0, 0])], opset: 18,
  });
  expect(text).toContain('cgc_op.group_normalization');
  expect([...constants.values()][0]!.data).toEqual(new Float32Array([1, 1, 2, 2]));
});

test('LayerNormalization with its Mean and InvStdDev outputs', () => {
  const text = importText({
    nodes: [node('LayerNormalization', ['x', 's'], ['y', 'mean', 'isd'], { axis: 1 })],
    inputs: [tensorInfo('x', [2, 3])], outputs: [{ name: 'y' }, { name: 'mean' }, { name: 'isd' }], initializers: [ch('s', 3)],
  }).text;
  expect(text).toContain('cgc_op.layer_normalization(%x, %s) {axis = 1, epsilon = 0.00001}');
  expect(text).toContain('%mean = cgc_op.reduce_mean(%x) {axes = [1], keep_dims = true}');
  expect(text).toContain('%isd = cgc_op.reciprocal');
});

test('Resize: opset 10 asymmetric scales; 11+ sizes, modes, axes', () => {
  expect(importText({
    nodes: [node('Resize', ['x', 'sc'], ['y'], { mode: 'linear' })], inputs: [tensorInfo('x', [1, 1, 2, 2])], outputs: [{ name: 'y' }],
    initializers: [floatTensor('sc', [4], [1, 1, 2, 2])], opset: 10,
  }).text).toContain('{mode = "linear", scales = [1.0, 1.0, 2.0, 2.0], coordinate_transformation_mode = "asymmetric", nearest_mode = "floor"}');
  const sized = importText({
    nodes: [node('Resize', ['x', '', '', 'sz'], ['y'], { mode: 'cubic', axes: [2, 3], coordinate_transformation_mode: 'align_corners' })],
    inputs: [tensorInfo('x', [1, 1, 2, 2])], outputs: [{ name: 'y' }],
    initializers: [{ name: 'sz', dims: [2], data_type: 7, int64_data: [3, 5] }], opset: 18,
  }).text;
  expect(sized).toContain('mode = "cubic", coordinate_transformation_mode = "align_corners"');
  expect(sized).toContain('sizes = [1, 1, 3, 5]');
});

test('Upsample: scales attribute (7) and input (9)', () => {
  expect(single('Upsample', [[1, 1, 2, 2]], { scales: { floats: [1, 1, 2, 3] } }, { opset: 7 })).toContain('-> !cgc.tensor<1x1x4x6x!cgc.float32>');
  expect(single('Upsample', [[1, 1, 2, 2]], {}, { opset: 9, initializers: [floatTensor('s', [4], [1, 1, 2, 2])] }))
    .toContain('coordinate_transformation_mode = "asymmetric"');
});
