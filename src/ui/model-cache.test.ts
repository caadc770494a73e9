import { describe, expect, it } from 'vitest';
import { DEFAULT_GPU_PROFILE } from '../engine/load';
import type { CompileResponse } from '../engine/service';
import type { CompileOptions } from './compile-options';
import { type KeyValueStore, ModelCache, modelHash, optionsHash } from './model-cache';
import type { ModelSource } from './sources';

const MiB = 1024 * 1024;

/** A Map as the store, counting what it holds by itself: typed arrays by their bytes, strings by their length. */
class FakeStore implements KeyValueStore {
  readonly map = new Map<string, unknown>();
  async get<T>(key: string): Promise<T | undefined> { return this.map.get(key) as T | undefined; }
  async set(key: string, value: unknown): Promise<void> { this.map.set(key, structuredClone(value)); }
  async del(key: string): Promise<void> { this.map.delete(key); }
  async clear(): Promise<void> { this.map.clear(); }
  /** IndexedDB would store a view's whole buffer. */
  static bytesOf(v: unknown): number {
    if (ArrayBuffer.isView(v)) return v.buffer.byteLength;
    if (typeof v === 'string') return v.length;
    if (typeof v === 'object' && v !== null) return Object.values(v).reduce((n: number, x) => n + FakeStore.bytesOf(x), 0);
    return 8;
  }
  get bytes(): number {
    return [...this.map.values()].reduce((n: number, v) => n + FakeStore.bytesOf(v), 0);
  }
}

const options: CompileOptions = { granularity: 'coarse', fusion: true, targets: ['webgpu', 'webgpu-fallback', 'cpu-reference'] };
const swiftshader = { adapter: 'google / swiftshader /  / SwiftShader driver', profile: DEFAULT_GPU_PROFILE };

/** An ONNX model of `mib` MiB (all weights), and a compile result that carries its weights as constants, as the worker returns it. */
function onnxModel(mib: number, seed: number): { source: ModelSource; result: (i: number) => CompileResponse } {
  const bytes = new Uint8Array(mib * MiB);
  for (let i = 0; i < bytes.length; i++) bytes[i] = (i * seed) & 0xff;
  const source: ModelSource = { kind: 'onnx', name: `m${seed}.onnx`, bytes, externalFiles: {} };
  const result = (i: number): CompileResponse => ({
    ok: true, diagnostics: [], inputText: `cgc.module { // ${i}\n}`, outputText: 'o'.repeat(50_000 + i), kernels: [{ symbol: 's', target: 'webgpu', kernels: [{ name: 'k', wgsl: '@compute fn main() {}' }] }],
    constants: { w0: bytes.subarray(0, bytes.length / 2), w1: bytes.subarray(bytes.length / 2) },
  });
  return { source, result };
}

describe('compile cache keys', () => {
  const source: ModelSource = { kind: 'text', name: 'm.mlir', text: 'cgc.module {}' };
  const targets = options.targets;

  it('hash the model\'s files, and apart from them the options and the adapter', async () => {
    expect(await modelHash(source)).toBe(await modelHash({ ...source }));
    expect(await modelHash(source)).toMatch(/^[0-9a-f]{64}$/);
    expect(await modelHash({ ...source, text: 'cgc.module { }' })).not.toBe(await modelHash(source));
    expect(await modelHash({ ...source, weights: new Uint8Array([1]) })).not.toBe(await modelHash({ ...source, weights: new Uint8Array([2]) }));
    expect(await optionsHash(options, targets, swiftshader)).toBe(await optionsHash({ ...options }, [...targets], { ...swiftshader }));
  });

  it('differ by adapter, by the features and limits compiled for, without WebGPU, and by granularity, arenas and targets', async () => {
    const base = await optionsHash(options, targets, swiftshader);
    const others = [
      optionsHash(options, targets, { ...swiftshader, adapter: 'nvidia / ampere / 2204 / NVIDIA RTX 3090' }),
      optionsHash(options, targets, { ...swiftshader, profile: { ...DEFAULT_GPU_PROFILE, features: ['shader-f16'] } }),
      optionsHash(options, targets, { ...swiftshader, profile: { ...DEFAULT_GPU_PROFILE, limits: { ...DEFAULT_GPU_PROFILE.limits, maxStorageBuffersPerShaderStage: 12 } } }),
      optionsHash(options, targets, undefined),
      optionsHash({ ...options, granularity: 'per-subgraph' }, targets, swiftshader),
      optionsHash({ ...options, arenas: 'per-branch' }, targets, swiftshader),
      optionsHash(options, ['webgpu-fallback', 'cpu-reference'], swiftshader),
    ];
    for (const h of await Promise.all(others)) expect(h).not.toBe(base);
    expect(await optionsHash({ ...options, arenas: 'one' }, targets, swiftshader)).toBe(base);
  });
});

describe('compile cache', () => {
  it('stores a model\'s weights once: six option changes cost the compile results, not six more copies of the weights', async () => {
    const store = new FakeStore();
    const cache = new ModelCache(store);
    const { source, result } = onnxModel(10, 7);
    const model = await modelHash(source);
    expect(await cache.rememberModel(model, { source, options })).toBeUndefined();
    let results = 0;
    for (let i = 0; i < 6; i++) {
      const r = result(i);
      expect(await cache.rememberCompile(model, `options${i}`, r)).toBeUndefined();
      const { constants: _, ...withoutWeights } = r;
      results += FakeStore.bytesOf(withoutWeights);
      // The model is opened again: its files are not written again.
      expect(await cache.rememberModel(model, { source, options })).toBeUndefined();
    }
    const weights = 10 * MiB;
    // Everything beside the weights and the six results (the index, the last-model pointer) is small.
    expect(store.bytes).toBeLessThanOrEqual(weights + results + 4096);
    expect(results).toBeGreaterThan(6 * 50_000);
    // Before: each compile entry held the weights again (7 copies of them for one model and six options).
    expect(store.bytes).toBeLessThan(2 * weights);
    const cached = await cache.compiled(model, 'options3');
    expect(cached?.outputText).toBe(result(3).outputText);
    expect(cached?.constants).toBeUndefined();
    expect(await modelHash((await cache.lastModel())!.source)).toBe(model);
    expect(await cache.usage()).toMatchObject({ models: 1, compiles: 6, quotaBytes: 512 * MiB });
  });

  it('drops the least recently used entries past the quota, and refuses an entry larger than it', async () => {
    const store = new FakeStore();
    const cache = new ModelCache(store, 2 * MiB + 120_000);
    const a = onnxModel(1, 3);
    const b = onnxModel(1, 5);
    const [ha, hb] = await Promise.all([modelHash(a.source), modelHash(b.source)]);
    await cache.rememberModel(ha, { source: a.source, options });
    await cache.rememberCompile(ha, 'o1', a.result(1));
    await cache.rememberCompile(ha, 'o2', a.result(2));
    // A's o1 used again: o2 is now the least recently used.
    expect(await cache.compiled(ha, 'o1')).toBeDefined();
    await cache.rememberModel(hb, { source: b.source, options });
    expect((await cache.usage()).compiles).toBe(2);
    await cache.rememberCompile(hb, 'o1', b.result(1));
    expect((await cache.usage()).bytes).toBeLessThanOrEqual(2 * MiB + 120_000);
    expect([...store.map.keys()].sort()).toEqual([`compiled:${ha}:o1`, `compiled:${hb}:o1`, 'index', 'last-model', `model:${ha}`, `model:${hb}`].sort());
    expect(await cache.compiled(ha, 'o2')).toBeUndefined();
    expect((await cache.lastModel())?.source.name).toBe('m5.onnx');

    // A lower quota: the last model's files go, and the pointer to them with them.
    await cache.setQuota(MiB / 2);
    expect(await cache.usage()).toMatchObject({ models: 0, compiles: 1 });
    expect(await cache.lastModel()).toBeUndefined();
    expect(store.map.has('last-model')).toBe(false);
    expect(await cache.rememberModel(ha, { source: a.source, options })).toBe('1.0 MiB is more than the cache quota of 0.5 MiB');
    expect(store.map.has(`model:${ha}`)).toBe(false);
  });

  it('clears entries of the earlier layout (weights stored with every compile) on first use', async () => {
    const store = new FakeStore();
    await store.set('compiled:' + 'f'.repeat(64), { ok: true, diagnostics: [], constants: { w: new Uint8Array(1000) } });
    await store.set('last-model', { source: { kind: 'text', name: 'old.mlir', text: '' }, options });
    const cache = new ModelCache(store);
    expect(await cache.lastModel()).toBeUndefined();
    expect([...store.map.keys()]).toEqual([]);
    expect(await cache.usage()).toMatchObject({ bytes: 0, models: 0, compiles: 0 });
  });
});
