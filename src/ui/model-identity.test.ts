// A model's identity in a link: SHA-256 of the model file, a short description, refusal of another
// file naming both hashes, and which models are small enough to travel inside the link.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { WrongFileError, checkFile, describeFile, fileRefOf, packModel } from './model-identity';
import type { ModelSource } from './sources';

const onnx = (bytes: Uint8Array, extra: Record<string, Uint8Array> = {}): ModelSource => ({ kind: 'onnx', name: 'blazeface.onnx', bytes, externalFiles: extra });

describe('model identity', () => {
  it('is the name, size and SHA-256 of the model file', async () => {
    const bytes = Uint8Array.from({ length: 1_234_567 }, (_, i) => i % 251);
    const ref = await fileRefOf(onnx(bytes));
    expect(ref).toEqual({ kind: 'file', name: 'blazeface.onnx', size: 1_234_567, sha256: createHash('sha256').update(bytes).digest('hex') });
    expect(describeFile(ref!)).toBe(`blazeface.onnx (1.2 MB, sha256 ${ref!.sha256.slice(0, 12)}…)`);
    const text = await fileRefOf({ kind: 'text', name: 'm.mlir', text: 'cgc.module {}' });
    expect(text?.size).toBe(13);
    const withData = await fileRefOf(onnx(new Uint8Array(4), { 'blazeface.data': new Uint8Array(8) }));
    expect(withData?.with).toEqual(['blazeface.data']);
  });

  it('refuses a different file, naming both hashes', async () => {
    const want = (await fileRefOf(onnx(new Uint8Array([1, 2, 3]))))!;
    const got = (await fileRefOf(onnx(new Uint8Array([1, 2, 4]))))!;
    expect(() => checkFile(want, want)).not.toThrow();
    expect(() => checkFile(want, got)).toThrow(WrongFileError);
    expect(() => checkFile(want, got)).toThrow(`it has sha256 ${got.sha256} (3 B), the link's blazeface.onnx has sha256 ${want.sha256} (3 B)`);
  });

  it('packs a small model without side files into the link, and nothing else', async () => {
    expect(await packModel(onnx(new Uint8Array(40_000)))).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(await packModel(onnx(new Uint8Array(40_000), { 'w.data': new Uint8Array(4) }))).toBeUndefined();
    const noise = Uint8Array.from({ length: 100_000 }, () => Math.floor(Math.random() * 256));
    expect(await packModel(onnx(noise))).toBeUndefined();
    expect(await packModel({ kind: 'text', name: 'm.mlir', text: 'cgc.module {}', weightsName: 'm.safetensors', weights: new Uint8Array(8) })).toBeUndefined();
    expect(await packModel({ kind: 'bytecode', name: 'm.mlirbc', bytes: new Uint8Array(8) })).toBeUndefined();
  });
});
