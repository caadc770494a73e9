// A kernel the device does not compile is a specialization its target declines: loading compiles
// the model again with that kernel refused, the next target takes its subgraph, and the decision
// log says why. The resize generator is made to write WGSL that does not compile.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { INTERFACES } from '../ir';
import { runEntryPoint } from '../reference';
import { tensor } from '../reference/testing/tensors';
import { openDevice } from '../runtime/device';
import { compileAndLoad, openModel } from './model';

vi.mock('../webgpu-target/kernel-plan', async (original) => {
  const actual = await original<typeof import('../webgpu-target/kernel-plan')>();
  return {
    ...actual,
    planKernels: (...args: Parameters<typeof actual.planKernels>) => {
      const kernels = actual.planKernels(...args);
      if (![...args[0].walk()].some((o) => o.name === 'cgc_op.resize')) return kernels;
      return kernels.map((k) => ({ ...k, wgsl: `${k.wgsl}\nconst broken: f32 = ( * 1.0);\n` }));
    },
  };
});

const text = `cgc.module attributes {cgc.interface = "${INTERFACES.CGC_INPUT}", cgc.version = "0.1.0"} {
  cgc.entry_point @main(%x: !cgc.tensor<1x2x4x4x!cgc.float32>) -> !cgc.tensor<1x2x8x8x!cgc.float32> {
    %r = cgc_op.relu(%x)
    %y = cgc_op.resize(%r) {mode = "linear", sizes = [1, 2, 8, 8]}
    %z = cgc_op.neg(%y)
    cgc.return %z
  }
}`;

let device: GPUDevice;
beforeAll(async () => { device = (await openDevice()).device; });
afterAll(() => device?.destroy());

describe('a kernel the device does not compile', () => {
  const x = tensor([1, 2, 4, 4], Array.from({ length: 32 }, (_, i) => (i % 7) - 3));

  it('goes to the next target when the program loads, with the same results', async () => {
    const model = openModel(text, { fileName: 'resize.mlir' });
    const compiled = model.compile();
    expect(compiled.state.schedule.find((sg) => sg.ops.some((o) => o.opName === 'resize'))!.target).toBe('webgpu');
    const loaded = await compiled.load(device);
    try {
      expect(loaded.partitions.map((p) => p.target)).toContain('cpu-reference');
      const got = (await loaded.run([x])).outputs[0]!;
      const want = runEntryPoint(model.module, [x], () => undefined)[0]!;
      expect([...got.data]).toEqual([...want.data]);
    } finally {
      loaded.destroy();
    }
  });

  it('is declined by both WebGPU targets, naming the kernel and the compiler message', async () => {
    const model = openModel(text, { fileName: 'resize.mlir' });
    const { program, state } = await compileAndLoad(model.module, () => undefined, device);
    program.destroy();
    const resize = state.schedule.find((sg) => sg.ops.some((o) => o.opName === 'resize'))!;
    expect(resize.target).toBe('cpu-reference');
    const reasons = [...state.decisions.values()].filter((d) => d.opName === 'cgc_op.resize').flatMap((d) => d.rejected.map((r) => `${r.target}: ${r.reason}`));
    expect(reasons.filter((r) => /does not compile on this device: \d+:\d+ /.test(r)).map((r) => r.split(':')[0]).sort()).toEqual(['webgpu', 'webgpu-fallback']);
  });
});
