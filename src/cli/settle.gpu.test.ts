// A kernel whose final form (sizes specialized) does not compile on the device: the program runs on
// with its first tier, and the command says which kernel and why instead of failing. The sizes'
// specialization is made to write WGSL that does not compile (kernels compiled with their sizes as
// uniforms, --size-uniforms on, are specialized to them in their final tier).
import { readFileSync } from 'node:fs';
import { expect, it, vi } from 'vitest';
import { openModel } from '../engine/model';
import { openDevice } from '../runtime/device';
import { gpuProfile } from '../webgpu-target/limits';
import { randomInputs } from './random-inputs';
import { TINY_CNN, cgc } from './testing';

vi.mock('../webgpu-target/kernel-spec', async (original) => {
  const actual = await original<typeof import('../webgpu-target/kernel-spec')>();
  return { ...actual, specializeSizes: (wgsl: string, params: Parameters<typeof actual.specializeSizes>[1]) => `${actual.specializeSizes(wgsl, params)}\nconst broken: f32 = ( * 1.0);\n` };
});

it('runs on the first tier where a final kernel does not compile, and says so', async () => {
  const r = await cgc('run', TINY_CNN, '--runs', '2', '--size-uniforms', 'on');
  expect(r.code, r.err).toBe(0);
  expect(r.err).toMatch(/kernel \S+'s final form does not compile on this device \(\d+:\d+ .*\): the program runs on its first tier/);
  expect(r.out).toContain('output');
  const b = await cgc('bench', TINY_CNN, '--runs', '2', '--size-uniforms', 'on');
  expect(b.code, b.err).toBe(0);
  expect(b.err).toContain('final form does not compile on this device');
}, 120_000);

it('keeps why a program settling in the background stays on its first tier', async () => {
  const { device } = await openDevice();
  const model = openModel(new Uint8Array(readFileSync(TINY_CNN)), { fileName: 'tiny-cnn.onnx' });
  const program = await model.compile({ gpu: gpuProfile(device), sizeUniforms: true }).load(device);
  try {
    const inputs = randomInputs(program.inputTypes, 1);
    await program.run(inputs);
    expect(program.settleFailure).toBeUndefined();
    // The second run's result starts the settle in the background; it is not awaited by the caller.
    await program.run(inputs);
    await expect.poll(() => program.settleFailure, { timeout: 60_000 }).toMatch(/^kernel \S+ does not compile/);
    expect(program.settled).toBe(false);
    expect((await program.run(inputs)).outputs).toHaveLength(1);
  } finally {
    program.destroy();
    device.destroy();
  }
}, 120_000);
