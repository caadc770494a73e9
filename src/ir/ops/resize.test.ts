// Shape inference of resize and upsample (alias upsample2d).
import { describe } from 'vitest';
import { type OpCase, runCases } from './test-cases';

const VALID: OpCase[] = [
  { op: 'resize', in: ['1x3x4x4xf32'], attrs: { scales: [1, 1, 2, 2] }, out: ['1x3x8x8xf32'] },
  { op: 'resize', in: ['1x3x4x4xf32'], attrs: { sizes: [1, 3, 6, 6], mode: 'linear' }, out: ['1x3x6x6xf32'] },
  { op: 'resize', in: ['1x3x5x5xf32'], attrs: { scales: [1, 1, 0.5, 0.5] }, out: ['1x3x2x2xf32'], note: 'floor(2.5)' },
  {
    op: 'resize', in: ['1x3x5x5xf32'], attrs: { scales: [1, 1, 1.5, 1.5], sizes: [1, 3, 7, 7], mode: 'cubic' },
    out: ['1x3x7x7xf32'], note: 'both, consistent',
  },
  {
    op: 'resize', in: ['1x1x4x4xf32'],
    attrs: {
      sizes: [1, 1, 3, 3], coordinate_transformation_mode: 'tf_crop_and_resize',
      roi: [0, 0, 0.4, 0.6, 1, 1, 0.6, 0.8], extrapolation_value: 10,
    },
    out: ['1x1x3x3xf32'],
  },
  {
    op: 'resize', in: ['2x8xu8'],
    attrs: { scales: [1, 0.5], nearest_mode: 'floor', coordinate_transformation_mode: 'asymmetric', antialias: true },
    out: ['2x4xu8'],
  },
  { op: 'upsample', in: ['1x1x4x4xf32'], out: ['1x1x8x8xf32'], note: '2× by default (spec example)' },
  { op: 'upsample', in: ['1x1x4x4xf32'], attrs: { scale_size: [3, 2], mode: 'linear' }, out: ['1x1x12x8xf32'] },
  { op: 'upsample2d', in: ['1x1x4x4xf32'], attrs: { scale_size: [2, 2] }, out: ['1x1x8x8xf32'], note: 'alias' },
  { op: 'upsample', in: ['1x2x5xf16'], out: ['1x2x10xf16'], note: '1-D' },
];

const INVALID: OpCase[] = [
  { op: 'resize', in: ['1x3x4x4xf32'], error: "'cgc_op.resize' needs attribute 'sizes' or 'scales'" },
  {
    op: 'resize', in: ['1x3x5x5xf32'], attrs: { scales: [1, 1, 1.5, 1.5], sizes: [1, 3, 8, 8] },
    error: "attribute 'sizes' = 1x3x8x8 disagrees with floor(shape × scales) = 1x3x7x7",
  },
  { op: 'resize', in: ['1x3x4x4xf32'], attrs: { scales: [2, 2] }, error: "attribute 'scales' has 2 values [2, 2]; expected 4 (one per dimension)" },
  { op: 'resize', in: ['1x3x4x4xf32'], attrs: { scales: [1, 1, 0, 2] }, error: "attribute 'scales' = [1, 1, 0, 2] must be > 0" },
  { op: 'resize', in: ['1x3x4x4xf32'], attrs: { sizes: [1, 3, -1, 4] }, error: "attribute 'sizes' must be ≥ 0" },
  { op: 'resize', in: ['1x3x4x4xf32'], attrs: { sizes: [1, 3, 8, 8], mode: 'bicubic' }, error: "attribute 'mode' is \"bicubic\"" },
  {
    op: 'resize', in: ['1x3x4x4xf32'], attrs: { sizes: [1, 3, 8, 8], coordinate_transformation_mode: 'tf_crop_and_resize' },
    error: "coordinate_transformation_mode \"tf_crop_and_resize\" needs attribute 'roi'",
  },
  { op: 'resize', in: ['1x3x4x4xf32'], attrs: { sizes: [1, 3, 8, 8], roi: [0, 1] }, error: "attribute 'roi' has 2 values [0, 1]; expected 8" },
  { op: 'resize', in: ['1x3x4x4xf32'], attrs: { sizes: [1, 3, 8, 8], nearest_mode: 'round' }, error: "attribute 'nearest_mode' is \"round\"" },
  { op: 'upsample', in: ['1x1x4x4xf32'], attrs: { scale_size: [2] }, error: "attribute 'scale_size' has 1 values [2]; expected 2 (one per spatial dimension)" },
  { op: 'upsample', in: ['1x1x4x4xf32'], attrs: { scale_size: [2, 0] }, error: "attribute 'scale_size' must be ≥ 1, got [2, 0]" },
  { op: 'upsample2d', in: ['4x4xf32'], error: "'cgc_op.upsample' operand #0 (x) must have rank at least 3" },
  { op: 'upsample', in: ['1x1x4x4xf32'], attrs: { mode: 'cubic' }, error: 'allowed: "nearest", "linear"' },
];

describe('resize/upsample: valid', () => runCases(VALID));
describe('resize/upsample: invalid', () => runCases(INVALID));
