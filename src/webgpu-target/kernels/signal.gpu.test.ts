// dft and stft on real WebGPU against the CPU reference: real and complex input, any signal axis,
// lengths padded and cut, one-sided and inverse transforms, windows, audio-sized frames.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDevice } from '../../runtime/device';
import { type Case, expectClose, prepareCase, runCase } from '../testing/cases';

let device: GPUDevice;
beforeAll(async () => { device = (await openDevice()).device; });
afterAll(() => device?.destroy());

type SignalCase = Case & { /** Terms per output element: the absolute tolerance grows with it. */ terms: number };

const dft = (x: string, attrs: Record<string, number | boolean>, terms: number): SignalCase => ({
  name: `dft ${x} ${JSON.stringify(attrs)}`, args: [`${x}xf32`], ops: [{ op: 'dft', in: ['a'], attrs }], terms,
});

const CASES: SignalCase[] = [
  dft('2x16x1', { axis: 1 }, 16),
  dft('3x10x2', { axis: 1 }, 10),
  dft('5x4x3x2', { axis: 0 }, 5),
  dft('2x6x7x2', { axis: 2 }, 7),
  dft('2x16x1', { axis: 1, length: 20 }, 16),
  dft('2x16x2', { axis: 1, length: 9 }, 9),
  dft('2x16x1', { axis: 1, onesided: true }, 16),
  dft('2x15x2', { axis: 1, onesided: true }, 15),
  dft('2x16x2', { axis: 1, inverse: true }, 16),
  dft('2x12x2', { axis: 1, inverse: true, onesided: true, length: 14 }, 12),
  dft('1x1x1', { axis: 1 }, 1),
  dft('4x400x1', { axis: 1, onesided: true }, 400),
  {
    name: 'stft 1x1600x1, 400-sample frames every 160, window (a speech front end)', args: ['1x1600x1xf32', '400xf32'],
    ops: [{ op: 'stft', in: ['a', 'b'], attrs: { frame_step: 160, frame_length: 400 } }], terms: 400,
  },
  { name: 'stft 2x64x2 complex, frames of 16 every 5, two-sided, no window', args: ['2x64x2xf32'], ops: [{ op: 'stft', in: ['a'], attrs: { frame_step: 5, frame_length: 16, onesided: false } }], terms: 16 },
  { name: 'stft 1x16x1, one frame of the whole signal', args: ['1x16x1xf32', '16xf32'], ops: [{ op: 'stft', in: ['a', 'b'], attrs: { frame_step: 3, frame_length: 16 } }], terms: 16 },
];

describe('signal kernels vs CPU reference', () => {
  for (const c of CASES) {
    it(c.name, async () => {
      const { inputs, want, state } = prepareCase(c, 3);
      const { got, targets } = await runCase(device, state, inputs);
      expect(targets.filter((t) => !t.startsWith('webgpu')), 'every partition on the GPU').toEqual([]);
      // f32 sums of `terms` products of values in [-2, 2) (windowed: in [-4, 4)) with unit twiddles:
      // the error grows with the count; 1e-6 per term bounds f32 cos/sin and rounding at these sizes.
      expectClose(got, want, c.name, 1e-6 * c.terms, 1e-5);
    });
  }
});
