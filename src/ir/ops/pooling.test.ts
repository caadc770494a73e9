// Shape inference of the pooling cgc_ops, including ONNX's ceil_mode rules.
import { describe } from 'vitest';
import { type OpCase, runCases } from './test-cases';

const VALID: OpCase[] = [
  {
    op: 'max_pool', in: ['1x64x112x112xf32'],
    attrs: { window_size: [3, 3], strides: [2, 2], start_padding: [1, 1], end_padding: [1, 1] }, out: ['1x64x56x56xf32'],
    note: 'ResNet stem pool',
  },
  { op: 'max_pool', in: ['1x1x5x5xf32'], attrs: { window_size: [2, 2], strides: [2, 2] }, out: ['1x1x2x2xf32'], note: 'floor' },
  {
    op: 'max_pool', in: ['1x1x5x5xf32'], attrs: { window_size: [2, 2], strides: [2, 2], ceil_mode: true },
    out: ['1x1x3x3xf32'], note: 'ceil keeps the partial window',
  },
  {
    op: 'max_pool', in: ['1x1x4x4xf32'],
    attrs: { window_size: [2, 2], strides: [2, 2], end_padding: [1, 1], ceil_mode: true },
    out: ['1x1x2x2xf32'], note: 'ceil drops a window starting in the end padding',
  },
  {
    op: 'max_pool', in: ['1x1x5x5xf32'],
    attrs: { window_size: [2, 2], strides: [2, 2], start_padding: [1, 1], end_padding: [1, 1], ceil_mode: true },
    out: ['1x1x3x3xf32'], note: 'ceil: 4 windows would start at 6 = 5 + 1, the last is dropped',
  },
  { op: 'max_pool', in: ['1x1x7xu8'], attrs: { window_size: [3], dilations: [2] }, out: ['1x1x3xu8'] },
  { op: 'max_pool', in: ['1x1x4x4x4xf16'], attrs: { window_size: [2, 2, 2], strides: [2, 2, 2] }, out: ['1x1x2x2x2xf16'] },
  { op: 'average_pool', in: ['1x2x7x7xf32'], attrs: { window_size: [7, 7] }, out: ['1x2x1x1xf32'] },
  {
    op: 'average_pool', in: ['1x2x6x6xf32'],
    attrs: { window_size: [3, 3], strides: [2, 2], start_padding: [1, 1], end_padding: [1, 1], include_padding: true, ceil_mode: true },
    out: ['1x2x4x4xf32'], note: 'ceil((6+2−3)/2)+1 = 4; window 3 starts at 6 < 6+1',
  },
  { op: 'lp_pool', in: ['1x2x6x6xf32'], attrs: { window_size: [2, 2], strides: [2, 2], p: 3 }, out: ['1x2x3x3xf32'] },
  { op: 'global_average_pool', in: ['1x3x7x7xf32'], out: ['1x3x1x1xf32'] },
  { op: 'global_max_pool', in: ['2x3x5xf16'], out: ['2x3x1xf16'] },
  { op: 'global_lp_pool', in: ['1x3x2x2x2xf32'], attrs: { p: 1 }, out: ['1x3x1x1x1xf32'] },
];

const INVALID: OpCase[] = [
  { op: 'max_pool', in: ['1x1x5x5xf32'], error: "'cgc_op.max_pool' requires attribute 'window_size'" },
  { op: 'max_pool', in: ['1x1x5x5xf32'], attrs: { window_size: [2] }, error: "attribute 'window_size' has 1 values [2]; expected 2 (one per spatial dimension)" },
  { op: 'max_pool', in: ['1x1x5x5xf32'], attrs: { window_size: [2, 0] }, error: "attribute 'window_size' must be ≥ 1" },
  { op: 'max_pool', in: ['1x1x5x5xf32'], attrs: { window_size: [2, 2], strides: [1, 1, 1] }, error: "attribute 'strides' has 3 values" },
  { op: 'max_pool', in: ['1x1x2x2xf32'], attrs: { window_size: [3, 3] }, error: 'input size 2 plus padding 0+0 is smaller than the dilated window 3' },
  { op: 'max_pool', in: ['1x5xf32'], attrs: { window_size: [] }, error: 'operand #0 (x) must have rank 3 to 5, got rank 2' },
  { op: 'max_pool', in: ['1x1x5x5xi32'], attrs: { window_size: [2, 2] }, error: 'has element type !cgc.int32' },
  { op: 'average_pool', in: ['1x1x5x5xu8'], attrs: { window_size: [2, 2] }, error: 'has element type !cgc.uint8' },
  { op: 'average_pool', in: ['1x1x5x5xf32'], attrs: { window_size: [2, 2], count_include_pad: true }, error: "has no attribute 'count_include_pad'" },
  { op: 'lp_pool', in: ['1x1x5x5xf32'], attrs: { window_size: [2, 2], p: 0 }, error: "attribute 'p' must be ≥ 1" },
  { op: 'global_average_pool', in: ['1x3xf32'], error: 'operand #0 (x) must have rank at least 3' },
  { op: 'global_max_pool', in: ['1x3x4x4xf32'], attrs: { window_size: [2, 2] }, error: 'takes no attributes' },
];

describe('pooling ops: valid', () => runCases(VALID));
describe('pooling ops: invalid', () => runCases(INVALID));

describe('max_pool_indices', () => runCases([
  { op: 'max_pool_indices', in: ['1x1x5x5xf32'], attrs: { window_size: [2, 2], strides: [2, 2] }, out: ['1x1x2x2xi64'] },
  { op: 'max_pool_indices', in: ['2x3x8xu8'], attrs: { window_size: [3], storage_order: 1 }, out: ['2x3x6xi64'] },
  { op: 'max_pool_indices', in: ['1x1x5x5xf32'], attrs: { window_size: [2, 2], storage_order: 2 }, error: "attribute 'storage_order' = 2 must be 0 (row-major) or 1 (column-major)" },
]));

