// Node's WebGPU: Dawn, through the `webgpu` package, made this process's `navigator.gpu` as in a
// browser — so the runtime, and any other WebGPU library loaded here (onnxruntime-web for `cgc bench
// --vs ort`), share one instance. Node only: the Node entry (`dxcgc-web/node`), the CLI and the GPU
// tests import it; no browser entry reaches it.
import { CgcError } from '../core';
import { dawnFlags } from './device';

/**
 * Installs Dawn as `navigator.gpu` unless there is one already. `flags` add to Dawn's instance
 * flags (dawnFlags: the toggles Chrome sets, then these, then CGC_DAWN_FLAGS).
 */
export async function installDawn(flags: readonly string[] = []): Promise<void> {
  if ((globalThis as { navigator?: { gpu?: GPU } }).navigator?.gpu) return;
  let dawn: typeof import('webgpu');
  try {
    dawn = (await import('webgpu')) as typeof import('webgpu');
  } catch (e) {
    throw new CgcError('device', `WebGPU in Node needs the 'webgpu' package (Dawn), which did not load: ${e instanceof Error ? e.message.split('\n')[0] : String(e)}. Install it beside this one: npm install webgpu`);
  }
  // Dawn's classes and constants (GPUBufferUsage, GPUMapMode, …) become globals as in a browser.
  Object.assign(globalThis, dawn.globals);
  Object.defineProperty(globalThis, 'navigator', { value: { gpu: dawn.create(dawnFlags(flags)) }, configurable: true });
  // Dawn's writeBuffer rejects views of a SharedArrayBuffer (browsers accept them); copy those.
  const write = GPUQueue.prototype.writeBuffer;
  GPUQueue.prototype.writeBuffer = function (this: GPUQueue, buffer: GPUBuffer, offset: number, data: BufferSource | SharedArrayBuffer, dataOffset?: number, size?: number) {
    const view = ArrayBuffer.isView(data) ? data : undefined;
    const copy = view && view.buffer instanceof SharedArrayBuffer ? new Uint8Array(new Uint8Array(view.buffer, view.byteOffset, view.byteLength)) : undefined;
    if (copy) {
      const bytesPer = (view as unknown as { BYTES_PER_ELEMENT?: number }).BYTES_PER_ELEMENT ?? 1;
      return write.call(this, buffer, offset, copy, dataOffset === undefined ? undefined : dataOffset * bytesPer, size === undefined ? undefined : size * bytesPer);
    }
    return write.call(this, buffer, offset, data as BufferSource, dataOffset, size);
  } as typeof write;
}
