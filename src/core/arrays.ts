// Loops for model-sized arrays: spreading one into a call (`push(...xs)`, `splice(0, n, ...xs)`,
// `Math.max(...xs)`) passes each element as an argument, which overflows the stack past ~100k.

/** Appends `items` to `to` one by one; returns `to`. */
export function append<T>(to: T[], items: Iterable<T>): T[] {
  for (const x of items) to.push(x);
  return to;
}

/** Replaces the contents of `to` (the array keeps its identity) with `items`. */
export function replaceContents<T>(to: T[], items: readonly T[]): T[] {
  if (items === to) return to;
  const copy = items.slice();
  to.length = 0;
  return append(to, copy);
}

/** `Math.max(start, ...xs)` without the spread. */
export function maxOf(xs: Iterable<number>, start = -Infinity): number {
  let m = start;
  for (const x of xs) m = Math.max(m, x);
  return m;
}

/** `Math.min(start, ...xs)` without the spread. */
export function minOf(xs: Iterable<number>, start = Infinity): number {
  let m = start;
  for (const x of xs) m = Math.min(m, x);
  return m;
}

/** `to.splice(start, deleteCount, ...items)` without the spread; returns the removed elements. */
export function spliceArray<T>(to: T[], start: number, deleteCount: number, items: readonly T[]): T[] {
  const rest = to.splice(start);
  const removed = rest.splice(0, deleteCount);
  append(to, items);
  append(to, rest);
  return removed;
}

/** `n` bytes rounded up to a whole number of 4-byte words (at least one): GPU buffer sizes and copies need it. */
export const align4 = (n: number) => Math.max(4, Math.ceil(n / 4) * 4);
