// Opening a model read as IR folds its ops on constants (compiler/passes/fold-constants.ts): a
// shifted-window attention mask built by ScatterND runs on no device, the values are the unfolded
// module's, and a widening cast of byte weights stays for the kernel that reads it.
import { describe, expect, it } from 'vitest';
import { INTERFACES, parseModule, printModule } from '../ir';
import { compile } from '../compiler/pipeline';
import { runEntryPoint } from '../reference';
import { type HostTensor, tensorFromBytes } from '../core';
import { tensor } from '../reference/testing/tensors';
import { openModel } from './model';
import { defaultTargets } from './targets';
import { fromNumbers } from '../compiler/import/onnx/host';
import { INT64, graphAttr, intTensor, modelBytes, node, tensorInfo } from '../compiler/import/onnx/testing';

const text = `cgc.module attributes {cgc.interface = "${INTERFACES.CGC_INPUT}", cgc.version = "0.1.0"} {
  cgc.entry_point @main(%scores: !cgc.tensor<2x2x2x!cgc.float32>, %q: !cgc.tensor<4x!cgc.int32>) -> (!cgc.tensor<2x2x2x!cgc.float32>, !cgc.tensor<4x!cgc.int32>) {
    %z = cgc.constant("z") : !cgc.tensor<constant 2x2x!cgc.float32>
    %idx = cgc.constant("idx") : !cgc.tensor<constant 2x2x!cgc.int64>
    %upd = cgc.constant("upd") : !cgc.tensor<constant 2x!cgc.float32>
    %zero = cgc.constant("zero") : !cgc.tensor<constant 1x!cgc.float32>
    %neg = cgc.constant("neg") : !cgc.tensor<constant 1x!cgc.float32>
    %wb = cgc.constant("wb") : !cgc.tensor<constant 4x!cgc.int8>
    %img = cgc_op.scatter_nd(%z, %idx, %upd)
    %a = cgc_op.unsqueeze(%img) {axes = [2]}
    %b = cgc_op.unsqueeze(%img) {axes = [1]}
    %d = cgc_op.sub(%a, %b)
    %same = cgc_op.equal(%d, %zero)
    %mask = cgc_op.where(%same, %zero, %neg)
    %y = cgc_op.add(%scores, %mask)
    %w = cgc_op.cast(%wb) {to = !cgc.int32}
    %p = cgc_op.mul(%q, %w)
    cgc.return %y, %p
  }
}
`;

const bytes = (a: ArrayBufferView) => new Uint8Array(a.buffer, a.byteOffset, a.byteLength);
const constants = new Map<string, Uint8Array>([
  ['z', bytes(new Float32Array(4))], ['idx', bytes(new BigInt64Array([0n, 1n, 1n, 1n]))], ['upd', bytes(new Float32Array([1, 2]))],
  ['zero', bytes(new Float32Array([0]))], ['neg', bytes(new Float32Array([-100]))], ['wb', bytes(new Int8Array([1, -2, 3, -4]))],
]);

const opsOf = (t: string) => [...t.matchAll(/cgc_op\.(\w+)/g)].map((m) => m[1]);

describe('folding a model read as IR', () => {
  const model = openModel(text, { fileName: 'mask.mlir', constants });
  const folded = printModule(model.module);

  it('turns the mask subgraph into one constant and keeps the widening cast of byte weights', () => {
    expect(opsOf(folded)).toEqual(['add', 'cast', 'mul']);
    expect(folded).toContain('%mask = cgc.constant("mask") : !cgc.tensor<constant 2x2x2x!cgc.float32>');
    expect([...new Float32Array(model.constants.get('mask')!.slice().buffer)]).toEqual([0, -100, -100, 0, 0, -100, -100, 0]);
  });

  it("computes the unfolded module's values", () => {
    const plain = parseModule(text).module!;
    const typed = (m: typeof plain, data: ReadonlyMap<string, Uint8Array>) => {
      const types = new Map([...m.walk()].filter((o) => o.name === 'cgc.constant').map((o) => [(o.attr('name') as { value: string }).value, o.results[0]!.type]));
      return (n: string): HostTensor | undefined => (data.has(n) ? tensorFromBytes(types.get(n)!, data.get(n)!) : undefined);
    };
    const inputs = [tensor([2, 2, 2], [1, 2, 3, 4, 5, 6, 7, 8]), tensor([4], [1, 2, 3, 4], 'int32')];
    const want = runEntryPoint(plain, inputs, typed(plain, constants));
    const got = runEntryPoint(model.module, inputs, typed(model.module, model.constants));
    expect(got.map((t) => [...t.data])).toEqual(want.map((t) => [...t.data]));
  });

  it('takes the ScatterND out of the program: one partition instead of two', () => {
    const before = compile(parseModule(text).module!, defaultTargets());
    const after = model.compile();
    // Unfolded, the scatter is a kernel of its own (the per-op fallback's) in a partition of its own.
    expect(before.partitions.map((p) => p.target).sort()).toEqual(['webgpu', 'webgpu-fallback']);
    expect(after.state.partitions.map((p) => p.target)).toEqual(['webgpu']);
    expect(after.state.schedule.length).toBeLessThan(before.schedule.length);
  });

  it('folds no op with an operand or result past the fold size limit', () => {
    const opsAt = (maxFoldElements: number) => opsOf(printModule(openModel(text, { fileName: 'mask.mlir', constants, limits: { maxFoldElements } }).module));
    expect(opsAt(3)).toEqual(['scatter_nd', 'unsqueeze', 'unsqueeze', 'sub', 'equal', 'where', 'add', 'cast', 'mul']);
    // 2×2 folds (ScatterND and the unsqueezes); the 2×2×2 differences do not.
    expect(opsAt(4)).toEqual(['sub', 'equal', 'where', 'add', 'cast', 'mul']);
  });
});

describe('ONNX inputs bound when the model is opened', () => {
  // y = sr == 16000 ? relu(x) : neg(x)
  const bytes = modelBytes({
    nodes: [
      node('Equal', ['sr', 'k'], ['is16']),
      node('If', ['is16'], ['y'], {
        then_branch: graphAttr({ nodes: [node('Relu', ['x'], ['t'])], inputs: [], outputs: [{ name: 't' }] }),
        else_branch: graphAttr({ nodes: [node('Neg', ['x'], ['e'])], inputs: [], outputs: [{ name: 'e' }] }),
      }),
    ],
    inputs: [tensorInfo('x', [3]), tensorInfo('sr', [], INT64)], outputs: [{ name: 'y' }], initializers: [intTensor('k', [], [16000])],
  });
  const ops = (m: ReturnType<typeof openModel>) => printModule(m.module).match(/cgc_op\.\w+/g);

  it('fold an If on them to the taken branch; left as inputs, both branches and a where run', () => {
    const bound = openModel(bytes, { constantInputs: new Map([['sr', fromNumbers([], 'int64', [8000])]]) });
    expect(ops(bound)).toEqual(['cgc_op.neg']);
    expect(bound.module.body().operations[0]!.body().arguments).toHaveLength(1);
    expect(ops(openModel(bytes))).toEqual(['cgc_op.equal', 'cgc_op.relu', 'cgc_op.neg', 'cgc_op.where']);
  });
});
