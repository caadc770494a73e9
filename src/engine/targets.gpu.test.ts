// A target defined by a file, end to end on real WebGPU (Dawn; SwiftShader without a GPU): the
// example target (examples/targets) takes the convolutions and the gemm of the demo CNN, the spec's
// 7-layer network and a matmul → add → gelu, and the programs compiled with it match the CPU reference.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INTERFACES, type Operation, parseModule } from '../ir';
import { compile } from '../compiler/pipeline';
import { importOnnx } from '../compiler/import/onnx';
import { readSafetensors } from '../ir/safetensors';
import { type HostTensor, tensorBytes, tensorFromBytes } from '../core';
import { evaluateOp, runEntryPoint } from '../reference';
import { randomTensor } from '../reference/random';
import { openDevice } from '../runtime/device';
import { loadProgram } from '../runtime/runtime';
import { gpuProfile } from '../webgpu-target/limits';
import { knownTargets } from './targets';

const ROOT = join(__dirname, '../..');
const EXAMPLE = 'examples/targets/example-direct.cgc-target.json';
const files = [{ fileName: EXAMPLE, text: readFileSync(join(ROOT, EXAMPLE), 'utf8') }];

let device: GPUDevice;
beforeAll(async () => { device = (await openDevice()).device; });
afterAll(() => device?.destroy());

/** Compiles with the example target ahead of the defaults, runs on the GPU and on the CPU reference; returns the worst error and the partitions' targets. */
async function runBoth(module: () => Operation, constants: ReadonlyMap<string, HostTensor>): Promise<{ worst: number; targets: string[]; kernels: number }> {
  const targets = knownTargets(gpuProfile(device), { files });
  const s = compile(module(), targets);
  const inputs = s.entry.body().arguments.map((a, i) => randomTensor(a.type as never, 7 + i));
  const program = await loadProgram(device, s.output!, (n) => { const t = constants.get(n); return t && tensorBytes(t); }, { targets });
  try {
    const got = (await program.run(inputs)).outputs;
    const want = runEntryPoint(module(), inputs, (n) => constants.get(n));
    let worst = 0;
    want.forEach((w, o) => {
      const g = got[o]!.data as Float32Array;
      (w.data as Float32Array).forEach((b, i) => {
        const err = Math.abs(g[i]! - b);
        worst = Math.max(worst, err);
        // Tolerance: 1e-4 absolute + 1e-4 relative (float32 sums taken in another order).
        expect(err <= 1e-4 + 1e-4 * Math.abs(b), `output #${o}[${i}]: ${g[i]} vs reference ${b}`).toBe(true);
      });
    });
    return { worst, targets: program.partitions.map((p) => p.target), kernels: program.dispatchCount };
  } finally {
    program.destroy();
  }
}

describe('a target from a file', () => {
  it('runs the demo CNN with its convolutions and gemm and matches the CPU reference', async () => {
    const bytes = readFileSync(join(ROOT, 'public/models/tiny-cnn.onnx'));
    const { constants } = importOnnx(bytes, { fileName: 'tiny-cnn.onnx', evaluate: evaluateOp });
    const r = await runBoth(() => importOnnx(bytes, { fileName: 'tiny-cnn.onnx', evaluate: evaluateOp }).module, constants);
    expect(r.targets.filter((t) => t === 'example-direct')).toHaveLength(3);
    expect(r.kernels).toBe(8);
  });

  it('runs matmul → add → gelu (tanh) from the file', async () => {
    const text = `cgc.module attributes {cgc.interface = "${INTERFACES.CGC_INPUT}", cgc.version = "0.1.0"} {
  cgc.entry_point @main(%x: !cgc.tensor<5x24x!cgc.float32>, %w: !cgc.tensor<24x40x!cgc.float32>, %b: !cgc.tensor<40x!cgc.float32>) -> !cgc.tensor<5x40x!cgc.float32> {
    %m = cgc_op.matmul(%x, %w)
    %a = cgc_op.add(%m, %b)
    %g = cgc_op.gelu(%a) {approximate = "tanh"}
    cgc.return %g
  }
}`;
    const r = await runBoth(() => parseModule(text).module!, new Map());
    expect(r.targets).toEqual(['example-direct']);
  });

  it('runs the spec 7-layer network with conv → relu → add from the file', async () => {
    const weights = readSafetensors(readFileSync(join(ROOT, 'public/models/spec-7layer.safetensors')));
    const text = readFileSync(join(ROOT, 'public/models/spec-7layer.mlir'), 'utf8');
    const module = () => parseModule(text, { constantTypes: (n) => weights.tensors.get(n)?.type }).module!;
    const constants = new Map([...weights.tensors].map(([n, t]) => [n, tensorFromBytes(t.type, t.data)]));
    const r = await runBoth(module, constants);
    expect(r.targets).toEqual(['example-direct', 'webgpu-fallback']);
  });
});
