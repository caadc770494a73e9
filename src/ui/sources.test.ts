// The constants a Run binds for an ONNX model: the worker's answer names its initializers as byte
// ranges of the files the page sent, and the page views them in the bytes it holds.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { compileRequest } from '../engine/service';
import { openModel } from '../engine/model';
import { modelBytes, node, tensorInfo } from '../compiler/import/onnx/testing';
import { constantsOf } from './sources';

test("an ONNX model's weights are views of the page's own copy of its file", async () => {
  const file = new Uint8Array(readFileSync(join(__dirname, '../../public/models/tiny-cnn.onnx')));
  const r = structuredClone(await compileRequest({ model: '', onnx: { bytes: file }, fileName: 'tiny-cnn.onnx' }));
  const page = new Uint8Array(file);
  const bound = constantsOf({ kind: 'onnx', name: 'tiny-cnn.onnx', bytes: page, externalFiles: {} }, r)!;
  const opened = openModel(file, { fileName: 'tiny-cnn.onnx' });
  expect([...bound.keys()].sort()).toEqual([...opened.constants.keys()].sort());
  for (const [name, bytes] of opened.constants) expect(bound.get(name)).toEqual(bytes);
  for (const { name } of r.constantRanges!) expect(bound.get(name)!.buffer).toBe(page.buffer);
});

test('and of its external data files', async () => {
  const data = new Uint8Array(new Float32Array([1, 2, 3, 4, 5, 6]).buffer);
  const bytes = modelBytes({
    nodes: [node('Add', ['x', 'w'], ['y'])], inputs: [tensorInfo('x', [4])], outputs: [{ name: 'y' }],
    initializers: [{ name: 'w', dims: [4], data_type: 1, data_location: 1, external_data: [{ key: 'location', value: 'w.bin' }, { key: 'offset', value: '8' }, { key: 'length', value: '16' }] }],
  });
  const r = structuredClone(await compileRequest({ model: '', onnx: { bytes, externalFiles: { 'w.bin': data } } }));
  const bound = constantsOf({ kind: 'onnx', name: 'm.onnx', bytes, externalFiles: { 'w.bin': data } }, r)!;
  expect(bound.get('w')!.buffer).toBe(data.buffer);
  expect([...new Float32Array(bound.get('w')!.slice().buffer)]).toEqual([3, 4, 5, 6]);
});
