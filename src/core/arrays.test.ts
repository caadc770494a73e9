import { describe, expect, it } from 'vitest';
import { append, maxOf, minOf, replaceContents, spliceArray } from './arrays';

// Past ~100k arguments a spread call overflows the stack; these take any length.
const big = Array.from({ length: 300_000 }, (_, i) => (i * 7919) % 300_001);

describe('array helpers', () => {
  it('append and replaceContents take 300,000 elements', () => {
    expect(append([1], big)).toHaveLength(300_001);
    const to = [1, 2, 3];
    expect(replaceContents(to, big)).toBe(to);
    expect(to).toEqual(big);
    expect(replaceContents(to, to)).toEqual(big);
  });
  it('spliceArray is splice without the spread', () => {
    const a = [0, 1, 2, 3, 4];
    expect(spliceArray(a, 1, 2, big)).toEqual([1, 2]);
    expect(a.length).toBe(big.length + 3);
    expect(a.slice(0, 3)).toEqual([0, big[0], big[1]]);
    expect(a.slice(-2)).toEqual([3, 4]);
  });
  it('maxOf and minOf are Math.max/min(start, ...xs)', () => {
    expect(maxOf(big)).toBe(big.reduce((a, b) => (b > a ? b : a)));
    expect(minOf(big)).toBe(0);
    expect(maxOf([], 1)).toBe(1);
    expect(maxOf([-3, -2], 0)).toBe(0);
    expect(minOf([5, 2], 3)).toBe(2);
    expect(maxOf([])).toBe(-Infinity);
  });
});
