import { afterEach, describe, expect, it } from 'vitest';
import { dawnFlags } from './device';

describe('dawnFlags', () => {
  const saved = process.env.CGC_DAWN_FLAGS;
  afterEach(() => {
    if (saved === undefined) delete process.env.CGC_DAWN_FLAGS;
    else process.env.CGC_DAWN_FLAGS = saved;
  });

  it('turns on range analysis in the robustness transform by default', () => {
    delete process.env.CGC_DAWN_FLAGS;
    expect(dawnFlags()).toEqual(['enable-dawn-features=enable_integer_range_analysis_in_robustness']);
  });

  it('merges toggle lists from the caller and the environment; disabling wins', () => {
    process.env.CGC_DAWN_FLAGS = 'disable-dawn-features=enable_integer_range_analysis_in_robustness  enable-dawn-features=disable_robustness backend=vulkan';
    expect(dawnFlags(['disable-dawn-features=timestamp_quantization', 'backend=d3d12'])).toEqual([
      'enable-dawn-features=disable_robustness',
      'disable-dawn-features=timestamp_quantization,enable_integer_range_analysis_in_robustness',
      'backend=vulkan',
    ]);
  });
});
