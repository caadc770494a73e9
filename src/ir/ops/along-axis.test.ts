// Shape inference of softmax, log_softmax, hardmax, cumsum and top_k.
import { describe } from 'vitest';
import { type OpCase, runCases } from './test-cases';

const VALID: OpCase[] = [
  { op: 'softmax', in: ['2x3xf32'], out: ['2x3xf32'] },
  { op: 'softmax', in: ['1x12x128x128xf16'], attrs: { axis: 3 }, out: ['1x12x128x128xf16'] },
  { op: 'log_softmax', in: ['2x3xf32'], attrs: { axis: 0 }, out: ['2x3xf32'] },
  { op: 'hardmax', in: ['4xf32'], out: ['4xf32'] },
  { op: 'cumsum', in: ['2x3xf32'], attrs: { axis: 1 }, out: ['2x3xf32'] },
  { op: 'cumsum', in: ['5xi64'], attrs: { axis: -1, exclusive: true, reverse: true }, out: ['5xi64'] },
  { op: 'top_k', in: ['2x10xf32'], attrs: { k: 3 }, out: ['2x3xf32', '2x3xi64'] },
  { op: 'top_k', in: ['2x10xi32'], attrs: { k: 2, axis: 0, largest: false, sorted: false }, out: ['2x10xi32', '2x10xi64'] },
  { op: 'top_k', in: ['4xu8'], attrs: { k: 0 }, out: ['0xu8', '0xi64'], note: 'k = 0 gives empty results (ONNX Runtime)' },
];

const INVALID: OpCase[] = [
  { op: 'softmax', in: ['2x3xf32'], attrs: { axis: 2 }, error: "attribute 'axis' = 2 is out of range [-2, 1] for rank 2" },
  { op: 'softmax', in: ['2x3xi32'], error: 'has element type !cgc.int32' },
  { op: 'log_softmax', in: ['f32'], error: 'needs an operand of rank at least 1' },
  { op: 'cumsum', in: ['2x3xf32'], error: "requires attribute 'axis'" },
  { op: 'cumsum', in: ['2x3xf32'], attrs: { axis: -3 }, error: 'out of range [-2, 1]' },
  { op: 'cumsum', in: ['2xbool'], attrs: { axis: 0 }, error: 'has element type !cgc.bool' },
  { op: 'top_k', in: ['2x10xf32'], error: "requires attribute 'k'" },
  { op: 'top_k', in: ['2x10xf32'], attrs: { k: 11 }, error: "attribute 'k' = 11 exceeds dimension 1 of size 10" },
  { op: 'top_k', in: ['2x10xf32'], attrs: { k: -1 }, error: "attribute 'k' must be ≥ 0, got -1" },
];

describe('axis ops: valid', () => runCases(VALID));
describe('axis ops: invalid', () => runCases(INVALID));
