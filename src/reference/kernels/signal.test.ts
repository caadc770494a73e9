// Reference dft and stft on transforms known in closed form (impulses, constants, a pure tone,
// inverse of forward), with padding, cutting, one-sided and complex input. Tolerance 1e-6 absolute.
import { describe, it } from 'vitest';
import { expectClose, run1, tensor } from '../testing/tensors';

const interleave = (re: number[], im: number[]) => re.flatMap((r, i) => [r, im[i]!]);

describe('dft', () => {
  it('of an impulse is flat, of a constant an impulse', () => {
    expectClose(run1('dft', [tensor([1, 4, 1], [1, 0, 0, 0])]).v, interleave([1, 1, 1, 1], [0, 0, 0, 0]), 1e-6, 1e-6);
    expectClose(run1('dft', [tensor([1, 4, 1], [1, 1, 1, 1])]).v, interleave([4, 0, 0, 0], [0, 0, 0, 0]), 1e-6, 1e-6);
  });

  it('of a complex tone e^{2πi·n/8} is 8 at bin 1; inverse brings it back', () => {
    const re = Array.from({ length: 8 }, (_, n) => Math.cos((2 * Math.PI * n) / 8));
    const im = Array.from({ length: 8 }, (_, n) => Math.sin((2 * Math.PI * n) / 8));
    const f = run1('dft', [tensor([1, 8, 2], interleave(re, im))]);
    expectClose(f.v, interleave([0, 8, 0, 0, 0, 0, 0, 0], new Array(8).fill(0)), 1e-6, 1e-6);
    expectClose(run1('dft', [tensor([1, 8, 2], f.v)], { inverse: true }).v, interleave(re, im), 1e-6, 1e-6);
  });

  it('pads with zeros to length, cuts past it, keeps floor(L/2) + 1 bins one-sided, along any axis', () => {
    // [1, 1] padded to 4: 1 + e^{−iπk/2}.
    expectClose(run1('dft', [tensor([1, 2, 1], [1, 1])], { length: 4 }).v, interleave([2, 1, 0, 1], [0, -1, 0, 1]), 1e-6, 1e-6);
    expectClose(run1('dft', [tensor([1, 4, 1], [1, 1, 5, 5])], { length: 2 }).v, interleave([2, 0], [0, 0]), 1e-6, 1e-6);
    expectClose(run1('dft', [tensor([1, 4, 1], [1, 0, 0, 0])], { onesided: true }).v, interleave([1, 1, 1], [0, 0, 0]), 1e-6, 1e-6);
    // Axis 0 of a 2 × 1 × 1 signal: [3, 5] → [8, −2].
    expectClose(run1('dft', [tensor([2, 1, 1], [3, 5])], { axis: 0 }).v, [8, 0, -2, 0], 1e-6, 1e-6);
  });
});

describe('stft', () => {
  it('frames the signal every frame_step and weights each frame by the window', () => {
    // Frames [1, 2], [3, 4] (step 2), window [1, 0.5]: sums 2 and 5, differences 0 and 1.
    const r = run1('stft', [tensor([1, 4, 1], [1, 2, 3, 4]), tensor([2], [1, 0.5])], { frame_step: 2, frame_length: 2 });
    expectClose(r.v, [2, 0, 0, 0, 5, 0, 1, 0], 1e-6, 1e-6);
    // Without a window, two-sided, frames at 0 and 1 of [1, 0, 0]: impulses at 0 and nothing.
    const s = run1('stft', [tensor([1, 3, 1], [1, 0, 0])], { frame_step: 1, frame_length: 2, onesided: false });
    expectClose(s.v, [1, 0, 1, 0, 0, 0, 0, 0], 1e-6, 1e-6);
  });
});
