// Signal-processing cgc_ops: ONNX DFT and STFT over real (…, 1) or complex (…, 2) tensors; results
// are complex, the last dimension holding (real, imaginary). The window ops and MelWeightMatrix have
// no tensor inputs and fold to constants at import.
import { defineOp } from '../registry';
import { FLOAT_TYPES, shapeToString } from '../types';
import { checkMin, describe, normalizeAxis, requireRank, result } from './helpers';

defineOp({
  name: 'dft',
  summary: 'discrete Fourier transform of x (…, 1 or 2) along axis, zero-padded or cut to length; inverse divides by length',
  operands: [{ name: 'x', dtypes: FLOAT_TYPES }],
  attributes: {
    axis: { kind: 'int', default: 1, doc: 'the signal axis (not the last, which holds the components)' },
    length: { kind: 'int', optional: true, doc: 'transform length; x\'s length along axis when absent' },
    inverse: { kind: 'bool', default: false, doc: 'inverse transform, scaled by 1 / length' },
    onesided: { kind: 'bool', default: false, doc: 'keep the first floor(length / 2) + 1 frequencies' },
  },
  traits: ['reduction'],
  infer(ctx) {
    const x = requireRank(ctx, 0, 2);
    const last = x[x.length - 1]!;
    if (last !== 1 && last !== 2) ctx.fail(`${describe(ctx, 0)} shape ${shapeToString(x)} must end in 1 (real) or 2 (complex)`);
    const axis = normalizeAxis(ctx, 'axis', ctx.int('axis'), x.length);
    if (axis === x.length - 1) ctx.fail(`attribute 'axis' = ${ctx.int('axis')} names the component dimension; the signal axis is another`);
    const n = ctx.has('length') ? ctx.int('length') : x[axis]!;
    checkMin(ctx, 'length', n, 1);
    const out = [...x];
    out[axis] = ctx.bool('onesided') ? Math.floor(n / 2) + 1 : n;
    out[x.length - 1] = 2;
    return [result(ctx, out, ctx.operand(0).element)];
  },
});

defineOp({
  name: 'stft',
  summary: 'short-time Fourier transform of signal (B, L, 1 or 2): frames every frame_step of frame_length, times window → (B, frames, bins, 2)',
  operands: [{ name: 'signal', dtypes: FLOAT_TYPES }, { name: 'window', dtypes: FLOAT_TYPES, optional: true }],
  attributes: {
    frame_step: { kind: 'int', doc: 'samples between frame starts' },
    frame_length: { kind: 'int', doc: 'samples per frame, the transform length' },
    onesided: { kind: 'bool', default: true, doc: 'keep the first floor(frame_length / 2) + 1 frequencies' },
  },
  traits: ['reduction'],
  infer(ctx) {
    const s = requireRank(ctx, 0, 3, 3);
    if (s[2] !== 1 && s[2] !== 2) ctx.fail(`${describe(ctx, 0)} shape ${shapeToString(s)} must end in 1 (real) or 2 (complex)`);
    const step = ctx.int('frame_step');
    const n = ctx.int('frame_length');
    checkMin(ctx, 'frame_step', step, 1);
    checkMin(ctx, 'frame_length', n, 1);
    if (n > s[1]!) ctx.fail(`attribute 'frame_length' = ${n} is longer than the signal (${s[1]} samples)`);
    if (ctx.operands.length > 1) {
      const w = requireRank(ctx, 1, 1, 1);
      if (w[0] !== n) ctx.fail(`${describe(ctx, 1)} has ${w[0]} values for frames of ${n}`);
    }
    const frames = Math.floor((s[1]! - n) / step) + 1;
    return [result(ctx, [s[0]!, frames, ctx.bool('onesided') ? Math.floor(n / 2) + 1 : n, 2], ctx.operand(0).element)];
  },
});
