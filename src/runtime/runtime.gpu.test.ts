// The runtime on real WebGPU (Dawn; SwiftShader without a GPU) against the CPU reference: every
// registered op (one entry point each in the all-ops golden) compiled with the default targets and
// run on seeded random inputs, and the spec's 7-layer network with its weights.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CGC_VERSION, INTERFACES, INTERFACE_ATTR, Operation, VERSION_ATTR, cloneOp, numElements, parseModule, stringAttr } from '../ir';
import { compile } from '../compiler/pipeline';
import { readSafetensors } from '../ir/safetensors';
import { runEntryPoint } from '../reference';
import { type HostTensor, allocTensor, tensorFromBytes } from '../core';
import { listGoldens, parseGolden } from '../ir/testing/goldens';
import { defaultTargets } from '../engine/targets';
import { openDevice } from './device';
import { loadProgram } from './runtime';
import { plannedRunCounts } from './run-counts';

let device: GPUDevice;
beforeAll(async () => { device = (await openDevice()).device; });
afterAll(() => device?.destroy());

/** Seeded inputs: floats in [-2, 2), integers and indices in [0, 2) (valid for every index operand here). */
function randomInput(t: { shape: readonly number[]; element: string }, seed: number): HostTensor {
  const x = allocTensor(t.shape, t.element as never);
  let s = seed >>> 0;
  const next = () => ((s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32);
  for (let i = 0; i < numElements(t.shape); i++) {
    if (x.data instanceof Float32Array) x.data[i] = next() * 4 - 2;
    else if (x.data instanceof BigInt64Array) x.data[i] = BigInt(Math.floor(next() * 2));
    else (x.data as Int32Array)[i] = Math.floor(next() * 2);
  }
  return x;
}

/** float32 tolerance: 1e-4 absolute + 1e-4 relative; tan near its poles amplifies input rounding, so 1e-3 relative. */
function compare(got: HostTensor, want: HostTensor, where: string, rel = 1e-4): number {
  expect(got.type.shape, where).toEqual(want.type.shape);
  let worst = 0;
  for (let i = 0; i < want.data.length; i++) {
    const a = Number(got.data[i]!);
    const b = Number(want.data[i]!);
    if (Number.isNaN(b) && Number.isNaN(a)) continue;
    const err = Math.abs(a - b);
    worst = Math.max(worst, err);
    expect(err <= 1e-4 + rel * Math.abs(b), `${where}[${i}]: ${a} vs reference ${b}`).toBe(true);
  }
  return worst;
}

describe('runtime vs CPU reference', () => {
  const allOps = parseGolden(listGoldens().find((g) => g.name === 'ops/all-ops')!);
  for (const entry of allOps.body().operations) {
    it(`cgc_op.${entry.symbolName}`, async () => {
      const module = new Operation('cgc.module', [], [], new Map([[INTERFACE_ATTR, stringAttr(INTERFACES.CGC_INPUT)], [VERSION_ATTR, stringAttr(CGC_VERSION)]]));
      module.addRegion().addBlock().append(cloneOp(entry));
      const inputs = entry.body().arguments.map((a, i) => randomInput(a.type, 17 + i));
      const want = runEntryPoint(module, inputs, () => undefined);
      const s = compile(module, defaultTargets());
      const program = await loadProgram(device, s.output!, () => undefined, { targets: defaultTargets() });
      const r = await program.run(inputs);
      r.outputs.forEach((o, i) => compare(o, want[i]!, `${entry.symbolName} output #${i} (${program.partitions.map((p) => p.target).join(', ')})`, entry.symbolName === 'tan' ? 1e-3 : 1e-4));
      program.destroy();
    });
  }

  it('cuts a long run into growing submits (8, then 16 dispatches, then the rest), with the same results', async () => {
    const T = '!cgc.tensor<4x16x!cgc.float32>';
    const body = Array.from({ length: 30 }, (_, i) => `    %s${i + 1} = cgc_op.softmax(%s${i})`).join('\n');
    const parsed = parseModule(`cgc.module {\n  cgc.entry_point @main(%s0: ${T}) -> ${T} {\n${body}\n    cgc.return %s30\n  }\n}\n`);
    const module = parsed.module!;
    const input = randomInput({ shape: [4, 16], element: 'float32' }, 9);
    const want = runEntryPoint(module, [input], () => undefined);
    const s = compile(module, defaultTargets());
    const program = await loadProgram(device, s.output!, () => undefined, { targets: defaultTargets() });
    const r = await program.run([input]);
    compare(r.outputs[0]!, want[0]!, '30 softmaxes');
    expect({ dispatches: r.dispatches, submits: r.submits }).toEqual({ dispatches: 30, submits: 3 });
    expect(plannedRunCounts(s.output!, defaultTargets())).toEqual({ dispatches: 30, submits: 3 });
    if (device.features.has('timestamp-query')) {
      expect(r.timings.map((t) => t.partition)).toEqual(program.partitions.map((p) => p.name));
      for (const t of r.timings) expect(t.ms).toBeGreaterThan(0);
    }
    program.destroy();
  });

  // Views: elided reshapes (tests/compile/views.mlir), concats whose producers write their parts
  // in place (concats.mlir), reshapes into program outputs whose inputs are written in place
  // (output-views.mlir), and a fire module whose two convolutions write the halves of a concat.
  const fire = `cgc.module {
  cgc.entry_point @main(%x: !cgc.tensor<1x8x8x8x!cgc.float32>, %w1: !cgc.tensor<constant 16x8x1x1x!cgc.float32>, %w3: !cgc.tensor<constant 16x8x3x3x!cgc.float32>, %w: !cgc.tensor<constant 4x32x1x1x!cgc.float32>) -> !cgc.tensor<1x4x8x8x!cgc.float32> {
    %e1 = cgc_op.convolution(%x, %w1) {strides = [1, 1], start_padding = [0, 0], end_padding = [0, 0], dilations = [1, 1], groups = 1}
    %r1 = cgc_op.relu(%e1)
    %e3 = cgc_op.convolution(%x, %w3) {strides = [1, 1], start_padding = [1, 1], end_padding = [1, 1], dilations = [1, 1], groups = 1}
    %r3 = cgc_op.relu(%e3)
    %c = cgc_op.concat(%r1, %r3) {axis = 1}
    %y = cgc_op.convolution(%c, %w) {strides = [1, 1], start_padding = [0, 0], end_padding = [0, 0], dilations = [1, 1], groups = 1}
    cgc.return %y
  }
}
`;
  for (const [name, text, views] of [
    ['views.mlir', readFileSync(join(__dirname, '../../tests/compile/views.mlir'), 'utf8'), 6],
    ['residual.mlir', readFileSync(join(__dirname, '../../tests/compile/residual.mlir'), 'utf8'), 2],
    ['concats.mlir', readFileSync(join(__dirname, '../../tests/compile/concats.mlir'), 'utf8'), 4],
    ['output-views.mlir', readFileSync(join(__dirname, '../../tests/compile/output-views.mlir'), 'utf8'), 2],
    ['a fire module', fire, 2],
  ] as const) {
    it(`views in place of copies: ${name}`, async () => {
      const module = parseModule(text).module!;
      const inputs = module.body().operations[0]!.body().arguments.map((a, i) => randomInput(a.type, 31 + i));
      const want = runEntryPoint(module, inputs, () => undefined);
      const s = compile(parseModule(text).module!, defaultTargets());
      expect(s.aliases.size).toBe(views);
      const program = await loadProgram(device, s.output!, () => undefined, { targets: defaultTargets() });
      const r = await program.run(inputs);
      r.outputs.forEach((o, i) => compare(o, want[i]!, `${name} output #${i}`));
      program.destroy();
    });
  }

  it('a CPU-reference partition writes a program output in place (the reshape into it elided)', async () => {
    // int64 arithmetic runs on the CPU reference; the transpose moving only a size-1 dimension into
    // the output goes away, and the host partition's upload lands in the output's buffer.
    const text = `cgc.module {
  cgc.entry_point @main(%x: !cgc.tensor<2x1x!cgc.int64>) -> !cgc.tensor<1x2x!cgc.int64> {
    %s = cgc_op.add(%x, %x)
    %t = cgc_op.transpose(%s) {permutation = [1, 0]}
    cgc.return %t
  }
}
`;
    const s = compile(parseModule(text).module!, defaultTargets());
    expect(s.aliases.size).toBe(1);
    const program = await loadProgram(device, s.output!, () => undefined, { targets: defaultTargets() });
    expect(program.partitions.map((p) => p.target)).toEqual(['cpu-reference']);
    const x = allocTensor([2, 1], 'int64');
    (x.data as BigInt64Array).set([2n ** 40n, -5n]);
    const r = await program.run([x]);
    expect(Array.from(r.outputs[0]!.data as BigInt64Array)).toEqual([2n ** 41n, -10n]);
    program.destroy();
  });

  it('the spec 7-layer network with its weights, in one submit', async () => {
    const dir = join(__dirname, '../../tests/compile');
    const weights = readSafetensors(readFileSync(join(dir, 'spec-7layer.safetensors')));
    const text = readFileSync(join(dir, 'spec-7layer.mlir'), 'utf8');
    const g = { name: 'spec', file: '', text, options: { constantTypes: (n: string) => weights.tensors.get(n)?.type } };
    const input = randomInput({ shape: [1, 1, 4, 4], element: 'float32' }, 5);
    const constants = (n: string) => { const t = weights.tensors.get(n); return t && tensorFromBytes(t.type, t.data); };
    const want = runEntryPoint(parseGolden(g), [input], constants);
    const s = compile(parseGolden(g), defaultTargets());
    const program = await loadProgram(device, s.output!, (n) => weights.tensors.get(n)?.data, { targets: defaultTargets() });
    const r = await program.run([input]);
    compare(r.outputs[0]!, want[0]!, 'spec-7layer');
    expect(r.submits).toBe(1);
    expect(program.dispatchCount).toBe(3);
    expect(plannedRunCounts(s.output!, defaultTargets())).toEqual({ dispatches: 3, submits: 1 });
    // Profiling: every kernel in its own pass with timestamps, the same outputs.
    const p = await program.run([input], { profile: true });
    compare(p.outputs[0]!, want[0]!, 'spec-7layer (profiled)');
    if (device.features.has('timestamp-query')) {
      expect(p.kernelTimings.map((k) => k.partition)).toEqual(['partition0_webgpu', 'partition0_webgpu', 'partition1_webgpu_fallback']);
      for (const k of p.kernelTimings) expect(k.ms).toBeGreaterThanOrEqual(0);
    }
    program.destroy();
  });
});
