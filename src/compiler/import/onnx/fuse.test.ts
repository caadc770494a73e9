// A layer normalization written out (PyTorch's export of nn.LayerNorm before opset 17) imports as one
// layer_normalization; near misses stay as written.
import { expect, test } from 'vitest';
import { printModule, tensorType } from '../../../ir';
import { evaluateOp, runEntryPoint } from '../../../reference';
import { decodeOnnx, importOnnx } from './importer';
import { tensorFromBytes } from '../../../core';
import { floatTensor, importFolded, importText, modelBytes, node, tensorInfo } from './testing';

/** The written-out layer normalization of x [2, 3, 4] over its last axis; `pow` is the exponent, `gamma` γ's name. */
function decomposed(pow = 2, gamma = 'g') {
  return {
    nodes: [
      node('ReduceMean', ['x'], ['m'], { axes: [-1] }), node('Sub', ['x', 'm'], ['d']),
      node('Constant', [], ['two'], { value_float: { f: pow } }), node('Pow', ['d', 'two'], ['p']),
      node('ReduceMean', ['p'], ['v'], { axes: [-1] }), node('Constant', [], ['eps'], { value_float: { f: 1e-5 } }),
      node('Add', ['v', 'eps'], ['ve']), node('Sqrt', ['ve'], ['s']), node('Div', ['d', 's'], ['n']),
      node('Identity', ['g0'], ['g']), node('Mul', ['n', gamma], ['y0']), node('Add', ['y0', 'b'], ['y']),
    ],
    inputs: [tensorInfo('x', [2, 3, 4])], outputs: [{ name: 'y' }],
    initializers: [floatTensor('g0', [4], [1, 2, 0.5, -1]), floatTensor('b', [4], [0, 0.25, -0.5, 1])], opset: 13,
  };
}

test('a written-out layer normalization over the last axis imports as one layer_normalization', () => {
  const { text } = importText(decomposed());
  expect(text).toMatch(/cgc_op\.layer_normalization\(%x, %g0?, %b\) \{axis = -1, epsilon = 0\.0000099999/);
  expect(text).not.toContain('reduce_mean');
  // The same values as the ops written out: x's rows normalized, scaled and shifted.
  const r = importFolded(modelBytes(decomposed()));
  const x = tensorFromBytes(tensorType([2, 3, 4], 'float32'), new Uint8Array(new Float32Array(Array.from({ length: 24 }, (_, i) => Math.sin(i) * 3)).buffer));
  const [y] = runEntryPoint(r.module!, [x], (n) => r.constants.get(n));
  const row = [0, 1, 2, 3].map((i) => Math.sin(i) * 3);
  const mean = row.reduce((a, b) => a + b) / 4;
  const sd = Math.sqrt(row.reduce((a, b) => a + (b - mean) ** 2, 0) / 4 + 1e-5);
  const want = row.map((v, i) => ((v - mean) / sd) * [1, 2, 0.5, -1][i]! + [0, 0.25, -0.5, 1][i]!);
  for (let i = 0; i < 4; i++) expect(Math.abs((y!.data as Float32Array)[i]! - want[i]!)).toBeLessThan(1e-5);
});

test('near misses stay as written: another exponent, or γ computed', () => {
  expect(importText(decomposed(3)).text).toContain('reduce_mean');
  const computed = decomposed();
  computed.nodes.splice(9, 1, node('Relu', ['g0'], ['g']));
  expect(importText(computed).text).toContain('reduce_mean');
});

test('a file decoded once imports at each set of shapes as its bytes do, the decoded model left as it was', () => {
  const spec = { ...decomposed(), inputs: [tensorInfo('x', [2, 'seq', 4])] };
  const bytes = modelBytes(spec);
  const decoded = decodeOnnx(bytes);
  const nodes = decoded.model.graph!.node.length;
  for (const seq of [3, 5, 3]) {
    const opts = { evaluate: evaluateOp, shapes: { x: [2, seq, 4] } };
    const once = printModule(importOnnx(decoded, opts).module);
    expect(once).toBe(printModule(importOnnx(bytes, opts).module));
    expect(once).toContain(`tensor<2x${seq}x4x!cgc.float32>`);
    expect(once).toContain('cgc_op.layer_normalization');
    expect(decoded.model.graph!.node).toHaveLength(nodes);
  }
  expect(() => decodeOnnx(bytes.subarray(0, 20), { fileName: 'cut.onnx' })).toThrow(/^cut\.onnx: /);
});
