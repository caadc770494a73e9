// The interpreter: the spec's 7-layer example network (tests/golden/spec/input-ir.mlir with the
// weights of spec-7layer.safetensors) on an all-ones input, checked against a hand derivation, and
// the interpreter's diagnostics (signature, constants, size limit, single-op evaluation).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readSafetensors } from '../ir/safetensors';
import { parseModule } from '../ir';
import { listGoldens, parseGolden } from '../ir/testing/goldens';
import { evaluateOp, MAX_LOOP_ITERATIONS, MAX_RESULT_ELEMENTS, runEntryPoint } from './interpreter';
import { type HostTensor, tensorFromBytes } from '../core';
import { run1, tensor, values } from './testing/tensors';

const spec = () => parseGolden(listGoldens().find((g) => g.name === 'spec/input-ir')!);
const weights = () => {
  const st = readSafetensors(readFileSync(join(__dirname, '../../tests/golden/spec/spec-7layer.safetensors')));
  return (name: string): HostTensor | undefined => {
    const t = st.tensors.get(name);
    return t && tensorFromBytes(t.type, t.data);
  };
};

describe('the spec 7-layer example', () => {
  it('has the weights the derivation assumes', () => {
    const w = weights();
    expect(values(w('w1')!)).toEqual([0, -1, 0, -1, 4, -1, 0, -1, 0]);
    expect(values(w('w2')!)).toEqual([1, 2, 1, 2, 4, 2, 1, 2, 1].map((v) => v / 16));
    expect([values(w('b1')!), values(w('b2')!)]).toEqual([[0.5], [-0.25]]);
  });

  it('runs on an all-ones input and matches the hand derivation', () => {
    const input = tensor([1, 1, 4, 4], new Array<number>(16).fill(1));
    const [out] = runEntryPoint(spec(), [input], weights());
    // conv1 (Laplacian, zero padding) on ones: 4 − (in-bounds neighbours) = 0 inside, 1 on edges, 2 at
    // corners; + b1 0.5; relu keeps it; + in 1 → add1 = 1.5 inside, 2.5 edges, 3.5 corners.
    // conv2 (binomial /16) on add1, + b2 −0.25, relu, + add1:
    //   corner: (4·3.5 + 2·2.5 + 2·2.5 + 1.5)/16 = 25.5/16 → 1.34375 + 3.5 = 4.84375
    //   edge:   (2·3.5 + 4·2.5 + 2·2.5 + 2.5 + 2·1.5 + 1.5)/16 = 29/16 → 1.5625 + 2.5 = 4.0625
    //   inside: (3.5 + 2·2.5 + 2.5 + 2·2.5 + 4·1.5 + 2·1.5 + 2.5 + 2·1.5 + 1.5)/16 = 32/16 → 1.75 + 1.5 = 3.25
    // then nearest upsampling ×2 repeats every value in a 2×2 block.
    const [c, e, i] = [4.84375, 4.0625, 3.25];
    const add2 = [[c, e, e, c], [e, i, i, e], [e, i, i, e], [c, e, e, c]];
    const expected = Array.from({ length: 64 }, (_, k) => add2[Math.floor(k / 16)]![Math.floor((k % 8) / 2)]!);
    expect(out!.type.shape).toEqual([1, 1, 8, 8]);
    expect(values(out!)).toEqual(expected); // exact: every value is a multiple of 1/32
  });

  it('takes inputs by argument name (zeros: add1 = b1 = 0.5 everywhere)', () => {
    const input = tensor([1, 1, 4, 4], new Array<number>(16).fill(0));
    const [out] = runEntryPoint(spec(), new Map([['in', input]]), weights());
    // corner: 0.5·(4+2+2+1)/16 − 0.25 + 0.5 = 0.53125; inside: 0.5·16/16 − 0.25 + 0.5 = 0.75
    expect([values(out!)[0], values(out!)[18]]).toEqual([0.53125, 0.75]);
  });

  it('reports every op result to an observer, in execution order (the numeric diff\'s reference values)', () => {
    const input = tensor([1, 1, 4, 4], new Array<number>(16).fill(1));
    const seen: [string, number][] = [];
    const [out] = runEntryPoint(spec(), [input], weights(), undefined, (v, t) => seen.push([`%${v.nameHint}`, values(t)[0]!]));
    // The hand derivation above: conv1 corner 2 + 0.5, relu keeps it, add1 corner 3.5; add2 corner 4.84375.
    expect(seen.map(([n]) => n)).toEqual(['%conv1', '%relu1', '%add1', '%conv2', '%relu2', '%add2', '%upsample']);
    expect(seen.slice(0, 3).map(([, x]) => x)).toEqual([2.5, 2.5, 3.5]);
    expect(seen[5]![1]).toBe(4.84375);
    expect(seen[6]![1]).toBe(values(out!)[0]);
  });
});

describe('interpreter diagnostics', () => {
  it('checks the signature', () => {
    expect(() => runEntryPoint(spec(), [], weights())).toThrow('entry point @main takes 1 inputs, got 0');
    expect(() => runEntryPoint(spec(), [tensor([1, 1, 4, 5], new Array<number>(20).fill(0))], weights()))
      .toThrow('entry point @main input #0 (%in) must be !cgc.tensor<1x1x4x4x!cgc.float32>, got !cgc.tensor<1x1x4x5x!cgc.float32>');
    expect(() => runEntryPoint(spec(), new Map([['x', tensor([1], [0])]]), weights())).toThrow('has no argument named %x (it has: %in)');
    expect(() => runEntryPoint(spec(), [tensor([1, 1, 4, 4], new Array<number>(16).fill(0))], weights(), 'other')).toThrow('no entry point @other (it has: @main)');
  });

  it('names a missing or mistyped constant', () => {
    const ones = tensor([1, 1, 4, 4], new Array<number>(16).fill(1));
    const w = weights();
    expect(() => runEntryPoint(spec(), [ones], (n) => (n === 'b2' ? undefined : w(n)))).toThrow(/cgc.constant\("b2"\): no constant named "b2" was given/);
    expect(() => runEntryPoint(spec(), [ones], (n) => (n === 'b1' ? tensor([2], [0, 0]) : w(n))))
      .toThrow(/cgc.constant\("b1"\) is declared !cgc.tensor<1x!cgc.float32> but the given tensor is !cgc.tensor<2x!cgc.float32>/);
  });

  it('refuses results past the element limit, naming the op', () => {
    const text = `cgc.module {
  cgc.entry_point @big(%x: !cgc.tensor<1x!cgc.float32>) -> !cgc.tensor<${MAX_RESULT_ELEMENTS * 2}x!cgc.float32> {
    %y = cgc_op.expand(%x) {shape = [${MAX_RESULT_ELEMENTS * 2}]}
    cgc.return %y
  }
}`;
    const module = parseModule(text, { file: 'big.mlir' }).module!;
    expect(() => runEntryPoint(module, [tensor([1], [1])], () => undefined))
      .toThrow(`big.mlir:3:5: 'cgc_op.expand' result ${MAX_RESULT_ELEMENTS * 2} has ${MAX_RESULT_ELEMENTS * 2} elements, past the reference interpreter's limit of ${MAX_RESULT_ELEMENTS} (2^28)`);
  });

  it('evaluateOp checks operands and attributes like the verifier', () => {
    expect(() => evaluateOp('add', [tensor([2], [1, 2]), tensor([3], [1, 2, 3])])).toThrow(/'cgc_op.add' operand #1 shape 3 does not broadcast with 2/);
    expect(() => evaluateOp('nope', [])).toThrow("unknown op 'cgc_op.nope'");
    expect(run1('cgc_op.relu', [tensor([2], [-1, 1])]).v).toEqual([0, 1]);
  });
});

describe('cgc_op.loop', () => {
  it('runs its body region; evaluated by name alone (as folding would) it has none, and says so', () => {
    const one = tensor([], [1], 'float32');
    expect(() => evaluateOp('loop', [tensor([], [1], 'int64'), tensor([], [1], 'bool'), one], new Map([['carried', { kind: 'int', value: 1 }]])))
      .toThrow("'cgc_op.loop' runs its body region; evaluated by name alone it has none");
  });

  it(`stops a loop that never ends at ${MAX_LOOP_ITERATIONS} iterations, naming the limit`, () => {
    const { module } = parseModule(`cgc.module {
  cgc.entry_point @main(%m: !cgc.tensor<!cgc.int64>, %c: !cgc.tensor<!cgc.bool>, %y0: !cgc.tensor<2x!cgc.float32>) -> !cgc.tensor<2x!cgc.float32> {
    %r = "cgc_op.loop"(%m, %c, %y0) ({
    ^bb0(%i: !cgc.tensor<!cgc.int64>, %go: !cgc.tensor<!cgc.bool>, %y: !cgc.tensor<2x!cgc.float32>):
      cgc.return %go, %y : !cgc.tensor<!cgc.bool>, !cgc.tensor<2x!cgc.float32>
    }) {carried = 1} : (!cgc.tensor<!cgc.int64>, !cgc.tensor<!cgc.bool>, !cgc.tensor<2x!cgc.float32>) -> !cgc.tensor<2x!cgc.float32>
    cgc.return %r : !cgc.tensor<2x!cgc.float32>
  }
}`);
    const run = (m: number) => runEntryPoint(module!, [tensor([], [m], 'int64'), tensor([], [1], 'bool'), tensor([2], [1, 2], 'float32')], () => undefined);
    expect(values(run(MAX_LOOP_ITERATIONS)[0]!)).toEqual([1, 2]);
    expect(() => run(MAX_LOOP_ITERATIONS + 1)).toThrow(`'cgc_op.loop' ran ${MAX_LOOP_ITERATIONS} iterations with its condition still true and its trip count not reached`);
  });
});
