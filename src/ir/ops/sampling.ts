// Sampling cgc_ops: ONNX GridSample (x sampled at the normalized positions of a grid), RoiAlign
// (bilinear pooling of boxes), MaxRoiPool (max pooling of boxes snapped to elements) and MaxUnpool
// (values put back at the flat positions MaxPool found).
import { defineOp } from '../registry';
import { ELEMENT_TYPES, FLOAT_TYPES, shapeToString } from '../types';
import { INDEX_TYPES, checkMin, describe, requireRank, result } from './helpers';

defineOp({
  name: 'grid_sample',
  summary: 'x (N, C, spatial…) sampled at grid (N, out spatial…, r) positions in [-1, 1], innermost component along the last axis',
  operands: [{ name: 'x', dtypes: FLOAT_TYPES }, { name: 'grid', dtypes: FLOAT_TYPES }],
  attributes: {
    mode: { kind: 'string', default: 'linear', allowed: ['linear', 'nearest', 'cubic'], doc: 'interpolation (cubic: 2 spatial dimensions only)' },
    padding_mode: { kind: 'string', default: 'zeros', allowed: ['zeros', 'border', 'reflection'], doc: 'what positions outside x read' },
    align_corners: { kind: 'bool', default: false, doc: '-1 and 1 are the centres of the corner elements (else their outer edges)' },
  },
  traits: ['data_movement'],
  infer(ctx) {
    const x = requireRank(ctx, 0, 3);
    const r = x.length - 2;
    const grid = requireRank(ctx, 1, r + 2, r + 2);
    if (grid[0] !== x[0]) ctx.fail(`${describe(ctx, 1)} batch ${grid[0]} differs from x's ${x[0]}`);
    if (grid[r + 1] !== r) ctx.fail(`${describe(ctx, 1)} shape ${shapeToString(grid)} must end in ${r}, one coordinate per spatial dimension of x`);
    if (ctx.string('mode') === 'cubic' && r !== 2) ctx.fail(`mode "cubic" needs 2 spatial dimensions, got ${r}`);
    return [result(ctx, [x[0]!, x[1]!, ...grid.slice(1, r + 1)], ctx.operand(0).element)];
  },
});

defineOp({
  name: 'roi_align',
  summary: 'x (N, C, H, W) pooled over each box of rois (R, 4: x1, y1, x2, y2) of image batch_indices[r], by averaging or taking the max of bilinear samples',
  operands: [{ name: 'x', dtypes: FLOAT_TYPES }, { name: 'rois', dtypes: FLOAT_TYPES }, { name: 'batch_indices', dtypes: INDEX_TYPES }],
  attributes: {
    mode: { kind: 'string', default: 'avg', allowed: ['avg', 'max'], doc: 'how a bin combines its samples' },
    output_height: { kind: 'int', default: 1, doc: 'bins per box, vertically' },
    output_width: { kind: 'int', default: 1, doc: 'bins per box, horizontally' },
    sampling_ratio: { kind: 'int', default: 0, doc: 'samples per bin and axis; 0: ceil(box size / bins), per box' },
    spatial_scale: { kind: 'float', default: 1, doc: 'box coordinates × spatial_scale = x coordinates' },
    coordinate_transformation_mode: {
      kind: 'string', default: 'half_pixel', allowed: ['half_pixel', 'output_half_pixel'],
      doc: 'half_pixel shifts boxes by −0.5; output_half_pixel (ONNX RoiAlign-10) does not and makes boxes at least 1 wide',
    },
  },
  traits: ['pooling'],
  infer(ctx) {
    const x = requireRank(ctx, 0, 4, 4);
    const rois = requireRank(ctx, 1, 2, 2);
    const idx = requireRank(ctx, 2, 1, 1);
    if (rois[1] !== 4) ctx.fail(`${describe(ctx, 1)} shape ${shapeToString(rois)} must be R×4 (x1, y1, x2, y2)`);
    if (idx[0] !== rois[0]) ctx.fail(`${describe(ctx, 2)} has ${idx[0]} entries for ${rois[0]} boxes`);
    checkMin(ctx, 'output_height', ctx.int('output_height'), 1);
    checkMin(ctx, 'output_width', ctx.int('output_width'), 1);
    checkMin(ctx, 'sampling_ratio', ctx.int('sampling_ratio'), 0);
    return [result(ctx, [rois[0]!, x[1]!, ctx.int('output_height'), ctx.int('output_width')], ctx.operand(0).element)];
  },
});

defineOp({
  name: 'max_roi_pool',
  summary: 'x (N, C, H, W) max-pooled over each box of rois (R, 4: x1, y1, x2, y2) of image batch_indices[r], rounded to whole elements, in pooled_shape bins',
  operands: [{ name: 'x', dtypes: FLOAT_TYPES }, { name: 'rois', dtypes: FLOAT_TYPES }, { name: 'batch_indices', dtypes: INDEX_TYPES }],
  attributes: {
    pooled_shape: { kind: 'ints', doc: 'bins per box: height, width' },
    spatial_scale: { kind: 'float', default: 1, doc: 'box coordinates × spatial_scale = x coordinates' },
  },
  traits: ['pooling'],
  infer(ctx) {
    const x = requireRank(ctx, 0, 4, 4);
    const rois = requireRank(ctx, 1, 2, 2);
    const idx = requireRank(ctx, 2, 1, 1);
    if (rois[1] !== 4) ctx.fail(`${describe(ctx, 1)} shape ${shapeToString(rois)} must be R×4 (x1, y1, x2, y2)`);
    if (idx[0] !== rois[0]) ctx.fail(`${describe(ctx, 2)} has ${idx[0]} entries for ${rois[0]} boxes`);
    const pooled = ctx.ints('pooled_shape');
    if (pooled.length !== 2) ctx.fail(`attribute 'pooled_shape' = [${pooled.join(', ')}] must hold 2 values (height, width)`);
    checkMin(ctx, 'pooled_shape', pooled, 1);
    return [result(ctx, [rois[0]!, x[1]!, pooled[0]!, pooled[1]!], ctx.operand(0).element)];
  },
});

defineOp({
  name: 'max_unpool',
  summary: 'zeros of output_shape with x[i] written where flat position indices[i] of index_shape lies (MaxPool\'s indices), the last write winning',
  operands: [{ name: 'x', dtypes: ELEMENT_TYPES }, { name: 'indices', dtypes: INDEX_TYPES }],
  attributes: {
    output_shape: { kind: 'ints', doc: 'the result shape (N, C, spatial…); the importer derives it from the pooling window when the model gives none' },
    index_shape: {
      kind: 'ints', optional: true,
      doc: 'the shape the indices are flat positions in (MaxPool\'s input: ONNX indices never count padding), no larger than output_shape; output_shape when absent',
    },
  },
  traits: ['data_movement'],
  infer(ctx) {
    const x = requireRank(ctx, 0, 3);
    const idx = ctx.operand(1).shape;
    if (idx.length !== x.length || idx.some((d, i) => d !== x[i])) ctx.fail(`${describe(ctx, 1)} shape ${shapeToString(idx)} differs from x's ${shapeToString(x)}`);
    const out = ctx.ints('output_shape');
    if (out.length !== x.length || out[0] !== x[0] || out[1] !== x[1]) {
      ctx.fail(`attribute 'output_shape' = ${shapeToString(out)} must keep x's rank and its N and C (${x[0]}, ${x[1]})`);
    }
    checkMin(ctx, 'output_shape', out, 1);
    if (ctx.has('index_shape')) {
      const within = ctx.ints('index_shape');
      if (within.length !== out.length || within.some((d, i) => d < 1 || d > out[i]!)) {
        ctx.fail(`attribute 'index_shape' = ${shapeToString(within)} must have output_shape's rank and lie within ${shapeToString(out)}`);
      }
    }
    return [result(ctx, out, ctx.operand(0).element)];
  },
});
