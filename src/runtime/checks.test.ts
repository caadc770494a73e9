// checkInt32Range on int64 bytes at any offset: a weight in a model file's buffer need not start on a word.
import { expect, test } from 'vitest';
import { Buffer } from 'node:buffer';
import { checkInt32Range } from './checks';

const int64Bytes = (values: bigint[]) => new Uint8Array(new BigInt64Array(values).buffer);

test.each([0, 1, 2, 3])('int64 bytes at offset %i of a Node Buffer are read where they lie', (at) => {
  const file = Buffer.alloc(64, 0xff);
  file.set(int64Bytes([-5n, 2147483647n]), at);
  expect(() => checkInt32Range('w', '@p', file.subarray(at, at + 16))).not.toThrow();
  file.set(int64Bytes([7n, 2147483648n]), at);
  expect(() => checkInt32Range('w', '@p', file.subarray(at, at + 16))).toThrow('w holds 2147483648 at element 1, outside the int32 range');
});
