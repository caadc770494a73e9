import { describe, expect, test } from 'vitest';
import { type Bar, middleEllipsis, sortBars } from './bar-chart';

describe('middleEllipsis', () => {
  test('keeps short labels and both ends of long ones', () => {
    expect(middleEllipsis('@partition0_webgpu (webgpu)')).toBe('@partition0_webgpu (webgpu)');
    const long = middleEllipsis('@partition1_webgpu_fallback (webgpu-fallback)', 20);
    expect(long).toBe('@partition…fallback)');
    expect(long.length).toBe(20);
  });
});

describe('sortBars', () => {
  const bar = (label: string, ms: number): Bar => ({ label, ms, value: `${ms} ms`, hue: 0, data: {} });
  const bars = [bar('@b #2', 1), bar('@a', 3), bar('@b #10', 2)];
  test('order keeps program order; time puts the slowest first; name sorts numbers as numbers', () => {
    expect(sortBars(bars, 'order').map((b) => b.label)).toEqual(['@b #2', '@a', '@b #10']);
    expect(sortBars(bars, 'time').map((b) => b.ms)).toEqual([3, 2, 1]);
    expect(sortBars(bars, 'name').map((b) => b.label)).toEqual(['@a', '@b #2', '@b #10']);
  });
});
