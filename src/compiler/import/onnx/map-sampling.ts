// ONNX GridSample (opset 16: bilinear / bicubic; 20: linear / cubic, N-D), RoiAlign (10: no
// coordinate_transformation_mode, i.e. output_half_pixel; 16: half_pixel by default), MaxRoiPool and
// MaxUnpool (output_shape an input, else derived from the pooling window) → cgc_op.grid_sample /
// roi_align / max_roi_pool / max_unpool.
import type { MapperTable, NodeCtx, Produced } from './context';

/** GridSample's mode names: opset 20 renamed bilinear and bicubic. */
const GRID_MODES_16: Readonly<Record<string, string>> = { bilinear: 'linear', nearest: 'nearest', bicubic: 'cubic' };
const GRID_MODES_20: Readonly<Record<string, string>> = { linear: 'linear', nearest: 'nearest', cubic: 'cubic' };

function gridSample(n: NodeCtx): Produced[] {
  const given = n.attrString('mode', n.opset >= 20 ? 'linear' : 'bilinear');
  const mode = (n.opset >= 20 ? GRID_MODES_20 : GRID_MODES_16)[given];
  if (!mode) n.fail(`attribute 'mode' is "${given}"; expected ${n.opset >= 20 ? 'linear, nearest or cubic' : 'bilinear, nearest or bicubic'}`);
  if (n.opset < 20 && n.shape(0).length !== 4) n.fail(`input 'X' has rank ${n.shape(0).length}; GridSample before opset 20 takes 4-D inputs`);
  return [n.emit('grid_sample', [n.input(0), n.input(1)], {
    mode, padding_mode: n.attrString('padding_mode', 'zeros'), align_corners: n.attrInt('align_corners', 0) !== 0,
  })];
}

function roiAlign(n: NodeCtx): Produced[] {
  return [n.emit('roi_align', [n.input(0), n.input(1), n.input(2)], {
    mode: n.attrString('mode', 'avg'),
    output_height: n.attrInt('output_height', 1),
    output_width: n.attrInt('output_width', 1),
    sampling_ratio: n.attrInt('sampling_ratio', 0),
    spatial_scale: n.attrFloat('spatial_scale', 1),
    coordinate_transformation_mode: n.opset >= 16 ? n.attrString('coordinate_transformation_mode', 'half_pixel') : 'output_half_pixel',
  })];
}

function maxUnpool(n: NodeCtx): Produced[] {
  const x = n.shape(0);
  const r = x.length - 2;
  const kernel = n.attrInts('kernel_shape');
  const strides = n.attrInts('strides', new Array<number>(r).fill(1));
  const pads = n.attrInts('pads', new Array<number>(2 * r).fill(0));
  if (kernel.length !== r || strides.length !== r || pads.length !== 2 * r) {
    n.fail(`attributes 'kernel_shape' (${kernel.length}), 'strides' (${strides.length}) and 'pads' (${pads.length}) must have ${r}, ${r} and ${2 * r} values`);
  }
  const inferred = [x[0]!, x[1]!, ...x.slice(2).map((d, i) => (d - 1) * strides[i]! + kernel[i]! - pads[i]! - pads[i + r]!)];
  // A larger output_shape pads the end of each axis: indices keep their coordinates in the inferred shape.
  const shape = n.has(2) ? n.constInts(2, 'output_shape') : inferred;
  if (shape.length !== x.length || shape.some((d, i) => d < inferred[i]!)) {
    n.fail(`input 'output_shape' = [${shape.join(', ')}] must have rank ${x.length} and be at least the pooled input's shape [${inferred.join(', ')}]`);
  }
  const same = shape.every((d, i) => d === inferred[i]);
  return [n.emit('max_unpool', [n.input(0), n.input(1)], { output_shape: shape, index_shape: same ? undefined : inferred })];
}

/** MaxRoiPool's rois (R, 5) hold the image index first: split into boxes and indices truncated to int32, as ONNX Runtime reads them. */
function maxRoiPool(n: NodeCtx): Produced[] {
  const rois = n.input(1);
  const boxes = n.emit('slice', [rois], { starts: [1], ends: [5], axes: [1] });
  const first = n.emit('slice', [rois], { starts: [0], ends: [1], axes: [1] });
  const indices = n.emit('cast', [n.emit('reshape', [first], { shape: [n.shape(1)[0]!] })], { to: 'int32' });
  return [n.emit('max_roi_pool', [n.input(0), boxes, indices], {
    pooled_shape: n.attrInts('pooled_shape'), spatial_scale: n.attrFloat('spatial_scale', 1),
  })];
}

export const SAMPLING: MapperTable = { GridSample: gridSample, RoiAlign: roiAlign, MaxRoiPool: maxRoiPool, MaxUnpool: maxUnpool };
