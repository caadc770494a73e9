// Reading the files a command names or a model names, on disk: only regular files (a device such
// as /dev/zero, a FIFO or a folder is refused before a byte is read), never past the file size
// limit, and a model's external data only from inside the model's folder, links resolved first.
import { closeSync, constants, fstatSync, openSync, read, readSync, realpathSync } from 'node:fs';
import { isAbsolute, relative, resolve, sep } from 'node:path';
import { CgcError, bytesArrived, bytesArriving } from '../core';
import type { ExternalFiles } from '../compiler/import/onnx';
import { onnxWeightRanges } from '../compiler/import/onnx/weight-ranges';
import { type ResourceLimits, limitMessage } from '../ir';

/** Opens `path` for reading as a regular file; returns its descriptor and size. O_NONBLOCK: opening a FIFO must not wait for a writer. */
function openRegular(path: string, name: string): { fd: number; size: number } {
  const fd = openSync(path, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  const stat = fstatSync(fd);
  if (!stat.isFile()) {
    closeSync(fd);
    const what = stat.isDirectory() ? 'a folder' : stat.isCharacterDevice() || stat.isBlockDevice() ? 'a device' : stat.isFIFO() ? 'a FIFO' : 'not a file';
    throw new CgcError('source', `${name} is ${what}, not a regular file: only regular files are read`);
  }
  return { fd, size: stat.size };
}

/** Reads up to `length` bytes of `fd` from file offset `position` into `out` at `at`; returns how many (fewer where the file ends). */
function readInto(fd: number, out: Uint8Array, at: number, length: number, position: number): number {
  let got = 0;
  while (got < length) {
    const n = readSync(fd, out, at + got, length - got, position + got);
    if (n === 0) break;
    got += n;
  }
  return got;
}

/** As readInto, on one of Node's I/O threads: `out` at `offset` gets the file's bytes at `offset`. */
function readPieceInto(fd: number, out: Uint8Array, offset: number, length: number): Promise<number> {
  return new Promise<number>((done, fail) => {
    let got = 0;
    const next = () => read(fd, out, offset + got, length - got, offset + got, (e, n) => {
      if (e) return fail(e);
      got += n;
      if (n > 0 && got < length) next();
      else done(got);
    });
    next();
  });
}

/** Up to `length` bytes of `fd` from `offset`. */
function readRange(fd: number, offset: number, length: number): Uint8Array {
  const out = new Uint8Array(length);
  const got = readInto(fd, out, 0, length, offset);
  return got === length ? out : out.subarray(0, got);
}

/** Regular file `path` (`name` in messages) opened for reading, refused past the file size limit. */
function openWithin(path: string, name: string, limits: ResourceLimits): { fd: number; size: number } {
  const opened = openRegular(path, name);
  if (opened.size > limits.maxFileBytes) {
    closeSync(opened.fd);
    throw new CgcError('limit', limitMessage('maxFileBytes', opened.size, limits.maxFileBytes, `${name} is too large`));
  }
  return opened;
}

/** All of regular file `path` (`name` in messages), within the file size limit. */
function readWhole(path: string, name: string, limits: ResourceLimits): Uint8Array {
  const { fd, size } = openWithin(path, name, limits);
  try {
    // Bounded by the size seen: a file that grows while it is read is cut there.
    return readRange(fd, 0, size);
  } finally {
    closeSync(fd);
  }
}

/** A whole file named on the command line (a model, a weights file): a regular file within the file size limit. */
export function readInputFile(path: string, limits: ResourceLimits): Uint8Array {
  return readWhole(path, path, limits);
}

/** Files from this size on are read in PARALLEL_CHUNK pieces at once (readInputFileAsync). */
const PARALLEL_FROM = 64 << 20;
const PARALLEL_CHUNK = 16 << 20;

/**
 * As readInputFile, but a large file (a model's weights: hundreds of MB) is read in 16 MiB pieces
 * at once on Node's I/O threads: the first touch of a buffer that size is what its read waits on,
 * and the threads take those page faults side by side (BENCHMARKS.md, "Cold start").
 */
export async function readInputFileAsync(path: string, limits: ResourceLimits): Promise<Uint8Array> {
  const { fd, size } = openWithin(path, path, limits);
  try {
    if (size < PARALLEL_FROM) return readRange(fd, 0, size);
    const out = new Uint8Array(size);
    const pieces: Promise<number>[] = [];
    for (let offset = 0; offset < size; offset += PARALLEL_CHUNK) pieces.push(readPieceInto(fd, out, offset, Math.min(PARALLEL_CHUNK, size - offset)));
    const got = await Promise.all(pieces);
    // A file cut while it was read ends at its first short piece, as readRange's does.
    const short = got.findIndex((n, i) => n < Math.min(PARALLEL_CHUNK, size - i * PARALLEL_CHUNK));
    return short < 0 ? out : out.subarray(0, short * PARALLEL_CHUNK + got[short]!);
  } finally {
    closeSync(fd);
  }
}

/** A model file on its way in: `bytes` hold its structure now, and every byte once `arrived` resolves. */
export interface ArrivingFile {
  readonly bytes: Uint8Array;
  readonly arrived: Promise<void>;
}

/**
 * A model file read so that its import and compile need not wait for its weights: an ONNX model of
 * PARALLEL_FROM bytes or more has its structure read now and its large initializers' data
 * (onnxWeightRanges) read in PARALLEL_CHUNK pieces on Node's I/O threads meanwhile. A weight's
 * values asked for before their piece is in (core/arriving-bytes.ts) are read at once. Any other
 * file is read as readInputFileAsync reads it, `arrived` already resolved.
 */
export async function readModelFile(path: string, limits: ResourceLimits): Promise<ArrivingFile> {
  const { fd, size } = openWithin(path, path, limits);
  const whole = async (): Promise<ArrivingFile> => {
    closeSync(fd);
    return { bytes: await readInputFileAsync(path, limits), arrived: Promise.resolve() };
  };
  if (size < PARALLEL_FROM || !path.toLowerCase().endsWith('.onnx')) return whole();
  const out = new Uint8Array(size);
  const changed = () => new CgcError('source', `${path} changed while it was read`);
  /** The file's bytes at [offset, offset + length), read now into their place in `out`. */
  const readAt = (offset: number, length: number): Uint8Array => out.subarray(offset, offset + readInto(fd, out, offset, length, offset));
  const ranges = onnxWeightRanges(size, readAt);
  if (ranges.length === 0) return whole();
  const pieces: { offset: number; length: number; forced: boolean }[] = [];
  let structureFrom = 0;
  try {
    for (const [start, end] of [...ranges, [size, size] as const]) {
      if (readAt(structureFrom, start - structureFrom).length < start - structureFrom) throw changed();
      for (let offset = start; offset < end; offset += PARALLEL_CHUNK) pieces.push({ offset, length: Math.min(PARALLEL_CHUNK, end - offset), forced: false });
      structureFrom = end;
    }
  } catch (e) {
    closeSync(fd);
    throw e;
  }
  // A piece read here as well as on an I/O thread gets the same bytes twice.
  bytesArriving(out.buffer, (offset, length) => {
    for (const p of pieces) {
      if (p.forced || p.offset >= offset + length || p.offset + p.length <= offset) continue;
      if (readAt(p.offset, p.length).length < p.length) throw changed();
      p.forced = true;
    }
  });
  const piece = async (p: { offset: number; length: number }) => {
    const got = await readPieceInto(fd, out, p.offset, p.length).catch((e: Error) => { throw new CgcError('source', `${path}: ${e.message}`); });
    if (got < p.length) throw changed();
  };
  const arrived = Promise.all(pieces.map(piece)).then(
    () => { bytesArrived(out.buffer); closeSync(fd); },
    (e: unknown) => { bytesArrived(out.buffer); closeSync(fd); throw e; },
  );
  arrived.catch(() => {}); // a caller that never waits is not an unhandled rejection
  return { bytes: out, arrived };
}

/**
 * The real path of file `name` that a model names, if it lies inside `root` (a real path): links
 * are resolved first. Undefined when there is no such file.
 */
function resolveInside(root: string, name: string, what: string): string | undefined {
  if (isAbsolute(name) || name.includes('\0')) throw new CgcError('source', `${what}: a file a model names must be a path relative to its folder`);
  let real: string;
  try {
    real = realpathSync(resolve(root, name));
  } catch {
    return undefined;
  }
  const inside = relative(root, real);
  if (inside === '' || inside === '..' || inside.startsWith(`..${sep}`) || isAbsolute(inside)) {
    throw new CgcError('source', `${what} resolves to ${real}, outside the model's folder ${root}: only files inside it are read`);
  }
  return real;
}

/** A whole file that a model names (a compiled program's weights file), by the same rules as its external data. */
export function readNamedFile(folder: string, name: string, limits: ResourceLimits): Uint8Array {
  const what = `file '${name}'`;
  const real = resolveInside(realpathSync(folder), name, what);
  if (!real) throw new CgcError('source', `${what} does not exist in ${folder}`);
  return readWhole(real, what, limits);
}

/**
 * ONNX external data read from disk, range by range: `location` names a regular file inside
 * `folder` (after links are resolved); each read is the tensor's bytes, within the file size limit.
 */
export class FolderFiles implements ExternalFiles {
  private readonly root: string;
  /** The locations read so far (the files the model uses). */
  readonly locations = new Set<string>();
  constructor(private readonly folder: string, private readonly limits: ResourceLimits) {
    this.root = realpathSync(folder);
  }

  /** Each file read so far, whole, by the same rules (for onnxruntime, which takes external data as files). */
  wholeFiles(): Map<string, Uint8Array> {
    return new Map([...this.locations].map((location) => [location, readNamedFile(this.folder, location, this.limits)]));
  }

  read(location: string, offset: number, length: number): Uint8Array | undefined {
    const what = `external data file '${location}'`;
    const real = resolveInside(this.root, location, what);
    if (!real) return undefined;
    this.locations.add(location);
    if (length > this.limits.maxFileBytes) throw new CgcError('limit', limitMessage('maxFileBytes', length, this.limits.maxFileBytes, `${what}: a tensor of`));
    const { fd, size } = openRegular(real, what);
    try {
      return readRange(fd, offset, Math.max(0, Math.min(length, size - offset)));
    } finally {
      closeSync(fd);
    }
  }
}
