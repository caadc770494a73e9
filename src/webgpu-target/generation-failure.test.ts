// A kernel generator that fails (not a KernelDecline: a bug in it) is a specialization the WebGPU
// targets reject, and so is any target that throws while it specializes: the reason goes in the
// decision log, and the next target takes the subgraph.
import { describe, expect, it, vi } from 'vitest';
import { INTERFACES, parseModule } from '../ir';
import { compile } from '../compiler/pipeline';
import { defaultTargets } from '../engine/targets';

vi.mock('./kernel-plan', async (original) => {
  const actual = await original<typeof import('./kernel-plan')>();
  return {
    ...actual,
    planKernels: (...args: Parameters<typeof actual.planKernels>) => {
      if ([...args[0].walk()].some((o) => o.name === 'cgc_op.resize')) throw new TypeError("cannot read properties of undefined (reading 'shape')");
      return actual.planKernels(...args);
    },
  };
});

const module = parseModule(`cgc.module attributes {cgc.interface = "${INTERFACES.CGC_INPUT}", cgc.version = "0.1.0"} {
  cgc.entry_point @main(%x: !cgc.tensor<1x2x4x4x!cgc.float32>) -> !cgc.tensor<1x2x8x8x!cgc.float32> {
    %r = cgc_op.relu(%x)
    %y = cgc_op.resize(%r) {mode = "linear", sizes = [1, 2, 8, 8]}
    cgc.return %y
  }
}`).module!;

describe('a kernel generator that fails', () => {
  it('is a rejection naming the failure, and the CPU reference takes the subgraph', () => {
    const s = compile(module, defaultTargets());
    expect(s.schedule.map((sg) => `${sg.target}: ${sg.ops.map((o) => o.opName).join(' ')}`)).toEqual(['webgpu: relu', 'cpu-reference: resize']);
    const reasons = [...s.decisions.values()].filter((d) => d.opName === 'cgc_op.resize').flatMap((d) => d.rejected.map((r) => `${r.target}: ${r.reason}`));
    expect(reasons.some((r) => r.startsWith('webgpu:') && r.includes("the kernel generator failed: cannot read properties of undefined (reading 'shape')"))).toBe(true);
    expect(reasons.some((r) => r.startsWith('webgpu-fallback:') && r.includes('the kernel generator failed'))).toBe(true);
  });
});

describe('a target that throws while it specializes', () => {
  it('declines that subgraph, the error its reason, and the next target takes it', () => {
    const [webgpu, ...rest] = defaultTargets();
    const throwing = {
      ...webgpu!,
      exchange: (request: Parameters<typeof webgpu.exchange>[0]) => {
        if (request.interface === INTERFACES.CGC_SUBGRAPH_SPECIALIZATION_REQUEST) throw new RangeError('invalid array length');
        return webgpu!.exchange(request);
      },
    };
    const s = compile(module, [throwing, ...rest]);
    expect(s.schedule.every((sg) => sg.target !== 'webgpu')).toBe(true);
    const reasons = [...s.decisions.values()].flatMap((d) => d.rejected).filter((r) => r.target === 'webgpu').map((r) => r.reason);
    expect(reasons).toContain("target 'webgpu' declined the specialization: the target failed on this subgraph: invalid array length");
  });
});
