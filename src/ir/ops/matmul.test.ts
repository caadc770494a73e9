// Shape inference of matmul (numpy semantics) and gemm.
import { describe } from 'vitest';
import { type OpCase, runCases } from './test-cases';

const MATMUL: OpCase[] = [
  { op: 'matmul', in: ['2x3xf32', 'c:3x4xf32'], out: ['2x4xf32'] },
  { op: 'matmul', in: ['3xf32', '3x4xf32'], out: ['4xf32'], note: '1-D a is a row' },
  { op: 'matmul', in: ['2x3xf32', '3xf32'], out: ['2xf32'], note: '1-D b is a column' },
  { op: 'matmul', in: ['3xf32', '3xf32'], out: ['f32'], note: 'dot product' },
  { op: 'matmul', in: ['5x1x2x3xf16', '4x3x6xf16'], out: ['5x4x2x6xf16'], note: 'batch broadcasting' },
  { op: 'matmul', in: ['2x3x4xi32', '4xi32'], out: ['2x3xi32'] },
  { op: 'matmul', in: ['4xi64', '2x4x5xi64'], out: ['2x5xi64'] },
  { op: 'matmul', in: ['1x12x128x64xf32', '1x12x64x128xf32'], out: ['1x12x128x128xf32'] },
];

const MATMUL_INVALID: OpCase[] = [
  { op: 'matmul', in: ['2x3xf32', '4x5xf32'], error: 'operand #0 (a) shape 2x3 and operand #1 (b) shape 4x5 disagree on the contracted dimension (3 vs 4)' },
  { op: 'matmul', in: ['2x2x3xf32', '3x3x4xf32'], error: 'batch dimensions of operand #0 (a) shape 2x2x3 do not broadcast with those of operand #1 (b) shape 3x3x4' },
  { op: 'matmul', in: ['f32', '3xf32'], error: 'operand #0 (a) must have rank at least 1, got rank 0 (shape scalar)' },
  { op: 'matmul', in: ['2x3xi8', '3x4xi8'], error: 'operand #0 (a) has element type !cgc.int8' },
  { op: 'matmul', in: ['2x3xf32', '3x4xf16'], error: 'element type !cgc.float16 differs' },
];

const GEMM: OpCase[] = [
  { op: 'gemm', in: ['2x3xf32', '3x4xf32'], out: ['2x4xf32'] },
  { op: 'gemm', in: ['2x3xf32', 'c:3x4xf32', 'c:4xf32'], attrs: { alpha: 0.5, beta: 2 }, out: ['2x4xf32'] },
  { op: 'gemm', in: ['2x3xf32', '3x4xf32', '2x1xf32'], out: ['2x4xf32'] },
  { op: 'gemm', in: ['2x3xf32', '3x4xf32', 'f32'], out: ['2x4xf32'] },
  { op: 'gemm', in: ['3x2xf32', '3x4xf32'], attrs: { trans_a: true }, out: ['2x4xf32'] },
  { op: 'gemm', in: ['1x512xf32', '1000x512xf32', '1000xf32'], attrs: { trans_b: true }, out: ['1x1000xf32'], note: 'classifier head' },
];

const GEMM_INVALID: OpCase[] = [
  { op: 'gemm', in: ['2x3xf32', '3x4xf32', '3xf32'], error: 'operand #2 (c) shape 3 does not broadcast to the product shape 2x4' },
  { op: 'gemm', in: ['2x3xf32', '3x4xf32', '3x2x4xf32'], error: 'operand #2 (c) shape 3x2x4 does not broadcast to the product shape 2x4' },
  { op: 'gemm', in: ['2x2x3xf32', '3x4xf32'], error: 'operand #0 (a) must have rank 2, got rank 3' },
  { op: 'gemm', in: ['2x3xf32', '3x4xf32'], attrs: { trans_b: true }, error: 'op(a) is 2x3 and op(b) is 4x3: they disagree on the contracted dimension (3 vs 4)' },
  { op: 'gemm', in: ['2x3xf32', '3x4xf32'], attrs: { trans_a: 1 }, error: "attribute 'trans_a' must be a bool" },
];

describe('matmul: valid', () => runCases(MATMUL));
describe('matmul: invalid', () => runCases(MATMUL_INVALID));
describe('gemm: valid', () => runCases(GEMM));
describe('gemm: invalid', () => runCases(GEMM_INVALID));

const DET: OpCase[] = [
  { op: 'det', in: ['3x3xf32'], out: ['f32'], note: 'one matrix: a scalar' },
  { op: 'det', in: ['2x5x4x4xf64'], out: ['2x5xf64'], note: 'batched' },
  { op: 'det', in: ['3x2xf32'], error: 'operand #0 (x) shape 3x2 must end in a square matrix, got 3x2' },
  { op: 'det', in: ['3xf32'], error: 'operand #0 (x) must have rank at least 2' },
  { op: 'det', in: ['2x2xi32'], error: 'operand #0 (x) has element type !cgc.int32' },
];
describe('det', () => runCases(DET));
