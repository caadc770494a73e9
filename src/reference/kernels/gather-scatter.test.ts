// Indexed data movement against numpy (np.take, np.take_along_axis) and the ONNX operator docs'
// examples (GatherND, ScatterND, ScatterElements, OneHot). Exact comparisons.
import { describe, expect, it } from 'vitest';
import { run1, tensor } from '../testing/tensors';

const iota = (n: number): number[] => Array.from({ length: n }, (_, i) => i);

describe('gather-scatter family', () => {
  it('gather takes slices along an axis; negative indices count from the end', () => {
    const d = tensor([2, 3, 4], iota(24));
    const r = run1('gather', [d, tensor([1, 2], [2, 0], 'int64')], { axis: 1 });
    expect(r).toEqual({ shape: [2, 1, 2, 4], v: [8, 9, 10, 11, 0, 1, 2, 3, 20, 21, 22, 23, 12, 13, 14, 15] });
    expect(run1('gather', [d, tensor([1], [-1], 'int32')], { axis: 2 }).v).toEqual([3, 7, 11, 15, 19, 23]);
    expect(() => run1('gather', [d, tensor([1], [3], 'int32')], { axis: 1 })).toThrow(/'cgc_op.gather' index 3 is out of range for dimension 1 of size 3/);
  });

  it('gather_elements and gather_nd (ONNX examples)', () => {
    expect(run1('gather_elements', [tensor([2, 2], [1, 2, 3, 4]), tensor([2, 2], [0, 0, 1, 0], 'int64')], { axis: 1 }).v).toEqual([1, 1, 4, 3]);
    expect(run1('gather_nd', [tensor([2, 2], [0, 1, 2, 3]), tensor([2, 2], [0, 0, 1, 1], 'int64')]).v).toEqual([0, 3]);
    expect(run1('gather_nd', [tensor([2, 2], [0, 1, 2, 3]), tensor([2, 1], [1, 0], 'int64')]).v).toEqual([2, 3, 0, 1]);
    // batch_dims = 1: data [[[0,1],[2,3]],[[4,5],[6,7]]], indices [[1],[0]] → [[2,3],[4,5]]
    expect(run1('gather_nd', [tensor([2, 2, 2], iota(8)), tensor([2, 1], [1, 0], 'int64')], { batch_dims: 1 }).v).toEqual([2, 3, 4, 5]);
  });

  it('scatter_nd writes or combines slices (ONNX example)', () => {
    const data = tensor([8], [1, 2, 3, 4, 5, 6, 7, 8]);
    const idx = tensor([4, 1], [4, 3, 1, 7], 'int64');
    const upd = tensor([4], [9, 10, 11, 12]);
    expect(run1('scatter_nd', [data, idx, upd]).v).toEqual([1, 11, 3, 10, 9, 6, 7, 12]);
    expect(run1('scatter_nd', [data, tensor([2, 1], [0, 0], 'int64'), tensor([2], [5, 6])], { reduction: 'add' }).v.slice(0, 2)).toEqual([12, 2]);
    expect(run1('scatter_nd', [data, tensor([2, 1], [0, 0], 'int64'), tensor([2], [5, 6])], { reduction: 'mul' }).v[0]).toBe(30);
  });

  it('scatter_elements along an axis, with max reduction (ONNX examples)', () => {
    const r = run1('scatter_elements', [tensor([1, 5], [1, 2, 3, 4, 5]), tensor([1, 2], [1, 3], 'int64'), tensor([1, 2], [1.1, 2.1])], { axis: 1 });
    expect(r.v).toEqual([1, 1.1, 3, 2.1, 5].map(Math.fround));
    const m = run1('scatter_elements', [tensor([1, 5], [1, 2, 3, 4, 5]), tensor([1, 2], [1, 1], 'int64'), tensor([1, 2], [1.1, 2.1])], { axis: 1, reduction: 'max' });
    expect(m.v).toEqual([1, 2.1, 3, 4, 5].map(Math.fround));
  });

  it('one_hot puts on_value at each index, negative indices from depth', () => {
    const r = run1('one_hot', [tensor([3], [1, -1, 7], 'int64')], { depth: 3, on_value: 5, off_value: -1, dtype: { type: 'i32' } });
    expect(r).toEqual({ shape: [3, 3], v: [-1, 5, -1, -1, -1, 5, -1, -1, -1] });
    expect(run1('one_hot', [tensor([2], [0, 2])], { depth: 3, axis: 0 }).v).toEqual([1, 0, 0, 0, 0, 1]);
  });
});

describe('reverse_sequence', () => {
  const x = tensor([4, 4], Array.from({ length: 16 }, (_, i) => i));
  it('reverses each batch column over its length (time_axis 0, as ONNX\'s first example)', () => {
    expect(run1('reverse_sequence', [x, tensor([4], [4, 3, 2, 1], 'int64')]).v).toEqual([12, 9, 6, 3, 8, 5, 2, 7, 4, 1, 10, 11, 0, 13, 14, 15]);
  });
  it('reverses each batch row over its length (ONNX example, batch_axis 0); lengths 0 and T', () => {
    expect(run1('reverse_sequence', [x, tensor([4], [1, 2, 3, 4], 'int32')], { batch_axis: 0, time_axis: 1 }).v).toEqual([0, 1, 2, 3, 5, 4, 6, 7, 10, 9, 8, 11, 15, 14, 13, 12]);
    expect(run1('reverse_sequence', [x, tensor([4], [0, 0, 4, 0], 'int64')], { batch_axis: 0, time_axis: 1 }).v).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 11, 10, 9, 8, 12, 13, 14, 15]);
  });
  it('refuses a length past the time dimension, naming it', () => {
    expect(() => run1('reverse_sequence', [x, tensor([4], [1, 5, 1, 1], 'int64')])).toThrow("'cgc_op.reverse_sequence' sequence_lens[1] = 5 is outside [0, 4] (the time dimension)");
  });
});
