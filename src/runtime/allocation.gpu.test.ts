// Loading a program the device cannot hold fails with a clear error (the buffer named, and the limit,
// or the GPU's out-of-memory reason) and frees what it allocated; the device stays usable.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseModule } from '../ir';
import { compile } from '../compiler/pipeline';
import { allocTensor } from '../core';
import { defaultTargets } from '../engine/targets';
import { type DeviceError, openDevice } from './device';
import { loadProgram } from './runtime';

let device: GPUDevice;
const uncaptured: DeviceError[] = [];
beforeAll(async () => { device = (await openDevice({ onError: (e) => uncaptured.push(e) })).device; });
afterAll(() => device?.destroy());

const relu = (shape: string) => compile(parseModule(`cgc.module {
  cgc.entry_point @main(%x: !cgc.tensor<${shape}x!cgc.float32>) -> !cgc.tensor<${shape}x!cgc.float32> {
    %y = cgc_op.relu(%x)
    cgc.return %y
  }
}`, { file: 'relu.mlir' }).module!, defaultTargets()).output!;

describe('program allocation', () => {
  it('refuses a buffer past maxBufferSize, naming it, without an uncaptured error; then loads a program that fits', async () => {
    const rows = Math.ceil((device.limits.maxBufferSize + 1) / 4 / 4096);
    await expect(loadProgram(device, relu(`1x1x${rows}x4096`), () => undefined, { targets: defaultTargets() }))
      .rejects.toThrow(/^input %x \(Runtime\.input0\) needs [\d.]+ MiB, over this device's largest buffer \(maxBufferSize [\d.]+ MiB\)$/);
    const small = await loadProgram(device, relu('1x4'), () => undefined, { targets: defaultTargets() });
    const x = allocTensor([1, 4], 'float32');
    (x.data as Float32Array).set([-1, 2, -3, 4]);
    expect([...(await small.run([x])).outputs[0]!.data]).toEqual([0, 2, 0, 4]);
    small.destroy();
    expect(uncaptured).toEqual([]);
  });

  it('reports an out-of-memory error scope as the load\'s error', async () => {
    // The allocations' out-of-memory scope reports a (simulated) OOM; other scopes report what they caught.
    const filters: GPUErrorFilter[] = [];
    const oomDevice = new Proxy(device, {
      get(target, key) {
        if (key === 'pushErrorScope') {
          return (filter: GPUErrorFilter) => {
            filters.push(filter);
            target.pushErrorScope(filter);
          };
        }
        if (key === 'popErrorScope') {
          return async () => {
            const filter = filters.pop();
            const real = await target.popErrorScope();
            return filter === 'out-of-memory' ? { message: 'Not enough memory left (simulated)' } : real;
          };
        }
        const v = Reflect.get(target, key, target) as unknown;
        return typeof v === 'function' ? (v as (...a: unknown[]) => unknown).bind(target) : v;
      },
    });
    await expect(loadProgram(oomDevice, relu('1x4'), () => undefined, { targets: defaultTargets() }))
      .rejects.toThrow(/^the GPU is out of memory for this program's buffers \(32 bytes in 2 buffers: inputs, outputs, constants, scratch arena\): Not enough memory left \(simulated\)$/);
    expect(uncaptured).toEqual([]);
  });
});
