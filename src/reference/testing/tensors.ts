// Test helpers for the reference kernels: tensors from plain number lists, their values back as
// numbers, one-op evaluation with plain-value attributes, and closeness checks with stated tolerances.
import { expect } from 'vitest';
import { type AttrInput, attrs } from '../../ir/ops/test-cases';
import { type ElementType, tensorType } from '../../ir/types';
import { bfloat16ToFloat, floatToHalf, halfToFloat, type HostTensor, allocTensor } from '../../core';
import { evaluateOp } from '../interpreter';

/** A tensor of `element` holding `values` (float16 rounded to half, bfloat16 holding its bits as given, int64 and uint64 as BigInt). */
export function tensor(shape: readonly number[], values: readonly number[], element: ElementType = 'float32'): HostTensor {
  const t = allocTensor(shape, element);
  if (values.length !== t.data.length) throw new Error(`test tensor ${shape.join('x')} needs ${t.data.length} values, got ${values.length}`);
  const d = t.data as unknown as { [i: number]: number | bigint };
  values.forEach((v, i) => {
    d[i] = element === 'float16' ? floatToHalf(Math.fround(v)) : element === 'int64' || element === 'uint64' ? BigInt(v) : v;
  });
  return { type: tensorType(shape, element), data: t.data };
}

/** A tensor's values as numbers (float16 and bfloat16 decoded, int64 and uint64 through Number). */
export function values(t: HostTensor): number[] {
  if (t.type.element === 'float16') return Array.from(t.data as Uint16Array, halfToFloat);
  if (t.type.element === 'bfloat16') return Array.from(t.data as Uint16Array, bfloat16ToFloat);
  return Array.from(t.data as ArrayLike<number | bigint>, Number);
}

/** Evaluates one op with plain-value attributes (integers → int attributes, as the IR tests write them). */
export function run(op: string, inputs: HostTensor[], a: Readonly<Record<string, AttrInput>> = {}, results?: number): HostTensor[] {
  return evaluateOp(op, inputs, attrs(a), results);
}

/** The one result of `op`, as shape and values. */
export function run1(op: string, inputs: HostTensor[], a: Readonly<Record<string, AttrInput>> = {}): { shape: readonly number[]; v: number[] } {
  const [r] = run(op, inputs, a);
  return { shape: r!.type.shape, v: values(r!) };
}

/** Every value within `rel` relative (or `abs` absolute, for values near 0) of the expected one; NaN matches NaN. */
export function expectClose(actual: readonly number[], expected: readonly number[], rel = 1e-6, abs = 1e-7): void {
  expect(actual.length).toBe(expected.length);
  const bad = actual.map((a, i) => [i, a, expected[i]!] as const).filter(([, a, e]) =>
    !(Object.is(a, e) || (Number.isNaN(a) && Number.isNaN(e)) || Math.abs(a - e) <= Math.max(abs, rel * Math.abs(e))));
  expect(bad.slice(0, 5), `${bad.length} values differ (index, actual, expected)`).toEqual([]);
}
