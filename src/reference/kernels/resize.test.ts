// Resize and upsample against the ONNX backend test cases (test_resize_*: model attributes and
// expected outputs from /usr/share/libonnx-testdata, produced by ONNX's reference implementation),
// plus hand-checked upsample cases. Tolerance: 1e-6 relative / 1e-6 absolute (both compute in
// double and round once to float32; only the summation order may differ).
import { describe, expect, it } from 'vitest';
import type { AttrInput } from '../../ir/ops/test-cases';
import { listNodeTests, readNodeTest } from '../testing/onnx-testdata';
import { expectClose, run1, tensor } from '../testing/tensors';

const STRING_ATTRS = ['mode', 'coordinate_transformation_mode', 'nearest_mode'];

describe('resize: ONNX backend test data', () => {
  const names = listNodeTests('test_resize_');
  it.skipIf(names.length > 0)('needs /usr/share/libonnx-testdata (Debian libonnx-testdata; npm run setup installs it)', () => {});
  // tf_half_pixel_for_nn was an opset-11 mode, dropped by ONNX in opset 13 and not a cgc_op.resize mode.
  for (const name of names.filter((n) => !n.endsWith('tf_half_pixel_for_nn'))) {
    it(name, () => {
      const t = readNodeTest(name)!;
      const [xName, roiName, scalesName, sizesName] = t.inputs;
      const x = t.feeds.get(xName!)!;
      const attrs: Record<string, AttrInput> = {};
      for (const [k, v] of t.attributes) {
        if (STRING_ATTRS.includes(k)) attrs[k] = v as string;
        else if (k === 'exclude_outside' || k === 'antialias') attrs[k] = v !== 0;
        else if (k === 'cubic_coeff_a' || k === 'extrapolation_value') attrs[k] = v as number;
        else throw new Error(`${name}: attribute ${k} is not mapped (axes / keep_aspect_ratio_policy are the importer's job)`);
      }
      const roi = roiName ? t.feeds.get(roiName)?.values : undefined;
      const scales = scalesName ? t.feeds.get(scalesName)?.values : undefined;
      const sizes = sizesName ? t.feeds.get(sizesName)?.values : undefined;
      if (roi?.length) attrs.roi = roi;
      if (scales?.length) attrs.scales = scales;
      if (sizes?.length) attrs.sizes = sizes;
      const r = run1('resize', [tensor(x.dims, x.values)], attrs);
      expect(r.shape).toEqual(t.expected[0]!.dims);
      expectClose(r.v, t.expected[0]!.values, 1e-6, 1e-6);
    });
  }
});

describe('resize: hand-checked', () => {
  it('tf_half_pixel_for_nn: (x + 0.5) / scale, no −0.5 (ONNX example); ceil moves a scale-1 axis by one', () => {
    const x = tensor([1, 1, 4, 4], Array.from({ length: 16 }, (_, i) => i + 1));
    expect(run1('resize', [x], { mode: 'nearest', coordinate_transformation_mode: 'tf_half_pixel_for_nn', sizes: [1, 1, 3, 2] }).v).toEqual([6, 8, 10, 12, 14, 16]);
    const c = tensor([1, 2, 3, 1], [0, 1, 2, 10, 11, 12]);
    expect(run1('resize', [c], { mode: 'nearest', nearest_mode: 'ceil', coordinate_transformation_mode: 'tf_half_pixel_for_nn', sizes: [1, 2, 6, 1] }).v)
      .toEqual([11, 11, 12, 12, 12, 12, 11, 11, 12, 12, 12, 12]);
  });

  it('nearest copies raw int64 and float16 elements exactly', () => {
    const big = 2 ** 53 + 2;
    const r = run1('resize', [tensor([1, 2], [big, -3], 'int64')], { scales: [1, 2] });
    expect(r.v).toEqual([big, big, -3, -3]);
    const h = run1('resize', [tensor([2], [0.1, 0.2], 'float16')], { sizes: [4] });
    expect(h.v).toEqual([Math.fround(0.0999755859375), 0.0999755859375, 0.199951171875, 0.199951171875].map(Math.fround));
  });

  it('linear uint8 rounds half to even and stays in range', () => {
    // asymmetric ×2: [0, 3] → [0, 1.5, 3, 3] → 1.5 rounds to 2
    const r = run1('resize', [tensor([2], [0, 3], 'uint8')], { mode: 'linear', coordinate_transformation_mode: 'asymmetric', scales: [2] });
    expect(r.v).toEqual([0, 2, 3, 3]);
  });

  it('antialiased linear downsampling by 2 averages pairs with a tent', () => {
    // half_pixel, scale 1/2, antialias: x_ori = 2j + 0.5, tent of half-width 2 over taps base−1 … base+2.
    const r = run1('resize', [tensor([4], [0, 4, 8, 12])], { mode: 'linear', scales: [0.5], antialias: true });
    // j = 0: x = 0.5, taps −1, 0, 1, 2 (edge-clamped) with weights .25·[0.25, 0.75, 0.75, 0.25]/… = 1/8, 3/8, 3/8, 1/8
    expectClose(r.v, [0 / 8 + 0 * 3 / 8 + 4 * 3 / 8 + 8 / 8, 4 / 8 + 8 * 3 / 8 + 12 * 3 / 8 + 12 / 8]);
  });
});

describe('upsample', () => {
  it('nearest ×2 (the spec default) repeats each element in a 2×2 block', () => {
    const r = run1('upsample', [tensor([1, 1, 2, 2], [1, 2, 3, 4])]);
    expect(r.shape).toEqual([1, 1, 4, 4]);
    expect(r.v).toEqual([1, 1, 2, 2, 1, 1, 2, 2, 3, 3, 4, 4, 3, 3, 4, 4]);
  });

  it('linear with scale 1×3 interpolates asymmetrically and clamps at the end', () => {
    const r = run1('upsample', [tensor([1, 1, 1, 2], [0, 3])], { scale_size: [1, 3], mode: 'linear' });
    expectClose(r.v, [0, 1, 2, 3, 3, 3]);
  });
});
