// Shared constants: a GPU buffer serves every live program whose constant is the same range of the
// same host bytes, and is destroyed with its last holder.
import { describe, expect, it } from 'vitest';
import { SharedConstants } from './shared-constants';

/** A stand-in GPU buffer that records its destruction. */
const buffer = () => {
  const b = { destroyed: false, destroy: () => { b.destroyed = true; } };
  return b as unknown as GPUBuffer & { destroyed: boolean };
};
const device = () => ({}) as GPUDevice;

describe('shared constants', () => {
  it('finds bytes by their host buffer and range, and destroys a buffer with its last holder', () => {
    const shared = SharedConstants.of(device());
    const file = new Uint8Array(64);
    const weight = file.subarray(16, 48);
    const gpu = buffer();
    expect(shared.acquire(weight)).toBeUndefined();
    shared.add(weight, gpu);
    // Another view of the same range (a second import of the same file) finds it; another range does not.
    expect(shared.acquire(new Uint8Array(file.buffer, 16, 32))).toBe(gpu);
    expect(shared.acquire(file.subarray(16, 40))).toBeUndefined();
    expect(shared.acquire(new Uint8Array(64).subarray(16, 48))).toBeUndefined();
    shared.release(gpu);
    expect(gpu.destroyed).toBe(false);
    shared.release(gpu);
    expect(gpu.destroyed).toBe(true);
    expect(shared.size).toBe(0);
    expect(shared.acquire(weight)).toBeUndefined();
  });

  it('keeps the first buffer registered for a range; a second one stays its caller\'s, destroyed on release', () => {
    const shared = SharedConstants.of(device());
    const bytes = new Uint8Array(8);
    const [first, second] = [buffer(), buffer()];
    shared.add(bytes, first);
    shared.add(bytes, second);
    shared.release(second);
    expect([first.destroyed, second.destroyed]).toEqual([false, true]);
    expect(shared.acquire(bytes)).toBe(first);
  });

  it('is one cache per device', () => {
    const d = device();
    expect(SharedConstants.of(d)).toBe(SharedConstants.of(d));
    expect(SharedConstants.of(device())).not.toBe(SharedConstants.of(d));
  });
});
