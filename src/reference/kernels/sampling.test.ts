// Reference grid_sample, roi_align, max_roi_pool and max_unpool on hand-checked cases: an identity grid returns x,
// nearest rounds half to even, the padding modes outside x, box averages of a ramp, ONNX Runtime's
// max mode, empty boxes, and unpooling with the last write winning. Tolerance 1e-6 relative (double
// arithmetic rounded once to float32).
import { describe, expect, it } from 'vitest';
import { expectClose, run1, tensor } from '../testing/tensors';

const X = tensor([1, 1, 2, 3], [1, 2, 3, 4, 5, 6]);
/** grid (1, 1, k, 2) of (x, y) pairs. */
const at = (...xy: number[]) => tensor([1, 1, xy.length / 2, 2], xy);

describe('grid_sample', () => {
  it('reads x back at the element centres of an align_corners grid', () => {
    const g = at(-1, -1, 0, -1, 1, -1, -1, 1, 0, 1, 1, 1);
    expectClose(run1('grid_sample', [X, g], { align_corners: true }).v, [1, 2, 3, 4, 5, 6]);
    // Without align_corners the element centres lie at (2i + 1) / n − 1.
    expectClose(run1('grid_sample', [X, at(-2 / 3, -0.5, 2 / 3, 0.5)]).v, [1, 6]);
  });

  it('interpolates linearly and cubically between centres', () => {
    expectClose(run1('grid_sample', [X, at(-0.5, -1, 0, 0)], { align_corners: true }).v, [1.5, 3.5]);
    // Cubic with A = −0.75 through a linear row is exact halfway between interior centres.
    const ramp = tensor([1, 1, 1, 6], [0, 1, 2, 3, 4, 5]);
    expectClose(run1('grid_sample', [ramp, at(0, -1)], { mode: 'cubic', align_corners: true, padding_mode: 'border' }).v, [2.5]);
  });

  it('rounds nearest half to even', () => {
    // align_corners over 3 columns: x = 0.5 and 1.5 are the halves; they round to 0 and 2.
    expectClose(run1('grid_sample', [X, at(-0.5, -1, 0.5, -1)], { mode: 'nearest', align_corners: true }).v, [1, 3]);
  });

  it('pads with zeros, the border, or reflections', () => {
    const far = at(-3, -1, 2, -1);
    expectClose(run1('grid_sample', [X, far], { mode: 'nearest', align_corners: true }).v, [0, 0]);
    expectClose(run1('grid_sample', [X, far], { mode: 'nearest', align_corners: true, padding_mode: 'border' }).v, [1, 3]);
    // Reflected over [0, 2]: x = −2 → 2 and x = 3 (g = 2) → 1.
    expectClose(run1('grid_sample', [X, far], { mode: 'nearest', align_corners: true, padding_mode: 'reflection' }).v, [3, 2]);
    // A linear sample half outside with zeros padding: half of the edge element.
    expectClose(run1('grid_sample', [X, at(-1, -1)]).v, [0.25]);
  });

  it('samples volumes trilinearly', () => {
    const v = tensor([1, 1, 2, 2, 2], [0, 1, 2, 3, 4, 5, 6, 7]);
    const g = tensor([1, 1, 1, 1, 3], [0, 0, 0]);
    expectClose(run1('grid_sample', [v, g], { align_corners: true }).v, [3.5]);
  });
});

describe('roi_align', () => {
  // x[h, w] = w over a 4 × 6 image: a box's average is its centre's column.
  const ramp = tensor([1, 1, 4, 6], Array.from({ length: 24 }, (_, i) => i % 6));
  it('averages bilinear samples: a ramp gives the bin centres', () => {
    const r = run1('roi_align', [ramp, tensor([1, 4], [1, 0, 5, 3]), tensor([1], [0], 'int64')], { output_width: 2, sampling_ratio: 2 });
    expectClose(r.v, [1.5, 3.5]);
    const out = run1('roi_align', [ramp, tensor([1, 4], [1, 0, 5, 3]), tensor([1], [0], 'int64')], { output_width: 2, sampling_ratio: 2, coordinate_transformation_mode: 'output_half_pixel' });
    expectClose(out.v, [2, 4]);
  });

  it('takes the largest weighted tap in max mode, and 0 for boxes outside the image', () => {
    const r = run1('roi_align', [ramp, tensor([2, 4], [0.5, 0.5, 1.5, 1.5, 20, 20, 30, 30]), tensor([2], [0, 0], 'int64')], { mode: 'max', sampling_ratio: 1 });
    // One sample at (1, 1) − 0.5 = (0.5, 0.5): taps 0, 1, 0, 1 with weight 0.25 each → 0.25.
    expectClose(r.v, [0.25, 0]);
  });

  it('refuses a batch index outside x', () => {
    expect(() => run1('roi_align', [ramp, tensor([1, 4], [0, 0, 1, 1]), tensor([1], [1], 'int64')])).toThrow('batch index 1 of box 0 is out of range for 1 images');
  });
});

describe('max_roi_pool', () => {
  // x[h, w] = 10h + w over a 4 × 6 image.
  const x = tensor([1, 1, 4, 6], Array.from({ length: 24 }, (_, i) => 10 * Math.floor(i / 6) + (i % 6)));
  it('takes the max of each bin of a box rounded to whole elements; bins outside x are 0', () => {
    // Box columns 1…4, rows 0…3 (x2 = 3.6 rounds to 4) in 2 × 2 bins: the bins' bottom-right elements.
    const r = run1('max_roi_pool', [x, tensor([2, 4], [1, 0, 3.6, 3, 10, 10, 20, 20]), tensor([2], [0, 0], 'int32')], { pooled_shape: [2, 2] });
    expect(r.v).toEqual([12, 14, 32, 34, 0, 0, 0, 0]);
  });

  it('scales boxes by spatial_scale before rounding', () => {
    expect(run1('max_roi_pool', [x, tensor([1, 4], [0, 0, 10, 6]), tensor([1], [0], 'int32')], { pooled_shape: [1, 1], spatial_scale: 0.5 }).v).toEqual([35]);
    // 5 × 0.9 is 4.5 in float32 (as ONNX Runtime multiplies), which rounds to column 5.
    expect(run1('max_roi_pool', [x, tensor([1, 4], [5, 0, 5, 0]), tensor([1], [0], 'int32')], { pooled_shape: [1, 1], spatial_scale: 0.9 }).v).toEqual([5]);
  });
});

describe('max_unpool', () => {
  it('writes each value at its index, the last write winning, zeros elsewhere', () => {
    const r = run1('max_unpool', [tensor([1, 1, 1, 3], [7, 8, 9]), tensor([1, 1, 1, 3], [5, 0, 5], 'int64')], { output_shape: [1, 1, 2, 3] });
    expect(r.v).toEqual([8, 0, 0, 0, 0, 9]);
  });

  it('reads indices in index_shape and writes them at the same coordinates of a larger result', () => {
    const r = run1('max_unpool', [tensor([1, 1, 1, 2], [1, 2]), tensor([1, 1, 1, 2], [1, 3], 'int64')], { output_shape: [1, 1, 3, 3], index_shape: [1, 1, 2, 2] });
    expect(r.v).toEqual([0, 1, 0, 0, 2, 0, 0, 0, 0]);
  });

  it('refuses an index outside the result', () => {
    expect(() => run1('max_unpool', [tensor([1, 1, 1, 1], [1]), tensor([1, 1, 1, 1], [4], 'int64')], { output_shape: [1, 1, 2, 2] })).toThrow('index 4 at element 0 is out of range [0, 4)');
  });
});
