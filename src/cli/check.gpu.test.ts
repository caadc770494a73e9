// `cgc check --backend webgpu`: compiled, run on WebGPU (Dawn), compared with onnxruntime-web, and the
// run's dispatch and submit counts printed — with and without the fused target.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { floatTensor, intTensor, modelBytes, node, tensorInfo } from '../compiler/import/onnx/testing';
import { cgc as run } from './testing';

describe('cgc check on WebGPU', () => {
  const dir = mkdtempSync(join(tmpdir(), 'cgc-check-gpu-'));
  const model = join(dir, 'mlp.onnx');
  writeFileSync(model, modelBytes({
    nodes: [node('MatMul', ['x', 'w'], ['h']), node('Relu', ['h'], ['r']), node('Softmax', ['r'], ['y'], { axis: -1 })],
    inputs: [tensorInfo('x', [2, 3])],
    outputs: [tensorInfo('y', [2, 2])],
    initializers: [floatTensor('w', [3, 2], [0.5, -1, 2, 0.25, -0.75, 1.5])],
  }));

  it('checks an IR model (text, with its weights file) against the CPU reference', async () => {
    const r = await run('check', 'public/models/spec-7layer.mlir');
    expect(r.out).toMatch(/WebGPU \(compile, load, run\) \d+ ms, the CPU reference \d+ ms/);
    expect(r.out).toMatch(/^output '#0' \[1, 1, 8, 8\] float32: max abs err/m);
    expect(r.out).toContain('PASS');
    expect(r.code).toBe(0);
  }, 120_000);

  it('prints dispatches and submits per run: fused, one kernel per op with --fusion off', async () => {
    const on = await run('check', model);
    expect(on.out).toMatch(/^WebGPU: 2 dispatches and 1 submit\(s\) per run; partitions: 1 webgpu$/m);
    expect(on.out).toContain('PASS');
    const off = await run('check', model, '--fusion', 'off');
    expect(off.out).toMatch(/^WebGPU \(fusion off\): 3 dispatches and 1 submit\(s\) per run; partitions: 1 webgpu-fallback$/m);
    expect(off.code).toBe(0);
  }, 120_000);

  it('runs a dynamically quantized linear layer as one integer product kernel, matching onnxruntime', async () => {
    const INT8 = 3;
    const [k, n] = [64, 36];
    // Weights int8 in [−127, 127] (symmetric: zero point 0), as onnxruntime's quantize_dynamic writes them.
    const w = Array.from({ length: k * n }, (_, i) => ((i * 37) % 255) - 127);
    const quantized = join(dir, 'dynamic-int8.onnx');
    writeFileSync(quantized, modelBytes({
      nodes: [
        node('DynamicQuantizeLinear', ['x'], ['xq', 'xs', 'xz']),
        node('MatMulInteger', ['xq', 'w', 'xz', 'wz'], ['p']),
        node('Cast', ['p'], ['pf'], { to: 1 }),
        node('Mul', ['xs', 'ws'], ['s']),
        node('Mul', ['pf', 's'], ['ps']),
        node('Add', ['ps', 'bias'], ['y']),
      ],
      inputs: [tensorInfo('x', [10, k])],
      outputs: [tensorInfo('y', [10, n])],
      initializers: [
        { name: 'w', dims: [k, n], data_type: INT8, int32_data: w }, { name: 'wz', dims: [], data_type: INT8, int32_data: [0] },
        floatTensor('ws', [], [0.0125]), floatTensor('bias', [n], Array.from({ length: n }, (_, i) => i / 8 - 2)),
      ],
      opset: 13,
    }));
    const partitions = await run('partitions', quantized);
    // The scale and zero point (one element each) are recomputed where they are read: x's min and
    // max in one pass, the quantizing of x, and the product with its zero point and dequantizing epilogue.
    expect(partitions.out).toMatch(/pattern=@sibling_reductions ops=\[reduce_min, reduce_max\]/);
    expect(partitions.out).toMatch(/pattern=@integer_matmul ops=\[[^\]]*cast, sub, cast, matmul, [^\]]*mul, add\]/);
    expect(partitions.out.match(/^ {2}step \d+: subgraph/gm)).toHaveLength(3);
    const checked = await run('check', quantized);
    expect(checked.out).toMatch(/^WebGPU: 3 dispatches and 1 submit\(s\) per run/m);
    expect(checked.out).toContain('PASS');
    expect(checked.code).toBe(0);
  }, 120_000);
  // An audio front end (1 s at 16 kHz: STFT of 400-sample Hann frames every 160 samples → power → 40 mel
  // bands → log). onnxruntime-web's float32 DFT is off by up to 2.4e-4 in the log of the weakest bands;
  // WebGPU stays within 1.4e-6 of the CPU reference's double-precision sums, so the check names
  // onnxruntime-web as the outlier (a float64 evaluation agrees with the reference within 4.1e-7).
  it('says which side is off when WebGPU and onnxruntime disagree', async () => {
    const logmel = join(dir, 'logmel.onnx');
    writeFileSync(logmel, modelBytes({
      nodes: [
        node('Unsqueeze', ['audio', 'last'], ['signal']),
        node('HannWindow', ['frame_length'], ['window']),
        node('STFT', ['signal', 'frame_step', 'window', 'frame_length'], ['spectrum']),
        node('Mul', ['spectrum', 'spectrum'], ['squares']),
        node('ReduceSum', ['squares', 'last'], ['power'], { keepdims: 0 }),
        node('MelWeightMatrix', ['mels', 'frame_length', 'rate', 'low', 'high'], ['filters']),
        node('MatMul', ['power', 'filters'], ['melpower']),
        node('Add', ['melpower', 'floor'], ['floored']),
        node('Log', ['floored'], ['logmel']),
      ],
      inputs: [tensorInfo('audio', [1, 16000])],
      outputs: [tensorInfo('logmel', [1, 98, 40])],
      initializers: [
        intTensor('last', [1], [-1]), intTensor('frame_step', [], [160]), intTensor('frame_length', [], [400]),
        intTensor('mels', [], [40]), intTensor('rate', [], [16000]),
        floatTensor('low', [], [20]), floatTensor('high', [], [8000]), floatTensor('floor', [], [1e-6]),
      ],
    }));
    const r = await run('check', logmel, '--seed', '1');
    expect(r.out).toMatch(/^output 'logmel' \[1, 98, 40\] float32: max abs err \S+, max rel err \S+ \(\d+ of 3920 elements out of tolerance\)/m);
    const line = /^output 'logmel' against the CPU reference \(double-precision sums, \d+ ms\): WebGPU (\S+), onnxruntime-web (\S+): onnxruntime-web is the outlier/m.exec(r.out);
    expect(line, r.out).not.toBeNull();
    expect(Number(line![1])).toBeLessThan(1e-5);
    expect(Number(line![2])).toBeGreaterThan(1e-4);
    expect(r.out).toMatch(/^FAIL: /m);
    expect(r.code).toBe(1);
  }, 120_000);
});
