// ONNX Loops whose trip count is a run-time input and Ifs whose condition is, and what they compute,
// for the importer's, the CPU reference's and the GPU tests of cgc_op.loop and cgc_op.if.
import { type GraphSpec, INT64, floatTensor, graphAttr, intTensor, node, tensorInfo } from './index';

const BOOL = 9;

/**
 * y ← y + x·i while i < M and sum(y) < limit: `x` and `limit` are outer-scope inputs the body reads,
 * `M` a run-time input; the condition ends the loop early once the sum reaches the limit.
 */
export const accumulateLoop: GraphSpec = {
  nodes: [node('Loop', ['M', 'go', 'y0'], ['y'], {
    body: graphAttr({
      nodes: [
        node('Cast', ['i'], ['fi'], { to: 1 }),
        node('Mul', ['x', 'fi'], ['step']),
        node('Add', ['y_in', 'step'], ['y_out']),
        node('ReduceSum', ['y_out'], ['total'], { keepdims: 0 }),
        node('Less', ['total', 'limit'], ['cond_out']),
      ],
      inputs: [tensorInfo('i', [], INT64), tensorInfo('cond_in', [], BOOL), tensorInfo('y_in', [2])],
      outputs: [{ name: 'cond_out' }, { name: 'y_out' }],
    }),
  }, 'accumulate')],
  inputs: [tensorInfo('M', [], INT64), tensorInfo('x', [2]), tensorInfo('limit', []), tensorInfo('y0', [2])],
  outputs: [{ name: 'y' }],
  initializers: [{ name: 'go', dims: [], data_type: BOOL, int32_data: [1] }],
};

/** What accumulateLoop computes, in float32 like the model. */
export function accumulateExpected(m: number, x: readonly number[], limit: number, y0: readonly number[]): number[] {
  const y = Float32Array.from(y0);
  for (let i = 0; i < m; i++) {
    for (let k = 0; k < y.length; k++) y[k] = Math.fround(y[k]! + Math.fround(x[k]! * i));
    if (!(Math.fround(y.reduce((a, b) => Math.fround(a + b), 0)) < limit)) break;
  }
  return [...y];
}

/**
 * Nested: the outer loop runs M times; its iteration i runs an inner Loop i + 1 times (a trip count
 * the outer body computes), each adding `x`, read from two scopes out, to the carried value.
 */
export const nestedLoop: GraphSpec = {
  nodes: [node('Loop', ['M', '', 'y0'], ['y'], {
    body: graphAttr({
      nodes: [
        node('Add', ['i', 'one'], ['inner_trips']),
        node('Loop', ['inner_trips', '', 'y_in'], ['y_out'], {
          body: graphAttr({
            nodes: [node('Identity', ['c_in'], ['c_out']), node('Add', ['z_in', 'x'], ['z_out'])],
            inputs: [tensorInfo('j', [], INT64), tensorInfo('c_in', [], BOOL), tensorInfo('z_in', [3])],
            outputs: [{ name: 'c_out' }, { name: 'z_out' }],
          }),
        }, 'inner'),
        node('Identity', ['cond_in'], ['cond_out']),
      ],
      inputs: [tensorInfo('i', [], INT64), tensorInfo('cond_in', [], BOOL), tensorInfo('y_in', [3])],
      outputs: [{ name: 'cond_out' }, { name: 'y_out' }],
    }),
  }, 'outer')],
  inputs: [tensorInfo('M', [], INT64), tensorInfo('x', [3]), tensorInfo('y0', [3])],
  outputs: [{ name: 'y' }],
  initializers: [{ name: 'one', dims: [], data_type: INT64, int64_data: [1] }],
};

/** nestedLoop adds x 1 + 2 + … + M = M(M+1)/2 times. */
export function nestedExpected(m: number, x: readonly number[], y0: readonly number[]): number[] {
  const y = Float32Array.from(y0);
  for (let t = 0; t < (m * (m + 1)) / 2; t++) for (let k = 0; k < y.length; k++) y[k] = Math.fround(y[k]! + x[k]!);
  return [...y];
}

/**
 * ONNX's test_loop11: y ← y + xs[i : i + 1] for i < M, a run-time input; the scan output stacks y after
 * each iteration, its length bounded by the [5, 1] the graph declares.
 */
export const scanLoop: GraphSpec = {
  nodes: [node('Loop', ['M', 'go', 'y0'], ['y', 'ys'], {
    body: graphAttr({
      nodes: [
        node('Identity', ['cond_in'], ['cond_out']),
        node('Constant', [], ['xs'], { value: { t: floatTensor('xs', [5], [1, 2, 3, 4, 5]) } }),
        node('Add', ['i', 'one'], ['end']),
        node('Unsqueeze', ['i', 'axes'], ['start1']),
        node('Unsqueeze', ['end', 'axes'], ['end1']),
        node('Slice', ['xs', 'start1', 'end1'], ['xi']),
        node('Add', ['y_in', 'xi'], ['y_out']),
        node('Identity', ['y_out'], ['scan_out']),
      ],
      inputs: [tensorInfo('i', [], INT64), tensorInfo('cond_in', [], BOOL), tensorInfo('y_in', [1])],
      outputs: [{ name: 'cond_out' }, { name: 'y_out' }, { name: 'scan_out' }],
    }),
  }, 'scan_loop')],
  inputs: [tensorInfo('M', [], INT64), tensorInfo('y0', [1])],
  outputs: [{ name: 'y' }, tensorInfo('ys', [5, 1])],
  initializers: [intTensor('axes', [1], [0]), intTensor('one', [], [1]), { name: 'go', dims: [], data_type: BOOL, int32_data: [1] }],
};

/**
 * An If on a run-time `cond` whose branches take `steps` ops each: then adds 1 to `x` `steps` times,
 * else multiplies it by h = relu(x), an outer value, as often. Inputs x ([2] unless `length` says), cond.
 */
export function chainIf(steps: number, length = 2): GraphSpec {
  const chain = (op: string, other: string, out: string) => Array.from({ length: steps }, (_, k) => node(op, [k ? `${out}${k - 1}` : 'x', other], [k === steps - 1 ? out : `${out}${k}`]));
  return {
    nodes: [node('Relu', ['x'], ['h']), node('If', ['cond'], ['y'], {
      then_branch: graphAttr({
        nodes: [node('Constant', [], ['one'], { value: { t: floatTensor('one', [], [1]) } }), ...chain('Add', 'one', 't')],
        inputs: [], outputs: [{ name: 't' }],
      }),
      else_branch: graphAttr({ nodes: chain('Mul', 'h', 'e'), inputs: [], outputs: [{ name: 'e' }] }),
    }, 'if3')],
    inputs: [tensorInfo('x', [length]), tensorInfo('cond', [], BOOL)], outputs: [{ name: 'y' }],
  };
}

/** accumulateLoop under an If on a run-time `cond` (its last input): the loop when it holds, y0 otherwise. */
export const loopInIf: GraphSpec = {
  ...accumulateLoop,
  nodes: [node('If', ['cond'], ['y'], {
    then_branch: graphAttr({ nodes: accumulateLoop.nodes, inputs: [], outputs: [{ name: 'y' }] }),
    else_branch: graphAttr({ nodes: [node('Identity', ['y0'], ['y_e'])], inputs: [], outputs: [{ name: 'y_e' }] }),
  }, 'if4')],
  inputs: [...accumulateLoop.inputs, tensorInfo('cond', [], BOOL)],
};
