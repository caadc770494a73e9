// ONNX decode errors name the file, where it ends and what is missing, in words (not protobufjs's).
import { describe, expect, test } from 'vitest';
import { OnnxImportError } from './errors';
import { decodeErrorText, decodeModel } from './proto';

describe('decode errors', () => {
  test('a truncated model says where it ends and how many bytes the field still needs', () => {
    // ir_version = 7, then producer_name (field 2, bytes) with a length far past the end.
    const bytes = new Uint8Array([0x08, 0x07, 0x12, 0x12, 0x61, 0x62]);
    expect(() => decodeModel(bytes, 'model.onnx')).toThrow(OnnxImportError);
    expect(() => decodeModel(bytes, 'model.onnx')).toThrow(/^model\.onnx is not a complete ONNX model: it ends at byte 6 inside a field that needs 16 more bytes/);
  });

  test('bytes that are no protobuf field say where', () => {
    expect(decodeErrorText(new Error('invalid wire type 7 at offset 1'), 'x.onnx', 'ModelProto', { pos: 1, len: 2, buf: new Uint8Array(2) })).toMatch(/^x\.onnx is not an ONNX model: the bytes at offset 1 are not a protobuf field \(wire type 7\)/);
  });

  test('a nested message longer than the file says how much is missing', () => {
    // graph (field 7, bytes) claiming 5 bytes where 1 is left.
    expect(() => decodeModel(new Uint8Array([0x08, 0x01, 0x3a, 0x05, 0x0a]), 'g.onnx')).toThrow('g.onnx is not a complete ONNX model: it ends at byte 5 inside a field that needs 4 more bytes');
    // A two-byte length (300 = 0xac 0x02) after a two-byte tag (field 20).
    expect(() => decodeModel(new Uint8Array([0xa2, 0x01, 0xac, 0x02, 0x0a]), 'h.onnx')).toThrow(/^h\.onnx is not a complete ONNX model: it ends at byte 5 inside a field that needs 299 more bytes/);
  });

  test('any other protobufjs error keeps its text, named', () => {
    expect(decodeErrorText(new Error('illegal tag'), 'y.onnx', 'TensorProto', { pos: 0, len: 9, buf: new Uint8Array(9) })).toBe('y.onnx could not be read as an ONNX TensorProto (protobuf: illegal tag)');
  });
});
