// Shape/dtype inference of the binary and ternary elementwise cgc_ops.
import { describe } from 'vitest';
import { type OpCase, runCases } from './test-cases';

const VALID: OpCase[] = [
  { op: 'add', in: ['1x3x4x4xf32', '3x1x1xf32'], out: ['1x3x4x4xf32'] },
  { op: 'add', in: ['1x3x4x4xf32', 'c:1x3x4x4xf32'], out: ['1x3x4x4xf32'], note: 'constant operand' },
  { op: 'add', in: ['f32', '2x3xf32'], out: ['2x3xf32'], note: 'scalar broadcasts' },
  { op: 'add', in: ['0x3xf32', '1x3xf32'], out: ['0x3xf32'], note: 'empty broadcasts with 1' },
  { op: 'sub', in: ['5x1xi32', '1x4xi32'], out: ['5x4xi32'] },
  { op: 'mul', in: ['2x3xf16', '3xf16'], out: ['2x3xf16'] },
  { op: 'div', in: ['2x3xi8', '2x3xi8'], out: ['2x3xi8'] },
  { op: 'max', in: ['4xu8', '1xu8'], out: ['4xu8'] },
  { op: 'min', in: ['4xi64', 'i64'], out: ['4xi64'] },
  { op: 'mod', in: ['4xi32', '4xi32'], out: ['4xi32'] },
  { op: 'mod', in: ['4xf32', '4xf32'], attrs: { fmod: true }, out: ['4xf32'] },
  { op: 'pow', in: ['2x3xf32', 'i32'], out: ['2x3xf32'], note: 'exponent has its own type' },
  { op: 'prelu', in: ['1x3x4x4xf32', '3x1x1xf32'], out: ['1x3x4x4xf32'] },
  { op: 'prelu', in: ['2x5xf32', 'f32'], out: ['2x5xf32'] },
  { op: 'equal', in: ['2x3xi32', '3xi32'], out: ['2x3xbool'] },
  { op: 'equal', in: ['2xbool', '2xbool'], out: ['2xbool'] },
  { op: 'less', in: ['2x3xf32', '2x1xf32'], out: ['2x3xbool'] },
  { op: 'less_or_equal', in: ['2xi8', '2xi8'], out: ['2xbool'] },
  { op: 'greater', in: ['2xf16', 'f16'], out: ['2xbool'] },
  { op: 'greater_or_equal', in: ['1x2xu8', '3x1xu8'], out: ['3x2xbool'] },
  { op: 'and', in: ['2x2xbool', '2xbool'], out: ['2x2xbool'] },
  { op: 'or', in: ['2xbool', '2xbool'], out: ['2xbool'] },
  { op: 'xor', in: ['bool', '3xbool'], out: ['3xbool'] },
  { op: 'bitwise_and', in: ['3xi32', '3xi32'], out: ['3xi32'] },
  { op: 'bitwise_or', in: ['3xu8', 'u8'], out: ['3xu8'] },
  { op: 'bitwise_xor', in: ['3xi64', '3xi64'], out: ['3xi64'] },
  { op: 'bit_shift', in: ['3xu8', '3xu8'], attrs: { direction: 'LEFT' }, out: ['3xu8'] },
  { op: 'where', in: ['2x1xbool', '1x3xf32', 'f32'], out: ['2x3xf32'] },
  { op: 'where', in: ['bool', '4xi64', '4xi64'], out: ['4xi64'] },
];

const INVALID: OpCase[] = [
  { op: 'add', in: ['1x1x4x5xf32', '1x3x4x4xf32'], error: "'cgc_op.add' operand #1 shape 1x3x4x4 does not broadcast with 1x1x4x5" },
  { op: 'add', in: ['2xf32', '2xi32'], error: 'operand #1 (b) element type !cgc.int32 differs from operand #0 (a) element type !cgc.float32' },
  { op: 'add', in: ['2xbool', '2xbool'], error: 'operand #0 (a) has element type !cgc.bool' },
  { op: 'add', in: ['2xf32'], error: 'expects 2 operands' },
  { op: 'add', in: ['2xf32', '2xf32'], attrs: { alpha: 1 }, error: "has no attribute 'alpha'" },
  { op: 'mod', in: ['4xf32', '4xf32'], error: "attribute 'fmod' must be true for floating-point operands" },
  { op: 'mod', in: ['4xi32', '4xi32'], attrs: { fmod: 1 }, error: "attribute 'fmod' must be a bool" },
  { op: 'pow', in: ['2xi8', '2xf32'], error: 'operand #0 (a) has element type !cgc.int8' },
  { op: 'prelu', in: ['1x3x4x4xf32', '1x3x4x5xf32'], error: 'operand #1 (slope) shape 1x3x4x5 does not broadcast to x shape 1x3x4x4' },
  { op: 'prelu', in: ['3x4xf32', '2x3x4xf32'], error: 'does not broadcast to x shape 3x4' },
  { op: 'less', in: ['2xbool', '2xbool'], error: 'has element type !cgc.bool' },
  { op: 'greater', in: ['2x3xf32', '4xf32'], error: 'operand #1 shape 4 does not broadcast with 2x3' },
  { op: 'and', in: ['2xf32', '2xf32'], error: 'operand #0 (a) has element type !cgc.float32' },
  { op: 'bitwise_and', in: ['2xf32', '2xf32'], error: 'has element type !cgc.float32' },
  { op: 'bit_shift', in: ['3xu8', '3xu8'], error: "requires attribute 'direction'" },
  { op: 'bit_shift', in: ['3xu8', '3xu8'], attrs: { direction: 'UP' }, error: 'allowed: "LEFT", "RIGHT"' },
  { op: 'where', in: ['2xf32', '2xf32', '2xf32'], error: 'operand #0 (condition) has element type !cgc.float32' },
  { op: 'where', in: ['2xbool', '2xf32', '2xf16'], error: 'operand #2 (y) element type !cgc.float16 differs from operand #1 (x)' },
  { op: 'where', in: ['3xbool', '2x1xf32', '2xf32'], error: 'operand #2 shape 2 does not broadcast with 2x3' },
];

describe('binary elementwise ops: valid', () => runCases(VALID));
describe('binary elementwise ops: invalid', () => runCases(INVALID));
