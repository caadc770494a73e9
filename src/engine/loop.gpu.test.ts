// cgc_op.loop on WebGPU (the webgpu-loop target, iterating on the device) against the CPU reference:
// ONNX Loops whose trip count is a run-time input (0, 1 and 5 iterations, a condition that ends the
// loop early, more iterations than one submit holds, the iteration limit; a nested loop reading a value
// two scopes out), compiled once and run with GPU partitions before and
// after the loop's; and test_loop11's form, whose scan output is bounded by its declared length and cut
// to the iteration count.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ImportResult, importOnnx } from '../compiler/import/onnx';
import { fromNumbers, toNumbers } from '../compiler/import/onnx/host';
import { type GraphSpec, INT64, graphAttr, modelBytes, node, tensorInfo } from '../compiler/import/onnx/testing';
import { MAX_LOOP_ITERATIONS } from '../ir/limits';
import { ITERATIONS_PER_SUBMIT } from '../webgpu-target/loop-target';
import { accumulateExpected, accumulateLoop, loopInIf, nestedExpected, nestedLoop, scanLoop } from '../compiler/import/onnx/testing/loops';
import { type HostTensor, tensorBytes } from '../core';
import { evaluateOp, runEntryPoint } from '../reference';
import { openDevice } from '../runtime/device';
import { compileAndLoad } from './model';
import { annotateValueRanges } from '../compiler/passes/value-ranges';
import { gpuProfile } from '.';

let device: GPUDevice;
beforeAll(async () => { device = (await openDevice()).device; });
afterAll(() => device?.destroy());

/** `g` with its loop's initial value computed on the GPU first (y0 · 2) and its result read by a GPU op (y + x). */
function between(g: GraphSpec): GraphSpec {
  const loop = g.nodes[0] as { input: string[]; output: string[] };
  return {
    ...g,
    nodes: [
      node('Add', ['y0', 'y0'], ['y0_twice']),
      { ...loop, input: loop.input.map((n) => (n === 'y0' ? 'y0_twice' : n)), output: ['y_loop'] },
      node('Add', ['y_loop', 'x'], ['y']),
    ],
  };
}

/** Runs `imported` on WebGPU once per input set (one compiled program) and on the CPU reference. */
async function runBoth(imported: ImportResult, inputSets: HostTensor[][]) {
  const { module, constants } = imported;
  const { program, state } = await compileAndLoad(module, (n) => { const t = constants.get(n); return t && tensorBytes(t); }, device, { gpu: gpuProfile(device) });
  try {
    const gpu: number[][] = [];
    for (const inputs of inputSets) gpu.push(toNumbers((await program.run(inputs)).outputs[0]!));
    const cpu = inputSets.map((inputs) => toNumbers(runEntryPoint(module, inputs, (n) => constants.get(n))[0]!));
    return { gpu, cpu, partitions: state.partitions.map((p) => p.target) };
  } finally {
    program.destroy();
  }
}

/** Imported, with the value ranges opening a model annotates (the body's int64 adds need them on the GPU). */
const importModel = (g: GraphSpec): ImportResult => {
  const imported = importOnnx(modelBytes(g), { evaluate: evaluateOp });
  annotateValueRanges(imported.module, (n) => { const t = imported.constants.get(n); return t && tensorBytes(t); });
  return imported;
};
const trips = (m: number): HostTensor => fromNumbers([], 'int64', [m]);
const floats = (values: number[]): HostTensor => fromNumbers([values.length], 'float32', values);
const plus = (a: readonly number[], b: readonly number[]) => a.map((v, k) => Math.fround(v + b[k]!));

describe('a Loop with a run-time trip count on WebGPU', () => {
  it('runs 0, 1 and 5 iterations and stops early on its condition, carried state exact against the reference', async () => {
    const x = [1, 2];
    const y0 = [0.5, -1];
    const cases = [[0, 100], [1, 100], [5, 100], [5, 10], [7, 8]] as const;
    const { gpu, cpu, partitions } = await runBoth(importModel(between(accumulateLoop)), cases.map(([m, limit]) => [trips(m), floats(x), fromNumbers([], 'float32', [limit]), floats(y0)]));
    // GPU partitions on either side of the loop's, which iterates on the GPU too
    expect(partitions).toEqual(['webgpu', 'webgpu-loop', 'webgpu']);
    cases.forEach(([m, limit], k) => {
      const want = plus(accumulateExpected(m, x, limit, y0.map((v) => 2 * v)), x);
      expect(gpu[k], `M = ${m}, limit ${limit}`).toEqual(cpu[k]);
      expect(cpu[k], `M = ${m}, limit ${limit}`).toEqual(want);
    });
    expect(gpu[3]).not.toEqual(gpu[2]); // the condition ended the loop before M
  });

  it('a loop in the taken branch of a run-time If runs on the GPU; the other branch hands its input on', async () => {
    const x = [1, 2];
    const y0 = [0.5, -1];
    const cases = [[5, 1], [5, 0], [3, 1]] as const;
    const { gpu, cpu, partitions } = await runBoth(importModel(loopInIf), cases.map(([m, c]) => [trips(m), floats(x), fromNumbers([], 'float32', [100]), floats(y0), fromNumbers([], 'bool', [c])]));
    expect(partitions).toEqual(['webgpu-loop']);
    cases.forEach(([m, c], k) => {
      expect(gpu[k], `M = ${m}, cond ${c}`).toEqual(cpu[k]);
      expect(cpu[k], `M = ${m}, cond ${c}`).toEqual(c ? accumulateExpected(m, x, 100, y0) : y0);
    });
  });

  it('a nested loop, its trip count computed by the outer body, reads a value two scopes out', async () => {
    const x = [1, -2, 0.25];
    const y0 = [0, 1, 2];
    const ms = [0, 1, 3];
    const { gpu, cpu, partitions } = await runBoth(importModel(between(nestedLoop)), ms.map((m) => [trips(m), floats(x), floats(y0)]));
    // A loop in a loop's body: both iterate on the GPU, the inner one's trip count read back per outer iteration.
    expect(partitions).toEqual(['webgpu', 'webgpu-loop', 'webgpu']);
    ms.forEach((m, k) => {
      expect(gpu[k], `M = ${m}`).toEqual(cpu[k]);
      expect(cpu[k], `M = ${m}`).toEqual(plus(nestedExpected(m, x, y0.map((v) => 2 * v)), x));
    });
  });

  it('a scan output bounded by its declared length comes back cut to the iteration count', async () => {
    const { module, constants } = importModel(scanLoop);
    const { program } = await compileAndLoad(module, (n) => { const t = constants.get(n); return t && tensorBytes(t); }, device, { gpu: gpuProfile(device) });
    try {
      for (const m of [0, 1, 5]) {
        const inputs = [trips(m), floats([10])];
        const run = await program.run(inputs);
        const got = run.outputs;
        // Its condition handed on unchanged: one read-back of the trip count, the iterations in one
        // submit (none without iterations), the results copied out in another, the outputs read back.
        expect(run.submits, `M = ${m}`).toBe(m ? 5 : 4);
        expect(run.dispatches, `M = ${m}`).toBe(m * program.partitions[0]!.kernels);
        const want = runEntryPoint(module, inputs, (n) => constants.get(n));
        expect(got.map((t) => [...t.type.shape]), `M = ${m}`).toEqual([[1], [m, 1]]);
        expect(got.map(toNumbers), `M = ${m}`).toEqual(want.map(toNumbers));
      }
      expect(toNumbers((await program.run([trips(5), floats([10])])).outputs[1]!)).toEqual([11, 13, 16, 20, 25]);
    } finally {
      program.destroy();
    }
  });
  it('runs more iterations than one submit holds, and stops a loop past the iteration limit', async () => {
    // y ← y + x, M times, the condition handed on unchanged (a for loop).
    const forLoop: GraphSpec = {
      nodes: [node('Loop', ['M', '', 'y0'], ['y'], {
        body: graphAttr({
          nodes: [node('Identity', ['c_in'], ['c_out']), node('Add', ['z_in', 'x'], ['z_out'])],
          inputs: [tensorInfo('j', [], INT64), tensorInfo('c_in', [], 9), tensorInfo('z_in', [3])],
          outputs: [{ name: 'c_out' }, { name: 'z_out' }],
        }),
      }, 'for')],
      inputs: [tensorInfo('M', [], INT64), tensorInfo('x', [3]), tensorInfo('y0', [3])],
      outputs: [{ name: 'y' }],
    };
    const { module, constants } = importModel(forLoop);
    const { program, state } = await compileAndLoad(module, (n) => { const t = constants.get(n); return t && tensorBytes(t); }, device, { gpu: gpuProfile(device) });
    try {
      expect(state.partitions.map((p) => p.target)).toEqual(['webgpu-loop']);
      const m = 2 * ITERATIONS_PER_SUBMIT + 88;
      const inputs = [trips(m), floats([0.25, -1, 3]), floats([1, 2, 3])];
      const run = await program.run(inputs);
      expect(toNumbers(run.outputs[0]!)).toEqual(toNumbers(runEntryPoint(module, inputs, (n) => constants.get(n))[0]!));
      expect(toNumbers(run.outputs[0]!)).toEqual([1 + 0.25 * m, 2 - m, 3 + 3 * m]);
      // what came before, the trip count's read-back, 3 submits of iterations, the results out, the outputs back
      expect(run.submits).toBe(1 + 1 + 3 + 1 + 1);
      await expect(program.run([trips(MAX_LOOP_ITERATIONS + 1), ...inputs.slice(1)])).rejects.toThrow(`ran ${MAX_LOOP_ITERATIONS} iterations with its condition still true`);
      // The device is as it was: the next run answers.
      expect(toNumbers((await program.run([trips(2), ...inputs.slice(1)])).outputs[0]!)).toEqual([1.5, 0, 9]);
    } finally {
      program.destroy();
    }
  });
});
