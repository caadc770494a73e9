// concat, split, slice, pad and trilu against numpy (np.concatenate, slicing, np.pad modes,
// np.triu/np.tril). Exact comparisons: pure data movement.
import { describe, expect, it } from 'vitest';
import { run, run1, tensor, values } from '../testing/tensors';

const iota = (n: number): number[] => Array.from({ length: n }, (_, i) => i);

describe('slice-pad family', () => {
  it('concat joins along an axis; split cuts by sizes or evenly', () => {
    const r = run1('concat', [tensor([2, 1], [1, 2]), tensor([2, 2], [3, 4, 5, 6])], { axis: -1 });
    expect(r).toEqual({ shape: [2, 3], v: [1, 3, 4, 2, 5, 6] });
    const parts = run('split', [tensor([2, 3], iota(6))], { axis: 1, sizes: [1, 2] });
    expect(parts.map(values)).toEqual([[0, 3], [1, 2, 4, 5]]);
    expect(run('split', [tensor([4], iota(4))], {}, 2).map(values)).toEqual([[0, 1], [2, 3]]);
  });

  it('slice clamps, counts negative indices from the end and steps backwards', () => {
    expect(run1('slice', [tensor([10], iota(10))], { starts: [8], ends: [1], steps: [-3] }).v).toEqual([8, 5, 2]);
    expect(run1('slice', [tensor([10], iota(10))], { starts: [-3], ends: [2 ** 53 - 1] }).v).toEqual([7, 8, 9]);
    const r = run1('slice', [tensor([2, 3, 4], iota(24))], { starts: [2, 0], ends: [0, 4], axes: [1, 2], steps: [-1, 2] });
    expect(r).toEqual({ shape: [2, 2, 2], v: [8, 10, 4, 6, 20, 22, 16, 18] });
  });

  it('pad in constant, reflect, edge and wrap modes, and crops with negative pads', () => {
    const x = tensor([2, 3], [1, 2, 3, 4, 5, 6]);
    const pads = { start_padding: [1, 2], end_padding: [1, 2] };
    expect(run1('pad', [x], { ...pads, mode: 'reflect' }).v)
      .toEqual([6, 5, 4, 5, 6, 5, 4, 3, 2, 1, 2, 3, 2, 1, 6, 5, 4, 5, 6, 5, 4, 3, 2, 1, 2, 3, 2, 1]);
    expect(run1('pad', [x], { ...pads, mode: 'edge' }).v)
      .toEqual([1, 1, 1, 2, 3, 3, 3, 1, 1, 1, 2, 3, 3, 3, 4, 4, 4, 5, 6, 6, 6, 4, 4, 4, 5, 6, 6, 6]);
    expect(run1('pad', [x], { ...pads, mode: 'wrap' }).v)
      .toEqual([5, 6, 4, 5, 6, 4, 5, 2, 3, 1, 2, 3, 1, 2, 5, 6, 4, 5, 6, 4, 5, 2, 3, 1, 2, 3, 1, 2]);
    expect(run1('pad', [x], { start_padding: [0, 1], end_padding: [0, -2], value: 9.5 }).v).toEqual([9.5, 1, 9.5, 4]);
    expect(run1('pad', [tensor([2], [1, 2], 'int32')], { start_padding: [1], end_padding: [0], value: -7.9 }).v).toEqual([-7, 1, 2]);
  });

  it('trilu keeps the upper or lower triangle from diagonal k', () => {
    const x = tensor([3, 4], iota(12));
    expect(run1('trilu', [x], { k: 1 }).v).toEqual([0, 1, 2, 3, 0, 0, 6, 7, 0, 0, 0, 11]);
    expect(run1('trilu', [x], { upper: false, k: -1 }).v).toEqual([0, 0, 0, 0, 4, 0, 0, 0, 8, 9, 0, 0]);
  });
});
