// cgc_ops whose result size depends on the input values (ONNX NonZero, Compress, NonMaxSuppression,
// Unique). Each result is sized to an upper bound known at compile time, and a last result, a 0-D
// int64 `count`, says how many entries along the dynamic axis hold data (docs/dynamic-shapes.md);
// entries past the count are 0.
import { defineOp } from '../registry';
import { type ElementType, FLOAT_TYPES, NUMERIC_TYPES } from '../types';
import { normalizeAxis, product, requireRank, result } from './helpers';

const ANY_TYPES: readonly ElementType[] = [...NUMERIC_TYPES, 'bool'];

/** A bound is at least 1, so that no result is empty however few entries a run finds. */
const bounded = (n: number): number => Math.max(1, n);

defineOp({
  name: 'non_zero',
  summary: 'the coordinates of the non-zero elements, in row-major order: [rank, bound] int64, and their count',
  operands: [{ name: 'x', dtypes: ANY_TYPES }],
  traits: ['data_movement'],
  infer(ctx) {
    const x = ctx.operand(0);
    return [result(ctx, [x.shape.length, bounded(product(x.shape))], 'int64'), result(ctx, [], 'int64')];
  },
});

defineOp({
  name: 'compress',
  summary: 'the slices along axis (of the flattened input without one) where condition is true, and their count',
  operands: [{ name: 'x', dtypes: ANY_TYPES }, { name: 'condition', dtypes: ['bool'] }],
  attributes: { axis: { kind: 'int', optional: true, doc: 'dimension selected along; absent: the flattened input' } },
  traits: ['data_movement'],
  infer(ctx) {
    const x = ctx.operand(0);
    const cond = requireRank(ctx, 1, 1, 1)[0]!;
    if (!ctx.attributes.has('axis')) return [result(ctx, [bounded(Math.min(cond, product(x.shape)))], x.element), result(ctx, [], 'int64')];
    const axis = normalizeAxis(ctx, 'axis', ctx.int('axis'), x.shape.length);
    const shape = x.shape.map((d, i) => (i === axis ? bounded(Math.min(cond, d)) : d));
    return [result(ctx, shape, x.element), result(ctx, [], 'int64')];
  },
});

defineOp({
  name: 'non_max_suppression',
  summary: 'greedy non-maximum suppression per batch and class: [bound, 3] int64 (batch, class, box) rows, and their count',
  operands: [{ name: 'boxes', dtypes: FLOAT_TYPES }, { name: 'scores', dtypes: FLOAT_TYPES }],
  attributes: {
    center_point_box: { kind: 'int', default: 0, doc: '0: [y1, x1, y2, x2] corners; 1: [x_center, y_center, width, height]' },
    max_output_boxes_per_class: { kind: 'int', default: 0, doc: 'boxes kept per batch and class at most' },
    iou_threshold: { kind: 'float', default: 0, doc: 'a box overlapping a kept one by more is suppressed' },
    score_threshold: { kind: 'float', optional: true, doc: 'boxes scoring at most this are not considered; absent: all are' },
  },
  traits: ['data_movement'],
  infer(ctx) {
    const [batch, boxes, four] = requireRank(ctx, 0, 3, 3) as [number, number, number];
    const [sBatch, classes, sBoxes] = requireRank(ctx, 1, 3, 3) as [number, number, number];
    if (four !== 4) ctx.fail(`operand #0 (boxes) must be [batch, boxes, 4], got last dimension ${four}`);
    if (sBatch !== batch || sBoxes !== boxes) ctx.fail(`operand #1 (scores) must be [${batch}, classes, ${boxes}] for boxes [${batch}, ${boxes}, 4], got [${sBatch}, ${classes}, ${sBoxes}]`);
    const center = ctx.int('center_point_box');
    if (center !== 0 && center !== 1) ctx.fail(`attribute 'center_point_box' must be 0 or 1, got ${center}`);
    const perClass = Math.min(Math.max(0, ctx.int('max_output_boxes_per_class')), boxes);
    return [result(ctx, [bounded(batch * classes * perClass), 3], 'int64'), result(ctx, [], 'int64')];
  },
});

defineOp({
  name: 'unique',
  summary: 'the unique elements (or slices along axis), their first indices, the inverse indices, their counts, and how many there are',
  operands: [{ name: 'x', dtypes: ANY_TYPES }],
  attributes: {
    sorted: { kind: 'bool', default: true, doc: 'ascending order; false: order of first occurrence' },
    axis: { kind: 'int', optional: true, doc: 'slices along this dimension are compared; absent: elements of the flattened input' },
  },
  traits: ['data_movement'],
  infer(ctx) {
    const x = ctx.operand(0);
    if (!ctx.attributes.has('axis')) {
      const n = product(x.shape);
      return [result(ctx, [bounded(n)], x.element), result(ctx, [bounded(n)], 'int64'), result(ctx, [n], 'int64'), result(ctx, [bounded(n)], 'int64'), result(ctx, [], 'int64')];
    }
    const axis = normalizeAxis(ctx, 'axis', ctx.int('axis'), x.shape.length);
    const n = x.shape[axis]!;
    const shape = x.shape.map((d, i) => (i === axis ? bounded(n) : d));
    return [result(ctx, shape, x.element), result(ctx, [bounded(n)], 'int64'), result(ctx, [n], 'int64'), result(ctx, [bounded(n)], 'int64'), result(ctx, [], 'int64')];
  },
});
