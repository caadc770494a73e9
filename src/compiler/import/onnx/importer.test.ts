// importOnnx end to end: module structure, constants, names, static shapes, folding of shape
// computations, and the errors for unsupported ops, missing values, cycles and run-time shapes.
import { describe, expect, test } from 'vitest';
import { verifyModule } from '../../../ir';
import { fromNumbers } from './host';
import { FLOAT, INT64, floatTensor, importFolded, importText, intTensor, modelBytes, node, tensorInfo } from './testing';

describe('module structure', () => {
  const g = {
    nodes: [node('Conv', ['in put', 'w', 'b'], ['conv/out']), node('Relu', ['conv/out'], ['y'])],
    inputs: [tensorInfo('in put', [1, 1, 4, 4])],
    outputs: [{ name: 'y' }],
    initializers: [floatTensor('w', [1, 1, 3, 3], new Array(9).fill(1)), floatTensor('b', [1], [0.5])],
  };

  test('one entry point: graph inputs as args, initializers as cgc.constant ops backed by the map', () => {
    const { text, constants } = importText(g);
    expect(text).toContain('cgc.module attributes {cgc.interface = "7FC4F23F-2474-4AE8-AE7A-2722118B350E", cgc.version = "0.1.0"}');
    expect(text).toContain('cgc.entry_point @main(%in_put: !cgc.tensor<1x1x4x4x!cgc.float32>) -> !cgc.tensor<1x1x2x2x!cgc.float32>');
    expect(text).toContain('%w = cgc.constant("w") : !cgc.tensor<constant 1x1x3x3x!cgc.float32>');
    expect(text).toContain('%conv_out = cgc_op.convolution(%in_put, %w, %b)');
    expect(text).toContain('%y = cgc_op.relu(%conv_out)');
    expect(text).toContain('cgc.return %y');
    expect([...constants.keys()]).toEqual(['w', 'b']);
    expect([...constants.get('b')!.data]).toEqual([0.5]);
  });

  test('file name prefixes errors', () => {
    expect(() => importFolded(new Uint8Array([8, 1, 0x3a, 5]), { fileName: 'bad.onnx' })).toThrow(/^bad\.onnx: model is not a complete ONNX model: it ends at byte 4 inside a field that needs 5 more bytes/);
  });
});

describe('static shapes', () => {
  const g = { nodes: [node('Relu', ['x'], ['y'])], inputs: [tensorInfo('x', ['batch', 3])], outputs: [{ name: 'y' }] };

  test('a dynamic dimension needs a shape from the caller', () => {
    expect(() => importText(g)).toThrow("graph input 'x' dimension 0 ('batch') is dynamic; give the input's full shape with shapes: { 'x': [...] }");
    expect(importText(g, { shapes: { x: [2, 3] } }).text).toContain('%x: !cgc.tensor<2x3x!cgc.float32>');
    expect(() => importText(g, { shapes: { x: [2, 4] } })).toThrow('dimension 1 is 3 in the model, but the shape given for it says 4');
  });
});

describe('shape computations fold to constants', () => {
  test('Shape → Gather → Unsqueeze → Concat → Reshape becomes one reshape with a constant shape', () => {
    const { text, constants } = importText({
      nodes: [
        node('Shape', ['x'], ['s']),
        node('Gather', ['s', 'zero'], ['n'], { axis: 0 }),
        node('Unsqueeze', ['n', 'axes'], ['n1']),
        node('Concat', ['n1', 'minus1'], ['shape'], { axis: 0 }),
        node('Reshape', ['x', 'shape'], ['y']),
      ],
      inputs: [tensorInfo('x', [2, 3, 4])],
      outputs: [{ name: 'y' }],
      initializers: [intTensor('zero', [], [0]), intTensor('axes', [1], [0]), intTensor('minus1', [1], [-1])],
    });
    expect(text).toContain('%y = cgc_op.reshape(%x) {shape = [2, -1]');
    expect(text).toContain('-> !cgc.tensor<2x12x!cgc.float32>');
    expect(text).not.toContain('cgc_op.gather');
    expect(constants.size).toBe(0);
  });

  test('a shape computed at run time is refused, naming node, op, opset and input', () => {
    const g = {
      nodes: [node('Reshape', ['x', 's'], ['y'], {}, 'node_3')],
      inputs: [tensorInfo('x', [2, 3]), tensorInfo('s', [2], INT64)],
      outputs: [{ name: 'y' }],
      opset: 13,
    };
    expect(() => importText(g)).toThrow("Reshape 'node_3' (opset 13): input 'shape' must be a constant (it is computed at run time), which CGC's static shapes require");
    const bound = importText(g, { constantInputs: new Map([['s', fromNumbers([2], 'int64', [3, 2])]]) });
    expect(bound.text).toContain('cgc_op.reshape(%x) {shape = [3, 2]');
  });

  test('a folded graph output is returned through identity', () => {
    const { text } = importText({ nodes: [node('Shape', ['x'], ['y'])], inputs: [tensorInfo('x', [5, 7])], outputs: [{ name: 'y' }] });
    expect(text).toContain('cgc_op.identity(%y)');
  });
});

describe('errors', () => {
  test('unsupported op names op, node and opset', () => {
    expect(() => importText({
      nodes: [node('Col2Im', ['x'], ['y'], {}, 'col2im_1')], inputs: [tensorInfo('x', [2, 2])], outputs: [{ name: 'y' }], opset: 18,
    })).toThrow(/^unsupported ONNX op 'Col2Im' \(node 'col2im_1', opset 18\): not implemented yet; docs\/operators\.md lists what is supported; supported ops: Abs, /);
  });

  test('an opset past the newest supported is refused, naming it and the range', () => {
    const g = { nodes: [node('Relu', ['x'], ['y'])], inputs: [tensorInfo('x', [4])], outputs: [{ name: 'y' }] };
    expect(() => importText({ ...g, opset: 99 }))
      .toThrow('the model imports default-domain (ai.onnx) opset 99; this importer reads opsets up to 21 (re-export the model at a supported opset)');
    expect(importText({ ...g, opset: 21 }).text).toContain('cgc_op.relu');
  });

  test('other domains are unsupported', () => {
    const bytes = modelBytes({ nodes: [{ ...node('FusedConv', ['x'], ['y']), domain: 'com.microsoft' }], inputs: [tensorInfo('x', [1])], outputs: [{ name: 'y' }] });
    expect(() => importFolded(bytes)).toThrow("unsupported ONNX op 'FusedConv' in domain 'com.microsoft'");
  });

  test('missing values and cycles', () => {
    expect(() => importText({ nodes: [node('Add', ['x', 'w'], ['y'])], inputs: [tensorInfo('x', [1])], outputs: [{ name: 'y' }] }))
      .toThrow("node 'y' (Add) uses 'w', which no node, graph input or initializer defines");
    expect(() => importText({
      nodes: [node('Relu', ['b'], ['a'], {}, 'r1'), node('Relu', ['a'], ['b'], {}, 'r2')], inputs: [], outputs: [{ name: 'a' }],
    })).toThrow("the graph has a cycle through node 'r1' (Relu)");
  });

  test('complex inputs and casts are refused with the type named', () => {
    expect(() => importText({ nodes: [node('Relu', ['x'], ['y'])], inputs: [tensorInfo('x', [1], 14)], outputs: [{ name: 'y' }] }))
      .toThrow("graph input 'x' has element type COMPLEX64, which CGC does not support");
    expect(() => importText({ nodes: [node('Cast', ['x'], ['y'], { to: 14 })], inputs: [tensorInfo('x', [1], FLOAT)], outputs: [{ name: 'y' }] }))
      .toThrow("Cast output 'y' (opset 17) attribute 'to' has element type COMPLEX64");
  });

  test('Cast to bfloat16 keeps the high bits before opset 19 and rounds to nearest-even from 19', () => {
    const cast = (opset: number) => importText({ nodes: [node('Cast', ['x'], ['y'], { to: 16 })], inputs: [tensorInfo('x', [1], FLOAT)], outputs: [{ name: 'y' }], opset }).text;
    expect(cast(13)).toContain('bfloat16_rounding = "toward_zero"');
    expect(cast(19)).not.toContain('bfloat16_rounding');
  });

  test('inference failures become errors naming the node', () => {
    expect(() => importText({ nodes: [node('Add', ['a', 'b'], ['y'])], inputs: [tensorInfo('a', [2]), tensorInfo('b', [3])], outputs: [{ name: 'y' }] }))
      .toThrow("Add output 'y' (opset 17): 'cgc_op.add' operand #1 shape 3 does not broadcast with 2");
  });

  test('imported modules verify', () => {
    const { module } = importFolded(modelBytes({ nodes: [node('Relu', ['x'], ['y'])], inputs: [tensorInfo('x', [1])], outputs: [{ name: 'y' }] }));
    expect(verifyModule(module)).toEqual([]);
  });
});
