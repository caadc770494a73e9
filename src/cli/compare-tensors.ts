// Compares a computed tensor with an expected one the way ONNX's backend tests do
// (numpy.testing.assert_allclose): |a − b| ≤ atol + rtol·|b| per element, NaN equals NaN, integers
// and booleans exactly; and reports the largest absolute and relative errors for the message (the
// relative one over nonzero expected elements: at zero only the absolute error means anything).
import { bfloat16ToFloat, halfToFloat, type HostTensor } from '../core';

export interface Tolerance {
  readonly rtol: number;
  readonly atol: number;
}

/** onnx.backend.test's defaults (`rtol=1e-3, atol=1e-7`). */
export const ONNX_TOLERANCE: Tolerance = { rtol: 1e-3, atol: 1e-7 };

export interface Comparison {
  ok: boolean;
  /** Set when the types differ; the errors are then not measured. */
  mismatch?: string;
  maxAbs: number;
  maxRel: number;
  /** Elements outside the tolerance. */
  bad: number;
  /** The largest finite |expected| element: the scale the absolute error is measured against. */
  scale: number;
}

const FLOATS: ReadonlySet<string> = new Set(['float32', 'float16', 'float64', 'bfloat16']);
const isFloat = (t: HostTensor): boolean => FLOATS.has(t.type.element);

/** Element i as a number (float16 and bfloat16 decoded from their bits; int64 and uint64 through Number, for error sizes only). */
function reader(t: HostTensor): (i: number) => number {
  const d = t.data;
  if (t.type.element === 'float16') return (i) => halfToFloat(d[i] as number);
  if (t.type.element === 'bfloat16') return (i) => bfloat16ToFloat(d[i] as number);
  if (d instanceof BigInt64Array || d instanceof BigUint64Array) return (i) => Number(d[i]!);
  return (i) => d[i] as number;
}

export function compareTensors(actual: HostTensor, expected: HostTensor, tol: Tolerance): Comparison {
  const none = { maxAbs: NaN, maxRel: NaN, bad: 0, scale: NaN };
  if (actual.type.element !== expected.type.element) {
    return { ok: false, mismatch: `element type ${actual.type.element}, expected ${expected.type.element}`, ...none };
  }
  const [as, es] = [actual.type.shape, expected.type.shape];
  if (as.length !== es.length || as.some((d, i) => d !== es[i])) {
    return { ok: false, mismatch: `shape [${as.join(', ')}], expected [${es.join(', ')}]`, ...none };
  }
  const float = isFloat(expected);
  const [a, b] = [reader(actual), reader(expected)];
  const [ad, bd] = [actual.data, expected.data];
  let maxAbs = 0;
  let maxRel = 0;
  let bad = 0;
  let scale = 0;
  for (let i = 0; i < ad.length; i++) {
    const [x, y] = [a(i), b(i)];
    if (Number.isFinite(y)) scale = Math.max(scale, Math.abs(y));
    if (!float) {
      // int64 and uint64 compare as BigInt: Number() would merge neighbours past 2^53.
      if (ad[i] !== bd[i]) bad++;
      const err = Math.abs(x - y);
      maxAbs = Math.max(maxAbs, err);
      if (y !== 0) maxRel = Math.max(maxRel, err / Math.abs(y));
      continue;
    }
    if (Number.isNaN(x) || Number.isNaN(y)) {
      if (Number.isNaN(x) !== Number.isNaN(y)) {
        bad++;
        maxAbs = maxRel = Infinity;
      }
      continue;
    }
    if (x === y) continue; // also equal infinities, whose difference is NaN
    const err = Math.abs(x - y);
    maxAbs = Math.max(maxAbs, err);
    if (y !== 0) maxRel = Math.max(maxRel, err / Math.abs(y));
    if (!(err <= tol.atol + tol.rtol * Math.abs(y))) bad++;
  }
  return { ok: bad === 0, maxAbs, maxRel, bad, scale };
}

/** `max abs err 1.2e-3, max rel err 4.0e-2 (7 of 60 elements out of tolerance)`, or the type mismatch. */
export function describeComparison(c: Comparison, elements: number): string {
  if (c.mismatch) return c.mismatch;
  const g = (x: number): string => (Number.isFinite(x) ? x.toExponential(2) : String(x));
  return `max abs err ${g(c.maxAbs)}, max rel err ${g(c.maxRel)}${c.bad ? ` (${c.bad} of ${elements} elements out of tolerance)` : ''}`;
}
