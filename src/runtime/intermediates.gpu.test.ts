// The runtime's debug run (`intermediates`) on real WebGPU: every subgraph result read back as it is
// written, named by its Input IR value, equal to the CPU reference's value — including scratch bytes
// that the memory plan reuses later in the run, and results computed by CPU-reference partitions.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Operation, parseModule } from '../ir';
import { compile } from '../compiler/pipeline';
import { readSafetensors } from '../ir/safetensors';
import { runEntryPoint } from '../reference';
import { type HostTensor, allocTensor, tensorFromBytes } from '../core';
import { createReferenceTarget } from '../reference/target';
import { createWebGpuFallbackTarget } from '../webgpu-target/target';
import { defaultTargets } from '../engine/targets';
import { openDevice } from './device';
import { loadProgram } from './runtime';

let device: GPUDevice;
beforeAll(async () => { device = (await openDevice()).device; });
afterAll(() => device?.destroy());

function parse(text: string, constantTypes?: (n: string) => never): Operation {
  const r = parseModule(text, { file: 'test.mlir', ...(constantTypes ? { constantTypes } : {}) });
  if (!r.module) throw new Error(JSON.stringify(r.diagnostics));
  return r.module;
}

function ramp(shape: number[], scale: number): HostTensor {
  const t = allocTensor(shape, 'float32');
  for (let i = 0; i < t.data.length; i++) t.data[i] = Math.sin(i * scale) * 2;
  return t;
}

/** The reference's value of every op result, by `%name`. */
function referenceValues(module: Operation, inputs: HostTensor[], constants: (n: string) => HostTensor | undefined): Map<string, HostTensor> {
  const values = new Map<string, HostTensor>();
  runEntryPoint(module, inputs, constants, undefined, (v, t) => values.set(`%${v.nameHint}`, t));
  return values;
}

function maxAbs(a: HostTensor, b: HostTensor): number {
  expect(a.type.shape).toEqual(b.type.shape);
  let worst = 0;
  for (let i = 0; i < a.data.length; i++) worst = Math.max(worst, Math.abs(Number(a.data[i]) - Number(b.data[i])));
  return worst;
}

describe('runtime debug run: intermediate values', () => {
  it('reads back each fused subgraph result of the spec network, named by its Input IR value', async () => {
    const dir = join(__dirname, '../../tests/compile');
    const weights = readSafetensors(readFileSync(join(dir, 'spec-7layer.safetensors')));
    const module = parse(readFileSync(join(dir, 'spec-7layer.mlir'), 'utf8'), ((n: string) => weights.tensors.get(n)?.type) as never);
    const constants = (n: string) => { const t = weights.tensors.get(n); return t && tensorFromBytes(t.type, t.data); };
    const input = ramp([1, 1, 4, 4], 0.7);
    const want = referenceValues(module, [input], constants);
    const program = await loadProgram(device, compile(module, defaultTargets()).output!, (n) => weights.tensors.get(n)?.data, { targets: defaultTargets() });
    const plain = await program.run([input]);
    expect(plain.intermediates).toBeUndefined();
    const r = await program.run([input], { intermediates: true });
    // Two fused conv → relu → add subgraphs (their internal %conv/%relu are never materialized) and the upsample.
    expect(r.intermediates!.map((v) => [v.value, v.subgraph, v.output])).toEqual([
      ['%add1', 'convolutionReluAdd', undefined], ['%add2', 'convolutionReluAdd', undefined], ['%out', 'upsample', 0],
    ]);
    for (const v of r.intermediates!.filter((x) => x.output === undefined)) expect(maxAbs(v.tensor, want.get(v.value)!), v.value).toBeLessThan(1e-4);
    expect(maxAbs(r.intermediates![2]!.tensor, r.outputs[0]!)).toBe(0);
    expect(maxAbs(r.outputs[0]!, plain.outputs[0]!)).toBe(0);
    program.destroy();
  });

  it('reads back every result of a kernel that writes several (min and max of one tensor in one pass)', async () => {
    const text = `cgc.module {
  cgc.entry_point @main(%x: !cgc.tensor<4x300x!cgc.float32>) -> !cgc.tensor<4x300x!cgc.float32> {
    %lo = cgc_op.reduce_min(%x) {axes = [1], keep_dims = true}
    %hi = cgc_op.reduce_max(%x) {axes = [1], keep_dims = true}
    %r = cgc_op.sub(%hi, %lo)
    %y = cgc_op.div(%x, %r)
    cgc.return %y
  }
}`;
    const input = ramp([4, 300], 0.05);
    const module = parse(text);
    const want = referenceValues(module, [input], () => undefined);
    const s = compile(module, defaultTargets());
    expect(s.schedule.some((g) => g.outputs.length === 2), 'min and max as one subgraph').toBe(true);
    const program = await loadProgram(device, s.output!, () => undefined, { targets: defaultTargets() });
    const r = await program.run([input], { intermediates: true });
    for (const name of ['%lo', '%hi']) {
      const v = r.intermediates!.find((x) => x.value === name);
      expect(v, name).toBeDefined();
      expect(maxAbs(v!.tensor, want.get(name)!), name).toBeLessThan(1e-6);
    }
    program.destroy();
  });

  it('catches each value before the memory plan reuses its bytes, on GPU and CPU-reference partitions', async () => {
    // Per-op subgraphs in a chain: %a's bytes are free once %b is computed, so %c may take them.
    const text = `cgc.module {
  cgc.entry_point @main(%x: !cgc.tensor<1x4x8x8x!cgc.float32>) -> !cgc.tensor<1x4x8x8x!cgc.float32> {
    %a = cgc_op.sigmoid(%x)
    %b = cgc_op.tanh(%a)
    %c = cgc_op.relu(%b)
    %d = cgc_op.sigmoid(%c)
    %e = cgc_op.tanh(%d)
    cgc.return %e
  }
}`;
    const input = ramp([1, 4, 8, 8], 0.3);
    const module = parse(text);
    const want = referenceValues(module, [input], () => undefined);
    for (const targets of [[createWebGpuFallbackTarget()], [createReferenceTarget()]]) {
      const s = compile(module, targets);
      const offsets = s.plan!.tensors.map((t) => t.offset);
      expect(new Set(offsets).size, 'the plan reuses scratch bytes').toBeLessThan(offsets.length);
      const program = await loadProgram(device, s.output!, () => undefined, { targets: defaultTargets() });
      const r = await program.run([input], { intermediates: true });
      expect(r.intermediates!.map((v) => v.value)).toEqual(['%a', '%b', '%c', '%d', '%out']);
      for (const v of r.intermediates!.slice(0, 4)) expect(maxAbs(v.tensor, want.get(v.value)!), `${v.value} (${targets[0]!.name})`).toBeLessThan(1e-5);
      program.destroy();
    }
  });
});
