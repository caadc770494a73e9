// The numeric diff's mapping: read-back GPU values to Input IR values (program outputs by the value
// returned there), then to graph nodes — fused ops by their subgraph's results, outputs by index.
import { describe, expect, it } from 'vitest';
import { tensor } from '../reference/testing/tensors';
import { buildGraph } from './graph-model';
import { compareValues, groupErrors, nodeErrors } from './value-diff';

/** The spec's 7-layer network, constants typed in the text (as the app's printed Input IR has them). */
const SPEC = `cgc.module {
  cgc.entry_point @main(%in: !cgc.tensor<1x1x4x4x!cgc.float32>) -> !cgc.tensor<1x1x8x8x!cgc.float32> {
    %w1 = cgc.constant("w1") : !cgc.tensor<constant 1x1x3x3x!cgc.float32>
    %b1 = cgc.constant("b1") : !cgc.tensor<constant 1x!cgc.float32>
    %w2 = cgc.constant("w2") : !cgc.tensor<constant 1x1x3x3x!cgc.float32>
    %b2 = cgc.constant("b2") : !cgc.tensor<constant 1x!cgc.float32>
    %conv1 = cgc_op.convolution(%in, %w1, %b1) {start_padding = [1, 1], end_padding = [1, 1]}
    %relu1 = cgc_op.relu(%conv1)
    %add1 = cgc_op.add(%relu1, %in)
    %conv2 = cgc_op.convolution(%add1, %w2, %b2) {start_padding = [1, 1], end_padding = [1, 1]}
    %relu2 = cgc_op.relu(%conv2)
    %add2 = cgc_op.add(%relu2, %add1)
    %upsample = cgc_op.upsample(%add2)
    cgc.return %upsample
  }
}`;
const subgraph = (symbol: string, step: number, opIds: string[]) => ({ symbol, target: 'webgpu', pattern: symbol, ops: [], opIds, step, dependsOn: [], reuseDependsOn: [] });
/** The spec network as it compiles: two fused conv → relu → add subgraphs, then the upsample. */
const PARTITIONS = [
  { name: 'p0', target: 'webgpu', dependsOn: [], reuseDependsOn: [], subgraphs: [subgraph('convolutionReluAdd', 0, ['%conv1', '%relu1', '%add1']), subgraph('convolutionReluAdd', 1, ['%conv2', '%relu2', '%add2'])] },
  { name: 'p1', target: 'webgpu-fallback', dependsOn: ['p0'], reuseDependsOn: [], subgraphs: [subgraph('upsample', 2, ['%upsample'])] },
];
const t = (x: number) => tensor([2], [x, 1]);

describe('compareValues', () => {
  it('names program outputs by the returned value, compares by name, and leaves out what the reference lacks', () => {
    const reference = new Map([['%add1', t(1)], ['%add2', t(2)], ['%upsample', t(3)]]);
    const gpu = [
      { value: '%add1', tensor: t(1.5) }, { value: '%add2', tensor: t(2) },
      { value: '%out', output: 0, tensor: t(3.25) }, { value: '%made_by_the_compiler', tensor: t(0) },
    ];
    expect([...compareValues(gpu, reference, ['%upsample'])]).toEqual([['%add1', 0.5], ['%add2', 0], ['%upsample', 0.25]]);
    // A shape or type that does not match is an infinite error, not a silent pass.
    expect(compareValues([{ value: '%add1', tensor: tensor([1], [1]) }], reference, [])).toEqual(new Map([['%add1', Infinity]]));
  });
});

describe('nodeErrors', () => {
  const model = buildGraph(SPEC, PARTITIONS);
  const index = (id: string) => model.nodes.findIndex((n) => n.id === id);

  it('builds the graph under test', () => expect(model.nodes.length).toBe(9));

  it('colours subgraph results by their own error and fused ops by their subgraph\'s results', () => {
    const errors = nodeErrors(model, new Map([['%add1', 1e-3], ['%add2', 0], ['%upsample', 2e-6]]), [2e-6]);
    expect(errors.get(index('%add1'))).toEqual({ maxAbs: 1e-3, source: 'value' });
    expect(errors.get(index('%conv1'))).toEqual({ maxAbs: 1e-3, source: 'subgraph' });
    expect(errors.get(index('%relu1'))).toEqual({ maxAbs: 1e-3, source: 'subgraph' });
    // The second instance of the same subgraph symbol has its own error.
    expect(errors.get(index('%conv2'))).toEqual({ maxAbs: 0, source: 'subgraph' });
    expect(errors.get(index('%upsample'))).toEqual({ maxAbs: 2e-6, source: 'value' });
    expect(errors.get(index('return #0'))).toEqual({ maxAbs: 2e-6, source: 'output' });
    expect(errors.has(index('%in'))).toBe(false);
    expect([...groupErrors(model, errors)].sort()).toEqual([[0, 1e-3], [1, 0], [2, 2e-6]]);
  });

  it('gives a reshape compiled into a view (in no subgraph) its operand\'s error, through a chain of views', () => {
    const text = `cgc.module {
  cgc.entry_point @main(%x: !cgc.tensor<1x4x!cgc.float32>) -> !cgc.tensor<2x2x!cgc.float32> {
    %a = cgc_op.relu(%x)
    %f = cgc_op.reshape(%a) {shape = [4]}
    %g = cgc_op.reshape(%f) {shape = [2, 2]}
    %y = cgc_op.sigmoid(%g)
    cgc.return %y
  }
}`;
    const sg = (symbol: string, step: number, id: string) => subgraph(symbol, step, [id]);
    const views = buildGraph(text, [{ name: 'p', target: 'webgpu', dependsOn: [], reuseDependsOn: [], subgraphs: [sg('relu', 0, '%a'), sg('sigmoid', 1, '%y')] }]);
    expect(views.nodes.map((n) => n.id)).toEqual(['%x', '%a', '%f', '%g', '%y', 'return #0']);
    const errors = nodeErrors(views, new Map([['%a', 3e-7], ['%y', 1e-6]]), [1e-6]);
    expect([2, 3].map((v) => errors.get(v))).toEqual([{ maxAbs: 3e-7, source: 'view' }, { maxAbs: 3e-7, source: 'view' }]);
    expect(errors.get(4)).toEqual({ maxAbs: 1e-6, source: 'value' });
    // A reshape inside a subgraph is fused, not a view.
    const fused = buildGraph(text, [{ name: 'p', target: 'webgpu', dependsOn: [], reuseDependsOn: [], subgraphs: [subgraph('all', 0, ['%a', '%f', '%g', '%y'])] }]);
    expect(nodeErrors(fused, new Map([['%y', 1e-6]]), []).get(2)).toEqual({ maxAbs: 1e-6, source: 'subgraph' });
  });

  it('leaves a subgraph with no compared result uncoloured', () => {
    const errors = nodeErrors(model, new Map([['%add2', 0.5]]), []);
    expect(errors.has(index('%conv1'))).toBe(false);
    expect(errors.has(index('%add1'))).toBe(false);
    expect(errors.get(index('%relu2'))).toEqual({ maxAbs: 0.5, source: 'subgraph' });
    expect(errors.has(index('return #0'))).toBe(false);
  });
});
