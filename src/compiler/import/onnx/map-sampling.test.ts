// GridSample (opsets 16 and 20), RoiAlign (10 and 16), MaxRoiPool and MaxUnpool (with and without output_shape) mappings.
import { expect, test } from 'vitest';
import { importText, intTensor, node, single, tensorInfo } from './testing';

test('GridSample: opset 16 bilinear / bicubic and opset 20 linear / cubic names map to one mode set', () => {
  expect(single('GridSample', [[1, 2, 4, 5], [1, 3, 3, 2]], {}, { opset: 16 }))
    .toContain('cgc_op.grid_sample(%x0, %x1) {mode = "linear", padding_mode = "zeros", align_corners = false}');
  expect(single('GridSample', [[1, 2, 4, 5], [1, 3, 3, 2]], { mode: 'bicubic', padding_mode: 'reflection', align_corners: 1 }, { opset: 16 }))
    .toContain('{mode = "cubic", padding_mode = "reflection", align_corners = true}');
  expect(single('GridSample', [[1, 2, 3, 4, 5], [1, 2, 2, 2, 3]], { mode: 'linear' }, { opset: 20 })).toContain('-> !cgc.tensor<1x2x2x2x2x!cgc.float32>');
  expect(() => single('GridSample', [[1, 2, 4, 5], [1, 3, 3, 2]], { mode: 'linear' }, { opset: 16 })).toThrow('expected bilinear, nearest or bicubic');
  expect(() => single('GridSample', [[1, 2, 3, 4, 5], [1, 2, 2, 2, 3]], {}, { opset: 16 })).toThrow('GridSample before opset 20 takes 4-D inputs');
});

test('RoiAlign: opset 10 is output_half_pixel; 16 defaults to half_pixel', () => {
  const roi = (opset: number, attrs = {}) => importText({
    nodes: [node('RoiAlign', ['x', 'r', 'b'], ['y'], attrs)],
    inputs: [tensorInfo('x', [1, 3, 8, 8]), tensorInfo('r', [2, 4]), tensorInfo('b', [2], 7)], outputs: [{ name: 'y' }], opset,
  }).text;
  expect(roi(10, { output_height: 2, output_width: 3 })).toContain('coordinate_transformation_mode = "output_half_pixel"');
  expect(roi(16, { mode: 'max', sampling_ratio: 2, spatial_scale: { f: 0.25 } }))
    .toContain('{mode = "max", output_height = 1, output_width = 1, sampling_ratio = 2, spatial_scale = 0.25, coordinate_transformation_mode = "half_pixel"}');
});

test('MaxRoiPool: rois (R, 5) split into boxes and image indices', () => {
  const text = single('MaxRoiPool', [[1, 3, 8, 8], [2, 5]], { pooled_shape: [2, 2], spatial_scale: { f: 0.5 } });
  expect(text).toContain('cgc_op.slice(%x1) {starts = [1], ends = [5], axes = [1]}');
  expect(text).toContain('cgc_op.cast');
  expect(text).toMatch(/cgc_op\.max_roi_pool\(%x0, %\w+, %\w+\) \{pooled_shape = \[2, 2\], spatial_scale = 0\.5\}/);
});

test('MaxUnpool: the output shape from the window, or a larger output_shape with the indices\' own shape', () => {
  const unpool = (extra: string[], inits: object[]) => importText({
    nodes: [node('MaxUnpool', ['x', 'i', ...extra], ['y'], { kernel_shape: [2, 2], strides: [2, 2] })],
    inputs: [tensorInfo('x', [1, 1, 2, 2]), tensorInfo('i', [1, 1, 2, 2], 7)], outputs: [{ name: 'y' }], initializers: inits, opset: 11,
  }).text;
  expect(unpool([], [])).toContain('cgc_op.max_unpool(%x, %i) {output_shape = [1, 1, 4, 4]}');
  expect(unpool(['s'], [intTensor('s', [4], [1, 1, 5, 5])])).toContain('{output_shape = [1, 1, 5, 5], index_shape = [1, 1, 4, 4]}');
  expect(() => unpool(['s'], [intTensor('s', [4], [1, 1, 3, 5])])).toThrow("input 'output_shape' = [1, 1, 3, 5] must have rank 4 and be at least the pooled input's shape [1, 1, 4, 4]");
});
