// The resident runs' one check against run()'s outputs, and a refusal as a skip reason, on a
// program whose submit() copies its input to its output (so what comes back is known exactly).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CgcError, type HostTensor, type ShapedType } from '../core';
import { openDevice } from '../runtime/device';
import type { LoadedProgram } from '../runtime/runtime';
import { residentRuns } from './bench-resident';

const TYPE: ShapedType = { kind: 'tensor', shape: [2, 2], element: 'float32', constant: false };
const tensor = (values: number[]): HostTensor => ({ type: TYPE, data: new Float32Array(values) });

/** A program whose recorded (or submitted) commands copy input #0 to output #0, or which refuses with `refusal`. */
function copyProgram(device: GPUDevice, refusal?: string): LoadedProgram {
  return {
    inputTypes: [TYPE], outputTypes: [TYPE], dispatchCount: 0, settled: true, partitions: [],
    settle: () => Promise.resolve(),
    run: () => Promise.reject(new Error('not used')),
    record(encoder, io) {
      if (refusal) throw new CgcError('runtime', refusal);
      encoder.copyBufferToBuffer(io.inputs[0]!.buffer, 0, io.outputs[0]!.buffer, 0, 16);
    },
    submit(io) {
      const encoder = device.createCommandEncoder();
      this.record(encoder, io);
      device.queue.submit([encoder.finish()]);
      return 1;
    },
    destroy() {},
  };
}

describe('resident runs', () => {
  let device: GPUDevice;
  beforeAll(async () => { device = (await openDevice()).device; });
  afterAll(() => device?.destroy());
  const input = tensor([1, -2, 3.5, 0.25]);

  it('check the outputs once, then time runs against the same buffers', async () => {
    const runs = await residentRuns(device, copyProgram(device), [input], [tensor([1, -2, 3.5, 0.25 + 5e-7])], ['%y']);
    if ('skipped' in runs) throw new Error(runs.skipped);
    expect(await runs.time()).toBeGreaterThan(0);
    runs.destroy();
  });

  it('fail naming the output whose values differ from run()\'s', async () => {
    await expect(residentRuns(device, copyProgram(device), [input], [tensor([1, -2, 3.5, 0.2501])], ['%y']))
      .rejects.toThrow("resident run: output %y differs from run()'s: 1 element(s) off, max |Δ| 1.00e-4");
  });

  it('give record()\'s refusal as the reason they are skipped', async () => {
    expect(await residentRuns(device, copyProgram(device, 'partition @p0 runs on the host'), [input], [input], ['%y'])).toEqual({ skipped: 'partition @p0 runs on the host' });
  });
});
