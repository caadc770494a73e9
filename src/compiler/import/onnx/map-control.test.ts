// If, Loop and Scan lowered at import: a branch folded or selected with where, bodies unrolled with
// their carried values threaded, outer-scope references resolved, and the refusals that name why.
import { describe, expect, test } from 'vitest';
import { runEntryPoint } from '../../../reference';
import { tensorType } from '../../../ir/types';
import { diffOperations, parseModule, printModule, readBytecode, regionOf, writeBytecode } from '../../../ir';
import { type HostTensor } from '../../../core';
import { fromNumbers, toNumbers } from './host';
import { accumulateExpected, accumulateLoop, chainIf, loopInIf, nestedExpected, nestedLoop } from './testing/loops';
import { SELECT_MAX_OPS } from './map-control';
import { type GraphSpec, FLOAT, INT64, floatTensor, graphAttr, importFolded, importText, intTensor, modelBytes, node, tensorInfo } from './testing';

const BOOL = 9;
const boolTensor = (name: string, v: boolean) => ({ name, dims: [], data_type: BOOL, int32_data: [v ? 1 : 0] });
const floats = (shape: number[], values: number[]): HostTensor => fromNumbers(shape, 'float32', values);

/** Runs the imported model on the CPU reference. */
function run(g: GraphSpec, inputs: HostTensor[]): number[][] {
  const { module, constants } = importFolded(modelBytes(g));
  return runEntryPoint(module, inputs, (n) => constants.get(n)).map(toNumbers);
}

// then: x + 1 (a constant of the branch); else: x * h, h an outer value defined after the If in the file
const branches = {
  then_branch: graphAttr({
    nodes: [node('Constant', [], ['one'], { value: { t: floatTensor('one', [], [1]) } }), node('Add', ['x', 'one'], ['t'])],
    inputs: [], outputs: [{ name: 't' }],
  }),
  else_branch: graphAttr({ nodes: [node('Mul', ['x', 'h'], ['e'])], inputs: [], outputs: [{ name: 'e' }] }),
};
const ifModel = (cond: 'input' | boolean): GraphSpec => ({
  nodes: [node('If', ['cond'], ['y'], branches, 'if1'), node('Relu', ['x'], ['h'])],
  inputs: [tensorInfo('x', [2]), ...(cond === 'input' ? [tensorInfo('cond', [], BOOL)] : [])],
  outputs: [{ name: 'y' }],
  initializers: cond === 'input' ? [] : [boolTensor('cond', cond)],
});

describe('If', () => {
  test('a condition known at compile time imports its branch alone', () => {
    const taken = importText(ifModel(true)).text;
    expect(taken).toContain('cgc_op.add');
    expect(taken).not.toMatch(/cgc_op\.(mul|where)/);
    const other = importText(ifModel(false)).text;
    expect(other).toContain('cgc_op.mul');
    expect(other).not.toMatch(/cgc_op\.(add|where)/);
  });

  test('a run-time condition imports both branches and selects with where; outer values resolve in either order', () => {
    expect(importText(ifModel('input')).text).toMatch(/cgc_op\.where\(%cond, %t, %e\)/);
    const x = floats([2], [-2, 3]);
    expect(run(ifModel('input'), [x, fromNumbers([], 'bool', [1])])).toEqual([[-1, 4]]);
    expect(run(ifModel('input'), [x, fromNumbers([], 'bool', [0])])).toEqual([[-0, 9]]);
  });

  test(`branches of more than ${SELECT_MAX_OPS} ops together import one cgc_op.if whose regions capture what they read`, () => {
    expect(importText(chainIf(SELECT_MAX_OPS / 2)).text).toContain('cgc_op.where');
    const text = importText(chainIf(SELECT_MAX_OPS / 2 + 1)).text;
    expect(text).not.toContain('cgc_op.where');
    expect(text.match(/cgc_op\.if/g)).toHaveLength(1);
    // both regions take the captured values (x, the branch's constant, h) in one order
    expect(text).toMatch(/"cgc_op\.if"\(%cond, %x, %one, %h\) \(\{\n\s+\^bb0\(/);
    expect(text).toMatch(/\{cgc\.region = \["If if3"\], result_types = \[!cgc\.tensor<2x!cgc\.float32>\]\}/);
    const parsed = parseModule(text);
    expect(parsed.module && printModule(parsed.module)).toBe(text);
    const read = readBytecode(writeBytecode(parsed.module!));
    expect(read.diagnostics).toEqual([]);
    expect(diffOperations(read.module!, parsed.module!)).toBeUndefined();
    const x = floats([2], [-2, 3]);
    expect(run(chainIf(9), [x, fromNumbers([], 'bool', [1])])).toEqual([[7, 12]]);
    expect(run(chainIf(9), [x, fromNumbers([], 'bool', [0])])).toEqual([[-0, 3 ** 10]]);
  });

  test('a branch holding a run-time loop imports one cgc_op.if, the loop inside its region', () => {
    const { module, constants } = importFolded(modelBytes(loopInIf));
    const ops = module.body().operations[0]!.body().operations.filter((o) => o.dialect === 'cgc_op');
    expect(ops.map((o) => o.opName)).toEqual(['if']);
    const args = (c: number) => [fromNumbers([], 'int64', [5]), floats([2], [1, 2]), fromNumbers([], 'float32', [100]), floats([2], [0.5, -1]), fromNumbers([], 'bool', [c])];
    expect(toNumbers(runEntryPoint(module, args(1), (n) => constants.get(n))[0]!)).toEqual(accumulateExpected(5, [1, 2], 100, [0.5, -1]));
    expect(toNumbers(runEntryPoint(module, args(0), (n) => constants.get(n))[0]!)).toEqual([0.5, -1]);
  });

  test('a run-time condition with branches of different shapes is refused, naming both', () => {
    const g: GraphSpec = {
      nodes: [node('If', ['cond'], ['y'], {
        then_branch: graphAttr({ nodes: [node('Identity', ['x'], ['t'])], inputs: [], outputs: [{ name: 't' }] }),
        else_branch: graphAttr({ nodes: [node('Concat', ['x', 'x'], ['e'], { axis: 0 })], inputs: [], outputs: [{ name: 'e' }] }),
      }, 'if2')],
      inputs: [tensorInfo('x', [2]), tensorInfo('cond', [], BOOL)], outputs: [{ name: 'y' }],
    };
    expect(() => importFolded(modelBytes(g))).toThrow("If 'if2' (opset 17): output #0 is 2 float32 in then_branch and 4 float32 in else_branch; with a condition computed at run time both branches must give one type");
  });

  test('a branch that does not build under a run-time condition is refused, naming the node inside it and the remedy', () => {
    const g: GraphSpec = {
      nodes: [node('If', ['cond'], ['y'], {
        then_branch: graphAttr({ nodes: [node('Identity', ['x'], ['t'])], inputs: [], outputs: [{ name: 't' }] }),
        else_branch: graphAttr({ nodes: [node('MatMul', ['x', 'x'], ['e'], {}, 'mm')], inputs: [], outputs: [{ name: 'e' }] }),
      }, 'if3')],
      inputs: [tensorInfo('x', [2, 3]), tensorInfo('cond', [], BOOL)], outputs: [{ name: 'y' }],
    };
    expect(() => importFolded(modelBytes(g))).toThrow(/^If 'if3' \(opset 17\) else_branch: MatMul 'mm' .* both branches are compiled for the given shapes; give shapes that fit both branches, or the inputs the condition depends on as constants$/);
  });
});

// y ← y + x[i] for i < M; scan output: y after each iteration (ONNX's test_loop11)
const loopBody: GraphSpec = {
  nodes: [
    node('Identity', ['cond_in'], ['cond_out']),
    node('Constant', [], ['xs'], { value: { t: floatTensor('xs', [5], [1, 2, 3, 4, 5]) } }),
    node('Constant', [], ['one'], { value: { t: intTensor('one', [], [1]) } }),
    node('Add', ['i', 'one'], ['end']),
    node('Unsqueeze', ['i', 'axes'], ['start1']),
    node('Unsqueeze', ['end', 'axes'], ['end1']),
    node('Slice', ['xs', 'start1', 'end1'], ['xi']),
    node('Add', ['y_in', 'xi'], ['y_out']),
    node('Identity', ['y_out'], ['scan_out']),
  ],
  inputs: [tensorInfo('i', [], INT64), tensorInfo('cond_in', [], BOOL), tensorInfo('y_in', [1])],
  outputs: [{ name: 'cond_out' }, { name: 'y_out' }, { name: 'scan_out' }],
};
const loopModel = (trips: number | 'input', cond: boolean | 'input'): GraphSpec => ({
  nodes: [node('Loop', ['M', 'cond', 'y'], ['res_y', 'res_scan'], { body: graphAttr(loopBody) }, 'loop1')],
  inputs: [...(trips === 'input' ? [tensorInfo('M', [], INT64)] : []), ...(cond === 'input' ? [tensorInfo('cond', [], BOOL)] : []), tensorInfo('y', [1])],
  outputs: [{ name: 'res_y' }, { name: 'res_scan' }],
  initializers: [intTensor('axes', [1], [0]), ...(trips === 'input' ? [] : [intTensor('M', [], [trips])]), ...(cond === 'input' ? [] : [boolTensor('cond', cond)])],
});

describe('Loop', () => {
  test('a trip count known at compile time unrolls the body, threading the carried value and stacking the scan output', () => {
    expect(run(loopModel(3, true), [floats([1], [10])])).toEqual([[16], [11, 13, 16]]);
    const { module } = importFolded(modelBytes(loopModel(3, true)));
    expect(module.body().operations[0]!.body().arguments.map((a) => a.type)).toEqual([tensorType([1], 'float32')]);
  });

  test('a false condition runs no iteration: the carried value passes through, a scan output has no shape to take', () => {
    const g = loopModel(3, false);
    expect(() => importFolded(modelBytes(g))).toThrow("Loop 'loop1' (opset 17): scan output #0 has no iteration to take its shape from (the loop runs 0 times)");
    g.nodes[0] = node('Loop', ['M', 'cond', 'y'], ['res_y', ''], { body: graphAttr(loopBody) });
    g.outputs = [{ name: 'res_y' }];
    expect(() => importFolded(modelBytes(g))).toThrow('scan output #0 has no iteration');
  });

  test('a run-time loop\'s scan output is bounded by a constant trip count, or the length the graph declares, and cut to its count', () => {
    const y = floats([1], [10]);
    // M = 3, cond at run time: bound 3; a false condition runs nothing and the scan output has no rows
    expect(run(loopModel(3, 'input'), [fromNumbers([], 'bool', [1]), y])).toEqual([[16], [11, 13, 16]]);
    const none = importFolded(modelBytes(loopModel(3, 'input')));
    const outs = runEntryPoint(none.module, [fromNumbers([], 'bool', [0]), y], (n) => none.constants.get(n));
    expect(outs.map((t) => [...t.type.shape])).toEqual([[1], [0, 1]]);
    // M at run time: the graph's declared length [5, 1] bounds it
    const declared = loopModel('input', true);
    declared.outputs = [{ name: 'res_y' }, tensorInfo('res_scan', [5, 1])];
    const { module, constants } = importFolded(modelBytes(declared));
    const scan = (m: number) => runEntryPoint(module, [fromNumbers([], 'int64', [m]), y], (n) => constants.get(n))[1]!;
    expect(toNumbers(scan(2))).toEqual([11, 13]);
    expect(toNumbers(scan(5))).toEqual([11, 13, 16, 20, 25]);
    expect(() => scan(6)).toThrow("'cgc_op.gather' index 5"); // the body's x[i : i + 1] past x's 5 values
    // a declared length shorter than the run: the count passes the bound
    declared.outputs = [{ name: 'res_y' }, tensorInfo('res_scan', [4, 1])];
    const short = importFolded(modelBytes(declared));
    expect(() => runEntryPoint(short.module, [fromNumbers([], 'int64', [5]), y], (n) => short.constants.get(n)))
      .toThrow('result #1 holds 5 entries along axis 0 by its count, outside [0, 4] (its upper bound)');
  });

  test('a scan output\'s bound is the smaller of a constant trip count and its declared length (a while loop\'s trip count is int64\'s largest)', () => {
    const bound = (m: number | string, declared: number) => {
      const g = loopModel(3, 'input');
      g.initializers = [...g.initializers!.filter((t) => (t as { name: string }).name !== 'M'), { name: 'M', dims: [], data_type: INT64, int64_data: [m] }];
      g.outputs = [{ name: 'res_y' }, tensorInfo('res_scan', [declared, 1])];
      const entry = importFolded(modelBytes(g)).module.body().operations[0]!;
      return entry.body().operations.at(-1)!.operands[1]!.type.shape;
    };
    expect(bound(3, 2)).toEqual([2, 1]);
    expect(bound(3, 7)).toEqual([3, 1]);
    expect(bound('9223372036854775807', 4)).toEqual([4, 1]);
  });

  test('a run-time trip count with a scan output of no declared length is refused, naming the output and the remedies', () => {
    expect(() => importFolded(modelBytes(loopModel('input', true)))).toThrow("Loop 'loop1' (opset 17): scan output 'res_scan' has a length that is the iteration count;"
      + " its trip count or condition is computed at run time, so it runs per iteration, and neither a constant trip count nor a length the graph declares for 'res_scan' bounds it"
      + " (docs/dynamic-shapes.md): declare its length in the model, or each of inputs 'M' and 'cond' must be a constant to unroll it");
  });

  test('a run-time trip count imports one cgc_op.loop whose body region captures the outer values it reads', () => {
    const text = importText(accumulateLoop).text;
    expect(text.match(/cgc_op\.loop/g)).toHaveLength(1);
    expect(text).toMatch(/"cgc_op\.loop"\(%M, %go, %y0, %x, %limit\) \(\{\n\s+\^bb0\(%iteration: !cgc\.tensor<!cgc\.int64>, %condition: !cgc\.tensor<!cgc\.bool>, %carried0/);
    // the printed form reads back as the same module, and so does its bytecode
    const parsed = parseModule(text);
    expect(parsed.module && printModule(parsed.module)).toBe(text);
    const read = readBytecode(writeBytecode(parsed.module!));
    expect(read.diagnostics).toEqual([]);
    expect(diffOperations(read.module!, parsed.module!)).toBeUndefined();
    const { module, constants } = importFolded(modelBytes(accumulateLoop));
    const runWith = (m: number, limit: number) => toNumbers(runEntryPoint(module, [fromNumbers([], 'int64', [m]), floats([2], [1, 2]), fromNumbers([], 'float32', [limit]), floats([2], [0.5, -1])], (n) => constants.get(n))[0]!);
    for (const [m, limit] of [[0, 100], [1, 100], [5, 100], [5, 10], [7, 8]] as const) {
      expect(runWith(m, limit)).toEqual(accumulateExpected(m, [1, 2], limit, [0.5, -1]));
    }
    expect(runWith(5, 10)).not.toEqual(runWith(5, 100)); // the condition ended it early
  });

  test('a nested run-time loop reads a value two scopes out', () => {
    const { module, constants } = importFolded(modelBytes(nestedLoop));
    for (const m of [0, 1, 3]) {
      const y = runEntryPoint(module, [fromNumbers([], 'int64', [m]), floats([3], [1, -2, 0.25]), floats([3], [0, 1, 2])], (n) => constants.get(n));
      expect(toNumbers(y[0]!)).toEqual(nestedExpected(m, [1, -2, 0.25], [0, 1, 2]));
    }
  });

  test('a carried value whose type changes in the body is refused, naming it', () => {
    const g: GraphSpec = {
      nodes: [node('Loop', ['M', '', 'y'], ['res'], {
        body: graphAttr({
          nodes: [node('Identity', ['c'], ['c2']), node('Concat', ['y_in', 'y_in'], ['y_out'], { axis: 0 })],
          inputs: [tensorInfo('i', [], INT64), tensorInfo('c', [], BOOL), tensorInfo('y_in', [1])], outputs: [{ name: 'c2' }, { name: 'y_out' }],
        }),
      }, 'grow')],
      inputs: [tensorInfo('M', [], INT64), tensorInfo('y', [1])], outputs: [{ name: 'res' }],
    };
    expect(() => importFolded(modelBytes(g))).toThrow("Loop 'grow' (opset 17): loop-carried value #0 is 1 float32 going in but 2 float32 out of the body");
  });

  test('more iterations than the unroll limit are refused, naming the count', () => {
    expect(() => importFolded(modelBytes(loopModel(100000, true)))).toThrow("Loop 'loop1' (opset 17): runs 100000 iterations; loops are unrolled at compile time, up to 4096 iterations");
  });
});

// sum ← sum + x_t; scan output: the running sum (ONNX's test_scan_sum)
const scanBody: GraphSpec = {
  nodes: [node('Add', ['sum_in', 'next'], ['sum_out']), node('Identity', ['sum_out'], ['scan_out'])],
  inputs: [tensorInfo('sum_in', [2]), tensorInfo('next', [2])], outputs: [{ name: 'sum_out' }, { name: 'scan_out' }],
};

describe('Scan', () => {
  test('opset 9+: the sequence read backwards along axis 1, the scan output stacked along axis 1', () => {
    const g: GraphSpec = {
      nodes: [node('Scan', ['init', 'x'], ['y', 'z'], {
        body: graphAttr(scanBody), num_scan_inputs: 1, scan_input_axes: [1], scan_input_directions: [1], scan_output_axes: [1],
      })],
      inputs: [tensorInfo('init', [2]), tensorInfo('x', [2, 3])], outputs: [{ name: 'y' }, { name: 'z' }], opset: 11,
    };
    // x columns: (1,4) (2,5) (3,6), read 3rd first
    expect(run(g, [floats([2], [0, 100]), floats([2, 3], [1, 2, 3, 4, 5, 6])])).toEqual([[6, 115], [3, 5, 6, 106, 111, 115]]);
  });

  test('opset 8: a batch axis 0 on every input, each batch scanned on its own', () => {
    const g: GraphSpec = {
      nodes: [node('Scan', ['', 'init', 'x'], ['y', 'z'], { body: graphAttr(scanBody), num_scan_inputs: 1 })],
      inputs: [tensorInfo('init', [2, 2]), tensorInfo('x', [2, 2, 2])], outputs: [{ name: 'y' }, { name: 'z' }], opset: 8,
    };
    expect(run(g, [floats([2, 2], [0, 0, 10, 10]), floats([2, 2, 2], [1, 2, 3, 4, 5, 6, 7, 8])]))
      .toEqual([[4, 6, 22, 24], [1, 2, 4, 6, 15, 16, 22, 24]]);
  });

  test('opset 8 sequence_lens is refused', () => {
    const g: GraphSpec = {
      nodes: [node('Scan', ['lens', 'init', 'x'], ['y', 'z'], { body: graphAttr(scanBody), num_scan_inputs: 1 }, 's8')],
      inputs: [tensorInfo('lens', [1], INT64), tensorInfo('init', [1, 2]), tensorInfo('x', [1, 2, 2])], outputs: [{ name: 'y' }, { name: 'z' }], opset: 8,
    };
    expect(() => importFolded(modelBytes(g))).toThrow("Scan 's8' (opset 8): input 'sequence_lens' is not supported");
  });
});

test('a body value that is never defined is named, as the graph\'s own would be', () => {
  const g: GraphSpec = {
    nodes: [node('If', ['cond'], ['y'], {
      then_branch: graphAttr({ nodes: [node('Relu', ['nowhere'], ['t'])], inputs: [], outputs: [{ name: 't' }] }),
      else_branch: graphAttr({ nodes: [], inputs: [], outputs: [{ name: 'x' }] }),
    })],
    inputs: [tensorInfo('x', [2], FLOAT), tensorInfo('cond', [], BOOL)], outputs: [{ name: 'y' }],
  };
  expect(() => importFolded(modelBytes(g))).toThrow("uses 'nowhere', which no node, graph input or initializer defines");
});

test('an unrolled loop that passes the op limit is refused as it grows, naming the limit', () => {
  const g = loopModel(400, true);
  g.nodes[0] = node('Loop', ['M', 'cond', 'y'], ['res_y'], {
    body: graphAttr({
      nodes: [node('Identity', ['cond_in'], ['cond_out']), node('Add', ['y_in', 'y_in'], ['y_out'])],
      inputs: [tensorInfo('i', [], INT64), tensorInfo('cond_in', [], BOOL), tensorInfo('y_in', [1])], outputs: [{ name: 'cond_out' }, { name: 'y_out' }],
    }),
  }, 'loop1');
  g.outputs = [{ name: 'res_y' }];
  expect(() => importFolded(modelBytes(g), { limits: { maxOps: 100 } }))
    .toThrow(/Loop 'loop1' \(opset 17\): unrolled to \d+ ops by iteration \d+, past the module's op limit of 100 \(--max-ops\)/);
});

describe('cgc.region: where each op came from', () => {
  /** Each cgc_op in the entry point as `name: region path joined by " / "` ('' outside control flow). */
  const regions = (g: GraphSpec): string[] => {
    const { module } = importFolded(modelBytes(g));
    return module.body().operations[0]!.body().operations.filter((o) => o.name.startsWith('cgc_op.'))
      .map((o) => `${o.opName}: ${regionOf(o.attributes).join(' / ')}`);
  };

  test('an If with a run-time condition: each branch under its name, the selects under the If', () => {
    expect(regions(ifModel('input'))).toEqual([
      'relu: ',
      'add: If if1 / then_branch',
      'mul: If if1 / else_branch',
      'where: If if1',
    ]);
  });

  test('an If with a condition known at compile time: the taken branch under its name', () => {
    expect(regions(ifModel(false))).toEqual(['relu: ', 'mul: If if1 / else_branch']);
  });

  test('a nested If nests the path; an unnamed node goes by its first output', () => {
    const inner = node('If', ['cond'], ['t'], branches);
    const g: GraphSpec = {
      nodes: [node('If', ['cond'], ['y'], {
        then_branch: graphAttr({ nodes: [inner], inputs: [], outputs: [{ name: 't' }] }),
        else_branch: graphAttr({ nodes: [node('Neg', ['x'], ['e'])], inputs: [], outputs: [{ name: 'e' }] }),
      }, 'outer'), node('Relu', ['x'], ['h'])],
      inputs: [tensorInfo('x', [2]), tensorInfo('cond', [], BOOL)], outputs: [{ name: 'y' }],
    };
    expect(regions(g)).toEqual([
      'relu: ',
      'add: If outer / then_branch / If t / then_branch',
      'mul: If outer / then_branch / If t / else_branch',
      'where: If outer / then_branch / If t',
      'neg: If outer / else_branch',
      'where: If outer',
    ]);
  });

  test('an unrolled Loop: each copy of the body under its iteration, the stacked scan output under the Loop', () => {
    const ops = regions(loopModel(3, true));
    expect(ops.filter((o) => o.startsWith('add:'))).toEqual(['add: Loop loop1 / iteration 0', 'add: Loop loop1 / iteration 1', 'add: Loop loop1 / iteration 2']);
    expect(ops.filter((o) => o.startsWith('concat:'))).toEqual(['concat: Loop loop1']);
    expect(ops.every((o) => o.includes(': Loop loop1'))).toBe(true);
  });

  test('a Scan: each step\'s slices and body under its iteration (opset 8: under its batch too)', () => {
    const g: GraphSpec = {
      nodes: [node('Scan', ['init', 'x'], ['y', 'z'], { body: graphAttr(scanBody), num_scan_inputs: 1, scan_input_axes: [1] }, 'scan1')],
      inputs: [tensorInfo('init', [2]), tensorInfo('x', [2, 3])], outputs: [{ name: 'y' }, { name: 'z' }], opset: 11,
    };
    const ops = regions(g);
    expect(ops.filter((o) => /^(slice|add):/.test(o))).toEqual([0, 1, 2].flatMap((t) => [`slice: Scan scan1 / iteration ${t}`, `add: Scan scan1 / iteration ${t}`]));
    expect(ops.filter((o) => o.startsWith('concat:'))).toEqual(['concat: Scan scan1']);
    const g8: GraphSpec = {
      nodes: [node('Scan', ['', 'init', 'x'], ['y', 'z'], { body: graphAttr(scanBody), num_scan_inputs: 1 }, 'scan8')],
      inputs: [tensorInfo('init', [2, 2]), tensorInfo('x', [2, 2, 2])], outputs: [{ name: 'y' }, { name: 'z' }], opset: 8,
    };
    expect(regions(g8).filter((o) => o.startsWith('add:'))).toEqual([0, 1].flatMap((b) => [0, 1].map((t) => `add: Scan scan8 / batch ${b} / iteration ${t}`)));
  });

  test('the path prints in the Input IR and parses back as a discardable attribute the verifier admits', () => {
    const { text } = importText(ifModel('input'));
    expect(text).toMatch(/cgc_op\.add\(%x, %one\) \{cgc\.region = \["If if1", "then_branch"\]\}/);
    const { diagnostics } = parseModule(text.replace('"then_branch"', '""'), { file: 'bad.mlir' });
    expect(diagnostics.map((d) => d.message).join('\n')).toContain("'cgc_op.add' attribute 'cgc.region' must be a region path: an array of non-empty strings, outermost first");
  });
});
