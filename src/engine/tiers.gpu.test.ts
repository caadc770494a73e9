// Kernel tiers: a program loads its quick kernels first (GEMMs and convolutions on small tiles, sizes
// as uniforms: few pipelines, each compiled fast) and, after a first run, replaces them with its
// final kernels (tiled for speed, sizes specialized). Each tier alone and the tiered load give the
// CPU reference's results; the tiered load creates the final pipelines only once asked, and
// afterwards runs exactly what a specialized load runs.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDevice } from '../runtime/device';
import { tensor } from '../reference/testing/tensors';
import type { KernelTiers } from '../ir/target';
import { gpuProfile, openModel } from '.';
import { countPipelines } from './testing';

let device: GPUDevice;
beforeAll(async () => { device = (await openDevice()).device; });
afterAll(() => device?.destroy());

const model = openModel(readFileSync(join(__dirname, '../../public/models/tiny-cnn.onnx')), { fileName: 'tiny-cnn.onnx' });
/** The tiny CNN's first tier: its dispatches, and the pipelines they need (layers of one family share one). */
const [QUICK_DISPATCHES, QUICK_PIPELINES] = [8, 6];
const input = tensor([1, 3, 32, 32], Array.from({ length: 3 * 32 * 32 }, (_, i) => Math.sin(i * 0.37) * 2));

/** Max |Δ| between two float32 tensors. */
const maxDiff = (a: ArrayLike<number>, b: ArrayLike<number>) => Array.from(a).reduce((m, v, i) => Math.max(m, Math.abs(v - b[i]!)), 0);

describe('kernel tiers', () => {
  it('each tier alone, and the tiered load before and after it settles, give the CPU reference within 1e-4', async () => {
    const want = await (async () => {
      const loaded = await model.compile({ targets: ['cpu-reference'] }).load(device);
      try { return (await loaded.run([input])).outputs[0]!.data as Float32Array; } finally { loaded.destroy(); }
    })();
    // Compiled with sizes as literals (the default) and as uniforms: the same tiers either way.
    for (const sizeUniforms of [false, true]) {
      const program = model.compile({ gpu: gpuProfile(device), sizeUniforms });
      const results = new Map<string, Float32Array>();
      for (const tiers of ['generic', 'specialized', 'tiered'] as KernelTiers[]) {
        const loaded = await program.load(device, { tiers });
        try {
          results.set(tiers, (await loaded.run([input])).outputs[0]!.data as Float32Array);
          await loaded.settle();
          results.set(`${tiers} settled`, (await loaded.run([input])).outputs[0]!.data as Float32Array);
        } finally {
          loaded.destroy();
        }
      }
      for (const [tiers, got] of results) expect(maxDiff(got, want), `${tiers}, sizes as ${sizeUniforms ? 'uniforms' : 'literals'}`).toBeLessThan(1e-4);
      // Before it settles a tiered load runs the quick kernels, after it the final ones: the same code, the same bits.
      expect([...results.get('tiered')!]).toEqual([...results.get('generic')!]);
      expect([...results.get('tiered settled')!]).toEqual([...results.get('specialized')!]);
    }
  });

  it('a tiered load creates only the quick pipelines, and the final ones when it settles', async () => {
    // A device of its own: the pipeline cache lives with the device.
    const own = (await openDevice()).device;
    const made = countPipelines(own);
    const loaded = await model.compile({ gpu: gpuProfile(own) }).load(own);
    try {
      const generic = made();
      expect(loaded.dispatchCount).toBe(QUICK_DISPATCHES);
      expect(generic).toBe(QUICK_PIPELINES);
      await loaded.run([input]);
      await loaded.settle();
      // Every kernel with sizes gets its specialized pipeline; asking again creates nothing.
      const specialized = made() - generic;
      expect(specialized).toBeGreaterThanOrEqual(7);
      await loaded.settle();
      await loaded.run([input]);
      expect(made() - generic).toBe(specialized);
    } finally {
      loaded.destroy();
      own.destroy();
    }
  });
});
