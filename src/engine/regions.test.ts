// cgc.region through the compiler: an unrolled loop's copies still share one subgraph symbol (the
// body keeps no region), each invoke records its invocation's region, and bytecode keeps it.
import { describe, expect, it } from 'vitest';
import { INVOKE, PARTITION, SUBGRAPH } from '../ir/structural';
import { diffOperations, parseModule, printModule, readBytecode, regionOf, writeBytecode } from '../ir';
import { openModel } from './model';
import { INT64, floatTensor, graphAttr, intTensor, modelBytes, node, tensorInfo } from '../compiler/import/onnx/testing';

const BOOL = 9;

// y ← relu(y · W) three times, in a Loop named 'thrice'; then z = -y
const bytes = modelBytes({
  nodes: [node('Loop', ['M', 'cond', 'y'], ['out'], {
    body: graphAttr({
      nodes: [node('Identity', ['cond_in'], ['cond_out']), node('MatMul', ['y_in', 'w'], ['m']), node('Relu', ['m'], ['y_out'])],
      inputs: [tensorInfo('i', [], INT64), tensorInfo('cond_in', [], BOOL), tensorInfo('y_in', [1, 4])],
      outputs: [{ name: 'cond_out' }, { name: 'y_out' }],
    }),
  }, 'thrice'), node('Neg', ['out'], ['z'])],
  inputs: [tensorInfo('y', [1, 4])], outputs: [{ name: 'z' }],
  initializers: [intTensor('M', [], [3]), { name: 'cond', dims: [], data_type: BOOL, int32_data: [1] }, floatTensor('w', [4, 4], Array.from({ length: 16 }, (_, i) => (i % 5 ? 0.1 : 1)))],
});

describe('cgc.region in the Output IR', () => {
  it('rides on each invoke, not in a shared body, and survives bytecode', () => {
    const output = openModel(bytes).compile({ granularity: 'per-subgraph' }).output;
    const ops = [...output.walk()];
    const invokes = output.body().operations.filter((o) => o.name === PARTITION).flatMap((p) => p.body().operations)
      .filter((o) => o.name === INVOKE).map((o) => regionOf(o.attributes).join(' / '));
    // the last matmul → relu takes the neg after the loop as its epilogue: their common region is none
    expect(invokes).toEqual(['Loop thrice / iteration 0', 'Loop thrice / iteration 1', '']);
    // the first two iterations' matmul → relu share one symbol; the body records no region
    expect(ops.filter((o) => o.name === SUBGRAPH)).toHaveLength(2);
    expect(ops.filter((o) => o.name.startsWith('cgc_op.')).every((o) => regionOf(o.attributes).length === 0)).toBe(true);
    const back = readBytecode(writeBytecode(output)).module!;
    expect(diffOperations(back, output)).toBeUndefined();
    const text = printModule(output);
    expect(text).toMatch(/cgc\.invoke @matmulRelu\(%y_out, %w, %y_out_1\) \{cgc\.region = \["Loop thrice", "iteration 1"\]\} : /);
    const parsed = parseModule(text, { file: 'out.mlir' });
    expect(parsed.diagnostics).toEqual([]);
    expect(diffOperations(parsed.module!, output)).toBeUndefined();
  });

  it('is the one attribute an invoke takes besides its callee, and must be a path', () => {
    const text = printModule(openModel(bytes).compile({ granularity: 'per-subgraph' }).output);
    const messages = (t: string) => parseModule(t, { file: 'out.mlir' }).diagnostics.map((d) => d.message).join('\n');
    expect(messages(text.replace('{cgc.region = ["Loop thrice", "iteration 1"]}', '{cgc.note = "x"}')))
      .toContain("'cgc.invoke' takes no attribute 'cgc.note' (it may carry cgc.region)");
    expect(messages(text.replace('{cgc.region = ["Loop thrice", "iteration 1"]}', '{cgc.region = []}')))
      .toContain("'cgc.invoke' attribute 'cgc.region' must be a region path");
  });
});
