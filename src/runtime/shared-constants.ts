// The GPU copies of constants, shared by the programs loaded on one device: a program whose constant
// is the same bytes another live program uploaded — the same range of the same host buffer, as a
// model's weights are views of its file — binds that program's GPU buffer instead of uploading its
// own. A model compiled again for new input sizes, or with other options, then uploads none of its
// weights again. A buffer lives while a program holding it does.
//
// Bytes are known by where they lie, not by what they hold: a constant's bytes must not change while
// a program loaded from them is alive (weights never do).

interface Held {
  readonly buffer: GPUBuffer;
  refs: number;
  readonly ranges: Map<string, Held>;
  readonly key: string;
}

const byDevice = new WeakMap<GPUDevice, SharedConstants>();

export class SharedConstants {
  private readonly byHost = new WeakMap<ArrayBufferLike, Map<string, Held>>();
  private readonly held = new Map<GPUBuffer, Held>();

  /** The device's shared constants (one per device, as its pipeline cache). */
  static of(device: GPUDevice): SharedConstants {
    let shared = byDevice.get(device);
    if (!shared) byDevice.set(device, (shared = new SharedConstants()));
    return shared;
  }

  /** The live GPU buffer holding `data`'s bytes, with one more holder; undefined where no program uploaded them. */
  acquire(data: Uint8Array): GPUBuffer | undefined {
    const held = this.byHost.get(data.buffer)?.get(rangeKey(data));
    if (!held) return undefined;
    held.refs++;
    return held.buffer;
  }

  /** Registers `buffer`, just filled with `data`'s bytes, with its one holder; bytes already registered keep their buffer, and `buffer` stays its caller's alone. */
  add(data: Uint8Array, buffer: GPUBuffer): void {
    let ranges = this.byHost.get(data.buffer);
    if (!ranges) this.byHost.set(data.buffer, (ranges = new Map()));
    const key = rangeKey(data);
    if (ranges.has(key)) return;
    const held: Held = { buffer, refs: 1, ranges, key };
    ranges.set(key, held);
    this.held.set(buffer, held);
  }

  /** Drops one holder of `buffer`; the last one destroys it. A buffer never registered is destroyed at once. */
  release(buffer: GPUBuffer): void {
    const held = this.held.get(buffer);
    if (!held) {
      buffer.destroy();
      return;
    }
    if (--held.refs > 0) return;
    this.held.delete(buffer);
    held.ranges.delete(held.key);
    buffer.destroy();
  }

  /** GPU buffers alive in the cache (for tests and reports). */
  get size(): number {
    return this.held.size;
  }
}

const rangeKey = (data: Uint8Array) => `${data.byteOffset}:${data.byteLength}`;
