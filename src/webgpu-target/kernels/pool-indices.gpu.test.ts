// max_pool_indices (MaxPool's Indices output) on real WebGPU against the CPU reference, exactly:
// 1-D to 3-D windows with strides, padding (never chosen), dilations, ceil_mode, both storage
// orders, several planes, and float16/int8 data whose few distinct values make ties (first wins).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDevice } from '../../runtime/device';
import { type Case, expectClose, prepareCase, runCase } from '../testing/cases';

let device: GPUDevice;
beforeAll(async () => { device = (await openDevice()).device; });
afterAll(() => device?.destroy());

const indices = (x: string, attrs: Record<string, number[] | number | boolean>): Case => ({
  name: `${x} ${JSON.stringify(attrs)}`, args: [x], ops: [{ op: 'max_pool_indices', in: ['a'], attrs }],
});

const CASES: Case[] = [
  indices('1x3x5x5xf32', { window_size: [2, 2], strides: [2, 2] }),
  indices('2x2x5x5xf32', { window_size: [3, 3], start_padding: [1, 1], end_padding: [1, 1], storage_order: 1 }),
  indices('1x2x7x6xf32', { window_size: [2, 3], strides: [2, 1], dilations: [2, 2] }),
  indices('1x1x5x5xf32', { window_size: [2, 2], strides: [2, 2], ceil_mode: true }),
  indices('2x3x9xf32', { window_size: [4], strides: [2], start_padding: [2], end_padding: [1] }),
  indices('1x2x3x4x5xf32', { window_size: [2, 2, 2], storage_order: 1 }),
  indices('1x4x6x6xf16', { window_size: [3, 3], strides: [1, 1] }),
  indices('1x4x6x6xi8', { window_size: [2, 2], strides: [1, 2] }),
  indices('1x2x6x6xu8', { window_size: [3, 2], start_padding: [1, 0], end_padding: [1, 1], storage_order: 1 }),
];

describe('max_pool_indices on WebGPU vs CPU reference', () => {
  for (const [i, c] of CASES.entries()) {
    it(c.name, async () => {
      const { inputs, want, state } = prepareCase(c, 500 + i);
      const { got, targets } = await runCase(device, state, inputs);
      expect(targets).toEqual(['webgpu-fallback']);
      expectClose(got, want, c.name, 0, 0);
    });
  }
});
