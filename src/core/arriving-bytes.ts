// Bytes still on their way into a buffer: a model file whose weights are read while its structure is
// imported and compiled (cli/files.ts, readModelFile). Whatever reads a weight's values before the
// read is done asks for them first (`awaitBytes`: a tensor over bytes does on its first `data`), and
// the reader fills that range at once; a buffer nobody registered costs a WeakMap lookup.

const arriving = new WeakMap<ArrayBufferLike, (offset: number, length: number) => void>();

/** `fill(offset, length)` puts those bytes of `buffer` in place now, where they have not arrived yet. */
export function bytesArriving(buffer: ArrayBufferLike, fill: (offset: number, length: number) => void): void {
  arriving.set(buffer, fill);
}

/** Every byte of `buffer` is in place. */
export function bytesArrived(buffer: ArrayBufferLike): void {
  arriving.delete(buffer);
}

/** `view`'s bytes, in place: filled now where they are still arriving. */
export function awaitBytes<T extends Uint8Array | undefined>(view: T): T {
  if (view) arriving.get(view.buffer)?.(view.byteOffset, view.byteLength);
  return view;
}
