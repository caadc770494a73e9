// erf and erfc in double precision for the erf and gelu kernels. Abramowitz–Stegun (1e-7 absolute)
// is too coarse for an oracle; these stay below 1e-14 relative error (checked against mpmath in
// special-functions.test.ts), erfc keeping its relative accuracy deep into the tail gelu needs.

const TWO_OVER_SQRT_PI = 1.1283791670955126;
const SQRT_PI = 1.7724538509055159;
/** Below it the series converges fast; above it the continued fraction does. */
const SERIES_LIMIT = 2.5;
/** Terms of the continued fraction: 25 already reach 1e-15 at x = 2.5; 40 leaves margin. */
const CF_TERMS = 40;

/** e^(−x²) without the error of rounding x² first: x splits into a short head and a tail (Cody's trick). */
function expMinusSquare(x: number): number {
  const head = Math.trunc(x * 16) / 16;
  return Math.exp(-head * head) * Math.exp(-(x - head) * (x + head));
}

/**
 * erf(a) for 0 ≤ a < SERIES_LIMIT: 2/√π · e^(−a²) · Σ (2a²)^n a / (1·3·…·(2n+1)). Every term is
 * positive, so there is no cancellation (the alternating Taylor series would lose digits).
 */
function erfSeries(a: number): number {
  const a2 = a * a;
  let term = a;
  let sum = a;
  for (let n = 1; n < 200; n++) {
    term *= (2 * a2) / (2 * n + 1);
    sum += term;
    if (term < sum * 1e-17) break;
  }
  return TWO_OVER_SQRT_PI * expMinusSquare(a) * sum;
}

/** erfc(a) for a ≥ SERIES_LIMIT: e^(−a²)/√π · 1/(a + (1/2)/(a + (2/2)/(a + (3/2)/(a + …)))), evaluated from the tail. */
function erfcFraction(a: number): number {
  let t = a;
  for (let k = CF_TERMS; k >= 1; k--) t = a + k / 2 / t;
  return expMinusSquare(a) / (SQRT_PI * t);
}

export function erf(x: number): number {
  if (Number.isNaN(x)) return NaN;
  const a = Math.abs(x);
  const r = a < SERIES_LIMIT ? erfSeries(a) : 1 - erfcFraction(a);
  return x < 0 ? -r : r;
}

/** 1 − erf(x), accurate relative to its own (tiny) size for large x. */
export function erfc(x: number): number {
  if (Number.isNaN(x)) return NaN;
  if (x < 0) return 2 - erfc(-x);
  return x < SERIES_LIMIT ? 1 - erfSeries(x) : erfcFraction(x);
}
