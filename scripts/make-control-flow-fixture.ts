// Writes e2e/fixtures/control-flow.onnx: a Loop of 16 iterations (MatMul → Tanh each) feeding an If
// whose condition is a graph input, so both branches and a where import. The app draws the Loop as
// one closed region (32 ops) and the If open (4 ops). Run: npx tsx scripts/make-control-flow-fixture.ts
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { INT64, floatTensor, graphAttr, intTensor, modelBytes, node, tensorInfo } from '../src/compiler/import/onnx/testing';

const BOOL = 9;
const N = 8;
const weights = Array.from({ length: N * N }, (_, i) => (i % (N + 1) === 0 ? 0.9 : Math.sin(i) * 0.05));

const bytes = modelBytes({
  nodes: [
    node('Loop', ['trips', 'keep_going', 'x'], ['h'], {
      body: graphAttr({
        nodes: [node('Identity', ['cond_in'], ['cond_out']), node('MatMul', ['y_in', 'w'], ['m']), node('Tanh', ['m'], ['y_out'])],
        inputs: [tensorInfo('i', [], INT64), tensorInfo('cond_in', [], BOOL), tensorInfo('y_in', [1, N])],
        outputs: [{ name: 'cond_out' }, { name: 'y_out' }],
      }),
    }, 'loop_1'),
    node('If', ['use_relu'], ['z'], {
      then_branch: graphAttr({ nodes: [node('Relu', ['h'], ['r']), node('Mul', ['r', 'h'], ['t'])], inputs: [], outputs: [{ name: 't' }] }),
      else_branch: graphAttr({ nodes: [node('Sigmoid', ['h'], ['e'])], inputs: [], outputs: [{ name: 'e' }] }),
    }, 'gate'),
  ],
  inputs: [tensorInfo('x', [1, N]), tensorInfo('use_relu', [], BOOL)],
  outputs: [{ name: 'z' }],
  initializers: [intTensor('trips', [], [16]), { name: 'keep_going', dims: [], data_type: BOOL, int32_data: [1] }, floatTensor('w', [N, N], weights)],
});
writeFileSync(join(import.meta.dirname, '../e2e/fixtures/control-flow.onnx'), bytes);
