// TensorProto decoding: raw and typed data fields, float16/bool/int64, external data, and the
// size checks that run before any allocation.
import { describe, expect, test } from 'vitest';
import { OnnxImportError } from './errors';
import { floatToHalf, halfToFloat } from '../../../core';
import { fromNumbers } from './host';
import { externalFilesOf, tensorFromProto, readTensorProto } from './tensor-proto';
import type { TensorProto } from './proto';
import { TENSOR_PROTO, tensorBytes } from './testing';

const decode = (t: object) => TENSOR_PROTO.decode(tensorBytes(t)) as unknown as TensorProto;

describe('readTensorProto', () => {
  test('typed fields', () => {
    expect([...readTensorProto(tensorBytes({ dims: [3], data_type: 1, float_data: [1, 2.5, -3] })).data]).toEqual([1, 2.5, -3]);
    expect([...readTensorProto(tensorBytes({ dims: [2], data_type: 7, int64_data: ['9223372036854775807', -2] })).data])
      .toEqual([9223372036854775807n, -2n]);
    expect([...readTensorProto(tensorBytes({ dims: [2], data_type: 9, int32_data: [1, 0] })).data]).toEqual([1, 0]);
    const half = readTensorProto(tensorBytes({ dims: [1], data_type: 10, int32_data: [floatToHalf(1.5)] }));
    expect(half.type.element).toBe('float16');
    expect(halfToFloat(half.data[0] as number)).toBe(1.5);
  });

  test('raw_data, little-endian', () => {
    const raw = new Uint8Array(new Int32Array([7, -1]).buffer);
    const t = readTensorProto(tensorBytes({ dims: [2, 1], data_type: 6, raw_data: raw }));
    expect(t.type.shape).toEqual([2, 1]);
    expect([...t.data]).toEqual([7, -1]);
  });

  test('scalars and empty tensors', () => {
    expect([...readTensorProto(tensorBytes({ dims: [], data_type: 1, float_data: [4] })).data]).toEqual([4]);
    expect(readTensorProto(tensorBytes({ dims: [0, 3], data_type: 1 })).data.length).toBe(0);
  });

  test('size checks run before allocating', () => {
    expect(() => readTensorProto(tensorBytes({ dims: [2 ** 20, 2 ** 20], data_type: 1 })))
      .toThrow('1099511627776 elements is over the tensor element limit of 2147483647 elements');
    expect(() => readTensorProto(tensorBytes({ dims: [2 ** 14, 2 ** 14], data_type: 1 }))).toThrow('float_data has 0 values for 268435456 elements');
    expect(() => readTensorProto(tensorBytes({ dims: [-1], data_type: 1 }))).toThrow('invalid dimension -1');
    expect(() => readTensorProto(tensorBytes({ dims: [4], data_type: 1, raw_data: new Uint8Array(8) })))
      .toThrow('8 bytes of data for shape [4] of float32 (16 bytes)');
    expect(() => readTensorProto(tensorBytes({ dims: [3], data_type: 1, float_data: [1] }))).toThrow('float_data has 1 values for 3 elements');
  });

  test('unsupported element types and bad bytes are OnnxImportErrors', () => {
    expect(() => readTensorProto(tensorBytes({ dims: [1], data_type: 14, float_data: [1, 2] }))).toThrow(/element type COMPLEX64/);
    expect(() => readTensorProto(new Uint8Array([0x0a, 0xff]))).toThrow(OnnxImportError);
  });
});

describe('external data', () => {
  const ext = (offset: number, length: number) => decode({
    name: 'w', dims: [2], data_type: 1, data_location: 1,
    external_data: [{ key: 'location', value: 'w.bin' }, { key: 'offset', value: String(offset) }, { key: 'length', value: String(length) }],
  });
  const file = new Uint8Array(new Float32Array([0, 1, 2, 3]).buffer);

  test('reads the slice of the named file', () => {
    expect([...tensorFromProto(ext(4, 8), 'w', externalFilesOf(new Map([['w.bin', file]]))).data]).toEqual([1, 2]);
  });

  test('offsets past the end and missing files are errors', () => {
    expect(() => tensorFromProto(ext(12, 8), 'w', externalFilesOf(new Map([['w.bin', file]])))).toThrow("offset 12 length 8 in 'w.bin' holds 4 bytes; the tensor needs 8");
    expect(() => tensorFromProto(ext(0, 12), 'w', externalFilesOf(new Map([['w.bin', file]])))).toThrow("12 bytes of external data in 'w.bin' for a 8-byte tensor");
    expect(() => tensorFromProto(ext(0, 8), 'w')).toThrow("external file 'w.bin', which was not supplied");
  });
});

test('folded float16 constants round once, to nearest even', () => {
  // Through float32 first, 1 + 2^-11 + 2^-30 would lose its 2^-30 and tie down to 0x3c00.
  expect([...fromNumbers([2], 'float16', [1 + 2 ** -11 + 2 ** -30, 1 + 2 ** -11]).data]).toEqual([0x3c01, 0x3c00]);
});
