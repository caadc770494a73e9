// Reductions against the ONNX operator-doc example data ([[[1,2],[3,4]],[[5,6],[7,8]],[[9,10],[11,12]]])
// and closed forms; arg_max/arg_min ONNX examples. Exact for sums of small integers; ≤ 1e-6
// relative for the transcendental ones.
import { describe, expect, it } from 'vitest';
import { expectClose, run, run1, tensor } from '../testing/tensors';

const data = () => tensor([3, 2, 2], Array.from({ length: 12 }, (_, i) => i + 1));

describe('reduce_*', () => {
  it('sum and mean over one axis keep dims; all axes by default', () => {
    expect(run1('reduce_sum', [data()], { axes: [1] })).toEqual({ shape: [3, 1, 2], v: [4, 6, 12, 14, 20, 22] });
    expect(run1('reduce_mean', [data()], { axes: [1], keep_dims: false })).toEqual({ shape: [3, 2], v: [2, 3, 6, 7, 10, 11] });
    expect(run1('reduce_sum', [data()])).toEqual({ shape: [1, 1, 1], v: [78] });
    expect(run1('reduce_sum', [data()], { axes: [], noop_with_empty_axes: true }).shape).toEqual([3, 2, 2]);
  });

  it('max, min, prod, l1, l2, sum_square, log_sum, log_sum_exp', () => {
    expect(run1('reduce_max', [data()], { axes: [0, 2] }).v).toEqual([10, 12]);
    expect(run1('reduce_min', [data()], { axes: [-1] }).v).toEqual([1, 3, 5, 7, 9, 11]);
    expect(run1('reduce_prod', [data()], { axes: [0] }).v).toEqual([45, 120, 231, 384]);
    expect(run1('reduce_l1', [tensor([3], [-1, 2, -3])]).v).toEqual([6]);
    expectClose(run1('reduce_l2', [data()]).v, [Math.sqrt(650)]);
    expect(run1('reduce_sum_square', [data()]).v).toEqual([650]);
    expectClose(run1('reduce_log_sum', [data()]).v, [Math.log(78)]);
    expectClose(run1('reduce_log_sum_exp', [tensor([2], [1000, 1000])]).v, [1000 + Math.LN2]);
  });

  it('integers are exact (BigInt) and wrap once; an empty reduction gives the identity', () => {
    const [r] = run('reduce_sum', [tensor([3], [2 ** 60, 1, -(2 ** 60)], 'int64')]);
    expect(Array.from(r!.data as BigInt64Array)).toEqual([1n]);
    expect(run1('reduce_sum', [tensor([2], [2 ** 31 - 1, 1], 'int32')]).v).toEqual([-(2 ** 31)]);
    expect(run1('reduce_mean', [tensor([2], [-3, 0], 'int32')]).v).toEqual([-1]);
    expect(run1('reduce_max', [tensor([2], [-5, -7], 'int8')]).v).toEqual([-5]);
    expect(run1('reduce_max', [tensor([0, 2], [])], { axes: [0] }).v).toEqual([-Infinity, -Infinity]);
    expect(run1('reduce_prod', [tensor([0], [])]).v).toEqual([1]);
  });
});

describe('arg_max / arg_min', () => {
  const x = () => tensor([2, 2], [2, 1, 3, 10]);
  it('ONNX examples', () => {
    expect(run1('arg_max', [x()])).toEqual({ shape: [1, 2], v: [1, 1] });
    expect(run1('arg_max', [x()], { axis: 1, keep_dims: false })).toEqual({ shape: [2], v: [0, 1] });
    expect(run1('arg_min', [x()], { axis: 1 }).v).toEqual([1, 0]);
  });
  it('ties pick the first index, or the last with select_last_index', () => {
    const t = tensor([2, 2], [2, 2, 3, 10]);
    expect(run1('arg_max', [t], { axis: 1 }).v).toEqual([0, 1]);
    expect(run1('arg_max', [t], { axis: 1, select_last_index: true }).v).toEqual([1, 1]);
  });
});
