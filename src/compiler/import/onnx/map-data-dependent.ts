// ONNX ops whose output size depends on the input values → cgc_ops with upper-bound results and a
// count (docs/dynamic-shapes.md): NonZero, Compress, NonMaxSuppression, Unique, and TopK with a k
// computed at run time. A count that folds at import (constant inputs) cuts the result to its size.
import { type HostTensor } from '../../../core';
import type { MapperTable, NodeCtx, Produced } from './context';
import { isHost } from './context';
import { toNumbers } from './host';

/**
 * The op's results, each either bounded by `count` along its axis (`axes[i]`, undefined: its shape
 * is exact) or, when the count folded, sliced to it.
 */
function withCount(n: NodeCtx, results: readonly Produced[], count: Produced, axes: readonly (number | undefined)[]): Produced[] {
  if (isHost(count)) {
    const c = toNumbers(count as HostTensor)[0]!;
    return results.map((r, i) => (axes[i] === undefined ? r : n.emit('slice', [r], { starts: [0], ends: [c], axes: [axes[i]!] })));
  }
  results.forEach((r, i) => {
    if (axes[i] !== undefined && !isHost(r)) n.g.extents.set(r, { count, axis: axes[i]! });
  });
  return [...results];
}

function nonZero(n: NodeCtx): Produced[] {
  const [indices, count] = n.emitN('non_zero', [n.input(0)]);
  return withCount(n, [indices!], count!, [1]);
}

function compress(n: NodeCtx): Produced[] {
  const axis = n.hasAttr('axis') ? n.attrInt('axis') : undefined;
  const [y, count] = n.emitN('compress', [n.input(0), n.input(1)], { axis });
  return withCount(n, [y!], count!, [axis === undefined ? 0 : n.axis(axis, n.shape(0).length)]);
}

/** NonMaxSuppression: its optional scalar inputs are read as constants (absent: 0 boxes, IoU 0, no score threshold). */
function nonMaxSuppression(n: NodeCtx): Produced[] {
  const [selected, count] = n.emitN('non_max_suppression', [n.input(0), n.input(1)], {
    center_point_box: n.attrInt('center_point_box', 0),
    max_output_boxes_per_class: n.has(2) ? n.constScalar(2, 'max_output_boxes_per_class') : 0,
    iou_threshold: n.has(3) ? n.constScalar(3, 'iou_threshold') : 0,
    score_threshold: n.has(4) ? n.constScalar(4, 'score_threshold') : undefined,
  });
  return withCount(n, [selected!], count!, [0]);
}

function unique(n: NodeCtx): Produced[] {
  const axis = n.hasAttr('axis') ? n.attrInt('axis') : undefined;
  const results = n.emitN('unique', [n.input(0)], { sorted: n.attrInt('sorted', 1) !== 0, axis });
  const yAxis = axis === undefined ? 0 : n.axis(axis, n.shape(0).length);
  return withCount(n, results.slice(0, 4), results[4]!, [yAxis, 0, undefined, 0]);
}

/**
 * TopK whose k is computed at run time: every element of the axis sorted (the largest or smallest
 * first, as top_k with k = the whole axis), bounded by k. `sorted = 0` allows any order, so the
 * sorted one serves.
 */
export function topKComputed(n: NodeCtx): Produced[] {
  const x = n.shape(0);
  const axis = n.axis(n.attrInt('axis', -1), x.length);
  const [values, indices] = n.emitN('top_k', [n.input(0)], { k: x[axis]!, axis, largest: n.attrInt('largest', 1) !== 0, sorted: true });
  if (n.type(1).element !== 'int64') n.fail(`input 'K' must be int64, got ${n.type(1).element}`);
  const count = n.emit('reshape', [n.input(1)], { shape: [] });
  return withCount(n, [values!, indices!], count, [axis, axis]);
}

export const DATA_DEPENDENT: MapperTable = {
  NonZero: nonZero,
  Compress: compress,
  NonMaxSuppression: nonMaxSuppression,
  Unique: unique,
};
