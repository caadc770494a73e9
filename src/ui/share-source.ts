// Small IR text inside a share link: deflate-raw (CompressionStream) then base64url, and back with a
// size cap on the decompressed text, so a hostile link can neither inflate without bound nor hand
// the page bytes that are not UTF-8 text.
import { CgcError } from '../core';

/** Compressed IR above this does not go into a link (the link keeps the view only). */
export const MAX_PACKED_BYTES = 16 * 1024;
/** Decompressed IR above this is refused. */
export const MAX_UNPACKED_BYTES = 256 * 1024;

export class ShareSourceError extends CgcError {
  override name = 'ShareSourceError';
  constructor(message: string) {
    super('source', message);
  }
}

async function concat(stream: ReadableStream<Uint8Array>, cap: number): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = stream.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.length;
    if (size > cap) {
      await reader.cancel();
      throw new ShareSourceError(`the link's IR is larger than ${cap / 1024} KiB once decompressed`);
    }
    chunks.push(value);
  }
  const out = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) { out.set(c, at); at += c.length; }
  return out;
}

const toBase64Url = (bytes: Uint8Array): string => {
  let bin = '';
  for (const b of bytes) bin += String.fromCharCode(b);
  return btoa(bin).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
};

function fromBase64Url(text: string): Uint8Array {
  if (!/^[A-Za-z0-9_-]*$/.test(text) || text.length % 4 === 1) throw new ShareSourceError('the link\'s IR is not valid base64url');
  const bin = atob(text.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (text.length % 4)) % 4));
  return Uint8Array.from(bin, (c) => c.charCodeAt(0));
}

/** The IR compressed for a link, or undefined when it is over MAX_PACKED_BYTES compressed. */
export async function packSource(text: string): Promise<string | undefined> {
  const bytes = new TextEncoder().encode(text);
  if (bytes.length > MAX_UNPACKED_BYTES) return undefined;
  const packed = await concat(new Blob([bytes as BlobPart]).stream().pipeThrough(new CompressionStream('deflate-raw')), Infinity);
  return packed.length > MAX_PACKED_BYTES ? undefined : toBase64Url(packed);
}

/** The IR text of a link's `src`; throws ShareSourceError for anything malformed or too large. */
export async function unpackSource(src: string): Promise<string> {
  const packed = fromBase64Url(src);
  if (packed.length > MAX_PACKED_BYTES) throw new ShareSourceError(`the link's IR is over ${MAX_PACKED_BYTES / 1024} KiB compressed`);
  let bytes: Uint8Array;
  try {
    bytes = await concat(new Blob([packed as BlobPart]).stream().pipeThrough(new DecompressionStream('deflate-raw')), MAX_UNPACKED_BYTES);
  } catch (e) {
    if (e instanceof ShareSourceError) throw e;
    throw new ShareSourceError('the link\'s IR does not decompress (it is not deflate-raw data)');
  }
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new ShareSourceError('the link\'s IR is not UTF-8 text');
  }
  // The compile worker parses and verifies it; this only turns away what is plainly not CGC IR.
  if (!text.includes('cgc.module')) throw new ShareSourceError('the link\'s IR is not a cgc.module');
  return text;
}
