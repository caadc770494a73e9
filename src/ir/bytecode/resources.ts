// The resource sections of MLIR bytecode: the offset section names each group and entry, the data
// section holds them. Blobs of the `cgc_constants` group are constant data keyed by name.
import { ALIGNMENT_BYTE, ByteReader, ResourceKind } from './encoding';
import { CONSTANTS_RESOURCE_GROUP } from './writer';

export function readResources(offsets: ByteReader, data: ByteReader, string: (r: ByteReader) => string, resources: Map<string, Uint8Array>): void {
  const groups = offsets.count('external resource group');
  for (let g = 0; g < groups; g++) {
    const key = string(offsets);
    const n = offsets.count('resource', 3);
    for (let i = 0; i < n; i++) {
      const name = string(offsets);
      const size = offsets.varint();
      const kindAt = offsets.offset;
      const kind = offsets.byte();
      if (size > data.buf.length - data.pos) offsets.fail(`resource "${name}" of ${size} bytes runs past the resource section`, kindAt);
      const entry = new ByteReader(data.bytes(size), data.base + data.pos - size);
      if (key !== CONSTANTS_RESOURCE_GROUP) continue;
      if (kind !== ResourceKind.Blob) offsets.fail(`resource "${name}" in '${key}' is not a blob`, kindAt);
      const alignment = entry.varint();
      const length = entry.varint();
      if (alignment === 0 || (alignment & (alignment - 1)) !== 0) entry.fail(`blob alignment ${alignment} is not a power of two`);
      while (entry.offset % alignment) {
        if (entry.byte() !== ALIGNMENT_BYTE) entry.fail('expected alignment padding byte 0xCB', entry.offset - 1);
      }
      if (resources.has(name)) entry.fail(`resource "${name}" appears twice`);
      // A view into the input, not a copy: weights stay where they were read (16-byte aligned in the file).
      resources.set(name, entry.bytes(length));
    }
  }
}
