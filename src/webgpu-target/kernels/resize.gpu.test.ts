// Resize kernels on real WebGPU against the CPU reference: bilinear on NCHW as SegFormer's decode
// head exports `F.interpolate(x, size=…, mode='bilinear', align_corners=False)` — with sizes, with
// scales, fused after an elementwise op, and to the size x already has (an identity resize).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDevice } from '../../runtime/device';
import { type Case, expectClose, prepareCase, runCase } from '../testing/cases';

let device: GPUDevice;
beforeAll(async () => { device = (await openDevice()).device; });
afterAll(() => device?.destroy());

const bilinear = { mode: 'linear', coordinate_transformation_mode: 'pytorch_half_pixel' };
const resize = (attrs: Record<string, number[] | string>, input = 'a') => ({ op: 'resize', in: [input], attrs: { ...bilinear, ...attrs } });

const CASES: Case[] = [
  { name: 'bilinear 1x4x8x8 → sizes 1x4x16x16', args: ['1x4x8x8xf32'], ops: [resize({ sizes: [1, 4, 16, 16] })] },
  { name: 'bilinear 1x3x7x5 → sizes 1x3x4x9 (down and up)', args: ['1x3x7x5xf32'], ops: [resize({ sizes: [1, 3, 4, 9] })] },
  { name: 'bilinear 1x2x6x6 by scales 1, 1, 2, 2', args: ['1x2x6x6xf32'], ops: [resize({ scales: [1, 1, 2, 2] })] },
  { name: 'bilinear after add', args: ['1x4x8x8xf32', '4x1x1xf32'], ops: [{ op: 'add', in: ['a', 'b'] }, resize({ sizes: [1, 4, 16, 16] }, '%0')] },
  // SegFormer resizes every stage to the first stage's size, the first stage to its own.
  { name: 'bilinear to the size x already has (sizes)', args: ['1x8x16x16xf32'], ops: [resize({ sizes: [1, 8, 16, 16] })] },
  { name: 'bilinear by scales 1, 1, 1, 1', args: ['1x8x16x16xf32'], ops: [resize({ scales: [1, 1, 1, 1] })] },
  { name: 'bilinear identity after relu', args: ['1x8x16x16xf32'], ops: [{ op: 'relu', in: ['a'] }, resize({ sizes: [1, 8, 16, 16] }, '%0')] },
  // tf_half_pixel_for_nn: x / scale + 0.5 / scale, without the −0.5; the last rows map past the input and clamp.
  { name: 'nearest tf_half_pixel_for_nn 1x1x4x4 → sizes 1x1x3x2 (ONNX node test)', args: ['1x1x4x4xf32'], ops: [{ op: 'resize', in: ['a'], attrs: { mode: 'nearest', coordinate_transformation_mode: 'tf_half_pixel_for_nn', sizes: [1, 1, 3, 2] } }] },
  // ceil on a scale-1 axis: c + 0.5 rounds up to c + 1 (ONNX's formula), so channel c reads c + 1, the last clamped.
  { name: 'nearest tf_half_pixel_for_nn 1x2x3x4 → 1x2x9x10 (ceil, channels shift)', args: ['1x2x3x4xf32'], ops: [{ op: 'resize', in: ['a'], attrs: { mode: 'nearest', nearest_mode: 'ceil', coordinate_transformation_mode: 'tf_half_pixel_for_nn', sizes: [1, 2, 9, 10] } }] },
  { name: 'nearest tf_half_pixel_for_nn by scales 1, 1, 3, 2.5 (round_prefer_floor)', args: ['1x2x3x4xf32'], ops: [{ op: 'resize', in: ['a'], attrs: { mode: 'nearest', coordinate_transformation_mode: 'tf_half_pixel_for_nn', scales: [1, 1, 3, 2.5] } }] },
  { name: 'linear tf_half_pixel_for_nn 1x1x5x5 → 1x1x8x3', args: ['1x1x5x5xf32'], ops: [{ op: 'resize', in: ['a'], attrs: { mode: 'linear', coordinate_transformation_mode: 'tf_half_pixel_for_nn', sizes: [1, 1, 8, 3] } }] },
  { name: 'align_corners bilinear identity', args: ['1x2x5x5xf32'], ops: [{ op: 'resize', in: ['a'], attrs: { mode: 'linear', coordinate_transformation_mode: 'align_corners', sizes: [1, 2, 5, 5] } }] },
];

describe('resize on WebGPU vs CPU reference', () => {
  for (const [i, c] of CASES.entries()) {
    it(c.name, async () => {
      const { inputs, want, state } = prepareCase(c, 100 + i);
      const { got, targets } = await runCase(device, state, inputs);
      expect(targets).toEqual(['webgpu']);
      // Weights are float32 products of a few terms: within a few float32 ulps of values in [-2, 2).
      expectClose(got, want, c.name, 1e-6, 1e-6);
    });
  }
});
