// Reshape-family mappings and the constant producers (Shape, Size, Constant, ConstantOfShape, Range).
import { expect, test } from 'vitest';
import { importText, intTensor, node, single, tensorInfo } from './testing';

const withInts = (op: string, x: number[], values: number[], attrs = {}, opset = 17) => importText({
  nodes: [node(op, ['x', 'c'], ['y'], attrs)], inputs: [tensorInfo('x', x)], outputs: [{ name: 'y' }],
  initializers: [intTensor('c', [values.length], values)], opset,
}).text;

test('Reshape, Expand, Tile take their constant inputs as attributes', () => {
  expect(withInts('Reshape', [2, 3], [3, -1])).toContain('cgc_op.reshape(%x) {shape = [3, -1], allowzero = false}');
  expect(withInts('Expand', [3, 1], [2, 3, 4])).toContain('-> !cgc.tensor<2x3x4x!cgc.float32>');
  expect(withInts('Tile', [2, 3], [2, 1])).toContain('cgc_op.tile(%x) {repeats = [2, 1]}');
});

test('Squeeze/Unsqueeze axes: attribute before opset 13, input after', () => {
  expect(single('Unsqueeze', [[3]], { axes: [0, 2] }, { opset: 11 })).toContain('-> !cgc.tensor<1x3x1x!cgc.float32>');
  expect(withInts('Unsqueeze', [3], [0], {}, 13)).toContain('cgc_op.unsqueeze(%x) {axes = [0]}');
  expect(withInts('Squeeze', [1, 3, 1], [-1], {}, 13)).toContain('-> !cgc.tensor<1x3x!cgc.float32>');
  expect(single('Squeeze', [[1, 3, 1]])).toContain('-> !cgc.tensor<3x!cgc.float32>');
});

test('Flatten, Transpose, DepthToSpace, SpaceToDepth', () => {
  expect(single('Flatten', [[2, 3, 4]], { axis: 2 })).toContain('-> !cgc.tensor<6x4x!cgc.float32>');
  expect(single('Transpose', [[2, 3, 4]])).toContain('-> !cgc.tensor<4x3x2x!cgc.float32>');
  expect(single('Transpose', [[2, 3, 4]], { perm: [0, 2, 1] })).toContain('{permutation = [0, 2, 1]}');
  expect(single('DepthToSpace', [[1, 8, 2, 2]], { blocksize: 2, mode: 'CRD' })).toContain('{block_size = 2, mode = "CRD"}');
  expect(single('SpaceToDepth', [[1, 1, 4, 4]], { blocksize: 2 })).toContain('-> !cgc.tensor<1x4x2x2x!cgc.float32>');
});

test('Shape (with start/end), Size, Constant, ConstantOfShape, Range fold to constants', () => {
  const shaped = importText({
    nodes: [node('Shape', ['x'], ['s'], { start: 1, end: -1 }), node('Reshape', ['x', 's'], ['y'])],
    inputs: [tensorInfo('x', [1, 6, 1])], outputs: [{ name: 'y' }],
  });
  expect(shaped.text).toContain('cgc_op.reshape(%x) {shape = [6]');
  const built = importText({
    nodes: [
      node('Constant', [], ['n'], { value_ints: [2, 3] }),
      node('ConstantOfShape', ['n'], ['z'], { value: { t: { dims: [1], data_type: 1, float_data: [0.5] } } }),
      node('Add', ['x', 'z'], ['y']),
    ],
    inputs: [tensorInfo('x', [2, 3])], outputs: [{ name: 'y' }],
  });
  expect(built.text).toContain('%z = cgc.constant("z") : !cgc.tensor<constant 2x3x!cgc.float32>');
  expect([...built.constants.get('z')!.data]).toEqual(new Array(6).fill(0.5));
  const ranged = importText({
    nodes: [node('Range', ['a', 'b', 'c'], ['r']), node('Size', ['x'], ['s']), node('Add', ['r', 's'], ['y'])],
    inputs: [tensorInfo('x', [2, 5])], outputs: [{ name: 'y' }],
    initializers: [intTensor('a', [], [1]), intTensor('b', [], [7]), intTensor('c', [], [2])],
  });
  // Range(1, 7, 2) + Size = [1, 3, 5] + 10: everything folds, the output is a constant.
  expect([...ranged.constants.values()][0]!.data).toEqual(new BigInt64Array([11n, 13n, 15n]));
});
