// A DenseNet-shaped block (concats of up to 13 inputs) compiled for WebGPU's default limits: no
// subgraph left to the CPU reference, and no kernel binding more than 8 storage buffers.
import { describe, expect, it } from 'vitest';
import { FUNCTIONAL_DEFINITION } from '../../ir/structural';
import { compile } from '../../compiler/pipeline';
import { defaultTargets } from '../../engine/targets';
import { DEFAULT_GPU_PROFILE } from '../limits';
import { planKernels } from '../kernel-plan';
import { denseBlock, moduleOf } from '../testing/cases';

describe('concats past the storage-buffer limit', () => {
  it('a dense block of 12 layers compiles to one WebGPU partition under the default limits', () => {
    const state = compile(moduleOf(denseBlock(12)), defaultTargets());
    expect(state.schedule.filter((sg) => sg.target === 'cpu-reference').map((sg) => sg.symbol)).toEqual([]);
    expect(state.partitions.map((p) => p.target)).toEqual(['webgpu']);
    const max = DEFAULT_GPU_PROFILE.limits.maxStorageBuffersPerShaderStage!;
    const defs = [...state.output!.walk()].filter((o) => o.name === FUNCTIONAL_DEFINITION);
    const concats = defs.filter((d) => d.body().operations.some((o) => o.opName === 'concat'));
    // Concats of 2 … 13 inputs; those of 8 or more are ⌈N / 7⌉ kernels.
    expect(concats.map((d) => [d.body().arguments.length, planKernels(d).length])).toEqual(
      Array.from({ length: 12 }, (_, i) => [i + 2, Math.ceil((i + 2) / (max - 1))]));
    for (const d of defs) for (const k of planKernels(d)) expect(k.bindings.length, k.name).toBeLessThanOrEqual(max);
  });

  it('where the block\'s input is a layer\'s result and every part starts 256-byte aligned, only the returned concat has kernels', () => {
    // 8×8 float32 channels: 256 bytes each. Every layer's concat is the first bytes of the 12-input
    // one; the block's result, a program output with its own buffer, is still copied together.
    const state = compile(moduleOf(denseBlock(12, { size: 8, computed: true })), defaultTargets());
    expect(state.partitions.map((p) => p.target)).toEqual(['webgpu']);
    expect(state.schedule.filter((sg) => sg.ops.some((o) => o.opName === 'concat')).map((sg) => sg.inputs.length)).toEqual([13]);
  });
});
