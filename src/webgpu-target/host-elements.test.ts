// int16, uint16 and uint32 tensors: no WebGPU kernel stores them yet, so both WebGPU targets decline
// them, naming the tensor, and their ops run on the CPU reference (a uint32 read as packed bytes
// would be a wrong answer, not a refusal).
import { expect, it } from 'vitest';
import { parseModule } from '../ir';
import { compile } from '../compiler/pipeline';
import { defaultTargets } from '../engine/targets';

it.each(['int16', 'uint16', 'uint32'])('%s add runs on the CPU reference, each WebGPU target saying why', (element) => {
  const t = `!cgc.tensor<4x!cgc.${element}>`;
  const module = parseModule(`cgc.module {
  cgc.entry_point @main(%a: ${t}, %b: ${t}) -> ${t} {
    %r = cgc_op.add(%a, %b)
    cgc.return %r : ${t}
  }
}
`).module!;
  const state = compile(module, defaultTargets());
  expect(state.partitions.map((p) => p.target)).toEqual(['cpu-reference']);
  const rejected = [...state.decisions.values()].flatMap((d) => d.rejected).filter((r) => r.target.startsWith('webgpu'));
  expect(rejected.find((r) => r.target === 'webgpu-fallback')?.reason).toBe(`target 'webgpu-fallback' declined the specialization: WebGPU kernels take no !cgc.${element} tensors (${t}); the CPU reference computes them`);
});
