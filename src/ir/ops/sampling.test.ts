// Shape inference of grid_sample, roi_align, max_roi_pool and max_unpool.
import { describe } from 'vitest';
import { type OpCase, runCases } from './test-cases';

const VALID: OpCase[] = [
  { op: 'grid_sample', in: ['2x3x5x6xf32', '2x7x8x2xf32'], out: ['2x3x7x8xf32'] },
  { op: 'grid_sample', in: ['1x2x4x5xf16', '1x3x3x2xf16'], attrs: { mode: 'cubic', padding_mode: 'reflection', align_corners: true }, out: ['1x2x3x3xf16'] },
  { op: 'grid_sample', in: ['1x2x3x4x5xf32', '1x6x7x8x3xf32'], attrs: { mode: 'nearest' }, out: ['1x2x6x7x8xf32'], note: '5-D' },
  { op: 'grid_sample', in: ['1x2x9xf32', '1x4x1xf32'], out: ['1x2x4xf32'], note: '3-D' },
  { op: 'roi_align', in: ['2x3x10x12xf32', '5x4xf32', '5xi64'], attrs: { output_height: 3, output_width: 4 }, out: ['5x3x3x4xf32'] },
  { op: 'roi_align', in: ['1x8x7x7xf32', '0x4xf32', '0xi32'], attrs: { mode: 'max' }, out: ['0x8x1x1xf32'], note: 'no boxes' },
  { op: 'max_roi_pool', in: ['2x3x10x12xf32', '5x4xf32', '5xi32'], attrs: { pooled_shape: [2, 3] }, out: ['5x3x2x3xf32'] },
  { op: 'max_unpool', in: ['1x2x3x3xf32', '1x2x3x3xi64'], attrs: { output_shape: [1, 2, 6, 6] }, out: ['1x2x6x6xf32'] },
  { op: 'max_unpool', in: ['1x1x2x2xu8', '1x1x2x2xi32'], attrs: { output_shape: [1, 1, 5, 5], index_shape: [1, 1, 4, 4] }, out: ['1x1x5x5xu8'] },
];

const INVALID: OpCase[] = [
  { op: 'grid_sample', in: ['2x3x5x6xf32', '2x7x8x3xf32'], error: 'must end in 2, one coordinate per spatial dimension of x' },
  { op: 'grid_sample', in: ['2x3x5x6xf32', '1x7x8x2xf32'], error: "batch 1 differs from x's 2" },
  { op: 'grid_sample', in: ['2x3x5x6xf32', '2x7x2xf32'], error: 'operand #1 (grid) must have rank 4' },
  { op: 'grid_sample', in: ['1x2x3x4x5xf32', '1x6x7x8x3xf32'], attrs: { mode: 'cubic' }, error: 'mode "cubic" needs 2 spatial dimensions, got 3' },
  { op: 'grid_sample', in: ['1x2x4x5xf32', '1x3x3x2xf32'], attrs: { padding_mode: 'wrap' }, error: "attribute 'padding_mode' is \"wrap\"" },
  { op: 'roi_align', in: ['2x3x10x12xf32', '5x5xf32', '5xi64'], error: 'must be R×4 (x1, y1, x2, y2)' },
  { op: 'roi_align', in: ['2x3x10x12xf32', '5x4xf32', '4xi64'], error: 'has 4 entries for 5 boxes' },
  { op: 'roi_align', in: ['2x3x10xf32', '5x4xf32', '5xi64'], error: 'operand #0 (x) must have rank 4' },
  { op: 'roi_align', in: ['2x3x10x12xf32', '5x4xf32', '5xi64'], attrs: { sampling_ratio: -1 }, error: "attribute 'sampling_ratio' must be ≥ 0" },
  { op: 'max_roi_pool', in: ['2x3x10x12xf32', '5x5xf32', '5xi32'], attrs: { pooled_shape: [2, 3] }, error: 'must be R×4 (x1, y1, x2, y2)' },
  { op: 'max_roi_pool', in: ['2x3x10x12xf32', '5x4xf32', '5xi32'], attrs: { pooled_shape: [2] }, error: "attribute 'pooled_shape' = [2] must hold 2 values (height, width)" },
  { op: 'max_unpool', in: ['1x2x3x3xf32', '1x2x3x2xi64'], attrs: { output_shape: [1, 2, 6, 6] }, error: "operand #1 (indices) shape 1x2x3x2 differs from x's 1x2x3x3" },
  { op: 'max_unpool', in: ['1x2x3x3xf32', '1x2x3x3xi64'], attrs: { output_shape: [1, 3, 6, 6] }, error: "must keep x's rank and its N and C (1, 2)" },
  { op: 'max_unpool', in: ['1x2x3x3xf32', '1x2x3x3xi64'], attrs: { output_shape: [1, 2, 6, 6], index_shape: [1, 2, 7, 6] }, error: "attribute 'index_shape' = 1x2x7x6 must have output_shape's rank and lie within 1x2x6x6" },
  { op: 'max_unpool', in: ['1x2x3x3xf32', '1x2x3x3xi64'], error: "attribute 'output_shape'" },
];

describe('grid_sample/roi_align/max_unpool: valid', () => runCases(VALID));
describe('grid_sample/roi_align/max_unpool: invalid', () => runCases(INVALID));
