// The shape a broadcast operand is read in after a reshape moves past its elementwise op: whole or
// absent across each group of axes the reshape merges or splits, never tiled.
import { describe, expect, it } from 'vitest';
import { broadcastIn } from './sink-reshapes';

describe('broadcastIn', () => {
  it('reads a mask broadcast over heads in the unmerged shape (Swin\'s shifted windows)', () => {
    // [1, 64, 3, 49, 49] ← [64, 3, 49, 49]: the mask [1, 64, 1, 49, 49] (or [64, 1, 49, 49]) is [64, 1, 49, 49] there.
    expect(broadcastIn([1, 64, 1, 49, 49], [1, 64, 3, 49, 49], [64, 3, 49, 49])).toEqual([64, 1, 49, 49]);
    expect(broadcastIn([64, 1, 49, 49], [1, 64, 3, 49, 49], [64, 3, 49, 49])).toEqual([64, 1, 49, 49]);
    // A bias over the last axis through a split of the first: [6, 8] ← [2, 3, 8].
    expect(broadcastIn([8], [6, 8], [2, 3, 8])).toEqual([1, 1, 8]);
    // Through a merge of axes it holds whole: [2, 3, 8] → [6, 8].
    expect(broadcastIn([2, 3, 1], [2, 3, 8], [6, 8])).toEqual([6, 1]);
    expect(broadcastIn([], [2, 3], [6])).toEqual([1]);
  });

  it('refuses an operand that would be tiled: present on part of a merged group', () => {
    // [2, 4, 3] → [8, 3] with b [4, 3]: b repeats along the merged 8.
    expect(broadcastIn([4, 3], [2, 4, 3], [8, 3])).toBeUndefined();
    // b over a dimension the reshape splits unevenly across the group.
    expect(broadcastIn([1, 6], [4, 6], [2, 12])).toBeUndefined();
    // Not a broadcast of `outer` at all.
    expect(broadcastIn([5], [4, 6], [24])).toBeUndefined();
  });
});
