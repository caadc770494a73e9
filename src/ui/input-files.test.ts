import { describe, expect, it } from 'vitest';
import { tensorType } from '../core';
import { binTensor, constantTensor, npyTensor, parseNpy, parseTokenIds, tokenTensor } from './input-files';

/** A .npy file as numpy.save writes it (format 1.0, header padded to 64 bytes). */
function npy(descr: string, shape: number[], data: Uint8Array, fortran = false, version = 1): Uint8Array {
  const dict = `{'descr': '${descr}', 'fortran_order': ${fortran ? 'True' : 'False'}, 'shape': (${shape.join(', ')}${shape.length === 1 ? ',' : ''}), }`;
  const start = version === 1 ? 10 : 12;
  const padded = dict + ' '.repeat(63 - ((start + dict.length) % 64)) + '\n';
  const out = new Uint8Array(start + padded.length + data.length);
  out.set([0x93, 0x4e, 0x55, 0x4d, 0x50, 0x59, version, 0]);
  const view = new DataView(out.buffer);
  if (version === 1) view.setUint16(8, padded.length, true);
  else view.setUint32(8, padded.length, true);
  out.set(new TextEncoder().encode(padded), start);
  out.set(data, start + padded.length);
  return out;
}

const f32 = (xs: number[]) => new Uint8Array(new Float32Array(xs).buffer);

describe('parseNpy', () => {
  it('reads dtype, shape and data (format 1.0 and 2.0)', () => {
    for (const version of [1, 2]) {
      const a = parseNpy(npy('<f4', [2, 3], f32([1, 2, 3, 4, 5, 6]), false, version));
      expect(a.element).toBe('float32');
      expect(a.shape).toEqual([2, 3]);
      expect([...new Float32Array(a.data.slice().buffer)]).toEqual([1, 2, 3, 4, 5, 6]);
    }
    expect(parseNpy(npy('<i8', [4], new Uint8Array(32))).element).toBe('int64');
    expect(parseNpy(npy('|u1', [], new Uint8Array(1))).shape).toEqual([]);
  });
  it('refuses Fortran order, big-endian and unknown dtypes, bad magic and short data', () => {
    expect(() => parseNpy(npy('<f4', [2, 2], f32([1, 2, 3, 4]), true), 'x.npy')).toThrow(/x\.npy is in Fortran \(column-major\) order/);
    expect(() => parseNpy(npy('>f4', [1], f32([1])))).toThrow(/dtype '>f4' is not supported/);
    expect(() => parseNpy(npy('<c8', [1], new Uint8Array(8)))).toThrow(/dtype '<c8' is not supported/);
    expect(() => parseNpy(new Uint8Array(20), 'y.npy')).toThrow(/y\.npy is not a \.npy file/);
    expect(() => parseNpy(npy('<f4', [3], f32([1, 2])))).toThrow(/needs 12 data bytes, the file has 8/);
  });
});

describe('npyTensor', () => {
  const type = tensorType([1, 2], 'float32');
  it('checks dtype and shape against the input', () => {
    expect([...npyTensor(type, npy('<f4', [1, 2], f32([7, 8])), 'a.npy', '%x').data]).toEqual([7, 8]);
    expect(() => npyTensor(type, npy('<f4', [2, 1], f32([7, 8])), 'a.npy', '%x')).toThrow('a.npy holds 2×1 float32; %x (1×2 float32) needs shape 1×2');
    expect(() => npyTensor(type, npy('<i4', [1, 2], new Uint8Array(8)), 'a.npy', '%x')).toThrow('a.npy holds 1×2 int32; %x (1×2 float32) needs dtype float32');
  });
});

describe('parseTokenIds', () => {
  it('parses a typed list, padding or truncating to the input size with a note', () => {
    expect(parseTokenIds('101, 2023, 2003, 102', 4)).toEqual({ ids: [101, 2023, 2003, 102] });
    expect(parseTokenIds('[101 2023]', 4)).toEqual({ ids: [101, 2023, 0, 0], note: '2 ids padded with 0 to the input\'s 4' });
    expect(parseTokenIds('1,2,3', 2)).toEqual({ ids: [1, 2], note: '3 ids truncated to the input\'s 2' });
  });
  it('names the item that is not an id', () => {
    expect(() => parseTokenIds('101, abc', 4)).toThrow('token ids: "abc" (item 2) is not a non-negative integer');
    expect(() => parseTokenIds('1.5', 4)).toThrow(/"1\.5" \(item 1\)/);
    expect(() => parseTokenIds(' , ', 4)).toThrow(/at least one id/);
  });
  it('fills int64 and int32 inputs and refuses float ones', () => {
    expect([...tokenTensor(tensorType([1, 3], 'int64'), '5 6').tensor.data]).toEqual([5n, 6n, 0n]);
    expect([...tokenTensor(tensorType([3], 'int32'), '5 6 7').tensor.data]).toEqual([5, 6, 7]);
    expect(() => tokenTensor(tensorType([3], 'float32'), '1', '%x')).toThrow(/token ids fill int32 or int64 inputs; %x \(3 float32\)/);
  });
});

describe('binTensor and constantTensor', () => {
  it('checks the .bin size', () => {
    expect([...binTensor(tensorType([2], 'float32'), f32([1, 2]), 'a.bin').data]).toEqual([1, 2]);
    expect(() => binTensor(tensorType([1, 3], 'float32'), f32([1, 2]), 'a.bin', '%x')).toThrow('a.bin has 8 bytes; %x (1×3 float32) needs 12 (3 × 4-byte float32, little-endian)');
  });
  it('fills every element; integer inputs need an integer', () => {
    expect([...constantTensor(tensorType([3], 'float32'), 0.5).data]).toEqual([0.5, 0.5, 0.5]);
    expect([...constantTensor(tensorType([2], 'int64'), 3).data]).toEqual([3n, 3n]);
    expect(() => constantTensor(tensorType([2], 'int32'), 1.5, '%ids')).toThrow(/1\.5 is not an integer/);
  });
});
