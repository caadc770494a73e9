// Shape inference of dft and stft.
import { describe } from 'vitest';
import { type OpCase, runCases } from './test-cases';

const VALID: OpCase[] = [
  { op: 'dft', in: ['2x16x1xf32'], out: ['2x16x2xf32'], note: 'real → complex, axis 1 by default' },
  { op: 'dft', in: ['2x16x1xf32'], attrs: { onesided: true }, out: ['2x9x2xf32'] },
  { op: 'dft', in: ['2x15x2xf32'], attrs: { onesided: true, length: 20 }, out: ['2x11x2xf32'], note: 'padded to 20' },
  { op: 'dft', in: ['3x4x5x2xf16'], attrs: { axis: -3 }, out: ['3x4x5x2xf16'] },
  { op: 'dft', in: ['3x4x5x2xf32'], attrs: { axis: 0, inverse: true, length: 2 }, out: ['2x4x5x2xf32'], note: 'cut to 2' },
  { op: 'stft', in: ['1x1600x1xf32', '400xf32'], attrs: { frame_step: 160, frame_length: 400 }, out: ['1x8x201x2xf32'] },
  { op: 'stft', in: ['2x64x2xf32'], attrs: { frame_step: 5, frame_length: 16, onesided: false }, out: ['2x10x16x2xf32'] },
];

const INVALID: OpCase[] = [
  { op: 'dft', in: ['2x16x3xf32'], error: 'must end in 1 (real) or 2 (complex)' },
  { op: 'dft', in: ['2x16x2xf32'], attrs: { axis: 2 }, error: "attribute 'axis' = 2 names the component dimension" },
  { op: 'dft', in: ['2x16x2xf32'], attrs: { axis: 3 }, error: "attribute 'axis' = 3 is out of range [-3, 2]" },
  { op: 'dft', in: ['2x16x2xf32'], attrs: { length: 0 }, error: "attribute 'length' must be ≥ 1" },
  { op: 'dft', in: ['2x16x2xi32'], error: 'operand #0 (x)' },
  { op: 'stft', in: ['1x100x1xf32'], attrs: { frame_step: 10, frame_length: 101 }, error: "attribute 'frame_length' = 101 is longer than the signal (100 samples)" },
  { op: 'stft', in: ['1x100x1xf32', '32xf32'], attrs: { frame_step: 10, frame_length: 16 }, error: 'operand #1 (window) has 32 values for frames of 16' },
  { op: 'stft', in: ['1x100x1xf32'], attrs: { frame_step: 0, frame_length: 16 }, error: "attribute 'frame_step' must be ≥ 1" },
  { op: 'stft', in: ['100x1xf32'], attrs: { frame_step: 1, frame_length: 16 }, error: 'operand #0 (signal) must have rank 3' },
];

describe('dft/stft: valid', () => runCases(VALID));
describe('dft/stft: invalid', () => runCases(INVALID));
