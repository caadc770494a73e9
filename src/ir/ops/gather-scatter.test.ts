// Shape inference of gather*, scatter* and one_hot (ONNX examples where they exist).
import { describe } from 'vitest';
import { type OpCase, runCases } from './test-cases';

const VALID: OpCase[] = [
  { op: 'gather', in: ['5x4x3xf32', '2x2xi64'], attrs: { axis: 1 }, out: ['5x2x2x3xf32'] },
  { op: 'gather', in: ['c:5x4x3xf32', 'i32'], out: ['4x3xf32'], note: 'scalar index removes the axis' },
  { op: 'gather', in: ['5x4x3xbool', '6xi64'], attrs: { axis: -1 }, out: ['5x4x6xbool'] },
  { op: 'gather', in: ['30522x768xf32', '1x128xi64'], out: ['1x128x768xf32'], note: 'embedding lookup' },
  { op: 'gather_elements', in: ['3x3xf32', '2x3xi64'], out: ['2x3xf32'] },
  { op: 'gather_elements', in: ['3x3xf32', '3x5xi32'], attrs: { axis: 1 }, out: ['3x5xf32'], note: 'any extent along axis' },
  { op: 'gather_nd', in: ['2x2xi32', '2x2xi64'], out: ['2xi32'], note: 'ONNX example 1' },
  { op: 'gather_nd', in: ['2x2xi32', '2x1xi64'], out: ['2x2xi32'], note: 'ONNX example 2' },
  { op: 'gather_nd', in: ['2x2x2xi32', '2x2xi64'], out: ['2x2xi32'], note: 'ONNX example 3' },
  { op: 'gather_nd', in: ['2x2x2xi32', '2x1x2xi64'], out: ['2x1x2xi32'], note: 'ONNX example 4' },
  { op: 'gather_nd', in: ['2x2x2xi32', '2x1xi64'], attrs: { batch_dims: 1 }, out: ['2x2xi32'], note: 'ONNX example 5' },
  { op: 'scatter_nd', in: ['8xf32', '4x1xi64', '4xf32'], out: ['8xf32'], note: 'ONNX example 1' },
  { op: 'scatter_nd', in: ['4x4x4xf32', '2x1xi64', '2x4x4xf32'], attrs: { reduction: 'add' }, out: ['4x4x4xf32'], note: 'ONNX example 2' },
  { op: 'scatter_elements', in: ['3x3xf32', '2x3xi64', '2x3xf32'], out: ['3x3xf32'] },
  { op: 'scatter_elements', in: ['1x5xf32', '1x2xi32', '1x2xf32'], attrs: { axis: 1, reduction: 'max' }, out: ['1x5xf32'] },
  { op: 'reverse_sequence', in: ['4x4xf32', '4xi64'], out: ['4x4xf32'], note: 'ONNX example: time 0, batch 1' },
  { op: 'reverse_sequence', in: ['3x5x2xf16', '3xi32'], attrs: { batch_axis: 0, time_axis: 1 }, out: ['3x5x2xf16'] },
  { op: 'one_hot', in: ['2x3xi64'], attrs: { depth: 10 }, out: ['2x3x10xf32'] },
  { op: 'one_hot', in: ['2x3xi64'], attrs: { depth: 10, axis: 0 }, out: ['10x2x3xf32'] },
  { op: 'one_hot', in: ['2x3xf32'], attrs: { depth: 4, axis: -2, dtype: { type: 'i32' }, on_value: 5, off_value: -1 }, out: ['2x4x3xi32'] },
];

const INVALID: OpCase[] = [
  { op: 'reverse_sequence', in: ['4x3xf32', '4xi64'], error: 'operand #1 (sequence_lens) shape 4 must be 3 (one length per batch entry, x\'s dimension 1)' },
  { op: 'reverse_sequence', in: ['4x3xf32', '3xi64'], attrs: { batch_axis: 1, time_axis: 1 }, error: 'batch_axis 1 and time_axis 1 must be 0 and 1, one each (ONNX)' },
  { op: 'reverse_sequence', in: ['4xf32', '4xi64'], error: 'operand #0 (x) must have rank at least 2' },
  { op: 'gather', in: ['5x4xf32', '2xf32'], error: 'operand #1 (indices) has element type !cgc.float32; allowed: !cgc.int32, !cgc.int64' },
  { op: 'gather', in: ['5x4xf32', '2xi64'], attrs: { axis: 2 }, error: "attribute 'axis' = 2 is out of range [-2, 1] for rank 2" },
  { op: 'gather', in: ['f32', '2xi64'], error: 'operand #0 (data) must have rank at least 1' },
  { op: 'gather_elements', in: ['3x3xf32', '4x3xi64'], attrs: { axis: 1 }, error: 'operand #1 (indices) shape 4x3 must have the rank of data 3x3 and no larger dimension outside axis 1' },
  { op: 'gather_elements', in: ['3x3xf32', '3xi64'], error: 'must have the rank of data' },
  { op: 'gather_nd', in: ['2x2xf32', '2x3xi64'], error: 'operand #1 (indices) last dimension 3 must be between 1 and the data rank (2)' },
  { op: 'gather_nd', in: ['2x2xf32', '2x1xi32'], error: 'operand #1 (indices) has element type !cgc.int32; allowed: !cgc.int64' },
  { op: 'gather_nd', in: ['2x2xf32', '2x1xi64'], attrs: { batch_dims: 2 }, error: "attribute 'batch_dims' = 2 must be ≥ 0 and less than both ranks" },
  { op: 'gather_nd', in: ['2x2x2xf32', '3x1xi64'], attrs: { batch_dims: 1 }, error: 'the first 1 dimensions of data 2x2x2 and indices 3x1 must match' },
  { op: 'gather_nd', in: ['2x2x2xf32', '2x3xi64'], attrs: { batch_dims: 1 }, error: 'between 1 and the data rank minus batch_dims (2)' },
  { op: 'scatter_nd', in: ['4x4x4xf32', '2x1xi64', '2x4xf32'], error: 'operand #2 (updates) shape 2x4 must be 2x4x4' },
  { op: 'scatter_nd', in: ['8xf32', '4x1xi64', '4xf16'], error: 'operand #2 (updates) element type !cgc.float16 differs from operand #0 (data)' },
  { op: 'scatter_nd', in: ['8xf32', '4x1xi64', '4xf32'], attrs: { reduction: 'mean' }, error: 'allowed: "none", "add", "mul", "max", "min"' },
  { op: 'scatter_elements', in: ['3x3xf32', '2x3xi64', '3x2xf32'], error: 'operand #2 (updates) shape 3x2 must equal the indices shape 2x3' },
  { op: 'scatter_elements', in: ['3x3xf32', '2x4xi64', '2x4xf32'], error: 'no larger dimension outside axis 0' },
  { op: 'one_hot', in: ['2x3xi64'], attrs: { depth: 0 }, error: "attribute 'depth' must be ≥ 1, got 0" },
  { op: 'one_hot', in: ['2x3xi64'], attrs: { depth: 4, axis: 3 }, error: "attribute 'axis' = 3 is out of range [-3, 2] for rank 3" },
  { op: 'one_hot', in: ['2x3xbool'], attrs: { depth: 4 }, error: 'has element type !cgc.bool' },
];

describe('gather/scatter/one_hot: valid', () => runCases(VALID));
describe('gather/scatter/one_hot: invalid', () => runCases(INVALID));
