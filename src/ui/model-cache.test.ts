import { describe, expect, it } from 'vitest';
import { DEFAULT_GPU_PROFILE } from '../engine/load';
import type { CompileOptions } from './compile-options';
import { cacheKey } from './model-cache';
import type { ModelSource } from './sources';

describe('compile cache key', () => {
  const source: ModelSource = { kind: 'text', name: 'm.mlir', text: 'cgc.module {}' };
  const options: CompileOptions = { granularity: 'coarse', fusion: true, targets: ['webgpu', 'webgpu-fallback', 'cpu-reference'] };
  const targets = options.targets;
  const swiftshader = { adapter: 'google / swiftshader /  / SwiftShader driver', profile: DEFAULT_GPU_PROFILE };

  it('is the same for the same model, options and adapter', async () => {
    expect(await cacheKey(source, options, targets, swiftshader)).toBe(await cacheKey(source, options, targets, { ...swiftshader }));
    expect(await cacheKey(source, options, targets, swiftshader)).toMatch(/^[0-9a-f]{64}$/);
  });

  it('differs by adapter, by the features and limits compiled for, and without WebGPU', async () => {
    const base = await cacheKey(source, options, targets, swiftshader);
    const others = [
      { ...swiftshader, adapter: 'nvidia / ampere / 2204 / NVIDIA RTX 3090' },
      { ...swiftshader, profile: { ...DEFAULT_GPU_PROFILE, features: ['shader-f16'] } },
      { ...swiftshader, profile: { ...DEFAULT_GPU_PROFILE, limits: { ...DEFAULT_GPU_PROFILE.limits, maxStorageBuffersPerShaderStage: 12 } } },
      undefined,
    ];
    for (const d of others) expect(await cacheKey(source, options, targets, d)).not.toBe(base);
  });

  it('differs by model bytes, granularity, arenas and targets', async () => {
    const base = await cacheKey(source, options, targets, swiftshader);
    expect(await cacheKey({ ...source, text: 'cgc.module { }' }, options, targets, swiftshader)).not.toBe(base);
    expect(await cacheKey(source, { ...options, granularity: 'per-subgraph' }, targets, swiftshader)).not.toBe(base);
    expect(await cacheKey(source, { ...options, arenas: 'per-branch' }, targets, swiftshader)).not.toBe(base);
    expect(await cacheKey(source, { ...options, arenas: 'one' }, targets, swiftshader)).toBe(base);
    expect(await cacheKey(source, options, ['webgpu-fallback', 'cpu-reference'], swiftshader)).not.toBe(base);
  });
});
