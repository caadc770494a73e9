// The warm-up's pipelines serve the models loaded after it: the tiny CNN's convolutions, pool and
// classifier are the warm-up's first-tier kernels at other sizes, so its load creates only the
// pipelines of what the warm-up does not have. Software adapters are told apart, and warm nothing up
// unless asked (this test asks: SwiftShader is the adapter here).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { openDevice } from '../runtime/device';
import { openModel } from '.';
import { countPipelines } from './testing';
import { isSoftwareAdapter, warmUpFirstTier } from './warm-up';

it('creates the first tier\'s common pipelines, which a model loaded next takes instead of its own', async () => {
  const { device, info } = await openDevice();
  expect(isSoftwareAdapter(info)).toBe(true);
  const created = countPipelines(device);
  try {
    const warmed = await warmUpFirstTier(device);
    expect(warmed.error).toBeUndefined();
    expect(warmed.kernels).toBe(6);
    const byWarmUp = created();
    expect(byWarmUp).toBe(6);
    const model = openModel(readFileSync(join(__dirname, '../../public/models/tiny-cnn.onnx')), { fileName: 'tiny-cnn.onnx' });
    const loaded = await model.compile({}).load(device);
    // Alone the tiny CNN's first tier creates 6 pipelines (pipelines.gpu.test.ts): 4 of them the warm-up made.
    expect(created() - byWarmUp).toBe(TINY_CNN_NEW);
    loaded.destroy();
  } finally {
    device.destroy();
  }
}, 120_000);

it('tells software adapters from GPUs by their fallback flag or their name', () => {
  const gpu = { isFallbackAdapter: false, vendor: 'nvidia', architecture: 'hopper', description: 'NVIDIA H200' };
  expect(isSoftwareAdapter(gpu)).toBe(false);
  expect(isSoftwareAdapter({ ...gpu, isFallbackAdapter: true })).toBe(true);
  expect(isSoftwareAdapter({ isFallbackAdapter: false, vendor: 'google', architecture: 'swiftshader', description: '' })).toBe(true);
  expect(isSoftwareAdapter({ isFallbackAdapter: false, vendor: 'mesa', architecture: '', description: 'llvmpipe (LLVM 15.0.6, 256 bits)' })).toBe(true);
});

/** The tiny CNN's first-tier pipelines the warm-up does not make. */
const TINY_CNN_NEW = 2;
