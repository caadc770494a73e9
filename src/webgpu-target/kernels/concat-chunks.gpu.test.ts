// Concats of more inputs than a kernel may bind under WebGPU's default limits (8 storage buffers per
// stage) and a split into 12 results, on real WebGPU against the CPU reference: every element exact.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ElementType, type Operation, parseModule, tensorType, typeToString } from '../../ir';
import { FUNCTIONAL_DEFINITION } from '../../ir/structural';
import { compile } from '../../compiler/pipeline';
import { runEntryPoint } from '../../reference';
import { randomTensor } from '../../reference/random';
import { openDevice } from '../../runtime/device';
import { loadProgram } from '../../runtime/runtime';
import { defaultTargets } from '../../engine/targets';
import { DEFAULT_GPU_PROFILE } from '../limits';
import { planKernels } from '../kernel-plan';
import { denseBlock, expectClose, prepareCase, randomInput, runCase } from '../testing/cases';

const MAX_BUFFERS = DEFAULT_GPU_PROFILE.limits.maxStorageBuffersPerShaderStage!;

/** An entry point applying one op with `results` results to arguments of `shapes`. */
function opModule(op: string, attrs: string, shapes: readonly (readonly number[])[], results: readonly (readonly number[])[], element: ElementType): Operation {
  const t = (s: readonly number[]) => typeToString(tensorType(s, element));
  const args = shapes.map((s, i) => `%x${i}: ${t(s)}`).join(', ');
  const outs = results.map((_, i) => `%r${i}`).join(', ');
  const sig = results.map(t).join(', ');
  const text = `cgc.module {
  cgc.entry_point @main(${args}) -> (${sig}) {
    ${outs} = cgc_op.${op}(${shapes.map((_, i) => `%x${i}`).join(', ')}) {${attrs}} : (${shapes.map(t).join(', ')}) -> (${sig})
    cgc.return ${outs} : ${sig}
  }
}
`;
  const parsed = parseModule(text);
  if (!parsed.module) throw new Error(`does not parse:\n${text}\n${JSON.stringify(parsed.diagnostics)}`);
  return parsed.module;
}

/** Compiles `module` for the default limits, runs it on `device` and on the CPU reference; returns the kernels of its one subgraph. */
async function checkExact(device: GPUDevice, module: Operation, name: string) {
  const argTypes = module.body().operations[0]!.body().arguments.map((a) => a.type);
  const inputs = argTypes.map((t, i) => (t.element === 'float32' ? randomInput(t, 31 + i) : randomTensor(t, 31 + i)));
  const want = runEntryPoint(module, inputs, () => undefined);
  const state = compile(module, defaultTargets());
  expect(state.schedule.map((sg) => sg.target), 'one subgraph, on WebGPU').toEqual(['webgpu']);
  const defs = [...state.output!.walk()].filter((o) => o.name === FUNCTIONAL_DEFINITION);
  const kernels = planKernels(defs[0]!);
  for (const k of kernels) expect(k.bindings.length, `${k.name} bindings`).toBeLessThanOrEqual(MAX_BUFFERS);
  const program = await loadProgram(device, state.output!, () => undefined, { targets: defaultTargets() });
  try {
    expect(program.partitions.map((p) => p.target)).toEqual(['webgpu']);
    const { outputs } = await program.run(inputs);
    want.forEach((w, i) => expectClose(outputs[i]!, w, `${name} result ${i}`, 0, 0));
  } finally {
    program.destroy();
  }
  return kernels;
}

let device: GPUDevice;
beforeAll(async () => { device = (await openDevice()).device; });
afterAll(() => device?.destroy());

describe('concats of more inputs than a kernel may bind', () => {
  // Channel counts 1, 2, 3, 1, 2, 3, …: slices of uneven widths.
  for (const n of [9, 16, 40]) {
    it(`${n} float32 inputs along channels: ⌈${n} / 7⌉ kernels, each writing its slice`, async () => {
      const shapes = Array.from({ length: n }, (_, i) => [1, 1 + (i % 3), 5, 3]);
      const channels = shapes.reduce((c, s) => c + s[1]!, 0);
      const kernels = await checkExact(device, opModule('concat', 'axis = 1', shapes, [[1, channels, 5, 3]], 'float32'), `concat of ${n}`);
      expect(kernels.length).toBe(Math.ceil(n / (MAX_BUFFERS - 1)));
    });
  }

  it('10 inputs along an inner axis (slices strided by the leading dimensions)', async () => {
    const shapes = Array.from({ length: 10 }, (_, i) => [2, 3, 1 + (i % 2), 4]);
    const kernels = await checkExact(device, opModule('concat', 'axis = 2', shapes, [[2, 3, 15, 4]], 'float32'), 'concat along axis 2');
    expect(kernels.length).toBe(2);
  });

  it('9 float16 inputs of odd slices: kernels split only where a slice starts on a 32-bit word', async () => {
    // Slices of 3 halves: one starting at an odd element shares a word with the slice before, so the
    // first kernel stops at the 6th input (not the 7th), the second takes the other 3.
    const shapes = Array.from({ length: 9 }, () => [1, 1, 3]);
    const kernels = await checkExact(device, opModule('concat', 'axis = 1', shapes, [[1, 9, 3]], 'float16'), 'float16 concat');
    expect(kernels.map((k) => /\[\d+, \d+\) along axis 1/.exec(k.wgsl)?.[0])).toEqual(['[0, 6) along axis 1', '[6, 9) along axis 1']);
  });
});

describe('a dense block of 8 layers (concats of up to 9 inputs)', () => {
  it('runs in one WebGPU partition and matches the CPU reference', async () => {
    const c = denseBlock(8);
    const { inputs, want, state, constants } = prepareCase(c, 3);
    const { got, targets } = await runCase(device, state, inputs, constants);
    expect(targets).toEqual(['webgpu']);
    // Convolutions sum up to 36 × 9 products in another order than the reference.
    expectClose(got, want, c.name, 1e-5, 1e-5);
  });

  it('as views (its input computed, its parts 256-byte aligned): every producer writes its part of the block\'s result', async () => {
    const c = denseBlock(5, { size: 8, computed: true });
    const { inputs, want, state, constants } = prepareCase(c, 4);
    expect(state.schedule.filter((sg) => sg.ops.some((o) => o.opName === 'concat')).map((sg) => sg.inputs.length), 'only the returned concat').toEqual([6]);
    const { got, targets } = await runCase(device, state, inputs, constants);
    expect(targets).toEqual(['webgpu']);
    expectClose(got, want, c.name, 1e-5, 1e-5);
  });
});

describe('a split into 12 results', () => {
  it('binds the input and one result per kernel', async () => {
    const sizes = [1, 2, 3, 4, 5, 6, 1, 2, 3, 4, 5, 6];
    const module = opModule('split', `axis = 1, sizes = [${sizes.join(', ')}]`, [[2, 42, 7]], sizes.map((s) => [2, s, 7]), 'float32');
    const kernels = await checkExact(device, module, 'split into 12');
    expect(kernels.length).toBe(12);
    for (const k of kernels) expect(k.bindings.length).toBe(2);
  });
});
