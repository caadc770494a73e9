// What the runtime checks before it uploads or binds: int64 values GPU kernels read fit the int32
// range they compute in, buffers fit the device's maxBufferSize, and every bind point's range is
// sized, aligned and within maxStorageBufferBindingSize (the validation layer).
import { CgcError, align4 } from '../core';
import type { Operation } from '../ir/operation';
import { byteSize } from '../ir/types';

/** Thrown where an int64 tensor a GPU kernel reads holds a value outside the int32 range the kernels compute in. */
export class Int64RangeError extends CgcError {
  override name = 'Int64RangeError';
  constructor(message: string) {
    super('runtime', message);
  }
}

/** Checks that every int64 in `data` (little-endian) fits in int32: WebGPU kernels read int64 tensors as int32. */
export function checkInt32Range(what: string, reader: string, data: Uint8Array): void {
  const aligned = data.byteOffset % 4 === 0 ? new Int32Array(data.buffer, data.byteOffset, data.byteLength >> 2) : new Int32Array(new Uint8Array(data).buffer);
  for (let i = 0; i < aligned.length; i += 2) {
    if (aligned[i + 1] !== aligned[i]! >> 31) {
      const value = new DataView(data.buffer, data.byteOffset + 4 * i, 8).getBigInt64(0, true);
      throw new Int64RangeError(`${what} holds ${value} at element ${i / 2}, outside the int32 range [-2147483648, 2147483647] `
        + `that partition ${reader} computes in on the GPU (WGSL has no 64-bit integers); `
        + 'run the model without the WebGPU targets (CPU reference) for int64 values this large');
    }
  }
}

export const bytesText = (n: number): string => (n >= 2 ** 20 ? `${(n / 2 ** 20).toFixed(1)} MiB` : `${n.toLocaleString('en-US')} bytes`);

/** A buffer past the device's maxBufferSize is refused here, naming it, before anything is allocated for it. */
export function checkBufferSize(device: GPUDevice, what: string, size: number): void {
  const max = device.limits.maxBufferSize;
  if (align4(size) > max) throw new CgcError('device', `${what} needs ${bytesText(size)}, over this device's largest buffer (maxBufferSize ${bytesText(max)})`);
}

/**
 * The validation layer: every bind point's range is 4-byte sized, 256-byte aligned, big enough, and
 * within the device's storage binding limit, but those in `pieced` (bound in ranges within it).
 */
export function validateBindings(partition: string, invoke: Operation, bindings: readonly GPUBufferBinding[], maxBinding: number, pieced: readonly number[] = []): void {
  invoke.operands.forEach((v, i) => {
    const b = bindings[i];
    const need = byteSize(v.type);
    const name = v.nameHint ? `%${v.nameHint}` : `#${i}`;
    if (!b) throw new CgcError('runtime', `@${partition} bind point ${name}: nothing bound`);
    if ((b.offset ?? 0) % 256) throw new CgcError('runtime', `@${partition} bind point ${name}: offset ${b.offset} is not 256-byte aligned`);
    const size = b.size ?? b.buffer.size - (b.offset ?? 0);
    if (size < need) throw new CgcError('runtime', `@${partition} bind point ${name}: ${size} bytes bound, ${need} needed`);
    if ((b.offset ?? 0) + size > b.buffer.size) throw new CgcError('runtime', `@${partition} bind point ${name}: range runs past its ${b.buffer.size}-byte buffer`);
    if (size > maxBinding && !pieced.includes(i)) throw new CgcError('runtime', `@${partition} bind point ${name}: ${bytesText(size)} bound, over this device's maxStorageBufferBindingSize (${bytesText(maxBinding)})`);
  });
}
