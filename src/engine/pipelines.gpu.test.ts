// Pipelines live with the device: loading a model again, or a program compiled from it, or the
// same model compiled with other options that keep some kernels, creates no pipeline twice; and
// layers whose kernels differ only in their sizes share one (sizes as uniforms).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { openDevice } from '../runtime/device';
import { ensureModels } from '../compiler/testing/models';
import { gpuProfile, loadProgramOn, openModel, readProgram, writeProgram } from '.';
import { countPipelines } from './testing';

it('a second load of a model, or of its compiled program, on one device creates no pipeline', async () => {
  const { device } = await openDevice();
  const created = countPipelines(device);
  try {
    const model = openModel(readFileSync(join(__dirname, '../../public/models/tiny-cnn.onnx')), { fileName: 'tiny-cnn.onnx' });
    const program = model.compile({ gpu: gpuProfile(device), sizeUniforms: true });
    const first = await program.load(device);
    const kernels = created();
    // The tiny CNN's 8 kernels in their first tier (docs/webgpu-target.md, "Kernel tiers"): its three 3×3 convolutions share a pipeline.
    expect(first.dispatchCount).toBe(8);
    expect(kernels).toBe(6);
    const again = await program.load(device);
    const shipped = await loadProgramOn(device, readProgram(writeProgram(program.output, { profile: gpuProfile(device), constants: model.constants })), () => undefined);
    expect(created()).toBe(kernels);
    // Per subgraph, the same kernels in more partitions: still none new.
    const split = await model.compile({ gpu: gpuProfile(device), granularity: 'per-subgraph', sizeUniforms: true }).load(device);
    expect(created()).toBe(kernels);
    for (const p of [first, again, shipped, split]) p.destroy();
  } finally {
    device.destroy();
  }
});

/** ResNet-50's distinct pipelines before its first result (its first tier), under the default profile: 47 in its final tier. */
const RESNET50_PIPELINES = 5;
const models = ensureModels(['resnet50']);

// Skipped only outside CI where python3-torch is absent (CI installs it; ensureModels then throws if it cannot export).
it.skipIf(!models)(`ResNet-50 (default profile) creates at most ${RESNET50_PIPELINES} pipelines before its first result`, async () => {
  const { device } = await openDevice();
  const created = countPipelines(device);
  try {
    const model = openModel(readFileSync(models!.get('resnet50')!), { fileName: 'resnet50.onnx' });
    const loaded = await model.compile({}).load(device);
    // Its first tier: one kernel per convolution (K whole), against 99 once settled.
    expect(loaded.dispatchCount).toBe(56);
    expect(created()).toBeLessThanOrEqual(RESNET50_PIPELINES);
    console.log(`resnet50: ${created()} pipelines for ${loaded.dispatchCount} dispatches`);
    loaded.destroy();
  } finally {
    device.destroy();
  }
}, 600_000);
