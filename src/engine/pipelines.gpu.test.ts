// Pipelines live with the device: loading a model again, or a program compiled from it, or the
// same model compiled with other options that keep some kernels, creates no pipeline twice.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { openDevice } from '../runtime/device';
import { gpuProfile, loadProgramOn, openModel, readProgram, writeProgram } from '.';

it('a second load of a model, or of its compiled program, on one device creates no pipeline', async () => {
  const { device } = await openDevice();
  let created = 0;
  const make = device.createComputePipelineAsync.bind(device);
  device.createComputePipelineAsync = (d: GPUComputePipelineDescriptor) => { created++; return make(d); };
  try {
    const model = openModel(readFileSync(join(__dirname, '../../public/models/tiny-cnn.onnx')), { fileName: 'tiny-cnn.onnx' });
    const program = model.compile({ gpu: gpuProfile(device) });
    const first = await program.load(device);
    const kernels = created;
    expect(kernels).toBe(first.dispatchCount); // the tiny CNN's 8 kernels are distinct
    const again = await program.load(device);
    const shipped = await loadProgramOn(device, readProgram(writeProgram(program.output, { profile: gpuProfile(device), constants: model.constants })), () => undefined);
    expect(created).toBe(kernels);
    // Per subgraph, the same kernels in more partitions: still none new.
    const split = await model.compile({ gpu: gpuProfile(device), granularity: 'per-subgraph' }).load(device);
    expect(created).toBe(kernels);
    for (const p of [first, again, shipped, split]) p.destroy();
  } finally {
    device.destroy();
  }
});
