// Resampling cgc_ops: ONNX Resize (sizes/scales/roi as attributes; the importer resolves axes and
// keep_aspect_ratio_policy into full per-dimension sizes) and the spec's spatial upsample.
import { defineOp } from '../registry';
import { ELEMENT_TYPES, shapeToString } from '../types';
import { checkLength, checkMin, perSpatial, requireRank, result, spatialRank } from './helpers';

defineOp({
  name: 'resize',
  summary: 'x resampled to sizes (or floor(shape · scales)) by nearest, linear or cubic interpolation',
  operands: [{ name: 'x', dtypes: ELEMENT_TYPES }],
  attributes: {
    mode: { kind: 'string', default: 'nearest', allowed: ['nearest', 'linear', 'cubic'], doc: 'interpolation' },
    coordinate_transformation_mode: {
      kind: 'string', default: 'half_pixel',
      allowed: ['half_pixel', 'half_pixel_symmetric', 'pytorch_half_pixel', 'align_corners', 'asymmetric', 'tf_half_pixel_for_nn', 'tf_crop_and_resize'],
      doc: 'how a result coordinate maps back to an input coordinate',
    },
    nearest_mode: {
      kind: 'string', default: 'round_prefer_floor', allowed: ['round_prefer_floor', 'round_prefer_ceil', 'floor', 'ceil'],
      doc: 'rounding of the input coordinate in nearest mode',
    },
    cubic_coeff_a: { kind: 'float', default: -0.75, doc: 'cubic kernel coefficient' },
    exclude_outside: { kind: 'bool', default: false, doc: 'zero (and renormalize) weights of samples outside x' },
    extrapolation_value: { kind: 'float', default: 0, doc: 'value outside x in tf_crop_and_resize' },
    antialias: { kind: 'bool', default: false, doc: 'widen the kernel when downsampling (linear, cubic)' },
    sizes: { kind: 'ints', optional: true, doc: 'result shape' },
    scales: { kind: 'floats', optional: true, doc: 'scale per dimension; also drives the coordinate transform' },
    roi: { kind: 'floats', optional: true, doc: 'starts then ends per dimension, normalized; for tf_crop_and_resize' },
  },
  traits: ['data_movement'],
  infer(ctx) {
    const x = ctx.operand(0);
    const rank = x.shape.length;
    if (!ctx.has('sizes') && !ctx.has('scales')) ctx.fail(`needs attribute 'sizes' or 'scales'`);
    let out: readonly number[] | undefined;
    if (ctx.has('scales')) {
      const scales = ctx.floats('scales');
      checkLength(ctx, 'scales', scales, rank, 'one per dimension');
      if (scales.some((s) => !(s > 0))) ctx.fail(`attribute 'scales' = [${scales.join(', ')}] must be > 0`);
      out = x.shape.map((d, i) => Math.floor(d * scales[i]!));
    }
    if (ctx.has('sizes')) {
      const sizes = ctx.ints('sizes');
      checkLength(ctx, 'sizes', sizes, rank, 'one per dimension');
      checkMin(ctx, 'sizes', sizes, 0);
      // Both may be given (the scales then drive the coordinate transform); they must agree.
      if (out && sizes.some((s, i) => s !== out![i])) {
        ctx.fail(`attribute 'sizes' = ${shapeToString(sizes)} disagrees with floor(shape × scales) = ${shapeToString(out)}`);
      }
      out = sizes;
    }
    if (ctx.has('roi')) checkLength(ctx, 'roi', ctx.floats('roi'), 2 * rank, 'starts then ends, one per dimension each');
    else if (ctx.string('coordinate_transformation_mode') === 'tf_crop_and_resize') {
      ctx.fail(`coordinate_transformation_mode "tf_crop_and_resize" needs attribute 'roi'`);
    }
    return [result(ctx, out!, x.element)];
  },
});

defineOp({
  name: 'upsample',
  summary: 'N, C, spatial… → N, C, spatial · scale_size by nearest-neighbour or linear interpolation',
  aliases: ['upsample2d'],
  operands: [{ name: 'x', dtypes: ELEMENT_TYPES }],
  attributes: {
    scale_size: { kind: 'ints', default: perSpatial(2), doc: 'integer scale per spatial dimension' },
    mode: { kind: 'string', default: 'nearest', allowed: ['nearest', 'linear'], doc: 'interpolation' },
  },
  traits: ['data_movement'],
  infer(ctx) {
    const x = requireRank(ctx, 0, 3);
    const scale = ctx.ints('scale_size');
    checkLength(ctx, 'scale_size', scale, spatialRank(ctx), 'one per spatial dimension');
    checkMin(ctx, 'scale_size', scale, 1);
    return [result(ctx, [x[0]!, x[1]!, ...x.slice(2).map((d, i) => d * scale[i]!)], ctx.operand(0).element)];
  },
});
