// Statistics: medians of odd and even counts, unsorted input, empty input.
import { expect, test } from 'vitest';
import { median, min } from './stats';

test('median: the middle of an odd count, the mean of the two middle values of an even one', () => {
  expect(median([5, 1, 3])).toBe(3);
  expect(median([4, 1, 3, 2])).toBe(2.5);
  expect(median([7])).toBe(7);
  expect(median([2, 1])).toBe(1.5);
  expect(median([])).toBeNaN();
});

test('median leaves its input as it was', () => {
  const xs = [3, 1, 2];
  median(xs);
  expect(xs).toEqual([3, 1, 2]);
});

test('min', () => {
  expect(min([3, -1, 2])).toBe(-1);
  expect(min([])).toBeNaN();
});
