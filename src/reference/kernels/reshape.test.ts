// Shape and order kernels against numpy-derived expectations (np.transpose, np.tile, the ONNX
// DepthToSpace/SpaceToDepth reshape-transpose definitions). Exact comparisons: pure data movement.
import { describe, expect, it } from 'vitest';
import { run1, tensor } from '../testing/tensors';

const iota = (n: number): number[] => Array.from({ length: n }, (_, i) => i);

describe('reshape family', () => {
  it('reshape, flatten, squeeze and unsqueeze keep row-major order', () => {
    const x = tensor([2, 3], iota(6));
    expect(run1('reshape', [x], { shape: [3, -1] })).toEqual({ shape: [3, 2], v: iota(6) });
    expect(run1('flatten', [tensor([2, 1, 3], iota(6))], { axis: 2 })).toEqual({ shape: [2, 3], v: iota(6) });
    expect(run1('squeeze', [tensor([1, 3, 1], [1, 2, 3])]).shape).toEqual([3]);
    expect(run1('unsqueeze', [x], { axes: [0, 3] }).shape).toEqual([1, 2, 3, 1]);
  });

  it('transpose reverses dimensions by default and follows a permutation', () => {
    expect(run1('transpose', [tensor([2, 3], iota(6))]).v).toEqual([0, 3, 1, 4, 2, 5]);
    const r = run1('transpose', [tensor([2, 3, 4], iota(24))], { permutation: [1, 2, 0] });
    expect(r.shape).toEqual([3, 4, 2]);
    expect(r.v.slice(0, 6)).toEqual([0, 12, 1, 13, 2, 14]);
  });

  it('expand broadcasts both ways; tile repeats', () => {
    expect(run1('expand', [tensor([3, 1], [1, 2, 3])], { shape: [2, 1, 2] })).toEqual({ shape: [2, 3, 2], v: [1, 1, 2, 2, 3, 3, 1, 1, 2, 2, 3, 3] });
    expect(run1('tile', [tensor([2, 3], [1, 2, 3, 4, 5, 6])], { repeats: [2, 2] }).v)
      .toEqual([1, 2, 3, 1, 2, 3, 4, 5, 6, 4, 5, 6, 1, 2, 3, 1, 2, 3, 4, 5, 6, 4, 5, 6]);
  });

  it('depth_to_space in DCR and CRD order, space_to_depth as its inverse', () => {
    const x = tensor([1, 8, 1, 2], iota(16));
    expect(run1('depth_to_space', [x], { block_size: 2 }).v).toEqual([0, 4, 1, 5, 8, 12, 9, 13, 2, 6, 3, 7, 10, 14, 11, 15]);
    expect(run1('depth_to_space', [x], { block_size: 2, mode: 'CRD' }).v).toEqual([0, 2, 1, 3, 4, 6, 5, 7, 8, 10, 9, 11, 12, 14, 13, 15]);
    const s = run1('space_to_depth', [tensor([1, 1, 4, 4], iota(16))], { block_size: 2 });
    expect(s).toEqual({ shape: [1, 4, 2, 2], v: [0, 2, 8, 10, 1, 3, 9, 11, 4, 6, 12, 14, 5, 7, 13, 15] });
  });

  it('moves int64 and float16 storage bit-exactly', () => {
    const big = 2 ** 60 + 2 ** 9;
    expect(run1('transpose', [tensor([1, 2], [big, -big], 'int64')]).v).toEqual([big, -big]);
    expect(run1('tile', [tensor([1], [0.1], 'float16')], { repeats: [2] }).v).toEqual([0.0999755859375, 0.0999755859375]);
  });
});
