// Folding at import: any op whose operands are all constants is computed by the evaluator the
// importer is given (the CPU reference), within the fold size limit; folded and unfolded imports
// compute the same values.
import { describe, expect, test } from 'vitest';
import { runEntryPoint } from '../../../reference';
import type { HostTensor } from '../../../core';
import { tensor } from '../../../reference/testing/tensors';
import { importOnnx } from './importer';
import { FLOAT, type GraphSpec, floatTensor, importFolded, importText, intTensor, modelBytes, node, tensorInfo } from './testing';

const opsOf = (text: string) => [...text.matchAll(/cgc_op\.(\w+)/g)].map((m) => m[1]);

function run(r: ReturnType<typeof importOnnx>, inputs: HostTensor[]): number[] {
  return [...runEntryPoint(r.module, inputs, (n) => r.constants.get(n))[0]!.data as Float32Array];
}

/** tf2onnx writes a Pad's pads as pieces of a constant split and concatenated again (begins, ends). */
const tfPad: GraphSpec = {
  nodes: [
    node('Split', ['p', 'sizes'], ['p0', 'p1', 'p2', 'p3'], { axis: 0 }),
    node('Concat', ['p0', 'p2', 'p1', 'p3'], ['pads'], { axis: 0 }),
    node('Pad', ['x', 'pads'], ['y']),
  ],
  inputs: [tensorInfo('x', [1, 3])], outputs: [{ name: 'y' }],
  initializers: [intTensor('p', [4], [0, 1, 0, 2]), intTensor('sizes', [4], [1, 1, 1, 1])],
};

/**
 * A shifted-window attention mask as Swin's export computes it: a zero image, regions numbered by
 * ScatterND, cut into windows, compared pairwise (Equal → Where 0 / −100), added to the scores.
 */
const swinMask: GraphSpec = {
  nodes: [
    node('ConstantOfShape', ['zshape'], ['z'], { value: { t: { dims: [1], data_type: FLOAT, float_data: [0] } } }),
    node('ScatterND', ['z', 'idx', 'upd'], ['img']),
    node('Reshape', ['img', 'wshape'], ['win']),
    node('Unsqueeze', ['win', 'ax1'], ['a']),
    node('Unsqueeze', ['win', 'ax2'], ['b']),
    node('Sub', ['a', 'b'], ['d']),
    node('Equal', ['d', 'zero'], ['same']),
    node('Where', ['same', 'zero', 'neg'], ['mask']),
    node('Add', ['scores', 'mask'], ['y']),
  ],
  inputs: [tensorInfo('scores', [2, 2, 2])], outputs: [{ name: 'y' }],
  initializers: [
    intTensor('zshape', [2], [2, 2]),
    intTensor('idx', [2, 2], [0, 1, 1, 1]), floatTensor('upd', [2], [1, 2]),
    intTensor('wshape', [2], [2, 2]), intTensor('ax1', [1], [2]), intTensor('ax2', [1], [1]),
    floatTensor('zero', [], [0]), floatTensor('neg', [], [-100]),
  ],
};

describe('import folds every op whose operands are constants', () => {
  test('a TF-style Pad whose pads are Concat(Split(constant)) imports, pads as an attribute', () => {
    expect(() => importOnnx(modelBytes(tfPad))).toThrow("input 'pads' must be a constant (it is computed at run time)");
    const r = importFolded(modelBytes(tfPad));
    const { text } = importText(tfPad);
    expect(opsOf(text)).toEqual(['pad']);
    expect(text).toContain('start_padding = [0, 0], end_padding = [1, 2]');
    expect(run(r, [tensor([1, 3], [1, 2, 3])])).toEqual([1, 2, 3, 0, 0, 0, 0, 0, 0, 0]);
  });

  test("a constant ScatterND mask subgraph becomes one constant, with the unfolded import's values", () => {
    const folded = importFolded(modelBytes(swinMask));
    const plain = importOnnx(modelBytes(swinMask));
    expect(opsOf(importText(swinMask).text)).toEqual(['add']);
    expect(opsOf(importText(swinMask, { evaluate: undefined }).text)).toEqual(
      ['scatter_nd', 'reshape', 'unsqueeze', 'unsqueeze', 'sub', 'equal', 'where', 'add']);
    const scores = tensor([2, 2, 2], [1, 2, 3, 4, 5, 6, 7, 8]);
    const want = run(plain, [scores]);
    expect(run(folded, [scores])).toEqual(want);
    // Windows [0, 1] and [0, 2]: equal regions add 0, different ones −100.
    expect(want).toEqual([1, -98, -97, 4, 5, -94, -93, 8]);
  });

  test('a shape subgraph (Shape → Gather → Unsqueeze → Concat → Reshape, Range, Expand) folds once the input sizes are given', () => {
    const g: GraphSpec = {
      nodes: [
        node('Shape', ['x'], ['s']),
        node('Gather', ['s', 'i0'], ['n'], { axis: 0 }),
        node('Unsqueeze', ['n', 'ax0'], ['n1']),
        node('Concat', ['n1', 'm1'], ['shape'], { axis: 0 }),
        node('Reshape', ['x', 'shape'], ['r']),
        node('Range', ['zero', 'n', 'one'], ['ids']),
        node('Cast', ['ids'], ['fids'], { to: FLOAT }),
        node('Unsqueeze', ['fids', 'ax1'], ['col']),
        node('Shape', ['r'], ['rs']),
        node('Expand', ['col', 'rs'], ['e']),
        node('Add', ['r', 'e'], ['y']),
      ],
      inputs: [tensorInfo('x', ['batch', 2, 3])], outputs: [{ name: 'y' }],
      initializers: [
        intTensor('i0', [], [0]), intTensor('ax0', [1], [0]), intTensor('ax1', [1], [1]), intTensor('m1', [1], [-1]),
        intTensor('zero', [], [0]), intTensor('one', [], [1]),
      ],
    };
    expect(() => importText(g)).toThrow("dimension 0 ('batch') is dynamic");
    const { text, constants } = importText(g, { shapes: { x: [3, 2, 3] } });
    expect(opsOf(text)).toEqual(['reshape', 'add']);
    expect(text).toContain('shape = [3, -1]');
    expect([...constants.values()].find((t) => t.type.shape.join() === '3,6')!.data).toEqual(
      new Float32Array([0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 2]));
  });

  test('a result past the fold size limit stays an op; one within it folds', () => {
    const g: GraphSpec = {
      nodes: [node('Tile', ['w', 'reps'], ['t']), node('Add', ['x', 't'], ['y'])],
      inputs: [tensorInfo('x', [4, 2])], outputs: [{ name: 'y' }],
      initializers: [floatTensor('w', [2, 2], [1, 2, 3, 4]), intTensor('reps', [2], [2, 1])],
    };
    expect(opsOf(importText(g, { limits: { maxFoldElements: 7 } }).text)).toEqual(['tile', 'add']);
    expect(opsOf(importText(g, { limits: { maxFoldElements: 8 } }).text)).toEqual(['add']);
  });

  test('a fold that fails is an import error naming the node and the rule', () => {
    const g: GraphSpec = {
      nodes: [node('Gather', ['w', 'i'], ['y'], { axis: 0 })],
      inputs: [], outputs: [{ name: 'y' }],
      initializers: [floatTensor('w', [2], [1, 2]), intTensor('i', [1], [5])],
    };
    expect(() => importFolded(modelBytes(g))).toThrow(/Gather output 'y' \(opset 17\): cannot fold cgc_op\.gather: .*5/);
  });
});
