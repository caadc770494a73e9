// Weights that are views of an ONNX file's bytes, wherever in the file they start: uploaded from
// those views (an offset that is no multiple of 4, a size that is none either) they compute what the
// CPU reference computes from the same tensors, typed lazily.
import { describe, expect, it } from 'vitest';
import { floatToHalf, tensorFromBytes } from '../core';
import { importOnnx } from '../compiler/import/onnx';
import { modelBytes, node, tensorInfo } from '../compiler/import/onnx/testing';
import { evaluateOp, runEntryPoint } from '../reference';
import { createRuntime, gpuProfile, openModel } from '.';

const FLOAT = 1;
const FLOAT16 = 10;
const bytesOf = (a: ArrayBufferView) => new Uint8Array(a.buffer, a.byteOffset, a.byteLength);

/** y = x·W + float32(b16), W 8×5 float32 and b16 5 float16 (10 bytes) as raw_data; `nodeName` moves where they lie. */
function model(nodeName: string): Uint8Array {
  const w = new Float32Array(40).map((_, i) => Math.fround(Math.sin(i + 1) / 3));
  const b = new Uint16Array([0.5, -1.25, 2, -0.125, 3].map(floatToHalf));
  return modelBytes({
    nodes: [node('MatMul', ['x', 'w'], ['xw'], {}, nodeName), node('Cast', ['b'], ['b32'], { to: FLOAT }), node('Add', ['xw', 'b32'], ['y'])],
    inputs: [tensorInfo('x', [2, 8])],
    outputs: [{ name: 'y' }],
    initializers: [
      { name: 'w', dims: [8, 5], data_type: FLOAT, raw_data: bytesOf(w) },
      { name: 'b', dims: [5], data_type: FLOAT16, raw_data: bytesOf(b) },
    ],
  });
}

describe('weights as views of the file', () => {
  it('uploads from any offset and matches the CPU reference (|Δ| ≤ 1e-5 + 1e-5·|ref|)', async () => {
    const runtime = await createRuntime();
    const x = tensorFromBytes({ kind: 'tensor', shape: [2, 8], element: 'float32', constant: false }, bytesOf(new Float32Array(16).map((_, i) => i / 4 - 2)));
    const offsets = new Set<number>();
    for (const nodeName of ['', 'n', 'nn', 'nnn']) {
      const file = model(nodeName);
      const m = openModel(file, { fileName: 'views.onnx' });
      const w = m.constants.get('w')!;
      expect(w.buffer).toBe(file.buffer);
      offsets.add(w.byteOffset % 4);
      const program = await runtime.load(m.compile({ gpu: gpuProfile(runtime.device) }));
      const got = (await program.run([x])).outputs[0]!.data as Float32Array;
      program.destroy();
      const imported = importOnnx(file, { evaluate: evaluateOp });
      const want = runEntryPoint(imported.module, [x], (n) => imported.constants.get(n))[0]!.data as Float32Array;
      expect(got.length).toBe(10);
      got.forEach((v, i) => expect(Math.abs(v - want[i]!)).toBeLessThanOrEqual(1e-5 + 1e-5 * Math.abs(want[i]!)));
    }
    expect(offsets.size).toBe(4);
    runtime.device.destroy();
  });
});
