// The library API end to end: read, compile for the device, load, run — and record the program
// into the caller's own command encoder with the caller's buffers, getting the same result.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readSafetensors } from '../ir/safetensors';
import { createRuntime, gpuProfile, openModel, tensorBytes, tensorFromBytes } from '.';

const DIR = join(__dirname, '../../tests/golden/spec');

describe('library API', () => {
  it('runs, records into a caller encoder with caller buffers, and submits with them', async () => {
    const weights = readSafetensors(readFileSync(join(DIR, 'spec-7layer.safetensors')));
    const text = readFileSync(join(__dirname, '../../tests/compile/spec-7layer.mlir'), 'utf8');
    const constants = new Map([...weights.tensors].map(([k, t]) => [k, t.data]));
    const model = openModel(text.replace(/cgc\.constant\("(\w+)"\)/g, (m, n: string) => `${m} : !cgc.tensor<constant ${weights.tensors.get(n)!.type.shape.join('x')}x!cgc.float32>`), { constants });
    const runtime = await createRuntime();
    const program = await runtime.load(model.compile({ gpu: gpuProfile(runtime.device) }));
    const input = tensorFromBytes({ kind: 'tensor', shape: [1, 1, 4, 4], element: 'float32', constant: false }, new Uint8Array(new Float32Array(16).map((_, i) => i / 8 - 1).buffer));
    const viaRun = (await program.run([input])).outputs[0]!;

    const device = runtime.device;
    const inBuf = device.createBuffer({ size: 64, usage: GPUBufferUsage.STORAGE | GPUBufferUsage.COPY_DST });
    const outBuf = device.createBuffer({ size: 256, usage: GPUBufferUsage.STORAGE | GPUBufferUsage.COPY_SRC });
    const read = device.createBuffer({ size: 256, usage: GPUBufferUsage.MAP_READ | GPUBufferUsage.COPY_DST });
    device.queue.writeBuffer(inBuf, 0, tensorBytes(input) as Uint8Array<ArrayBuffer>);
    const encoder = device.createCommandEncoder();
    program.record(encoder, { inputs: [{ buffer: inBuf }], outputs: [{ buffer: outBuf }] });
    encoder.copyBufferToBuffer(outBuf, 0, read, 0, 256);
    device.queue.submit([encoder.finish()]);
    await read.mapAsync(GPUMapMode.READ);
    const recorded = new Float32Array(read.getMappedRange().slice(0));
    expect([...recorded]).toEqual([...(viaRun.data as Float32Array)]);
    expect(() => program.record(encoder, { inputs: [], outputs: [] })).toThrow('the program binds 1 input(s) and 1 output(s)');
    // Submitted by the runtime in chunks: the same outputs in the caller's buffers.
    device.queue.writeBuffer(outBuf, 0, new Float32Array(64));
    expect(program.submit({ inputs: [{ buffer: inBuf }], outputs: [{ buffer: outBuf }] })).toBeGreaterThanOrEqual(1);
    const copy = device.createCommandEncoder();
    copy.copyBufferToBuffer(outBuf, 0, read, 0, 256);
    read.unmap();
    device.queue.submit([copy.finish()]);
    await read.mapAsync(GPUMapMode.READ);
    expect([...new Float32Array(read.getMappedRange().slice(0))]).toEqual([...(viaRun.data as Float32Array)]);
    program.destroy();
    device.destroy();
  });

  it('recovers from a lost device: the next run re-creates it and re-uploads', async () => {
    const weights = readSafetensors(readFileSync(join(DIR, 'spec-7layer.safetensors')));
    const text = readFileSync(join(__dirname, '../../tests/compile/spec-7layer.mlir'), 'utf8');
    const constants = new Map([...weights.tensors].map(([k, t]) => [k, t.data]));
    const model = openModel(text.replace(/cgc\.constant\("(\w+)"\)/g, (m, n: string) => `${m} : !cgc.tensor<constant ${weights.tensors.get(n)!.type.shape.join('x')}x!cgc.float32>`), { constants });
    const runtime = await createRuntime();
    const program = await runtime.load(model.compile());
    const input = tensorFromBytes({ kind: 'tensor', shape: [1, 1, 4, 4], element: 'float32', constant: false }, new Uint8Array(new Float32Array(16).fill(0.5).buffer));
    const before = (await program.run([input])).outputs[0]!;
    const first = runtime.device;
    first.destroy();
    await first.lost;
    const after = (await program.run([input])).outputs[0]!;
    expect(runtime.recoveries).toBe(1);
    expect(runtime.device).not.toBe(first);
    expect([...(after.data as Float32Array)]).toEqual([...(before.data as Float32Array)]);
    runtime.device.destroy();
  });
});

