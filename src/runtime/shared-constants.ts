// The GPU copies of constants, shared by the programs loaded on one device: a program whose constant
// is the same bytes another live program uploaded — the same range of the same host buffer, as a
// model's weights are views of its file — binds that program's GPU buffer instead of uploading its
// own. A model compiled again for new input sizes, or with other options, then uploads none of its
// weights again. A buffer lives while a program holding it does.
//
// Bytes are known by where they lie, not by what they hold: a constant's bytes must not change while
// a program loaded from them is alive (weights never do).
import { CgcError, align4 } from '../core';
import type { Operation, Value } from '../ir/operation';
import { byteSize } from '../ir/types';
import { ATTR, CONSTANT } from '../ir/structural';
import { checkBufferSize } from './checks';
import { Uploads } from './staging';

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

/** A program's constants on its device: bound, each shared with the live programs that hold the same bytes. */
export interface ProgramConstants {
  /** Each constant's binding, by the program value it defines. */
  readonly bindings: ReadonlyMap<Value, GPUBufferBinding>;
  /** The int64 constants, whose values GPU kernels read as int32 (the caller checks they fit). */
  readonly int64: readonly { value: Value; name: string; data: Uint8Array }[];
  /** The buffers this load created (the others were another program's). */
  readonly created: readonly GPUBuffer[];
  /** Once the program has loaded: its own buffers serve later loads of the same bytes. */
  share(): void;
  /** Drops the program's hold on every buffer: its own are destroyed unless shared and still held. */
  release(): void;
}

/**
 * The constants among `ops` (`cgc.constant`, bytes from `constant(name)`) on `device`: those another
 * live program uploaded from the same bytes bound to its buffers, the rest uploaded into new ones.
 * Throws a CgcError naming a constant whose bytes are missing or of the wrong size, or too large for
 * a buffer — having released whatever it held.
 */
export function uploadConstants(device: GPUDevice, ops: readonly Operation[], constant: (name: string) => Uint8Array | undefined): ProgramConstants {
  const shared = SharedConstants.of(device);
  const constants = ops.filter((op) => op.name === CONSTANT).map((op) => {
    const name = (op.attr(ATTR.constantName) as { value: string }).value;
    const data = constant(name);
    const want = byteSize(op.results[0]!.type);
    if (!data || data.length !== want) throw new CgcError('runtime', `constant "${name}" ${data ? `has ${data.length} bytes; ${want} expected` : 'is missing from the weights'}`);
    checkBufferSize(device, `constant "${name}"`, want);
    return { value: op.results[0]!, name, data, buffer: shared.acquire(data) };
  });
  const held = constants.flatMap((c) => (c.buffer ? [c.buffer] : []));
  const created: { data: Uint8Array; buffer: GPUBuffer }[] = [];
  const release = () => { for (const b of [...held, ...created.map((c) => c.buffer)]) shared.release(b); };
  const uploads = new Uploads(device, constants.reduce((n, c) => n + (c.buffer ? 0 : align4(c.data.length)), 0));
  const bindings = new Map<Value, GPUBufferBinding>();
  try {
    for (const c of constants) {
      let buffer = c.buffer;
      if (!buffer) {
        buffer = device.createBuffer({ label: `Runtime.constant ${c.name}`, size: align4(c.data.length), usage: GPUBufferUsage.STORAGE | GPUBufferUsage.COPY_DST | GPUBufferUsage.COPY_SRC });
        created.push({ data: c.data, buffer });
        uploads.add(buffer, c.data);
      }
      bindings.set(c.value, { buffer, offset: 0, size: align4(c.data.length) });
    }
    uploads.flush();
  } catch (e) {
    uploads.discard();
    release();
    throw e;
  }
  return {
    bindings,
    int64: constants.filter((c) => c.value.type.element === 'int64'),
    created: created.map((c) => c.buffer),
    share() { for (const { data, buffer } of created) shared.add(data, buffer); },
    release,
  };
}
