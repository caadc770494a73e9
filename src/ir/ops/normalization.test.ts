// Shape inference of the normalization cgc_ops.
import { describe } from 'vitest';
import { type OpCase, runCases } from './test-cases';

const C3 = ['c:3xf32', 'c:3xf32', 'c:3xf32', 'c:3xf32'];

const VALID: OpCase[] = [
  { op: 'batch_normalization', in: ['1x3x4x4xf32', ...C3], out: ['1x3x4x4xf32'] },
  { op: 'batch_normalization', in: ['8x3xf32', ...C3], attrs: { epsilon: 1e-3 }, out: ['8x3xf32'] },
  { op: 'layer_normalization', in: ['2x5x8xf32', '8xf32', '8xf32'], out: ['2x5x8xf32'] },
  { op: 'layer_normalization', in: ['2x5x8xf32', '5x8xf32'], attrs: { axis: 1 }, out: ['2x5x8xf32'], note: 'no bias' },
  { op: 'layer_normalization', in: ['2x5x8xf16', '5x1xf16', 'f16'], attrs: { axis: -2 }, out: ['2x5x8xf16'] },
  { op: 'instance_normalization', in: ['1x3x4x4xf32', '3xf32', '3xf32'], out: ['1x3x4x4xf32'] },
  { op: 'group_normalization', in: ['2x6x4x4xf32', '6xf32', '6xf32'], attrs: { num_groups: 3 }, out: ['2x6x4x4xf32'] },
  { op: 'mean_variance_normalization', in: ['1x3x4x4xf32'], out: ['1x3x4x4xf32'] },
  { op: 'mean_variance_normalization', in: ['2x7xf32'], attrs: { axes: [1] }, out: ['2x7xf32'] },
  { op: 'lp_normalization', in: ['2x3xf32'], attrs: { p: 1, axis: 0 }, out: ['2x3xf32'] },
  { op: 'lrn', in: ['1x3x4x4xf32'], attrs: { size: 3 }, out: ['1x3x4x4xf32'] },
  { op: 'lrn', in: ['1x8x4x4xf32'], attrs: { size: 5, alpha: 2e-4, beta: 0.5, bias: 2 }, out: ['1x8x4x4xf32'] },
];

const INVALID: OpCase[] = [
  { op: 'batch_normalization', in: ['1x3x4x4xf32', '4xf32', '3xf32', '3xf32', '3xf32'], error: 'operand #1 (scale) shape 4 must be 3 (one value per channel)' },
  { op: 'batch_normalization', in: ['1x3x4x4xf32', '3xf32', '3xf32', '3xf32', '1x3xf32'], error: 'operand #4 (variance) shape 1x3 must be 3' },
  { op: 'batch_normalization', in: ['3xf32', ...C3], error: 'operand #0 (x) must have rank at least 2' },
  { op: 'batch_normalization', in: ['1x3xf32', '3xf32', '3xf32', '3xf32'], error: 'expects 5 operands' },
  { op: 'batch_normalization', in: ['1x3x4x4xi32', '3xi32', '3xi32', '3xi32', '3xi32'], error: 'has element type !cgc.int32' },
  { op: 'layer_normalization', in: ['2x5x8xf32', '5xf32'], error: 'operand #1 (scale) shape 5 does not broadcast to the normalized shape 8' },
  { op: 'layer_normalization', in: ['2x5x8xf32', '8xf32', '5x8xf32'], error: 'operand #2 (bias) shape 5x8 does not broadcast to the normalized shape 8' },
  { op: 'layer_normalization', in: ['2x5x8xf32', '8xf32'], attrs: { axis: 3 }, error: "attribute 'axis' = 3 is out of range [-3, 2] for rank 3" },
  { op: 'layer_normalization', in: ['2x5x8xf32', '8xf16'], error: 'operand #1 (scale) element type !cgc.float16 differs' },
  { op: 'instance_normalization', in: ['2x3xf32', '3xf32', '3xf32'], error: 'operand #0 (x) must have rank at least 3' },
  { op: 'instance_normalization', in: ['1x3x4x4xf32', '3xf32', '4xf32'], error: 'operand #2 (bias) shape 4 must be 3' },
  { op: 'group_normalization', in: ['2x6x4x4xf32', '6xf32', '6xf32'], attrs: { num_groups: 4 }, error: 'channels 6 must be divisible by num_groups 4' },
  { op: 'group_normalization', in: ['2x6x4x4xf32', '6xf32', '6xf32'], error: "requires attribute 'num_groups'" },
  { op: 'group_normalization', in: ['2x6x4x4xf32', '3xf32', '3xf32'], attrs: { num_groups: 3 }, error: 'operand #1 (scale) shape 3 must be 6' },
  { op: 'mean_variance_normalization', in: ['2x3x4xf32'], error: "attribute 'axes' = 3 is out of range [-3, 2] for rank 3" },
  { op: 'lp_normalization', in: ['2x3xf32'], attrs: { p: 3 }, error: "attribute 'p' must be 1 or 2, got 3" },
  { op: 'lrn', in: ['1x3x4x4xf32'], error: "requires attribute 'size'" },
  { op: 'lrn', in: ['1x3x4x4xf32'], attrs: { size: 0 }, error: "attribute 'size' must be ≥ 1, got 0" },
  { op: 'lrn', in: ['1x3x4x4xf32'], attrs: { size: 2.5 }, error: "attribute 'size' must be an integer" },
];

describe('normalization ops: valid', () => runCases(VALID));
describe('normalization ops: invalid', () => runCases(INVALID));
