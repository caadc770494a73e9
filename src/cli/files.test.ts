// Files a command or a model names: external data only from regular files inside the model's
// folder (links resolved first), each read the tensor's bytes; a device or FIFO is never read.
import { execFileSync } from 'node:child_process';
import { closeSync, ftruncateSync, mkdirSync, mkdtempSync, openSync, readFileSync, symlinkSync, writeFileSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { modelBytes, node, tensorInfo } from '../compiler/import/onnx/testing';
import { readSafetensors } from '../ir/safetensors';
import { cgcSync as run } from './testing';
import { readInputFile, readInputFileAsync, readModelFile } from './files';
import { awaitBytes } from '../core';
import { openModel } from '../engine/model';
import { resolveLimits } from '../ir/limits';

/** A folder holding model.onnx, whose initializer `w` (4 floats) is in `w.bin` at `offset`. */
function modelDir(offset = 0, folder = mkdtempSync(join(tmpdir(), 'cgc-ext-'))): string {
  const w = {
    name: 'w', dims: [4], data_type: 1, data_location: 1,
    external_data: [{ key: 'location', value: 'w.bin' }, { key: 'offset', value: String(offset) }, { key: 'length', value: '16' }],
  };
  writeFileSync(join(folder, 'model.onnx'), modelBytes({ nodes: [node('Add', ['x', 'w'], ['y'])], inputs: [tensorInfo('x', [4])], outputs: [tensorInfo('y', [4])], initializers: [w] }));
  return folder;
}

const exportOf = (dir: string) => run('export', join(dir, 'model.onnx'), '-o', join(dir, 'out.mlir'));
const exportedW = (dir: string) => [...new Float32Array(new Uint8Array(readSafetensors(readFileSync(join(dir, 'out.safetensors'))).tensors.get('w')!.data).buffer)];

describe('ONNX external data from disk', () => {
  it('reads the tensor from a regular file in the folder', () => {
    const dir = modelDir(4);
    writeFileSync(join(dir, 'w.bin'), new Uint8Array(new Float32Array([9, 1, 2, 3, 4]).buffer));
    const r = exportOf(dir);
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    expect(exportedW(dir)).toEqual([1, 2, 3, 4]);
  });

  it('refuses a link to a file outside the folder, naming both', () => {
    const root = mkdtempSync(join(tmpdir(), 'cgc-ext-'));
    writeFileSync(join(root, 'secret'), new Uint8Array(16).fill(0x41));
    mkdirSync(join(root, 'model'));
    const dir = modelDir(0, join(root, 'model'));
    symlinkSync(join(root, 'secret'), join(dir, 'w.bin'));
    const r = exportOf(dir);
    expect(r.code).toBe(1);
    expect(r.err).toContain(`external data file 'w.bin' resolves to ${join(root, 'secret')}, outside the model's folder`);
  });

  it('refuses a link to /dev/zero at once, without reading it', () => {
    const dir = modelDir();
    symlinkSync('/dev/zero', join(dir, 'w.bin'));
    const before = process.memoryUsage().rss;
    const t0 = performance.now();
    const r = exportOf(dir);
    expect(r.code).toBe(1);
    expect(r.err).toContain("external data file 'w.bin' resolves to /dev/zero, outside the model's folder");
    expect(performance.now() - t0).toBeLessThan(5_000);
    expect(process.memoryUsage().rss - before).toBeLessThan(64 * 2 ** 20);
  });

  it('refuses what is not a regular file inside the folder: a FIFO, a folder', () => {
    const fifo = modelDir();
    execFileSync('mkfifo', [join(fifo, 'w.bin')]);
    expect(exportOf(fifo).err).toContain("external data file 'w.bin' is a FIFO, not a regular file");
    const folder = modelDir();
    mkdirSync(join(folder, 'w.bin'));
    expect(exportOf(folder).err).toContain("external data file 'w.bin' is a folder, not a regular file");
  });

  it('reads only the bytes the tensor needs from a large file', () => {
    const dir = modelDir(2 ** 30);
    // 1 GiB of hole, then the tensor: reading the whole file would take a gigabyte.
    const fd = openSync(join(dir, 'w.bin'), 'w');
    ftruncateSync(fd, 2 ** 30);
    writeSync(fd, new Uint8Array(new Float32Array([1, 2, 3, 4]).buffer), 0, 16, 2 ** 30);
    closeSync(fd);
    const before = process.memoryUsage().rss;
    const r = exportOf(dir);
    expect(r.err).toBe('');
    expect(exportedW(dir)).toEqual([1, 2, 3, 4]);
    expect(process.memoryUsage().rss - before).toBeLessThan(128 * 2 ** 20);
  });
});

describe('files named on the command line', () => {
  it('refuses a device as the model', () => {
    const r = run('compile', '/dev/zero');
    expect(r.code).toBe(1);
    expect(r.err).toContain('/dev/zero is a device, not a regular file');
  });
});

describe('a large file read in pieces at once', () => {
  it('reads every byte, in order, as the one-piece read does; a small file in one piece; a folder or a file past the limit not at all', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cgc-read-'));
    const big = join(dir, 'big.bin');
    // 70 MiB and 3 bytes: 5 pieces, the last short.
    const bytes = new Uint8Array((70 << 20) + 3);
    for (let i = 0; i < bytes.length; i += 4093) bytes[i] = (i / 4093) & 0xff;
    bytes[bytes.length - 1] = 0x5a;
    writeFileSync(big, bytes);
    const limits = resolveLimits();
    const got = await readInputFileAsync(big, limits);
    expect(got.length).toBe(bytes.length);
    expect(Buffer.compare(Buffer.from(got), Buffer.from(readInputFile(big, limits)))).toBe(0);
    writeFileSync(join(dir, 'small.bin'), new Uint8Array([1, 2, 3]));
    expect([...await readInputFileAsync(join(dir, 'small.bin'), limits)]).toEqual([1, 2, 3]);
    await expect(readInputFileAsync(dir, limits)).rejects.toThrow('is a folder, not a regular file');
    await expect(readInputFileAsync(big, resolveLimits({ maxFileBytes: 1 << 20 }))).rejects.toThrow(/too large/);
    // Not an ONNX model: read whole, nothing left to arrive.
    const whole = await readModelFile(big, limits);
    expect(Buffer.compare(Buffer.from(whole.bytes), Buffer.from(got))).toBe(0);
    await whole.arrived;
  });

  it('a large ONNX model: its structure now, its weights meanwhile, and a weight asked for before its piece is in read at once', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cgc-read-'));
    const path = join(dir, 'model.onnx');
    // 64 MiB and 64 bytes of weights: five pieces, then a small initializer that stays structure.
    const n = (16 << 20) + 16;
    const w = new Float32Array(n);
    for (let i = 0; i < n; i += 1021) w[i] = i;
    w[n - 1] = 0.5;
    const file = modelBytes({
      nodes: [node('Add', ['x', 'w'], ['s']), node('Add', ['s', 'b'], ['y'])], inputs: [tensorInfo('x', [n])], outputs: [tensorInfo('y', [n])],
      initializers: [{ name: 'w', dims: [n], data_type: 1, raw_data: new Uint8Array(w.buffer) }, { name: 'b', dims: [1], data_type: 1, raw_data: new Uint8Array(new Float32Array([2]).buffer) }],
    });
    writeFileSync(path, file);
    const { bytes, arrived } = await readModelFile(path, resolveLimits());
    const model = openModel(bytes, { fileName: path });
    const weight = model.constants.get('w')!;
    expect(weight.length).toBe(n * 4);
    expect([...model.constants.get('b')!]).toEqual([...new Uint8Array(new Float32Array([2]).buffer)]);
    // The weight's last piece spoilt where it lies (no event-loop turn yet, so it is still arriving): asking for it reads it from the file now.
    const tail = weight.subarray(weight.length - 4096);
    tail.fill(0xee);
    awaitBytes(tail);
    expect(new Float32Array(new Uint8Array(tail).buffer)[1023]).toBe(0.5);
    await arrived;
    expect(Buffer.compare(Buffer.from(bytes), Buffer.from(file))).toBe(0);
    expect(model.compile().output).toBeDefined();
  });
});
