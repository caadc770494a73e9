// Shape inference of convolution and convolution_transpose, checked against ONNX/PyTorch formulas.
import { describe } from 'vitest';
import { type OpCase, runCases } from './test-cases';

const PAD1 = { start_padding: [1, 1], end_padding: [1, 1] };

const CONV: OpCase[] = [
  {
    op: 'convolution', in: ['1x3x224x224xf32', 'c:64x3x7x7xf32', 'c:64xf32'],
    attrs: { strides: [2, 2], start_padding: [3, 3], end_padding: [3, 3] }, out: ['1x64x112x112xf32'], note: 'ResNet stem',
  },
  { op: 'convolution', in: ['1x1x4x4xf32', 'c:1x1x3x3xf32', 'c:1xf32'], attrs: PAD1, out: ['1x1x4x4xf32'], note: 'spec example' },
  { op: 'convolution', in: ['2x4x10xf16', '8x4x3xf16'], out: ['2x8x8xf16'], note: '1-D, no padding' },
  { op: 'convolution', in: ['1x3x8x8xi32', '4x3x3x3xi32', '4xi32'], attrs: PAD1, out: ['1x4x8x8xi32'], note: 'int32 (ConvInteger, QLinearConv)' },
  {
    op: 'convolution', in: ['1x2x8x8x8xf32', '4x2x3x3x3xf32'],
    attrs: { start_padding: [1, 1, 1], end_padding: [1, 1, 1] }, out: ['1x4x8x8x8xf32'], note: '3-D',
  },
  {
    op: 'convolution', in: ['1x32x56x56xf32', '32x1x3x3xf32'],
    attrs: { ...PAD1, strides: [2, 2], groups: 32 }, out: ['1x32x28x28xf32'], note: 'depthwise',
  },
  { op: 'convolution', in: ['1x1x10x10xf32', '1x1x3x3xf32'], attrs: { dilations: [2, 2] }, out: ['1x1x6x6xf32'] },
  {
    op: 'convolution', in: ['1x1x5x5xf32', '1x1x2x2xf32'], attrs: { start_padding: [0, 0], end_padding: [1, 1] },
    out: ['1x1x5x5xf32'], note: 'asymmetric padding',
  },
  { op: 'convolution', in: ['1x4x7x9xf32', '6x2x3x3xf32'], attrs: { groups: 2, strides: [2, 3] }, out: ['1x6x3x3xf32'] },
];

const CONV_INVALID: OpCase[] = [
  { op: 'convolution', in: ['1x3x8x8xf32', '4x2x3x3xf32'], error: 'input channels 3 must equal filter channels 2 × groups 1' },
  { op: 'convolution', in: ['1x4x8x8xf32', '3x2x3x3xf32'], attrs: { groups: 2 }, error: 'filter output channels 3 must be divisible by groups 2' },
  { op: 'convolution', in: ['1x3x8x8xf32', '4x3x3x3xf32'], attrs: { groups: 0 }, error: "attribute 'groups' must be ≥ 1, got 0" },
  { op: 'convolution', in: ['1x3x8x8xf32', '4x3x3x3xf32', '5xf32'], error: 'operand #2 (bias) shape 5 must be 4 (one value per output channel)' },
  { op: 'convolution', in: ['1x3x8xf32', '4x3x3x3xf32'], error: "operand #1 (filter) shape 4x3x3x3 must have the input's rank 3" },
  { op: 'convolution', in: ['3x8xf32', '4x3xf32'], error: 'operand #0 (input) must have rank 3 to 5, got rank 2 (shape 3x8)' },
  { op: 'convolution', in: ['1x1x2x2x2x2xf32', '1x1x1x1x1x1xf32'], error: 'must have rank 3 to 5' },
  { op: 'convolution', in: ['1x3x8x8xf32', '4x3x3x3xf32'], attrs: { strides: [2] }, error: "attribute 'strides' has 1 values [2]; expected 2 (one per spatial dimension)" },
  { op: 'convolution', in: ['1x3x8x8xf32', '4x3x3x3xf32'], attrs: { strides: [2, 0] }, error: "attribute 'strides' must be ≥ 1, got [2, 0]" },
  { op: 'convolution', in: ['1x3x8x8xf32', '4x3x3x3xf32'], attrs: { dilations: [0, 1] }, error: "attribute 'dilations' must be ≥ 1" },
  { op: 'convolution', in: ['1x3x8x8xf32', '4x3x3x3xf32'], attrs: { start_padding: [-1, 0] }, error: "attribute 'start_padding' must be ≥ 0" },
  { op: 'convolution', in: ['1x1x2x2xf32', '1x1x3x3xf32'], error: 'spatial dimension 0: input size 2 plus padding 0+0 is smaller than the dilated window 3' },
  { op: 'convolution', in: ['1x1x6x6xf32', '1x1x3x3xf32'], attrs: { dilations: [3, 1] }, error: 'smaller than the dilated window 7' },
  { op: 'convolution', in: ['1x3x8x8xi8', '4x3x3x3xi8'], error: 'operand #0 (input) has element type !cgc.int8' },
  { op: 'convolution_transpose', in: ['1x3x8x8xi32', '3x4x3x3xi32'], error: 'operand #0 (input) has element type !cgc.int32' },
  { op: 'convolution', in: ['1x3x8x8xf32', '4x3x3x3xf16'], error: 'operand #1 (filter) element type !cgc.float16 differs from operand #0 (input)' },
  { op: 'convolution', in: ['1x3x8x8xf32'], error: 'expects 2 to 3 operands (input, filter, bias?), got 1' },
];

const TRANSPOSE: OpCase[] = [
  {
    op: 'convolution_transpose', in: ['1x16x14x14xf32', '16x8x4x4xf32', '8xf32'],
    attrs: { strides: [2, 2], ...PAD1 }, out: ['1x8x28x28xf32'], note: 'DCGAN-style 2× upsampling',
  },
  {
    op: 'convolution_transpose', in: ['1x1x3x3xf32', '1x2x3x3xf32'],
    attrs: { strides: [2, 2], output_padding: [1, 1] }, out: ['1x2x8x8xf32'],
  },
  { op: 'convolution_transpose', in: ['1x4x5x5xf32', '4x3x3x3xf32', '6xf32'], attrs: { groups: 2 }, out: ['1x6x7x7xf32'] },
  { op: 'convolution_transpose', in: ['1x2x5xf32', '2x3x3xf32'], out: ['1x3x7xf32'], note: '1-D' },
  { op: 'convolution_transpose', in: ['1x1x5xf32', '1x1x3xf32'], attrs: { dilations: [2] }, out: ['1x1x9xf32'] },
  { op: 'convolution_transpose', in: ['1x1x2x2x2xf16', '1x1x2x2x2xf16'], attrs: { strides: [2, 2, 2] }, out: ['1x1x4x4x4xf16'] },
];

const TRANSPOSE_INVALID: OpCase[] = [
  { op: 'convolution_transpose', in: ['1x4x5x5xf32', '3x2x3x3xf32'], error: 'input channels 4 must equal filter dimension 0 (3)' },
  { op: 'convolution_transpose', in: ['1x3x5x5xf32', '3x2x3x3xf32'], attrs: { groups: 2 }, error: 'input channels 3 must be divisible by groups 2' },
  { op: 'convolution_transpose', in: ['1x4x5x5xf32', '4x3x3x3xf32', '3xf32'], attrs: { groups: 2 }, error: 'operand #2 (bias) shape 3 must be 6' },
  { op: 'convolution_transpose', in: ['1x1x3x3xf32', '1x1x3x3xf32'], attrs: { output_padding: [1] }, error: "attribute 'output_padding' has 1 values [1]; expected 2" },
  { op: 'convolution_transpose', in: ['1x1x3x3xf32', '1x1x3x3xf32'], attrs: { output_padding: [0, -1] }, error: "attribute 'output_padding' must be ≥ 0" },
  {
    op: 'convolution_transpose', in: ['1x1x1x1xf32', '1x1x1x1xf32'], attrs: { start_padding: [1, 0], end_padding: [0, 0] },
    error: 'spatial dimension 0: output size 0 is less than 1',
  },
];

describe('convolution: valid', () => runCases(CONV));
describe('convolution: invalid', () => runCases(CONV_INVALID));
describe('convolution_transpose: valid', () => runCases(TRANSPOSE));
describe('convolution_transpose: invalid', () => runCases(TRANSPOSE_INVALID));
