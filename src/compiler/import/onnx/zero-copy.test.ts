// Weights as views of the model file's bytes: an initializer's raw_data is not copied on import, a
// tensor whose bytes start at an offset its typed array cannot start at still reads the right
// values, and the resource limits still hold before anything is viewed.
import { describe, expect, test } from 'vitest';
import { floatToHalf, halfToFloat, tensorBytes } from '../../../core';
import { openModel } from '../../../engine/model';
import { importFolded, modelBytes, node, tensorInfo } from './testing';

const FLOAT = 1;
const INT64 = 7;
const FLOAT16 = 10;

const bytesOf = (a: ArrayBufferView) => new Uint8Array(a.buffer, a.byteOffset, a.byteLength);

/**
 * A model whose initializer `name` holds `raw` as raw_data, added to the input x (of its shape and
 * type) by a node named `nodeName` (whose length moves where the initializer's bytes lie).
 */
function model(name: string, dims: number[], dataType: number, raw: Uint8Array, nodeName = ''): Uint8Array {
  return modelBytes({
    nodes: [node('Add', ['x', name], ['y'], {}, nodeName)],
    inputs: [tensorInfo('x', dims, dataType)],
    outputs: [{ name: 'y' }],
    initializers: [{ name, dims, data_type: dataType, raw_data: raw }],
  });
}

/** Where `raw` lies in `file` (its bytes appear once there). */
function offsetIn(file: Uint8Array, raw: Uint8Array): number {
  for (let i = 0; i + raw.length <= file.length; i++) {
    let k = 0;
    while (k < raw.length && file[i + k] === raw[k]) k++;
    if (k === raw.length) return i;
  }
  throw new Error('raw data not found in the file');
}

describe('initializers are views of the file', () => {
  const values = [1.5, -2, 3.25, 1e-3, -7, 0.5].map(Math.fround);
  const raw = bytesOf(new Float32Array(values));

  test("a view shares the file's buffer, at the place its raw_data lies; tensorBytes gives it as it is", () => {
    const file = model('w', [2, 3], FLOAT, raw);
    const w = importFolded(file).constants.get('w')!;
    expect(w.bytes!.buffer).toBe(file.buffer);
    expect(w.bytes!.byteOffset).toBe(file.byteOffset + offsetIn(file, raw));
    expect(tensorBytes(w)).toBe(w.bytes);
    expect([...w.data]).toEqual(values);
  });

  test("the engine's constants are those views, not copies", () => {
    const file = model('w', [2, 3], FLOAT, raw);
    const bytes = openModel(file, { fileName: 'm.onnx' }).constants.get('w')!;
    expect(bytes.buffer).toBe(file.buffer);
    expect([...bytes]).toEqual([...raw]);
  });

  test('a file read into a larger buffer (a Node Buffer from the pool, a subarray) keeps its offsets', () => {
    const file = model('w', [2, 3], FLOAT, raw);
    const holder = new Uint8Array(file.length + 5);
    holder.set(file, 5);
    const w = importFolded(holder.subarray(5)).constants.get('w')!;
    expect(w.bytes!.buffer).toBe(holder.buffer);
    expect([...w.data]).toEqual(values);
  });
});

describe('misaligned raw_data reads the right values', () => {
  // The node name's length moves where raw_data starts: across four lengths every offset mod 4 appears.
  const nodeNames = ['', 'n', 'nn', 'nnn'];

  test.each([
    ['float32', FLOAT, [2, 3], bytesOf(new Float32Array([1.5, -2, 3.25, 1e-3, -7, 0.5])), [1.5, -2, 3.25, 1e-3, -7, 0.5].map(Math.fround)],
    ['int64', INT64, [3], bytesOf(new BigInt64Array([-(2n ** 40n), 7n, 9223372036854775807n])), [-(2n ** 40n), 7n, 9223372036854775807n]],
    ['float16', FLOAT16, [3], bytesOf(new Uint16Array([1.5, -0.25, 65504].map(floatToHalf))), [1.5, -0.25, 65504]],
  ] as const)('%s', (element, dataType, dims, raw, want) => {
    const offsets = new Set<number>();
    for (const nodeName of nodeNames) {
      const file = model('w', [...dims], dataType, raw, nodeName);
      const t = importFolded(file).constants.get('w')!;
      offsets.add(t.bytes!.byteOffset % 8);
      expect(t.type.element).toBe(element);
      expect(t.bytes!.buffer).toBe(file.buffer);
      const got = element === 'float16' ? [...(t.data as Uint16Array)].map(halfToFloat) : [...t.data];
      expect(got).toEqual(want);
      // A typed view where the offset allows one, else a copy of the bytes; the file itself is untouched.
      const aligned = t.bytes!.byteOffset % (raw.length / want.length) === 0;
      expect(t.data.buffer === file.buffer).toBe(aligned);
      expect(tensorBytes(t)).toBe(t.bytes);
    }
    expect(offsets.size).toBe(4);
  });

  test('a misaligned int64 constant folds (a Reshape shape read as numbers)', () => {
    const shape = bytesOf(new BigInt64Array([3n, 2n]));
    for (const nodeName of nodeNames) {
      const file = modelBytes({
        nodes: [node('Reshape', ['x', 's'], ['y'], {}, nodeName)],
        inputs: [tensorInfo('x', [2, 3])],
        outputs: [{ name: 'y' }],
        initializers: [{ name: 's', dims: [2], data_type: INT64, raw_data: shape }],
      });
      expect([...importFolded(file).module.walk()].find((op) => op.name === 'cgc_op.reshape')!.results[0]!.type.shape).toEqual([3, 2]);
    }
  });
});

describe('the limits still hold', () => {
  const raw = bytesOf(new Float32Array(64));
  const file = model('w', [8, 8], FLOAT, raw);

  test('initializer bytes over maxConstantBytes', () => {
    expect(() => importFolded(file, { limits: { maxConstantBytes: 255 } })).toThrow("initializers up to initializer 'w': 256 bytes is over the constant size limit of 255 bytes");
    expect(importFolded(file, { limits: { maxConstantBytes: 256 } }).constants.get('w')!.bytes!.length).toBe(256);
  });

  test('elements over maxTensorElements, and raw_data that does not fit the shape', () => {
    expect(() => importFolded(file, { limits: { maxTensorElements: 63 } })).toThrow(/maxTensorElements|tensor element limit/);
    expect(() => importFolded(model('w', [8, 8], FLOAT, raw.subarray(0, 252)))).toThrow("initializer 'w': 252 bytes of data for shape [8, 8] of float32 (256 bytes)");
  });

  test('the file size limit', () => {
    expect(() => importFolded(file, { limits: { maxFileBytes: file.length - 1 } })).toThrow(/maxFileBytes|file size limit/);
  });
});
