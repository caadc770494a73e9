// Elementwise mappings: unary/binary names, activation attributes, variadic chains, Clip across
// opsets, Cast, legacy broadcasting, pass-through Identity/Dropout.
import { expect, test } from 'vitest';
import { INT64, floatTensor, importText, node, single, tensorInfo } from './testing';

test('unary and binary ops keep their semantics under snake_case names', () => {
  expect(single('Sigmoid', [[2, 3]])).toContain('%y = cgc_op.sigmoid(%x0)');
  expect(single('HardSwish', [[2]])).toContain('cgc_op.hard_swish(%x0)');
  expect(single('IsNaN', [[2]])).toContain('-> !cgc.tensor<2x!cgc.bool>');
  expect(single('LessOrEqual', [[2, 3], [3]])).toContain('%y = cgc_op.less_or_equal(%x0, %x1)');
  expect(single('Pow', [[2], [1]])).toContain('cgc_op.pow(%x0, %x1)');
});

test('activation attributes', () => {
  expect(single('LeakyRelu', [[2]], { alpha: { f: 0.2 } })).toMatch(/cgc_op\.leaky_relu\(%x0\) \{alpha = 0\.2\d*\}/);
  expect(single('Selu', [[2]])).toContain('cgc_op.selu(%x0) {alpha = 1.6732631921768188, gamma = 1.0507010221481323}');
  expect(single('HardSigmoid', [[2]], { alpha: { f: 0.5 } })).toMatch(/hard_sigmoid\(%x0\) \{alpha = 0\.5, beta = 0\.5\}/);
  expect(single('Gelu', [[2]], { approximate: 'tanh' }, { opset: 20 })).toContain('cgc_op.gelu(%x0) {approximate = "tanh"}');
  expect(single('IsInf', [[2]], { detect_negative: 0 })).toContain('{detect_negative = false, detect_positive = true}');
  expect(single('Shrink', [[2]], { lambd: { f: 1 } })).toContain('cgc_op.shrink(%x0) {bias = 0.0, lambd = 1.0}');
});

test('Sum/Max chain binaries; Mean multiplies by 1/n; one input passes through', () => {
  const sum = single('Sum', [[2], [2], [2]]);
  expect(sum).toMatch(/%0 = cgc_op\.add\(%x0, %x1\)[^\n]*\n\s*%y = cgc_op\.add\(%0, %x2\)/);
  const mean = single('Mean', [[2], [2]]);
  expect(mean).toContain('cgc.constant("y.in1") : !cgc.tensor<constant !cgc.float32>');
  expect(mean).toMatch(/%y = cgc_op\.mul\(%0, %y\.in1\)/);
  expect(single('Max', [[2]])).toContain('cgc.return %x0');
});

test('Clip bounds: attributes before opset 11, constant inputs after, absent means unbounded', () => {
  expect(single('Clip', [[2]], { min: { f: 0 }, max: { f: 6 } }, { opset: 6 })).toContain('cgc_op.clip(%x0) {min = 0.0, max = 6.0}');
  const g = (inputs: string[]) => importText({
    nodes: [node('Clip', inputs, ['y'])], inputs: [tensorInfo('x', [2])], outputs: [{ name: 'y' }],
    initializers: [floatTensor('lo', [], [-1]), floatTensor('hi', [], [1])], opset: 13,
  }).text;
  expect(g(['x', 'lo', 'hi'])).toContain('cgc_op.clip(%x) {min = -1.0, max = 1.0}');
  expect(g(['x', '', 'hi'])).toContain('cgc_op.clip(%x) {max = 1.0}');
});

test('Cast and CastLike', () => {
  expect(single('Cast', [[2]], { to: 10 })).toContain('cgc_op.cast(%x0) {to = !cgc.float16}');
  expect(importText({
    nodes: [node('CastLike', ['x', 'i'], ['y'])], inputs: [tensorInfo('x', [2]), tensorInfo('i', [1], INT64)], outputs: [{ name: 'y' }],
  }).text).toContain('cgc_op.cast(%x) {to = !cgc.int64}');
});

test('Identity and Dropout pass through; a Dropout mask is all true', () => {
  expect(single('Identity', [[2]])).toContain('cgc.return %x0');
  const masked = importText({ nodes: [node('Dropout', ['x'], ['y', 'm'])], inputs: [tensorInfo('x', [2])], outputs: [{ name: 'y' }, { name: 'm' }] });
  expect(masked.text).toContain('cgc.return %x, %m_1');
  expect([...masked.constants.get('m')!.data]).toEqual([1, 1]);
});

test('Dropout in training mode drops at random: refused unless its ratio is 0', () => {
  const dropout = (ratio: number, training: number) => importText({
    nodes: [node('Dropout', ['x', 'r', 't'], ['y'])], inputs: [tensorInfo('x', [2])], outputs: [{ name: 'y' }],
    initializers: [floatTensor('r', [], [ratio]), { name: 't', dims: [], data_type: 9, int32_data: [training] }],
  }).text;
  expect(() => dropout(0.5, 1)).toThrow("Dropout output 'y' (opset 17): training mode (random dropout) is not supported; CGC imports inference graphs");
  expect(dropout(0, 1)).toContain('cgc.return %x');
  expect(dropout(0.5, 0)).toContain('cgc.return %x');
});

test('opset 6 broadcast/axis aligns the second operand at axis; PRelu slope is per channel', () => {
  expect(single('Add', [[2, 3, 4], [3]], { broadcast: 1, axis: 1 }, { opset: 6 })).toContain('cgc_op.reshape(%x1) {shape = [3, 1]');
  expect(single('PRelu', [[1, 3, 2, 2], [3]], {}, { opset: 6 })).toContain('cgc_op.reshape(%x1) {shape = [3, 1, 1]');
});

test('Where, Mod, BitShift', () => {
  const where = importText({
    nodes: [node('Where', ['c', 'a', 'b'], ['y'])], inputs: [tensorInfo('c', [2], 9), tensorInfo('a', [2]), tensorInfo('b', [1])], outputs: [{ name: 'y' }],
  }).text;
  expect(where).toContain('cgc_op.where(%c, %a, %b)');
  expect(single('Mod', [[2], [2]], { fmod: 1 })).toContain('cgc_op.mod(%x0, %x1) {fmod = true}');
  expect(importText({
    nodes: [node('BitShift', ['a', 'b'], ['y'], { direction: 'LEFT' })], inputs: [tensorInfo('a', [2], 2), tensorInfo('b', [2], 2)], outputs: [{ name: 'y' }],
  }).text).toContain('cgc_op.bit_shift(%a, %b) {direction = "LEFT"}');
});
