// A device's profile is part of the app's cache keys, so equal devices must give equal profiles.
import { describe, expect, it } from 'vitest';
import { DEFAULT_GPU_PROFILE, gpuProfile } from './limits';

const fakeDevice = (features: string[]) => ({ features: new Set(features), limits: { ...DEFAULT_GPU_PROFILE.limits, maxBufferSize: 1 << 30 } }) as unknown as GPUDevice;

describe('gpuProfile', () => {
  it('lists features in one order whatever order the device reports them in', () => {
    const a = gpuProfile(fakeDevice(['timestamp-query', 'subgroups', 'core-features-and-limits']));
    const b = gpuProfile(fakeDevice(['subgroups', 'core-features-and-limits', 'timestamp-query']));
    expect(JSON.stringify(a)).toBe(JSON.stringify(b));
    expect(a.features).toEqual(['core-features-and-limits', 'subgroups', 'timestamp-query']);
    expect(a.limits.maxBufferSize).toBe(1 << 30);
  });
});
