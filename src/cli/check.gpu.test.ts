// `cgc check --backend webgpu`: compiled, run on WebGPU (Dawn), compared with onnxruntime-web, and the
// run's dispatch and submit counts printed — with and without the fused target.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { floatTensor, modelBytes, node, tensorInfo } from '../compiler/import/onnx/testing';
import { runCli } from './main';

async function run(...argv: string[]): Promise<{ code: number; out: string }> {
  let out = '';
  const code = await runCli(argv, { stdout: (t) => { out += t + '\n'; }, stderr: () => {} });
  return { code, out };
}

describe('cgc check on WebGPU', () => {
  const dir = mkdtempSync(join(tmpdir(), 'cgc-check-gpu-'));
  const model = join(dir, 'mlp.onnx');
  writeFileSync(model, modelBytes({
    nodes: [node('MatMul', ['x', 'w'], ['h']), node('Relu', ['h'], ['r']), node('Softmax', ['r'], ['y'], { axis: -1 })],
    inputs: [tensorInfo('x', [2, 3])],
    outputs: [tensorInfo('y', [2, 2])],
    initializers: [floatTensor('w', [3, 2], [0.5, -1, 2, 0.25, -0.75, 1.5])],
  }));

  it('prints dispatches and submits per run: fused, one kernel per op with --fusion off', async () => {
    const on = await run('check', model);
    expect(on.out).toMatch(/^WebGPU: 2 dispatches and 1 submit\(s\) per run; partitions: 1 webgpu$/m);
    expect(on.out).toContain('PASS');
    const off = await run('check', model, '--fusion', 'off');
    expect(off.out).toMatch(/^WebGPU \(fusion off\): 3 dispatches and 1 submit\(s\) per run; partitions: 1 webgpu-fallback$/m);
    expect(off.code).toBe(0);
  }, 120_000);
});
