// CgcError: kind, position and instanceof through subclasses; formatting with and without a position.
import { expect, test } from 'vitest';
import { CgcError, formatCgcError } from './errors';

class ParseRefusal extends CgcError {
  override name = 'ParseRefusal';
  constructor(message: string) {
    super('parse', message, { file: 'm.mlir', line: 3, column: 7 });
  }
}

test('a subclass is a CgcError and an Error, with its own name', () => {
  const e = new ParseRefusal('expected a type');
  expect(e).toBeInstanceOf(ParseRefusal);
  expect(e).toBeInstanceOf(CgcError);
  expect(e).toBeInstanceOf(Error);
  expect([e.name, e.kind, e.message]).toEqual(['ParseRefusal', 'parse', 'expected a type']);
  expect(String(e)).toBe('ParseRefusal: expected a type');
});

test('formatCgcError puts the position first when there is one', () => {
  expect(formatCgcError(new ParseRefusal('expected a type'))).toBe('m.mlir:3:7: expected a type');
  expect(formatCgcError(new CgcError('limit', 'too big', { file: 'w.safetensors' }))).toBe('w.safetensors: too big');
  expect(formatCgcError(new CgcError('usage', 'bad flag'))).toBe('bad flag');
});
