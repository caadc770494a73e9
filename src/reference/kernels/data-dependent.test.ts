// Reference non_zero, compress, non_max_suppression and unique on hand-checked cases, edge cases
// included: nothing found, everything found, all-equal scores, identical boxes. Results past the
// count are 0. Exact (integers and copied elements).
import { describe, expect, it } from 'vitest';
import { run, tensor, values } from '../testing/tensors';

const count = (t: { data: unknown }) => Number((t.data as BigInt64Array)[0]);

describe('non_zero', () => {
  it('lists coordinates in row-major order, then zeros past the count', () => {
    const [idx, n] = run('non_zero', [tensor([2, 3], [0, 1, 0, 2, 0, -0.5])]);
    expect(count(n!)).toBe(3);
    expect(values(idx!)).toEqual([0, 1, 1, 0, 0, 0, /* columns */ 1, 0, 2, 0, 0, 0]);
  });

  it('finds nothing in zeros (-0 included) and everything in a full tensor', () => {
    expect(count(run('non_zero', [tensor([3], [0, -0, 0])])[1]!)).toBe(0);
    const [idx, n] = run('non_zero', [tensor([3], [1, 1, 1], 'bool')]);
    expect([count(n!), ...values(idx!)]).toEqual([3, 0, 1, 2]);
  });
});

describe('compress', () => {
  it('keeps the slices where the condition holds, along axis or flattened', () => {
    const x = tensor([3, 2], [1, 2, 3, 4, 5, 6]);
    const [y, n] = run('compress', [x, tensor([3], [0, 1, 1], 'bool')], { axis: 0 });
    expect([count(n!), ...values(y!)]).toEqual([2, 3, 4, 5, 6, 0, 0]);
    const [f, m] = run('compress', [x, tensor([4], [1, 0, 0, 1], 'bool')]);
    expect([count(m!), ...values(f!)]).toEqual([2, 1, 4, 0, 0]);
    expect(count(run('compress', [x, tensor([2], [0, 0], 'bool')], { axis: 1 })[1]!)).toBe(0);
  });
});

describe('non_max_suppression', () => {
  const corners = (...b: number[]) => tensor([1, b.length / 4, 4], b);
  it('keeps the best box of an overlapping pair and the disjoint one', () => {
    const boxes = corners(0, 0, 1, 1, 0, 0.1, 1, 1.1, 0, 10, 1, 11);
    const [sel, n] = run('non_max_suppression', [boxes, tensor([1, 1, 3], [0.9, 0.95, 0.5])], { max_output_boxes_per_class: 3, iou_threshold: 0.5 });
    expect(count(n!)).toBe(2);
    expect(values(sel!)).toEqual([0, 0, 1, 0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0].slice(0, 9));
  });

  it('keeps one of identical boxes, the lowest index among equal scores', () => {
    const boxes = corners(0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1);
    const [sel, n] = run('non_max_suppression', [boxes, tensor([1, 1, 3], [0.7, 0.7, 0.7])], { max_output_boxes_per_class: 3, iou_threshold: 0.5 });
    expect([count(n!), ...values(sel!).slice(0, 3)]).toEqual([1, 0, 0, 0]);
  });

  it('keeps no box when every score is at or below the threshold, or none may be kept', () => {
    const boxes = corners(0, 0, 1, 1, 5, 5, 6, 6);
    const scores = tensor([1, 1, 2], [0.3, 0.2]);
    expect(count(run('non_max_suppression', [boxes, scores], { max_output_boxes_per_class: 2, score_threshold: 0.3 })[1]!)).toBe(0);
    const [sel, n] = run('non_max_suppression', [boxes, scores]);
    expect([count(n!), ...values(sel!)]).toEqual([0, 0, 0, 0]);
  });

  it('reads centre-and-size boxes', () => {
    const boxes = tensor([1, 2, 4], [0.5, 0.5, 1, 1, 0.5, 0.6, 1, 1]);
    expect(count(run('non_max_suppression', [boxes, tensor([1, 1, 2], [0.9, 0.8])], { center_point_box: 1, max_output_boxes_per_class: 2, iou_threshold: 0.5 })[1]!)).toBe(1);
  });
});

describe('unique', () => {
  it('gives sorted values, first indices, inverse indices and counts', () => {
    const [y, first, inverse, counts, n] = run('unique', [tensor([6], [2, 1, 1, 3, 4, 3])], { sorted: true });
    expect(count(n!)).toBe(4);
    expect(values(y!)).toEqual([1, 2, 3, 4, 0, 0]);
    expect(values(first!)).toEqual([1, 0, 3, 4, 0, 0]);
    expect(values(inverse!)).toEqual([1, 0, 0, 2, 3, 2]);
    expect(values(counts!)).toEqual([2, 1, 2, 1, 0, 0]);
  });

  it('keeps the order of first occurrence unsorted, and compares slices along axis', () => {
    expect(values(run('unique', [tensor([4], [3, 1, 3, 2])], { sorted: false })[0]!)).toEqual([3, 1, 2, 0]);
    const [y, , inverse, , n] = run('unique', [tensor([3, 2], [1, 0, 1, 0, 2, 3])], { axis: 0 });
    expect([count(n!), ...values(y!), ...values(inverse!)]).toEqual([2, 1, 0, 2, 3, 0, 0, 0, 0, 1]);
  });

  it('finds one value in all-equal input', () => {
    const [y, , , counts, n] = run('unique', [tensor([3], [5, 5, 5], 'int32')]);
    expect([count(n!), values(y!)[0], values(counts!)[0]]).toEqual([1, 5, 3]);
  });
});
