// The runtime runs partitions through the target contract only: a target it has never heard of
// runs, and a partition whose target is not loaded is refused with both names.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Target, parseModule } from '../ir';
import { compile } from '../compiler/pipeline';
import { runEntryPoint } from '../reference';
import { allocTensor } from '../core';
import { createReferenceTarget } from '../reference/target';
import { openDevice } from './device';
import { loadProgram } from './runtime';
import { plannedRunCounts } from './run-counts';

let device: GPUDevice;
beforeAll(async () => { device = (await openDevice()).device; });
afterAll(() => device?.destroy());

/** The CPU reference under another name, counting the partitions it compiles. */
function renamed(name: string): Target & { compiled: string[] } {
  const inner = createReferenceTarget();
  const compiled: string[] = [];
  return {
    ...inner, name, compiled,
    open: (dev, options) => {
      const session = inner.open(dev, options);
      return { compilePartition: (doc, partition) => { compiled.push(partition); return session.compilePartition(doc, partition); } };
    },
  };
}

const model = parseModule(`cgc.module {
  cgc.entry_point @main(%x: !cgc.tensor<2x3x!cgc.float32>) -> !cgc.tensor<2x3x!cgc.float32> {
    %y = cgc_op.relu(%x)
    %z = cgc_op.exp(%y)
    cgc.return %z
  }
}
`).module!;

describe('the target contract', () => {
  it('runs a program whose only target the runtime has never heard of', async () => {
    const target = renamed('host-elsewhere');
    const s = compile(model, [target]);
    const x = allocTensor([2, 3], 'float32');
    (x.data as Float32Array).set([-1, 0, 1, 2, -3, 0.5]);
    const program = await loadProgram(device, s.output!, () => undefined, { targets: [target] });
    const r = await program.run([x]);
    expect(Array.from(r.outputs[0]!.data as Float32Array)).toEqual(Array.from(runEntryPoint(model, [x], () => undefined)[0]!.data as Float32Array));
    expect(program.partitions.map((p) => p.target)).toEqual(['host-elsewhere']);
    expect(target.compiled.length).toBe(program.partitions.length);
    expect(plannedRunCounts(s.output!, [target])).toEqual({ dispatches: 0, submits: 2 });
    program.destroy();
  });

  it('refuses a partition whose target is not loaded, naming it and the loaded ones', async () => {
    const s = compile(model, [renamed('host-elsewhere')]);
    await expect(loadProgram(device, s.output!, () => undefined, { targets: [createReferenceTarget()] }))
      .rejects.toThrow(/partition @\w+ has target 'host-elsewhere', which is not among the loaded targets \(cpu-reference\)/);
  });
});
