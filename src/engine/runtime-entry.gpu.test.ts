// The runtime-only entry on Dawn: a committed program runs with no op defined in this process (the
// entry registers none) and computes exactly what the full engine's loader computes; a program with
// host partitions is refused by name unless the CPU reference is passed as a host target.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getOpDef } from '../ir/registry';
import { type HostTensor, allocTensor, loadProgram, requestDevice, tensorBytes } from './runtime-entry';

const COMMITTED = join(__dirname, '../../tests/programs/spec-7layer.v1.mlirbc');

/** Inputs of `types`, filled with a fixed pattern (no random helper: it would pull in the op definitions). */
function patterned(types: readonly { shape: readonly number[]; element: string }[]): HostTensor[] {
  return types.map((t, k) => {
    const tensor = allocTensor(t.shape, t.element as 'float32');
    const data = tensor.data as Float32Array;
    for (let i = 0; i < data.length; i++) data[i] = Math.sin(i * 0.37 + k) * 0.5;
    return tensor;
  });
}

const bytesOf = (ts: readonly HostTensor[]) => ts.map((t) => Array.from(tensorBytes(t)));

describe('dxcgc-web/runtime', () => {
  let device: GPUDevice;
  beforeAll(async () => { device = await requestDevice(); });
  afterAll(() => device?.destroy());

  it('runs a committed program with no op definitions loaded, exactly as the full engine does', async () => {
    expect(getOpDef('matmul')).toBeUndefined();
    const bytes = new Uint8Array(readFileSync(COMMITTED));
    const program = await loadProgram(device, bytes, { fileName: 'spec-7layer.v1.mlirbc' });
    const inputs = patterned(program.inputTypes);
    const ours = (await program.run(inputs)).outputs;
    program.destroy();
    // The full engine (which defines every op) loads the same program.
    const engine = await import('./index');
    expect(getOpDef('matmul')).toBeDefined();
    const full = await engine.loadProgramOn(device, engine.readProgram(bytes), () => undefined);
    expect(bytesOf((await full.run(inputs)).outputs)).toEqual(bytesOf(ours));
    full.destroy();
  });

  it('refuses a program with host partitions by name, and runs it with the CPU reference given', async () => {
    const engine = await import('./index');
    const { createReferenceTarget } = await import('./reference-entry');
    const model = engine.openModel(readFileSync(join(__dirname, '../../public/models/tiny-cnn.onnx')), { fileName: 'tiny-cnn.onnx' });
    const hostOnly = engine.writeProgram(model.compile({ targets: ['cpu-reference'], granularity: 'coarse' }).output, {
      profile: engine.gpuProfile(device), constants: model.constants,
    });
    await expect(loadProgram(device, hostOnly, { fileName: 'host.mlirbc' })).rejects.toThrow(
      /^partition @\w+ runs on 'cpu-reference' \(cgc_op\.add, cgc_op\.convolution, .*cgc_op\.softmax\), which records no GPU kernels: pass a target named 'cpu-reference' as `hostTargets`/,
    );
    const program = await loadProgram(device, hostOnly, { hostTargets: [createReferenceTarget()] });
    const inputs = patterned(program.inputTypes);
    const ours = (await program.run(inputs)).outputs;
    const full = await model.compile({ targets: ['cpu-reference'], granularity: 'coarse' }).load(device);
    expect(bytesOf((await full.run(inputs)).outputs)).toEqual(bytesOf(ours));
    program.destroy();
    full.destroy();
  });

  it('refuses bytes that are not a program, and a program whose weights are elsewhere without them', async () => {
    await expect(loadProgram(device, new Uint8Array([1, 2, 3]), { fileName: 'x.mlirbc' })).rejects.toThrow(/x\.mlirbc/);
    const engine = await import('./index');
    const model = engine.openModel(readFileSync(join(__dirname, '../../public/models/tiny-cnn.onnx')), { fileName: 'tiny-cnn.onnx' });
    const named = engine.writeProgram(model.compile({ gpu: engine.gpuProfile(device) }).output, { profile: engine.gpuProfile(device), weightsFile: 'tiny.safetensors' });
    await expect(loadProgram(device, named, { fileName: 'tiny.mlirbc' })).rejects.toThrow(
      "tiny.mlirbc names its weights file 'tiny.safetensors' instead of carrying its weights: pass that file's bytes as `weights`",
    );
  });
});
