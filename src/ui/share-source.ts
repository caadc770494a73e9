// A small model inside a share link — IR text or ONNX bytes: deflate-raw (CompressionStream) then
// base64url, and back with a size cap on the decompressed bytes, so a hostile link can neither
// inflate without bound nor hand the page IR that is not UTF-8 text.
import { CgcError } from '../core';

/** A model above this compressed does not go into a link (the link names the file instead). */
export const MAX_PACKED_BYTES = 64 * 1024;
/** Decompressed IR above this is refused. */
export const MAX_UNPACKED_BYTES = 256 * 1024;
/** Decompressed ONNX above this is refused. */
export const MAX_UNPACKED_ONNX_BYTES = 1024 * 1024;

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
      throw new ShareSourceError(`the link's model is larger than ${cap / 1024} KiB once decompressed`);
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
  if (!/^[A-Za-z0-9_-]*$/.test(text) || text.length % 4 === 1) throw new ShareSourceError('the link\'s model is not valid base64url');
  const bin = atob(text.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (text.length % 4)) % 4));
  return Uint8Array.from(bin, (c) => c.charCodeAt(0));
}

/** `bytes` compressed for a link, or undefined when they are over MAX_PACKED_BYTES compressed. */
export async function packBytes(bytes: Uint8Array): Promise<string | undefined> {
  const packed = await concat(new Blob([bytes as BlobPart]).stream().pipeThrough(new CompressionStream('deflate-raw')), Infinity);
  return packed.length > MAX_PACKED_BYTES ? undefined : toBase64Url(packed);
}

/** The bytes of a link's `src`, at most `cap` of them; throws ShareSourceError for anything malformed or too large. */
export async function unpackBytes(src: string, cap: number): Promise<Uint8Array> {
  const packed = fromBase64Url(src);
  if (packed.length > MAX_PACKED_BYTES) throw new ShareSourceError(`the link's model is over ${MAX_PACKED_BYTES / 1024} KiB compressed`);
  try {
    return await concat(new Blob([packed as BlobPart]).stream().pipeThrough(new DecompressionStream('deflate-raw')), cap);
  } catch (e) {
    if (e instanceof ShareSourceError) throw e;
    throw new ShareSourceError('the link\'s model does not decompress (it is not deflate-raw data)');
  }
}

/** The IR compressed for a link, or undefined when it is over MAX_PACKED_BYTES compressed. */
export async function packSource(text: string): Promise<string | undefined> {
  const bytes = new TextEncoder().encode(text);
  return bytes.length > MAX_UNPACKED_BYTES ? undefined : packBytes(bytes);
}

/** The IR text of a link's `src`; throws ShareSourceError for anything malformed or too large. */
export async function unpackSource(src: string): Promise<string> {
  const bytes = await unpackBytes(src, MAX_UNPACKED_BYTES);
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

/** An ONNX model's bytes compressed for a link, or undefined when over MAX_PACKED_BYTES compressed. */
export async function packOnnx(bytes: Uint8Array): Promise<string | undefined> {
  return bytes.length > MAX_UNPACKED_ONNX_BYTES ? undefined : packBytes(bytes);
}

/** The ONNX bytes of a link's `src` (the compile worker parses them and reports what is wrong). */
export function unpackOnnx(src: string): Promise<Uint8Array> {
  return unpackBytes(src, MAX_UNPACKED_ONNX_BYTES);
}
