// `cgc onnx-test` on backend test cases written here (model + test_data_set_N files): pass, fail,
// unsupported and internal-error lines, constant-bound inputs, the tally, --json and exit codes.
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { floatTensor, intTensor, modelBytes, node, tensorBytes, tensorInfo } from '../compiler/import/onnx/testing';
import { cgc as run } from './testing';

/** A case folder: model.onnx plus one test_data_set per entry of `sets` ([inputs, outputs] as TensorProto objects). */
function writeCase(dir: string, model: Uint8Array, sets: [object[], object[]][]): string {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'model.onnx'), model);
  sets.forEach(([ins, outs], s) => {
    const set = join(dir, `test_data_set_${s}`);
    mkdirSync(set);
    ins.forEach((t, i) => writeFileSync(join(set, `input_${i}.pb`), tensorBytes(t)));
    outs.forEach((t, i) => writeFileSync(join(set, `output_${i}.pb`), tensorBytes(t)));
  });
  return dir;
}

const relu = modelBytes({ nodes: [node('Relu', ['x'], ['y'])], inputs: [tensorInfo('x', [3])], outputs: [tensorInfo('y', [3])] });
const x = floatTensor('x', [3], [-1, 0, 2]);

describe('cgc onnx-test', () => {
  const root = mkdtempSync(join(tmpdir(), 'cgc-onnx-test-'));
  writeCase(join(root, 'suite/test_relu'), relu, [[[x], [floatTensor('y', [3], [0, 0, 2])]], [[x], [floatTensor('y', [3], [0, 0, 2 + 1e-4])]]]);
  writeCase(join(root, 'suite/test_relu_wrong'), relu, [[[x], [floatTensor('y', [3], [0, 0, 2.5])]]]);
  writeCase(join(root, 'suite/test_relu_shape'), relu, [[[x], [floatTensor('y', [1, 3], [0, 0, 2])]]]);
  writeCase(join(root, 'suite/test_unknown_op'), modelBytes({
    nodes: [node('Frobnicate', ['x'], ['y'])], inputs: [tensorInfo('x', [3])], outputs: [tensorInfo('y', [3])],
  }), [[[x], [x]]]);
  // The backend tests feed Reshape's shape as a graph input: it is bound as a constant from the data set.
  writeCase(join(root, 'suite/test_reshape'), modelBytes({
    nodes: [node('Reshape', ['x', 's'], ['y'])], inputs: [tensorInfo('x', [3]), tensorInfo('s', [2], 7)], outputs: [{ name: 'y' }],
  }), [[[x, intTensor('s', [2], [3, 1])], [floatTensor('y', [3, 1], [-1, 0, 2])]]]);
  const broken = join(root, 'suite/test_broken');
  mkdirSync(join(broken, 'model.onnx'), { recursive: true }); // a folder where the file should be
  mkdirSync(join(broken, 'test_data_set_0'));

  it('prints one line per case, sorted, and the tally; exits 1 when any failed', async () => {
    const json = join(root, 'results.json');
    const r = await run('onnx-test', join(root, 'suite'), '--backend', 'cpu', '--json', json);
    const lines = r.out.trim().split('\n');
    expect(lines[0]).toMatch(/^fail test_broken: internal error: EISDIR/);
    expect(lines.slice(1)).toEqual([
      'pass test_relu',
      "fail test_relu_shape: output 'y' shape [3], expected [1, 3]",
      "fail test_relu_wrong: output 'y' max abs err 5.00e-1, max rel err 2.00e-1 (1 of 3 elements out of tolerance)",
      'pass test_reshape',
      "unsupported test_unknown_op: unsupported ONNX op 'Frobnicate' (node output 'y', opset 17)",
      '2 passed, 3 failed, 1 unsupported',
    ]);
    expect(r.code).toBe(1);
    const report = JSON.parse(readFileSync(json, 'utf8')) as { counts: object; results: { name: string; outcome: string }[] };
    expect(report.counts).toEqual({ pass: 2, fail: 3, unsupported: 1 });
    expect(report.results.map((c) => `${c.outcome} ${c.name}`)).toContain('pass test_reshape');
  });

  it('runs a single case folder and exits 0 when nothing failed', async () => {
    const r = await run('onnx-test', join(root, 'suite/test_relu'), join(root, 'suite/test_unknown_op'), '--backend', 'cpu');
    expect(r.out).toMatch(/^pass test_relu\nunsupported test_unknown_op: .*\n1 passed, 0 failed, 1 unsupported\n$/);
    expect(r.code).toBe(0);
  });

  it('names the data set that failed past the first', async () => {
    const dir = writeCase(join(root, 'second/test_relu_set1'), relu, [[[x], [floatTensor('y', [3], [0, 0, 2])]], [[x], [floatTensor('y', [3], [0, 1, 2])]]]);
    expect((await run('onnx-test', dir, '--backend', 'cpu')).out).toContain("fail test_relu_set1: output 'y' max abs err 1.00e+0, max rel err 1.00e+0 (1 of 3 elements out of tolerance) (test_data_set_1)");
  });

  it('runs the same cases compiled on WebGPU, and refuses bad backends and folders', async () => {
    const r = await run('onnx-test', join(root, 'suite/test_relu'), '--backend', 'webgpu');
    expect(r.out).toContain('pass test_relu');
    expect(r.out).toContain('1 passed, 0 failed, 0 unsupported');
    expect((await run('onnx-test', root, '--backend', 'tpu')).err).toContain("unknown backend 'tpu' (backends: webgpu, cpu)");
    expect((await run('onnx-test')).code).toBe(2);
    expect((await run('onnx-test', join(root, 'nope'))).err).toContain('nope: not a directory');
  });
});
