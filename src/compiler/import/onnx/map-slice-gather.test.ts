// Concat/Split/Slice/Pad/Trilu/Gather*/Scatter*/OneHot mappings, across the opsets where inputs
// replaced attributes.
import { expect, test } from 'vitest';
import { floatTensor, importText, intTensor, node, single, tensorInfo } from './testing';

const g = (op: string, x: number[], inits: object[], attrs = {}, opset = 17, outputs = ['y']) => importText({
  nodes: [node(op, ['x', ...inits.map((t) => (t as { name: string }).name)], outputs, attrs)],
  inputs: [tensorInfo('x', x)], outputs: outputs.map((name) => ({ name })), initializers: inits, opset,
}).text;

test('Slice: attributes before opset 10, inputs after; INT64 sentinels clamp to the dimension', () => {
  expect(single('Slice', [[4, 5]], { starts: [1], ends: [3], axes: [1] }, { opset: 9 }))
    .toContain('cgc_op.slice(%x0) {starts = [1], ends = [3], axes = [1], steps = [1]}');
  const text = g('Slice', [4, 5], [intTensor('s', [1], [-1]), intTensor('e', [1], ['-9223372036854775807' as unknown as number]),
    intTensor('a', [1], [0]), intTensor('st', [1], [-1])]);
  expect(text).toContain('{starts = [-1], ends = [-5], axes = [0], steps = [-1]}');
  expect(text).toContain('-> !cgc.tensor<4x5x!cgc.float32>');
});

test('Split sizes from attribute, input, num_outputs or output count', () => {
  expect(g('Split', [6], [], { split: [2, 4] }, 11, ['a', 'b'])).toContain('cgc_op.split(%x) {axis = 0, sizes = [2, 4]}');
  expect(g('Split', [6], [intTensor('s', [2], [1, 5])], {}, 13, ['a', 'b'])).toContain('sizes = [1, 5]');
  expect(g('Split', [7], [], { num_outputs: 3 }, 18, ['a', 'b', 'c'])).toContain('sizes = [3, 3, 1]');
  expect(g('Split', [6], [], {}, 13, ['a', 'b', 'c'])).toContain('sizes = [2, 2, 2]');
});

test('Pad: pads attribute (opset 2), inputs (11), axes (18), modes', () => {
  expect(single('Pad', [[2, 3]], { pads: [0, 1, 0, 2], mode: 'reflect' }, { opset: 2 }))
    .toContain('cgc_op.pad(%x0) {mode = "reflect", start_padding = [0, 1], end_padding = [0, 2], value = 0.0}');
  expect(g('Pad', [2, 3], [intTensor('p', [4], [1, 0, 1, 0]), floatTensor('v', [], [2.5])], {}, 13))
    .toContain('start_padding = [1, 0], end_padding = [1, 0], value = 2.5');
  expect(g('Pad', [2, 3], [intTensor('p', [2], [1, 2]), floatTensor('v', [], [0]), intTensor('ax', [1], [-1])], { mode: 'edge' }, 18))
    .toContain('start_padding = [0, 1], end_padding = [0, 2]');
});

test('Concat, Gather, GatherElements, GatherND, ScatterND, ScatterElements, Scatter, Trilu, OneHot', () => {
  expect(single('Concat', [[2, 3], [2, 1]], { axis: -1 })).toContain('-> !cgc.tensor<2x4x!cgc.float32>');
  expect(g('Gather', [5, 3], [intTensor('i', [2], [4, 0])], { axis: 0 })).toContain('cgc_op.gather(%x, %i) {axis = 0}');
  expect(g('GatherElements', [2, 2], [intTensor('i', [2, 2], [0, 1, 1, 0])], { axis: 1 })).toContain('gather_elements');
  expect(g('GatherND', [2, 2], [intTensor('i', [1, 2], [1, 1])])).toContain('-> !cgc.tensor<1x!cgc.float32>');
  expect(g('ScatterND', [4], [intTensor('i', [1, 1], [2]), floatTensor('u', [1], [9])], { reduction: 'add' }))
    .toContain('cgc_op.scatter_nd(%x, %i, %u) {reduction = "add"}');
  expect(g('Scatter', [3], [intTensor('i', [1], [2]), floatTensor('u', [1], [9])], {}, 9)).toContain('cgc_op.scatter_elements');
  expect(g('Trilu', [3, 3], [intTensor('k', [], [1])], { upper: 0 })).toContain('{upper = false, k = 1}');
  const oneHot = importText({
    nodes: [node('OneHot', ['i', 'd', 'v'], ['y'], { axis: 0 })], inputs: [tensorInfo('i', [3], 7)], outputs: [{ name: 'y' }],
    initializers: [intTensor('d', [], [4]), floatTensor('v', [2], [-1, 1])],
  }).text;
  expect(oneHot).toContain('cgc_op.one_hot(%i) {depth = 4, axis = 0, off_value = -1.0, on_value = 1.0, dtype = !cgc.float32}');
});

test('constant-only Gather/Slice/Concat fold on the host', () => {
  const { text, constants } = importText({
    nodes: [node('Gather', ['c', 'i'], ['g'], { axis: 1 }), node('Concat', ['g', 'g'], ['y'], { axis: 0 })],
    inputs: [], outputs: [{ name: 'y' }],
    initializers: [floatTensor('c', [2, 3], [1, 2, 3, 4, 5, 6]), intTensor('i', [1], [-1])],
  });
  expect(text).not.toContain('cgc_op.gather');
  expect([...constants.values()][0]!.data).toEqual(new Float32Array([3, 6, 3, 6]));
});

test('axes out of range name the node, the attribute and the rank', () => {
  expect(() => g('Split', [6, 2], [], { axis: 2 }, 13, ['a', 'b'])).toThrow(/attribute 'axis' is 2, out of range for rank 2/);
  expect(() => single('Slice', [[4, 5]], { starts: [1], ends: [3], axes: [-3] }, { opset: 9 })).toThrow(/an entry of 'axes' is -3, out of range for rank 2/);
  expect(() => g('Pad', [2, 3], [intTensor('p', [2], [1, 2]), floatTensor('v', [], [0]), intTensor('ax', [1], [2])], {}, 18))
    .toThrow(/an entry of input 'axes' is 2, out of range for rank 2/);
  expect(() => single('Softmax', [[2, 3]], { axis: 2 }, { opset: 11 })).toThrow(/attribute 'axis' is 2, out of range for rank 2/);
  expect(() => importText({
    nodes: [node('LayerNormalization', ['x', 's'], ['y', 'mean'], { axis: -3 })], inputs: [tensorInfo('x', [2, 3]), tensorInfo('s', [3])],
    outputs: [{ name: 'y' }, { name: 'mean' }], opset: 17,
  })).toThrow(/'axis' = -3 is out of range \[-2, 1\] for rank 2/);
});

test('Slice with run-time starts and ends = starts + a constant: a gather of starts + [0, length); other run-time slices are refused', () => {
  const sliced = (ends: object[], endsFrom: 'add' | 'input') => ({
    nodes: [
      ...(endsFrom === 'add' ? [node('Add', ['s', 'two'], ['e'])] : []),
      node('Slice', ['x', 's', 'e', 'axes'], ['y'], {}, 'sl'),
    ],
    inputs: [tensorInfo('x', [3, 5]), tensorInfo('s', [1], 7), ...(endsFrom === 'input' ? [tensorInfo('e', [1], 7)] : [])],
    outputs: [{ name: 'y' }],
    initializers: [intTensor('axes', [1], [1]), ...ends],
  });
  const text = importText(sliced([intTensor('two', [1], [2])], 'add')).text;
  expect(text).toMatch(/cgc_op\.gather\(%x, %\w+\) \{axis = 1\} : \(!cgc\.tensor<3x5x!cgc\.float32>, !cgc\.tensor<2x!cgc\.int64>\) -> !cgc\.tensor<3x2x!cgc\.float32>/);
  expect(() => importText(sliced([], 'input'))).toThrow("Slice 'sl' (opset 17): input 'starts' must be a constant (it is computed at run time), which CGC's static shapes require"
    + ' unless the slice has one axis, step 1 and ends = starts + a constant (its ends are not its starts plus a constant)');
  expect(() => importText(sliced([intTensor('two', [1], [9])], 'add'))).toThrow('(its length 9 is not in [1, 5])');
});
