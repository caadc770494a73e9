// Shape inference of the ops with data-dependent result sizes: each result sized to its upper bound
// (at least 1), then a 0-D int64 count.
import { describe } from 'vitest';
import { type OpCase, runCases } from './test-cases';

const VALID: OpCase[] = [
  { op: 'non_zero', in: ['2x3xf32'], out: ['2x6xi64', 'i64'] },
  { op: 'non_zero', in: ['5xbool'], out: ['1x5xi64', 'i64'] },
  { op: 'non_zero', in: ['0x3xi32'], out: ['2x1xi64', 'i64'], note: 'empty input: a bound of 1' },
  { op: 'compress', in: ['3x2xf32', '3xbool'], attrs: { axis: 0 }, out: ['3x2xf32', 'i64'] },
  { op: 'compress', in: ['3x2xf32', '2xbool'], attrs: { axis: -1 }, out: ['3x2xf32', 'i64'] },
  { op: 'compress', in: ['3x2xi64', '4xbool'], out: ['4xi64', 'i64'], note: 'flattened: bounded by the condition' },
  { op: 'non_max_suppression', in: ['2x6x4xf32', '2x3x6xf32'], attrs: { max_output_boxes_per_class: 4 }, out: ['24x3xi64', 'i64'] },
  { op: 'non_max_suppression', in: ['1x6x4xf32', '1x1x6xf32'], attrs: { max_output_boxes_per_class: 100, center_point_box: 1 }, out: ['6x3xi64', 'i64'], note: 'per class at most the boxes' },
  { op: 'non_max_suppression', in: ['1x6x4xf32', '1x1x6xf32'], out: ['1x3xi64', 'i64'], note: 'no box kept: a bound of 1' },
  { op: 'unique', in: ['2x3xf32'], out: ['6xf32', '6xi64', '6xi64', '6xi64', 'i64'] },
  { op: 'unique', in: ['2x3x4xu8'], attrs: { axis: 1, sorted: false }, out: ['2x3x4xu8', '3xi64', '3xi64', '3xi64', 'i64'] },
];

const INVALID: OpCase[] = [
  { op: 'compress', in: ['3x2xf32', '3x1xbool'], error: 'operand #1 (condition) must have rank 1' },
  { op: 'compress', in: ['3x2xf32', '3xbool'], attrs: { axis: 2 }, error: "attribute 'axis'" },
  { op: 'non_max_suppression', in: ['1x6x5xf32', '1x1x6xf32'], error: 'must be [batch, boxes, 4], got last dimension 5' },
  { op: 'non_max_suppression', in: ['1x6x4xf32', '1x1x5xf32'], error: 'operand #1 (scores) must be [1, classes, 6]' },
  { op: 'non_max_suppression', in: ['1x6x4xf32', '1x1x6xf32'], attrs: { center_point_box: 2 }, error: "attribute 'center_point_box' must be 0 or 1, got 2" },
  { op: 'unique', in: ['2x3xf32'], attrs: { axis: -3 }, error: "attribute 'axis'" },
];

describe('data-dependent ops', () => runCases([...VALID, ...INVALID]));
