// openDevice on a real WebGPU (Dawn in Node, SwiftShader here): the summary, and one compute dispatch end to end.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeAdapter, openDevice, requestGpu, type DeviceError, type OpenedDevice } from './device';

const SHADER = /* wgsl */ `
@group(0) @binding(0) var<storage, read> x: array<f32>;
@group(0) @binding(1) var<storage, read_write> y: array<f32>;

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) id: vec3<u32>) {
  let i = id.x;
  if (i < arrayLength(&y)) {
    y[i] = x[i] * 2.0 + 1.0;
  }
}`;

describe('openDevice', () => {
  let opened: OpenedDevice;
  const errors: DeviceError[] = [];

  beforeAll(async () => {
    opened = await openDevice({ onError: (e) => errors.push(e) });
  });
  afterAll(() => opened?.device.destroy());

  it('finds the GPU entry point once', async () => {
    const gpu = await requestGpu();
    expect(gpu).toBeDefined();
    expect(await requestGpu()).toBe(gpu);
  });

  it('summarizes the adapter as plain data', () => {
    const { info } = opened;
    expect(info.vendor.length + info.architecture.length + info.description.length).toBeGreaterThan(0);
    expect(describeAdapter(info)).not.toBe('unknown adapter');
    expect(Array.isArray(info.features)).toBe(true);
    expect(info.limits.maxStorageBufferBindingSize).toBeGreaterThanOrEqual(128 << 20);
    expect(info.limits.maxComputeInvocationsPerWorkgroup).toBeGreaterThanOrEqual(256);
    expect(info.limits.minStorageBufferOffsetAlignment).toBeGreaterThan(0);
    expect(JSON.parse(JSON.stringify(info))).toEqual(info);
    for (const f of ['timestamp-query', 'shader-f16', 'subgroups'] as const) {
      expect(opened.device.features.has(f)).toBe(opened.adapter.features.has(f));
    }
  });

  it('runs y[i] = x[i] * 2 + 1 over 1000 floats', async () => {
    const { device } = opened;
    const n = 1000;
    const x = Float32Array.from({ length: n }, (_, i) => i - 500 + 0.25);
    const bytes = x.byteLength;

    const input = device.createBuffer({ label: 'Test.x', size: bytes, usage: GPUBufferUsage.STORAGE | GPUBufferUsage.COPY_DST });
    const output = device.createBuffer({ label: 'Test.y', size: bytes, usage: GPUBufferUsage.STORAGE | GPUBufferUsage.COPY_SRC });
    const readback = device.createBuffer({ label: 'Test.readback', size: bytes, usage: GPUBufferUsage.MAP_READ | GPUBufferUsage.COPY_DST });
    device.queue.writeBuffer(input, 0, x);

    device.pushErrorScope('validation');
    const pipeline = await device.createComputePipelineAsync({
      label: 'Test.pipeline',
      layout: 'auto',
      compute: { module: device.createShaderModule({ label: 'Test.shader', code: SHADER }), entryPoint: 'main' },
    });
    const bindGroup = device.createBindGroup({
      label: 'Test.bindGroup',
      layout: pipeline.getBindGroupLayout(0),
      entries: [
        { binding: 0, resource: { buffer: input } },
        { binding: 1, resource: { buffer: output } },
      ],
    });
    const encoder = device.createCommandEncoder({ label: 'Test.encoder' });
    const pass = encoder.beginComputePass({ label: 'Test.pass' });
    pass.setPipeline(pipeline);
    pass.setBindGroup(0, bindGroup);
    pass.dispatchWorkgroups(Math.ceil(n / 64));
    pass.end();
    encoder.copyBufferToBuffer(output, 0, readback, 0, bytes);
    device.queue.submit([encoder.finish()]);
    expect(await device.popErrorScope()).toBeNull();

    await readback.mapAsync(GPUMapMode.READ);
    const y = new Float32Array(readback.getMappedRange().slice(0));
    readback.unmap();

    // Exact: x has two fractional bits, so x * 2 + 1 is representable and both steps round exactly.
    expect(Array.from(y)).toEqual(Array.from(x, (v) => v * 2 + 1));
    expect(errors).toEqual([]);
  });

  it('reports uncaptured errors through onError', async () => {
    opened.device.createBuffer({ label: 'Test.invalid', size: 4, usage: GPUBufferUsage.MAP_READ | GPUBufferUsage.STORAGE });
    await expect.poll(() => errors.map((e) => e.kind)).toEqual(['validation']);
    expect(errors[0]?.message).toContain('Test.invalid');
  });
});
