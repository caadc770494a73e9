// Normalization kernels: the ONNX BatchNormalization example and closed forms (mean/variance of
// small sequences). Tolerance ≤ 1e-6 relative (a square root and a division, rounded once).
import { describe, it } from 'vitest';
import { expectClose, run1, tensor } from '../testing/tensors';

const eps = 1e-5;
const norm = (v: number[]): number[] => {
  const m = v.reduce((a, b) => a + b, 0) / v.length;
  const s = Math.sqrt(v.reduce((a, b) => a + (b - m) ** 2, 0) / v.length + Math.fround(eps));
  return v.map((x) => (x - m) / s);
};

describe('normalization', () => {
  it('batch_normalization (ONNX example)', () => {
    const x = tensor([1, 2, 1, 3], [-1, 0, 1, 2, 3, 4]);
    const r = run1('batch_normalization', [x, tensor([2], [1, 1.5]), tensor([2], [0, 1]), tensor([2], [0, 3]), tensor([2], [1, 1.5])]);
    expectClose(r.v, [-0.999995, 0, 0.999995, -0.22474074, 1, 2.2247407]);
  });

  it('layer_normalization over the last axis with scale and bias', () => {
    const r = run1('layer_normalization', [tensor([2, 2], [1, 3, 2, 6]), tensor([2], [2, 1]), tensor([2], [0, 10])]);
    const [a, b] = norm([1, 3]);
    const [c, d] = norm([2, 6]);
    expectClose(r.v, [2 * a!, b! + 10, 2 * c!, d! + 10]);
  });

  it('instance_normalization and group_normalization', () => {
    const x = tensor([1, 2, 2], [1, 2, 3, 5]);
    const r = run1('instance_normalization', [x, tensor([2], [1, 2]), tensor([2], [0, 1])]);
    const [p, q] = norm([1, 2]);
    const [s, t] = norm([3, 5]);
    expectClose(r.v, [p!, q!, 2 * s! + 1, 2 * t! + 1]);
    const g = run1('group_normalization', [tensor([1, 4, 1], [1, 2, 3, 5]), tensor([4], [1, 1, 1, 2]), tensor([4], [0, 0, 0, 1])], { num_groups: 2 });
    expectClose(g.v, [p!, q!, s!, 2 * t! + 1]);
  });

  it('mean_variance_normalization, lp_normalization, lrn', () => {
    const mvn = run1('mean_variance_normalization', [tensor([1, 1, 1, 2], [1, 3])]);
    expectClose(mvn.v, [-1 / (1 + 1e-9), 1 / (1 + 1e-9)]);
    expectClose(run1('lp_normalization', [tensor([2, 2], [3, 4, 0, 0])]).v, [0.6, 0.8, 0, 0]);
    expectClose(run1('lp_normalization', [tensor([2], [1, -3])], { p: 1 }).v, [0.25, -0.75]);
    // size 3: channel c sums squares of c−1 … c+1.
    const lrn = run1('lrn', [tensor([1, 3, 1, 1], [1, 2, 3])], { size: 3 });
    const a = Math.fround(1e-4) / 3;
    expectClose(lrn.v, [1 / (1 + a * 5) ** 0.75, 2 / (1 + a * 14) ** 0.75, 3 / (1 + a * 13) ** 0.75]);
  });
});
