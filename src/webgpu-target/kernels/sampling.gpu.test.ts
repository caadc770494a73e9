// grid_sample, roi_align, max_roi_pool and max_unpool on real WebGPU against the CPU reference: every mode,
// padding mode and alignment, positions far outside the input, size-1 axes, boxes partly or wholly
// outside the image, empty boxes, repeated indices and indices into a padded result.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDevice } from '../../runtime/device';
import { planKernels } from '../kernel-plan';
import { type Case, expectClose, prepareCase, runCase } from '../testing/cases';

let device: GPUDevice;
beforeAll(async () => { device = (await openDevice()).device; });
afterAll(() => device?.destroy());

const grid = (x: string, g: string, attrs: Record<string, string | boolean>): Case => ({
  name: `grid_sample ${x} at ${g} ${JSON.stringify(attrs)}`, args: [`${x}xf32`, `${g}xf32`], ops: [{ op: 'grid_sample', in: ['a', 'b'], attrs }],
});

/** Grid positions well past ±1 (several reflections), exactly on the corners and centres, and halfway between elements. */
const FAR = [-7.3, 3.9, 1, -1, 0.999, -1.001, 0, 0.2, 2.6, -2.25, 0.5, -0.5, 1.25, 5.01, -0.1, 0.75];

const CASES: Case[] = [
  // Random grids in [-2, 2): half the positions outside x, every mode × padding × alignment.
  ...['linear', 'nearest', 'cubic'].flatMap((mode) => ['zeros', 'border', 'reflection'].flatMap((padding_mode) =>
    [false, true].map((align_corners) => grid('2x3x5x6', '2x4x7x2', { mode, padding_mode, align_corners })))),
  ...['linear', 'cubic', 'nearest'].flatMap((mode) => ['zeros', 'border', 'reflection'].map((padding_mode): Case => ({
    name: `grid_sample ${mode} ${padding_mode} at far-out constant positions`, args: ['1x2x4x5xf32'],
    constants: [{ name: 'g', type: '1x2x4x2xf32', values: FAR }],
    ops: [{ op: 'grid_sample', in: ['a', 'g'], attrs: { mode, padding_mode } }],
  }))),
  // A size-1 axis: reflection over an empty range with align_corners.
  ...['zeros', 'border', 'reflection'].map((padding_mode) => grid('1x2x1x4', '1x3x3x2', { mode: 'linear', padding_mode, align_corners: true })),
  // 5-D (volumes): trilinear and nearest.
  ...['linear', 'nearest'].flatMap((mode) => ['zeros', 'border', 'reflection'].map((padding_mode) => grid('1x2x3x4x5', '1x2x3x4x3', { mode, padding_mode }))),
  // RoiAlign: boxes inside, partly and wholly outside, empty; both modes, transforms and sampling ratios.
  ...['avg', 'max'].flatMap((mode) => ['half_pixel', 'output_half_pixel'].flatMap((coordinate_transformation_mode) => [0, 2].map((sampling_ratio): Case => ({
    name: `roi_align ${mode} ${coordinate_transformation_mode} sampling_ratio ${sampling_ratio}`, args: ['2x3x10x12xf32'],
    constants: [
      { name: 'rois', type: '6x4xf32', values: [0, 0, 9, 9, 2.5, 1.2, 7.8, 6.1, -3, -2, 4, 5, 5, 5, 5, 5, 11, 1, 20, 15, 30, 30, 40, 41] },
      { name: 'idx', type: '6xi64', values: [0, 1, 1, 0, 1, 0] },
    ],
    ops: [{ op: 'roi_align', in: ['a', 'rois', 'idx'], attrs: { mode, coordinate_transformation_mode, sampling_ratio, output_height: 3, output_width: 4, spatial_scale: 0.9 } }],
  })))),
  // int32 image indices, an elementwise epilogue after.
  {
    name: 'roi_align → relu · b with int32 image indices', args: ['1x4x9x9xf32', 'f32'],
    constants: [{ name: 'rois', type: '3x4xf32', values: [0, 0, 8, 8, 1.5, 2.5, 6, 7, -1, -1, 3, 2] }, { name: 'idx', type: '3xi32', values: [0, 0, 0] }],
    ops: [{ op: 'roi_align', in: ['a', 'rois', 'idx'], attrs: { output_height: 2, output_width: 2 } }, { op: 'relu', in: ['%0'] }, { op: 'mul', in: ['%1', 'b'] }],
  },
  // MaxRoiPool: boxes inside, across the edge, outside (empty bins: 0), degenerate (1 × 1), fractional.
  ...[[2, 2], [3, 4]].map((pooled_shape): Case => ({
    name: `max_roi_pool ${pooled_shape.join('x')} bins`, args: ['2x3x10x12xf32'],
    constants: [
      { name: 'rois', type: '5x4xf32', values: [0, 0, 9, 9, 2.4, 1.6, 7.5, 6.2, -3, -2, 4, 5, 5, 5, 5, 5, 11, 1, 30, 15] },
      { name: 'idx', type: '5xi32', values: [0, 1, 1, 0, 1] },
    ],
    ops: [{ op: 'max_roi_pool', in: ['a', 'rois', 'idx'], attrs: { pooled_shape, spatial_scale: 0.9 } }],
  })),
  // MaxUnpool: MaxPool-style indices (2×2 windows, stride 2) into 1x2x6x6, two of them repeated
  // (the later input wins), one result element of each window left 0.
  ...(['f32', 'f16', 'i32'] as const).map((t): Case => ({
    name: `max_unpool 1x2x3x3x${t} → 1x2x6x6, a repeated index`, args: [`1x2x3x3x${t}`],
    constants: [{ name: 'i', type: '1x2x3x3xi64', values: [0, 3, 5, 13, 14, 17, 24, 26, 35, 36, 39, 41, 49, 50, 53, 60, 60, 71] }],
    ops: [{ op: 'max_unpool', in: ['a', 'i'], attrs: { output_shape: [1, 2, 6, 6] } }],
  })),
  // ONNX's output_shape past the pooled input's shape: indices keep their coordinates in the 4×4 input.
  {
    name: 'max_unpool 1x1x2x2 → 1x1x5x5 with indices into 4x4, then relu', args: ['1x1x2x2xf32'],
    constants: [{ name: 'i', type: '1x1x2x2xi32', values: [5, 7, 13, 15] }],
    ops: [{ op: 'max_unpool', in: ['a', 'i'], attrs: { output_shape: [1, 1, 5, 5], index_shape: [1, 1, 4, 4] } }, { op: 'relu', in: ['%0'] }],
  },
];

describe('sampling kernels vs CPU reference', () => {
  for (const c of CASES) {
    it(c.name, async () => {
      const { inputs, want, state, constants, defs } = prepareCase(c, 7);
      if (c.ops[0]!.op === 'max_unpool') expect(defs.some((d) => planKernels(d).some((k) => k.wgsl.includes('atomicMax'))), 'planned as a scatter').toBe(true);
      const { got, targets } = await runCase(device, state, inputs, constants);
      expect(targets.filter((t) => !t.startsWith('webgpu')), 'every partition on the GPU').toEqual([]);
      // Interpolation weights computed in f32 instead of double: a few ulps of values in [-2, 2).
      expectClose(got, want, c.name, 2e-6, 1e-5);
    });
  }
});
