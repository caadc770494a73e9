// openModel with an ONNX file decoded before (a session's sizes): the same model as from its bytes,
// and a decode of other bytes refused.
import { expect, it } from 'vitest';
import { printModule } from '../ir';
import { decodeOnnx } from '../compiler/import/onnx';
import { modelBytes, node, tensorInfo } from '../compiler/import/onnx/testing';
import { CgcError } from '../core';
import { openModel } from './model';

const spec = (op: string) => ({ inputs: [tensorInfo('x', [1, 'seq', 8])], outputs: [{ name: 'y' }], nodes: [node(op, ['x'], ['y'])] });

it('opens a decoded ONNX file at any sizes as its bytes open, and refuses a decode of other bytes', () => {
  const bytes = modelBytes(spec('Relu'));
  const decoded = decodeOnnx(bytes);
  for (const seq of [3, 11]) {
    const shapes = { x: [1, seq, 8] };
    expect(printModule(openModel(bytes, { shapes, decoded }).module)).toBe(printModule(openModel(bytes, { shapes }).module));
  }
  const other = modelBytes(spec('Sigmoid'));
  expect(() => openModel(other, { shapes: { x: [1, 3, 8] }, decoded })).toThrow(CgcError);
  expect(() => openModel(other, { shapes: { x: [1, 3, 8] }, decoded })).toThrow(/decoded from other bytes/);
});
