// Shape inference of concat, split, slice (ONNX clamping), pad and trilu.
import { describe } from 'vitest';
import { type OpCase, runCases } from './test-cases';

// The INT64 sentinels ±(2^63 − 1) as the parser reads them: rounded to the double ±2^63.
const INT64_MAX = 2 ** 63;
const INT64_MIN = -(2 ** 63);

const VALID: OpCase[] = [
  { op: 'concat', in: ['2x3xf32', '2x5xf32'], attrs: { axis: 1 }, out: ['2x8xf32'] },
  { op: 'concat', in: ['2x3xf32', 'c:2x5xf32', '2x1xf32'], attrs: { axis: -1 }, out: ['2x9xf32'] },
  { op: 'concat', in: ['1x3xi64'], attrs: { axis: 0 }, out: ['1x3xi64'], note: 'one input' },
  { op: 'concat', in: ['0x3xf32', '2x3xf32'], attrs: { axis: 0 }, out: ['2x3xf32'] },
  { op: 'split', in: ['6x4xf32'], results: 3, out: ['2x4xf32', '2x4xf32', '2x4xf32'], note: 'equal pieces' },
  { op: 'split', in: ['6x4xf32'], attrs: { sizes: [1, 2, 3] }, out: ['1x4xf32', '2x4xf32', '3x4xf32'] },
  { op: 'split', in: ['6x4xf32'], attrs: { sizes: [1, 3], axis: -1 }, results: 2, out: ['6x1xf32', '6x3xf32'] },
  { op: 'slice', in: ['20x10x5xf32'], attrs: { starts: [0, 0], ends: [3, 10], axes: [0, 1], steps: [1, 1] }, out: ['3x10x5xf32'] },
  { op: 'slice', in: ['20x10x5xf32'], attrs: { starts: [0, 1], ends: [2, 3] }, out: ['2x2x5xf32'], note: 'default axes' },
  { op: 'slice', in: ['20x10x5xf32'], attrs: { starts: [1], ends: [INT64_MAX], axes: [1] }, out: ['20x9x5xf32'], note: 'INT64_MAX end' },
  { op: 'slice', in: ['20x10x5xf32'], attrs: { starts: [-1], ends: [INT64_MIN], steps: [-1] }, out: ['20x10x5xf32'], note: 'full reverse' },
  { op: 'slice', in: ['20x10x5xf32'], attrs: { starts: [0], ends: [-1] }, out: ['19x10x5xf32'] },
  { op: 'slice', in: ['20x10x5xf32'], attrs: { starts: [1], ends: [10], axes: [1], steps: [2] }, out: ['20x5x5xf32'] },
  { op: 'slice', in: ['20x10x5xf32'], attrs: { starts: [8], ends: [2], axes: [-2], steps: [-2] }, out: ['20x3x5xf32'] },
  { op: 'slice', in: ['20x10x5xf32'], attrs: { starts: [5], ends: [1] }, out: ['0x10x5xf32'], note: 'empty' },
  { op: 'slice', in: ['20x10x5xf32'], attrs: { starts: [100], ends: [200], axes: [2] }, out: ['20x10x0xf32'], note: 'clamped' },
  { op: 'slice', in: ['20x10x5xf32'], attrs: { starts: [-100], ends: [3], axes: [2] }, out: ['20x10x3xf32'] },
  { op: 'slice', in: ['20x10x5xf32'], attrs: { starts: [100], ends: [-100], axes: [2], steps: [-3] }, out: ['20x10x2xf32'] },
  { op: 'pad', in: ['1x3x4x4xf32'], attrs: { start_padding: [0, 0, 1, 1], end_padding: [0, 0, 1, 1] }, out: ['1x3x6x6xf32'] },
  {
    op: 'pad', in: ['1x3x4x4xf32'], attrs: { start_padding: [0, 0, -1, 0], end_padding: [0, 0, -1, 2], mode: 'reflect' },
    out: ['1x3x2x6xf32'], note: 'negative padding crops',
  },
  { op: 'pad', in: ['0x3xi32'], attrs: { start_padding: [1, 0], end_padding: [0, 0], value: 7 }, out: ['1x3xi32'] },
  { op: 'trilu', in: ['3x4xf32'], out: ['3x4xf32'] },
  { op: 'trilu', in: ['2x3x3xi64'], attrs: { upper: false, k: -1 }, out: ['2x3x3xi64'] },
];

const INVALID: OpCase[] = [
  { op: 'concat', in: ['2x3xf32', '3x5xf32'], attrs: { axis: 1 }, error: 'operand #1 (inputs) shape 3x5 does not match operand #0 shape 2x3 outside axis 1' },
  { op: 'concat', in: ['2x3xf32', '2x3x1xf32'], attrs: { axis: 0 }, error: 'operand #1 (inputs) shape 2x3x1 does not match' },
  { op: 'concat', in: ['2x3xf32', '2x3xi32'], attrs: { axis: 0 }, error: 'operand #1 (inputs) element type !cgc.int32 differs from operand #0 (inputs)' },
  { op: 'concat', in: ['2x3xf32'], error: "requires attribute 'axis'" },
  { op: 'concat', in: [], attrs: { axis: 0 }, error: 'expects at least 1 operand' },
  { op: 'concat', in: ['f32', 'f32'], attrs: { axis: 0 }, error: 'needs an operand of rank at least 1' },
  { op: 'split', in: ['6x4xf32'], attrs: { sizes: [1, 2] }, error: "attribute 'sizes' = [1, 2] sums to 3, not dimension 0 of size 6" },
  { op: 'split', in: ['6x4xf32'], attrs: { sizes: [2, 4] }, results: 3, error: "declares 3 results but attribute 'sizes' makes 2 pieces" },
  { op: 'split', in: ['6x4xf32'], attrs: { sizes: [7, -1] }, error: "attribute 'sizes' must be ≥ 0" },
  { op: 'split', in: ['6x4xf32'], error: "needs attribute 'sizes' or declared results to split into equal pieces" },
  { op: 'split', in: ['6x4xf32'], results: 4, error: 'dimension 0 of size 6 does not split into 4 equal pieces' },
  { op: 'slice', in: ['20x10xf32'], attrs: { starts: [0], ends: [1], steps: [0] }, error: "attribute 'steps' = [0] contains 0" },
  { op: 'slice', in: ['20x10xf32'], attrs: { starts: [0, 0], ends: [1] }, error: "attribute 'ends' has 1 values [1]; expected 2 (one per entry of 'starts')" },
  { op: 'slice', in: ['20x10xf32'], attrs: { starts: [0, 0], ends: [1, 1], axes: [1, -1] }, error: "attribute 'axes' = [1, -1] names axis 1 twice" },
  { op: 'slice', in: ['20x10xf32'], attrs: { starts: [0], ends: [1], axes: [2] }, error: "attribute 'axes' = 2 is out of range [-2, 1]" },
  { op: 'slice', in: ['20x10xf32'], attrs: { starts: [0] }, error: "requires attribute 'ends'" },
  { op: 'pad', in: ['4xf32'], attrs: { start_padding: [-3], end_padding: [-2] }, error: 'dimension 0 of size 4 padded by -3+-2 would have size -1' },
  { op: 'pad', in: ['2x4xf32'], attrs: { start_padding: [1], end_padding: [1, 1] }, error: "attribute 'start_padding' has 1 values [1]; expected 2 (one per dimension)" },
  { op: 'pad', in: ['4xf32'], attrs: { mode: 'symmetric', start_padding: [1], end_padding: [1] }, error: "attribute 'mode' is \"symmetric\"; allowed: \"constant\", \"reflect\", \"edge\", \"wrap\"" },
  { op: 'pad', in: ['0x3xf32'], attrs: { mode: 'edge', start_padding: [1, 0], end_padding: [0, 0] }, error: 'edge mode cannot pad the empty dimension 0' },
  { op: 'trilu', in: ['4xf32'], error: 'operand #0 (x) must have rank at least 2, got rank 1' },
];

describe('concat/split/slice/pad/trilu: valid', () => runCases(VALID));
describe('concat/split/slice/pad/trilu: invalid', () => runCases(INVALID));
