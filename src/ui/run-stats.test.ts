// Run numbers and overlays: medians, max abs error (NaN rules, float16 bits), and which graph nodes a
// partition time or a node's error shades.
import { describe, expect, it } from 'vitest';
import { allocTensor } from '../core';
import type { GraphModel, GraphNode } from './graph-model';
import { errorOverlay, timeOverlay } from './run-overlay';
import { maxAbsError } from './run-stats';
import { medianTimings } from '../engine/report';

const f32 = (values: number[]) => {
  const t = allocTensor([values.length], 'float32');
  (t.data as Float32Array).set(values);
  return t;
};

describe('run stats', () => {
  it('takes medians per partition across runs', () => {
    const t = (partition: string, ms: number) => ({ partition, target: 'webgpu', ms, source: 'gpu-timestamp' as const });
    expect(medianTimings([[t('a', 1), t('b', 9)], [t('a', 3), t('b', 7)], [t('a', 2), t('b', 8)]]).map((x) => x.ms)).toEqual([2, 8]);
  });

  it('measures max abs error; NaN matches NaN only; mismatched shapes are infinitely wrong', () => {
    expect(maxAbsError(f32([1, 2, 3]), f32([1, 2.5, 2]))).toBe(1);
    expect(maxAbsError(f32([NaN, 1]), f32([NaN, 1]))).toBe(0);
    expect(maxAbsError(f32([NaN, 1]), f32([0, 1]))).toBe(Infinity);
    expect(maxAbsError(f32([1, 2]), f32([1, 2, 3]))).toBe(Infinity);
    const a = allocTensor([1], 'float16'), b = allocTensor([1], 'float16');
    a.data[0] = 0x3c00; // 1.0
    b.data[0] = 0x4000; // 2.0
    expect(maxAbsError(a, b)).toBe(1);
  });
});

describe('run overlays', () => {
  const node = (id: string, kind: GraphNode['kind'], group?: number): GraphNode =>
    ({ id, kind, op: kind, attrs: [], inputs: [], outputs: [], ...(group !== undefined ? { group } : {}) });
  // in → a (@g0, partition p0) → b (@g1, partition p1) → return #0
  const model: GraphModel = {
    nodes: [node('%in', 'input'), node('%a', 'op', 0), node('%b', 'op', 1), node('return #0', 'output')],
    edges: [[0, 1], [1, 2], [2, 3]],
    edgeTypes: ['', '', ''],
    groups: [
      { symbol: 'g0', target: 'webgpu', pattern: 'x', partition: 0, step: 0 },
      { symbol: 'g1', target: 'webgpu-fallback', pattern: 'y', partition: 1, step: 1 },
    ],
    partitions: [{ name: 'p0', target: 'webgpu' }, { name: 'p1', target: 'webgpu-fallback' }],
    regions: [],
  };

  it('shades ops by their partition time relative to the slowest', () => {
    const o = timeOverlay(model, [
      { partition: 'p0', target: 'webgpu', ms: 10, source: 'gpu-timestamp' },
      { partition: 'p1', target: 'webgpu-fallback', ms: 1, source: 'gpu-timestamp' },
    ]);
    expect([...o.nodeClass]).toEqual([[1, 'heat-5'], [2, 'heat-1']]);
    expect(o.groupText.get(0)).toBe('partition 10.00 ms');
  });

  it('colours each compared node by its error, marks fused ops, and leaves uncompared ops grey', () => {
    const o = errorOverlay(model, new Map([[2, { maxAbs: 0.5, source: 'subgraph' as const }], [3, { maxAbs: 1e-6, source: 'output' as const }]]), new Map([[1, 0.5]]));
    expect(o.nodeClass.get(1)).toBe('err-none');
    expect(o.nodeClass.get(2)).toBe('err-bad err-fused');
    expect(o.nodeValue.get(2)).toBe('5.00e-1');
    expect(o.nodeClass.get(3)).toBe('err-ok');
    expect(o.nodeClass.has(0)).toBe(false);
    expect(o.groupText.get(1)).toBe('max err 5.00e-1');
    expect(errorOverlay(model, new Map([[2, { maxAbs: 5e-3, source: 'value' as const }]]), new Map()).nodeClass.get(2)).toBe('err-warn');
  });
});
