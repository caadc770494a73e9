// Constant uploads through staging buffers (Uploads): chunks of a given size, a constant larger than a
// chunk in one of its own, lengths not a multiple of 4, and a discarded upload that submits nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDevice } from './device';
import { Uploads } from './staging';
import { align4 } from '../core';

let device: GPUDevice;
beforeAll(async () => { device = (await openDevice()).device; });
afterAll(() => device?.destroy());

/** A buffer's first `length` bytes, read back. */
async function readBack(buffer: GPUBuffer, length: number): Promise<Uint8Array> {
  const read = device.createBuffer({ size: buffer.size, usage: GPUBufferUsage.MAP_READ | GPUBufferUsage.COPY_DST });
  const encoder = device.createCommandEncoder();
  encoder.copyBufferToBuffer(buffer, 0, read, 0, buffer.size);
  device.queue.submit([encoder.finish()]);
  await read.mapAsync(GPUMapMode.READ);
  const bytes = new Uint8Array(read.getMappedRange().slice(0, length));
  read.destroy();
  return bytes;
}

const bytesOf = (n: number, seed: number) => Uint8Array.from({ length: n }, (_, i) => (i * 31 + seed * 17) & 255);

describe('constant uploads', () => {
  it('fills every buffer across chunks, a constant larger than a chunk included', async () => {
    const sizes = [40, 13, 100, 300, 7, 64, 1];
    const datas = sizes.map((n, i) => bytesOf(n, i));
    const buffers = sizes.map((n) => device.createBuffer({ size: align4(n), usage: GPUBufferUsage.STORAGE | GPUBufferUsage.COPY_DST | GPUBufferUsage.COPY_SRC }));
    const uploads = new Uploads(device, sizes.reduce((t, n) => t + align4(n), 0), 128);
    datas.forEach((d, i) => uploads.add(buffers[i]!, d));
    uploads.flush();
    for (const [i, b] of buffers.entries()) expect([...(await readBack(b, sizes[i]!))], `constant ${i} (${sizes[i]} bytes)`).toEqual([...datas[i]!]);
    for (const b of buffers) b.destroy();
  });

  it('discards what is queued without submitting it', async () => {
    const buffer = device.createBuffer({ size: 16, usage: GPUBufferUsage.STORAGE | GPUBufferUsage.COPY_DST | GPUBufferUsage.COPY_SRC });
    const uploads = new Uploads(device, 16);
    uploads.add(buffer, bytesOf(16, 3));
    uploads.discard();
    uploads.flush();
    expect([...(await readBack(buffer, 16))]).toEqual(Array(16).fill(0));
    buffer.destroy();
  });
});
