// int16, uint16, uint32, uint64, float64 and bfloat16 tensors: no WebGPU kernel stores them, so both
// WebGPU targets decline them, naming the tensor, and their ops run on the CPU reference (a uint32
// read as packed bytes would be a wrong answer, a float64 in f32 an inexact one, not a refusal).
import { expect, it } from 'vitest';
import { parseModule } from '../ir';
import { compile } from '../compiler/pipeline';
import { defaultTargets } from '../engine/targets';

it.each(['int16', 'uint16', 'uint32', 'uint64', 'float64'])('%s add runs on the CPU reference, each WebGPU target saying why', (element) => {
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

it('a float64 → float32 cast is a host partition; the float32 op after it runs on WebGPU', () => {
  const module = parseModule(`cgc.module {
  cgc.entry_point @main(%a: !cgc.tensor<4x!cgc.float64>) -> !cgc.tensor<4x!cgc.float32> {
    %c = cgc_op.cast(%a) {to = !cgc.float32}
    %r = cgc_op.relu(%c)
    cgc.return %r : !cgc.tensor<4x!cgc.float32>
  }
}
`).module!;
  const state = compile(module, defaultTargets());
  expect(state.partitions.map((p) => p.target)).toEqual(['cpu-reference', 'webgpu']);
});

it('bfloat16 casts run on the CPU reference, each WebGPU target naming the tensor', () => {
  const module = parseModule(`cgc.module {
  cgc.entry_point @main(%a: !cgc.tensor<4x!cgc.float32>) -> !cgc.tensor<4x!cgc.bfloat16> {
    %r = cgc_op.cast(%a) {to = !cgc.bfloat16}
    cgc.return %r : !cgc.tensor<4x!cgc.bfloat16>
  }
}
`).module!;
  const state = compile(module, defaultTargets());
  expect(state.partitions.map((p) => p.target)).toEqual(['cpu-reference']);
  const rejected = [...state.decisions.values()].flatMap((d) => d.rejected).filter((r) => r.target.startsWith('webgpu'));
  expect(rejected.find((r) => r.target === 'webgpu-fallback')?.reason).toMatch(/WebGPU kernels take no !cgc.bfloat16 tensors \(!cgc.tensor<4x!cgc.bfloat16>\)/);
});
