import { describe, expect, test } from 'vitest';
import type { GraphModel, GraphNode } from './graph-model';
import { modelFacts, parseTensorType } from './model-properties';

const node = (n: Partial<GraphNode> & Pick<GraphNode, 'id' | 'kind' | 'op'>): GraphNode => ({ attrs: [], inputs: [], outputs: [], ...n });

describe('model properties', () => {
  test('parses printed tensor types, constants and scalars included', () => {
    expect(parseTensorType('!cgc.tensor<constant 16x3x3x3x!cgc.float32>')).toEqual({ shape: [16, 3, 3, 3], element: 'float32' });
    expect(parseTensorType('!cgc.tensor<!cgc.int64>')).toEqual({ shape: [], element: 'int64' });
  });

  test('inputs, outputs, weights counted once however many ops read them, and an op histogram', () => {
    const w = { value: '%w', type: '!cgc.tensor<constant 2x3x!cgc.float16>', constant: 'w' };
    const model = {
      nodes: [
        node({ id: '%x', kind: 'input', op: 'input', outputs: [{ value: '%x', type: '!cgc.tensor<1x3x!cgc.float32>' }] }),
        node({ id: '%a', kind: 'op', op: 'matmul', inputs: [{ value: '%x', type: '' }, w] }),
        node({ id: '%b', kind: 'op', op: 'matmul', inputs: [{ value: '%a', type: '' }, w] }),
        node({ id: '%c', kind: 'op', op: 'relu' }),
        node({ id: 'return #0', kind: 'output', op: 'output', inputs: [{ value: '%c', type: '!cgc.tensor<1x2x!cgc.float32>' }] }),
      ],
      edges: [], groups: [],
    } as unknown as GraphModel;
    const f = modelFacts(model);
    expect(f.inputs).toEqual([{ name: 'x', shape: '1×3', element: 'float32' }]);
    expect(f.outputs).toEqual([{ name: 'c', shape: '1×2', element: 'float32' }]);
    expect(f.parameters).toEqual({ tensors: 1, elements: 6, bytes: 12 });
    expect(f.ops).toEqual([['matmul', 2], ['relu', 1]]);
  });
});
