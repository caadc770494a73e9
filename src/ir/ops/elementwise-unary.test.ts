// Shape/dtype inference of the unary elementwise cgc_ops.
import { describe } from 'vitest';
import { type OpCase, runCases } from './test-cases';

const FLOAT_ONLY = [
  'leaky_relu', 'sigmoid', 'tanh', 'hard_sigmoid', 'hard_swish', 'gelu', 'softplus', 'softsign', 'elu', 'selu',
  'celu', 'mish', 'silu', 'thresholded_relu', 'exp', 'log', 'sqrt', 'reciprocal', 'sin', 'cos', 'tan', 'asin',
  'acos', 'atan', 'sinh', 'cosh', 'asinh', 'acosh', 'atanh', 'floor', 'ceil', 'round',
];
const NUMERIC = ['clip', 'shrink', 'erf', 'abs', 'sign'];

const VALID: OpCase[] = [
  ...FLOAT_ONLY.map((op) => ({ op, in: ['2x3xf16'], out: ['2x3xf16'] })),
  ...NUMERIC.map((op) => ({ op, in: ['4xu8'], out: ['4xu8'] })),
  { op: 'relu', in: ['1x8x4x4xf32'], out: ['1x8x4x4xf32'] },
  { op: 'relu', in: ['c:5xi32'], out: ['5xi32'], note: 'constant operand' },
  { op: 'neg', in: ['5xi8'], out: ['5xi8'] },
  { op: 'leaky_relu', in: ['f32'], attrs: { alpha: 0.2 }, out: ['f32'] },
  { op: 'hard_sigmoid', in: ['3xf32'], attrs: { alpha: 1, beta: 0 }, out: ['3xf32'], note: 'integer literal for a float' },
  { op: 'gelu', in: ['3xf32'], attrs: { approximate: 'tanh' }, out: ['3xf32'] },
  { op: 'clip', in: ['3xf32'], attrs: { min: 0, max: 6 }, out: ['3xf32'] },
  { op: 'clip', in: ['3xf32'], attrs: { min: 6, max: 0 }, out: ['3xf32'], note: 'min > max is allowed (ONNX)' },
  { op: 'selu', in: ['3xf32'], attrs: { alpha: 1.5, gamma: 1.1 }, out: ['3xf32'] },
  { op: 'shrink', in: ['3xf32'], attrs: { bias: 0.5, lambd: 1.5 }, out: ['3xf32'] },
  { op: 'not', in: ['2x2xbool'], out: ['2x2xbool'] },
  { op: 'bitwise_not', in: ['2xi32'], out: ['2xi32'] },
  { op: 'identity', in: ['2xbool'], out: ['2xbool'] },
  { op: 'identity', in: ['0x7xi64'], out: ['0x7xi64'] },
  { op: 'is_nan', in: ['2x3xf32'], out: ['2x3xbool'] },
  { op: 'is_inf', in: ['2x3xf16'], attrs: { detect_negative: false }, out: ['2x3xbool'] },
  { op: 'cast', in: ['2x3xf32'], attrs: { to: { type: 'i64' } }, out: ['2x3xi64'] },
  { op: 'cast', in: ['2xbool'], attrs: { to: { type: 'f16' } }, out: ['2xf16'] },
];

const INVALID: OpCase[] = [
  { op: 'sigmoid', in: ['2xi32'], error: "'cgc_op.sigmoid' operand #0 (x) has element type !cgc.int32; allowed: !cgc.float32, !cgc.float16" },
  { op: 'relu', in: ['2xu8'], error: 'has element type !cgc.uint8' },
  { op: 'neg', in: ['2xu8'], error: 'has element type !cgc.uint8' },
  { op: 'relu', in: ['2xf32', '2xf32'], error: 'expects 1 operand (x), got 2' },
  { op: 'relu', in: ['2xf32'], attrs: { alpha: 0.1 }, error: "'cgc_op.relu' has no attribute 'alpha' (it takes no attributes)" },
  { op: 'leaky_relu', in: ['2xf32'], attrs: { alpha: 'big' }, error: "attribute 'alpha' must be a float" },
  { op: 'gelu', in: ['2xf32'], attrs: { approximate: 'erf' }, error: "attribute 'approximate' is \"erf\"; allowed: \"none\", \"tanh\"" },
  { op: 'not', in: ['2xi32'], error: 'has element type !cgc.int32' },
  { op: 'is_nan', in: ['2xi32'], error: 'has element type !cgc.int32' },
  { op: 'is_inf', in: ['2xf32'], attrs: { detect_positive: 0 }, error: "attribute 'detect_positive' must be a bool" },
  { op: 'cast', in: ['2xf32'], error: "'cgc_op.cast' requires attribute 'to'" },
  { op: 'cast', in: ['2xf32'], attrs: { to: 'int32' }, error: "attribute 'to' must be an element type" },
];

describe('unary elementwise ops: valid', () => runCases(VALID));
describe('unary elementwise ops: invalid', () => runCases(INVALID));
