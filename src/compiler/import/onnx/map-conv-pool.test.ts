// Convolution and pooling mappings: explicit pads, auto_pad SAME_UPPER/SAME_LOWER/VALID,
// ConvTranspose output_shape → paddings, pooling flags, global pools.
import { expect, test } from 'vitest';
import { floatTensor, importText, node, single, tensorInfo } from './testing';

/** Conv over x with a 2-output-channel k×k filter of ones (channels per group from `group`). */
function conv(attrs: Parameters<typeof node>[3], x = [1, 1, 5, 5], k = 3): string {
  const perGroup = x[1]! / (Number(attrs?.group) || 1);
  return importText({
    nodes: [node('Conv', ['x', 'w'], ['y'], attrs)], inputs: [tensorInfo('x', x)], outputs: [{ name: 'y' }],
    initializers: [floatTensor('w', [2, perGroup, k, k], new Array(2 * perGroup * k * k).fill(1))],
  }).text;
}

test('Conv pads, strides, dilations, group', () => {
  expect(conv({ pads: [1, 0, 2, 0], strides: [2, 1] }))
    .toContain('{strides = [2, 1], dilations = [1, 1], start_padding = [1, 0], end_padding = [2, 0], groups = 1}');
  expect(conv({ group: 2 }, [1, 2, 5, 5])).toContain('groups = 2');
});

test('auto_pad resolves to explicit start/end padding', () => {
  // in 5, stride 2, kernel 3: out 3, total padding (3−1)·2 + 3 − 5 = 2.
  expect(conv({ auto_pad: 'SAME_UPPER', strides: [2, 2] })).toContain('start_padding = [1, 1], end_padding = [1, 1]');
  // in 4, stride 1, kernel 4 → total 3: SAME_UPPER puts the odd one at the end, SAME_LOWER at the start.
  expect(conv({ auto_pad: 'SAME_UPPER' }, [1, 1, 4, 4], 4)).toContain('start_padding = [1, 1], end_padding = [2, 2]');
  expect(conv({ auto_pad: 'SAME_LOWER' }, [1, 1, 4, 4], 4)).toContain('start_padding = [2, 2], end_padding = [1, 1]');
  expect(conv({ auto_pad: 'VALID', pads: [9, 9, 9, 9] })).toContain('start_padding = [0, 0], end_padding = [0, 0]');
});

test('ConvTranspose output_shape becomes paddings', () => {
  const text = importText({
    nodes: [node('ConvTranspose', ['x', 'w'], ['y'], { strides: [3, 2], output_shape: [10, 8] })],
    inputs: [tensorInfo('x', [1, 1, 3, 3])], outputs: [{ name: 'y' }],
    initializers: [floatTensor('w', [1, 2, 3, 3], new Array(18).fill(1))],
  }).text;
  // Rows: 3·2 + 3 = 9 < 10, so the extra row is output padding; columns: 2·2 + 3 = 7 < 8 likewise.
  expect(text).toContain('start_padding = [0, 0], end_padding = [0, 0], output_padding = [1, 1]');
  expect(text).toContain('-> !cgc.tensor<1x2x10x8x!cgc.float32>');
  const cropped = importText({
    nodes: [node('ConvTranspose', ['x', 'w'], ['y'], { strides: [2, 2], output_shape: [6, 6] })],
    inputs: [tensorInfo('x', [1, 1, 3, 3])], outputs: [{ name: 'y' }],
    initializers: [floatTensor('w', [1, 1, 3, 3], new Array(9).fill(1))],
  }).text;
  // 2·2 + 3 = 7 → total padding 1, which ONNX puts at the start unless auto_pad is SAME_UPPER.
  expect(cropped).toContain('start_padding = [1, 1], end_padding = [0, 0]');
});

test('pooling: kernel, ceil_mode, count_include_pad, dilations, p', () => {
  expect(single('MaxPool', [[1, 1, 5, 5]], { kernel_shape: [2, 2], strides: [2, 2], ceil_mode: 1 }))
    .toContain('cgc_op.max_pool(%x0) {window_size = [2, 2], strides = [2, 2], dilations = [1, 1], start_padding = [0, 0], end_padding = [0, 0], ceil_mode = true}');
  expect(single('AveragePool', [[1, 1, 4, 4]], { kernel_shape: [3, 3], pads: [1, 1, 1, 1], count_include_pad: 1 }))
    .toContain('include_padding = true');
  expect(single('LpPool', [[1, 1, 4]], { kernel_shape: [2], p: 3 })).toContain('p = 3');
  expect(single('GlobalAveragePool', [[1, 3, 4, 4]])).toContain('-> !cgc.tensor<1x3x1x1x!cgc.float32>');
  expect(single('GlobalLpPool', [[1, 3, 4]], { p: 1 })).toContain('cgc_op.global_lp_pool(%x0) {p = 1}');
});

test('MaxPool Indices output is a max_pool_indices over the same windows, with storage_order', () => {
  const text = importText({
    nodes: [node('MaxPool', ['x'], ['y', 'i'], { kernel_shape: [2], storage_order: 1 })], inputs: [tensorInfo('x', [1, 1, 4])], outputs: [{ name: 'y' }, { name: 'i' }],
  }).text;
  expect(text).toContain('cgc_op.max_pool(');
  expect(text).toMatch(/cgc_op\.max_pool_indices\(%\w+\) \{window_size = \[2\], .*storage_order = 1\}/);
});
