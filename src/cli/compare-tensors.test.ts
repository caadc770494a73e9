// compareTensors: numpy's assert_allclose rule (NaN equals NaN), exact integers, type mismatches.
import { expect, it } from 'vitest';
import { type ElementType, tensorType } from '../ir';
import { floatToHalf, type HostTensor, type TypedData } from '../core';
import { ONNX_TOLERANCE, compareTensors, describeComparison } from './compare-tensors';
import { INT_RANGE, randomInputs } from './random-inputs';

const t = (element: ElementType, data: TypedData, shape = [data.length]): HostTensor => ({ type: tensorType(shape, element), data });
const f32 = (...v: number[]): HostTensor => t('float32', Float32Array.from(v));

it('passes within atol + rtol·|expected|, with NaN equal to NaN and equal infinities', () => {
  const c = compareTensors(f32(1.0005, NaN, Infinity, 0), f32(1, NaN, Infinity, 0), ONNX_TOLERANCE);
  expect(c.ok).toBe(true);
  expect(c.maxAbs).toBeCloseTo(5e-4, 6);
  expect(c.scale).toBe(1);
});

it('fails outside it, counting the elements and ignoring zero expectations for the relative error', () => {
  const c = compareTensors(f32(1.01, 1e-6, NaN), f32(1, 0, 2), ONNX_TOLERANCE);
  expect(c.ok).toBe(false);
  expect(c.bad).toBe(3);
  expect(describeComparison(compareTensors(f32(1.01, 1e-6), f32(1, 0), ONNX_TOLERANCE), 2))
    .toBe('max abs err 1.00e-2, max rel err 1.00e-2 (2 of 2 elements out of tolerance)');
});

it('compares integers exactly (int64 past 2^53 too) and float16 through its value', () => {
  const big = 2n ** 60n;
  expect(compareTensors(t('int64', BigInt64Array.of(big)), t('int64', BigInt64Array.of(big + 1n)), ONNX_TOLERANCE).ok).toBe(false);
  expect(compareTensors(t('int32', Int32Array.of(3)), t('int32', Int32Array.of(3)), ONNX_TOLERANCE).ok).toBe(true);
  const h = (v: number) => t('float16', Uint16Array.of(floatToHalf(v)));
  expect(compareTensors(h(1), h(1.0009765625), ONNX_TOLERANCE).ok).toBe(true);
  expect(compareTensors(h(1), h(1.5), ONNX_TOLERANCE).ok).toBe(false);
});

it('reports element type and shape mismatches', () => {
  expect(compareTensors(f32(1), t('int32', Int32Array.of(1)), ONNX_TOLERANCE).mismatch).toBe('element type float32, expected int32');
  expect(compareTensors(f32(1, 2), t('float32', Float32Array.of(1, 2), [2, 1]), ONNX_TOLERANCE).mismatch).toBe('shape [2], expected [2, 1]');
});

it('draws the same seeded inputs every time: floats ~ N(0, 1), small non-negative integers', () => {
  const types = [tensorType([4096], 'float32'), tensorType([64], 'int64'), tensorType([64], 'int32')];
  const [a, b] = [randomInputs(types, 5), randomInputs(types, 5)];
  expect(a[0]!.data).toEqual(b[0]!.data);
  expect(randomInputs(types, 6)[0]!.data).not.toEqual(a[0]!.data);
  const xs = [...(a[0]!.data as Float32Array)];
  const mean = xs.reduce((s, x) => s + x, 0) / xs.length;
  const sd = Math.sqrt(xs.reduce((s, x) => s + (x - mean) ** 2, 0) / xs.length);
  expect(Math.abs(mean)).toBeLessThan(0.1);
  expect(Math.abs(sd - 1)).toBeLessThan(0.1);
  expect([...(a[1]!.data as BigInt64Array)].every((v) => v >= 0n && v < BigInt(INT_RANGE))).toBe(true);
  expect([...(a[2]!.data as Int32Array)].every((v) => v >= 0 && v < INT_RANGE)).toBe(true);
});
