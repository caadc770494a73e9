// Shape inference of the reduce_* and arg_max / arg_min cgc_ops.
import { describe } from 'vitest';
import { type OpCase, runCases } from './test-cases';

const OTHERS = [
  'reduce_mean', 'reduce_max', 'reduce_min', 'reduce_prod', 'reduce_l1', 'reduce_l2', 'reduce_log_sum',
  'reduce_log_sum_exp', 'reduce_sum_square',
];

const VALID: OpCase[] = [
  { op: 'reduce_sum', in: ['2x3x4xf32'], attrs: { axes: [1] }, out: ['2x1x4xf32'] },
  { op: 'reduce_sum', in: ['2x3x4xf32'], attrs: { axes: [1], keep_dims: false }, out: ['2x4xf32'] },
  { op: 'reduce_sum', in: ['2x3x4xf32'], attrs: { axes: [-1, 0], keep_dims: false }, out: ['3xf32'], note: 'negative axes' },
  { op: 'reduce_sum', in: ['2x3x4xf32'], out: ['1x1x1xf32'], note: 'all axes by default' },
  { op: 'reduce_sum', in: ['2x3x4xi64'], attrs: { keep_dims: false }, out: ['i64'] },
  { op: 'reduce_sum', in: ['2x3x4xf32'], attrs: { axes: [] }, out: ['1x1x1xf32'], note: 'empty axes reduce everything' },
  { op: 'reduce_sum', in: ['2x3x4xf32'], attrs: { noop_with_empty_axes: true }, out: ['2x3x4xf32'], note: 'no-op' },
  { op: 'reduce_sum', in: ['2x3x4xf32'], attrs: { axes: [], noop_with_empty_axes: true }, out: ['2x3x4xf32'] },
  { op: 'reduce_sum', in: ['2x3x4xf32'], attrs: { axes: [1], noop_with_empty_axes: true }, out: ['2x1x4xf32'] },
  { op: 'reduce_mean', in: ['1x64x7x7xf32'], attrs: { axes: [2, 3] }, out: ['1x64x1x1xf32'] },
  ...OTHERS.map((op) => ({ op, in: ['2x3xf16'], attrs: { axes: [0], keep_dims: false }, out: ['3xf16'] })),
  { op: 'reduce_max', in: ['5xi8'], out: ['1xi8'] },
  { op: 'reduce_min', in: ['5xu8'], attrs: { keep_dims: false }, out: ['u8'] },
  { op: 'arg_max', in: ['2x3x4xf32'], attrs: { axis: 1 }, out: ['2x1x4xi64'] },
  { op: 'arg_max', in: ['2x3x4xf32'], attrs: { axis: -1, keep_dims: false }, out: ['2x3xi64'] },
  { op: 'arg_max', in: ['5xi8'], out: ['1xi64'], note: 'axis 0 by default' },
  { op: 'arg_min', in: ['2x3xu8'], attrs: { keep_dims: false, select_last_index: true }, out: ['3xi64'] },
];

const INVALID: OpCase[] = [
  { op: 'reduce_sum', in: ['2x3x4xf32'], attrs: { axes: [1, -2] }, error: "attribute 'axes' = [1, -2] names axis 1 twice" },
  { op: 'reduce_sum', in: ['2x3x4xf32'], attrs: { axes: [3] }, error: "attribute 'axes' = 3 is out of range [-3, 2] for rank 3" },
  { op: 'reduce_sum', in: ['2x3x4xf32'], attrs: { axes: [1.5] }, error: "attribute 'axes' must be an array of integers" },
  { op: 'reduce_sum', in: ['2xi8'], error: 'has element type !cgc.int8' },
  { op: 'reduce_max', in: ['2xbool'], error: 'has element type !cgc.bool' },
  { op: 'reduce_mean', in: ['2xf32'], attrs: { keepdims: false }, error: "has no attribute 'keepdims'" },
  { op: 'arg_max', in: ['f32'], error: "attribute 'axis' needs an operand of rank at least 1, got a scalar" },
  { op: 'arg_min', in: ['2x3xf32'], attrs: { axis: -3 }, error: "attribute 'axis' = -3 is out of range [-2, 1] for rank 2" },
];

describe('reductions: valid', () => runCases(VALID));
describe('reductions: invalid', () => runCases(INVALID));
