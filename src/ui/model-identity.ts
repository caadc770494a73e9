// A model's identity in a share link: its file name, byte size and SHA-256, so that a recipient is
// told exactly which file to supply and a different file is refused; and, for a small model, the
// model itself packed into the link (IR text or ONNX bytes, without separate weights files).
import { CgcError } from '../core';
import type { FileRef } from './share';
import { packOnnx, packSource } from './share-source';
import type { ModelSource } from './sources';

/** The dropped file is not the one the link names. */
export class WrongFileError extends CgcError {
  override name = 'WrongFileError';
  constructor(message: string) {
    super('source', message);
  }
}

export async function sha256Hex(bytes: Uint8Array): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes as BufferSource));
  return [...digest].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** The bytes of the model file itself (not its weights or external data). */
function modelBytes(source: ModelSource): Uint8Array {
  return source.kind === 'text' ? new TextEncoder().encode(source.text) : source.bytes;
}

/** Files that travel beside the model file (weights, ONNX external data), by name. */
export function sideFiles(source: ModelSource): string[] {
  if (source.kind === 'onnx') return Object.keys(source.externalFiles);
  return source.kind === 'text' && source.weightsName ? [source.weightsName] : [];
}

/** The identity of a model opened from files; undefined without crypto.subtle (pages not served over https or localhost). */
export async function fileRefOf(source: ModelSource): Promise<FileRef | undefined> {
  if (!globalThis.crypto?.subtle) return undefined;
  const bytes = modelBytes(source);
  const side = sideFiles(source);
  return { kind: 'file', name: source.name, size: bytes.length, sha256: await sha256Hex(bytes), ...(side.length ? { with: side } : {}) };
}

export const sameFile = (a: FileRef, b: FileRef): boolean => a.sha256 === b.sha256 && a.size === b.size;

function formatSize(n: number): string {
  if (n < 1000) return `${n} B`;
  if (n < 1e6) return `${(n / 1e3).toFixed(1)} kB`;
  return `${(n / 1e6).toFixed(1)} MB`;
}

/** "blazeface.onnx (1.2 MB, sha256 3f2a…)": short enough to read, with the full hash beside it in the page. */
export function describeFile(f: FileRef): string {
  return `${f.name} (${formatSize(f.size)}, sha256 ${f.sha256.slice(0, 12)}…)`;
}

/** "that file", or "that file together with w.safetensors" when it has side files. */
export function whatToDrop(f: FileRef): string {
  return f.with?.length ? `that file together with ${f.with.join(', ')}` : 'that file';
}

/** Refuses `got` unless it is the file `want` names, naming both hashes. */
export function checkFile(want: FileRef, got: FileRef): void {
  if (sameFile(want, got)) return;
  throw new WrongFileError(`${got.name} is not the file this link shows: it has sha256 ${got.sha256} (${got.size.toLocaleString('en-US')} B), ` +
    `the link's ${want.name} has sha256 ${want.sha256} (${want.size.toLocaleString('en-US')} B)`);
}

/** The model packed for a link's `src`, when it is IR text or ONNX without side files and packs small enough. */
export async function packModel(source: ModelSource): Promise<string | undefined> {
  if (sideFiles(source).length) return undefined;
  if (source.kind === 'text') return packSource(source.text);
  if (source.kind === 'onnx' && !source.shapes) return packOnnx(source.bytes);
  return undefined;
}
