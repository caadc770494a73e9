// Statistics of repeated measurements (run and kernel timings), one definition each for the app,
// the CLI and the benchmarks.

/** The middle value; of an even count, the mean of the two middle values. NaN when there are none. */
export function median(xs: readonly number[]): number {
  if (!xs.length) return NaN;
  const sorted = [...xs].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** The smallest value, NaN when there are none (a loop: spreading a long array into Math.min overflows the stack). */
export function min(xs: readonly number[]): number {
  if (!xs.length) return NaN;
  let m = xs[0]!;
  for (const x of xs) if (x < m) m = x;
  return m;
}
