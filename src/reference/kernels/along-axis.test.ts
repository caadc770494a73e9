// softmax family, cumsum and top_k: closed forms (softmax of [1, 2, 3]), ONNX operator-doc
// examples (CumSum, TopK, Hardmax). ≤ 1e-6 relative for exp/log; exact otherwise.
import { describe, expect, it } from 'vitest';
import { expectClose, run, run1, tensor, values } from '../testing/tensors';

describe('softmax family', () => {
  it('softmax and log_softmax of [1, 2, 3]', () => {
    expectClose(run1('softmax', [tensor([3], [1, 2, 3])]).v, [0.09003057317038046, 0.24472847105479764, 0.6652409557748219]);
    expectClose(run1('log_softmax', [tensor([3], [1, 2, 3])]).v, [-2.4076059644443806, -1.4076059644443806, -0.40760596444438063]);
  });

  it('softmax along axis 0 and for large inputs (shifted by the maximum)', () => {
    expectClose(run1('softmax', [tensor([2, 1], [1000, 1000])], { axis: 0 }).v, [0.5, 0.5]);
  });

  it('hardmax marks the first maximum', () => {
    const r = run1('hardmax', [tensor([3, 4], [3, 0, 1, 2, 2, 5, 1, 0, 1, 1, 1, 1])]);
    expect(r.v).toEqual([1, 0, 0, 0, 0, 1, 0, 0, 1, 0, 0, 0]);
  });
});

describe('cumsum', () => {
  const x = () => tensor([5], [1, 2, 3, 4, 5]);
  it.each([
    [{}, [1, 3, 6, 10, 15]],
    [{ exclusive: true }, [0, 1, 3, 6, 10]],
    [{ reverse: true }, [15, 14, 12, 9, 5]],
    [{ exclusive: true, reverse: true }, [14, 12, 9, 5, 0]],
  ])('%j', (a, want) => {
    expect(run1('cumsum', [x()], { axis: 0, ...a }).v).toEqual(want);
  });
  it('runs along axis 1 of a matrix, int64 exactly', () => {
    expect(run1('cumsum', [tensor([2, 3], [1, 2, 3, 4, 5, 6], 'int64')], { axis: 1 }).v).toEqual([1, 3, 6, 4, 9, 15]);
  });
});

describe('top_k', () => {
  it('ONNX example: the 3 largest of each row with their indices', () => {
    const [v, i] = run('top_k', [tensor([3, 4], Array.from({ length: 12 }, (_, k) => k))], { k: 3 });
    expect(values(v!)).toEqual([3, 2, 1, 7, 6, 5, 11, 10, 9]);
    expect(values(i!)).toEqual([3, 2, 1, 3, 2, 1, 3, 2, 1]);
  });
  it('smallest along axis 0; ties keep the lower index first', () => {
    const [v, i] = run('top_k', [tensor([3, 1], [5, 1, 1])], { k: 2, axis: 0, largest: false });
    expect(values(v!)).toEqual([1, 1]);
    expect(values(i!)).toEqual([1, 2]);
    const [, j] = run('top_k', [tensor([3], [4, 7, 7], 'int64')], { k: 2 });
    expect(values(j!)).toEqual([1, 2]);
  });
});
