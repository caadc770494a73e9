// uint64, float64 and bfloat16 tensors: no WebGPU kernel stores them, so both WebGPU targets decline
// them, naming the tensor, and their ops run on the CPU reference (a float64 in f32 would be an
// inexact answer, not a refusal). int16, uint16 and uint32 are kernels' types; uint32 only in the ops
// that compute it unsigned (target.ts UINT32_OPS), the others declined, naming the op.
import { expect, it } from 'vitest';
import { parseModule } from '../ir';
import { compile } from '../compiler/pipeline';
import { defaultTargets } from '../engine/targets';

/** `a op b` (or `op a` with one operand) over two 4-element tensors of `element`. */
function binaryModule(element: string, op = 'add', attrs = '') {
  const t = `!cgc.tensor<4x!cgc.${element}>`;
  const unary = attrs !== '';
  return parseModule(`cgc.module {
  cgc.entry_point @main(%a: ${t}, %b: ${t}) -> ${t} {
    %r = cgc_op.${op}(${unary ? '%a' : '%a, %b'})${attrs}
    cgc.return %r : ${t}
  }
}
`).module!;
}

it.each(['int16', 'uint16', 'uint32'])('%s add runs on WebGPU', (element) => {
  expect(compile(binaryModule(element), defaultTargets()).partitions.map((p) => p.target)).toEqual(['webgpu']);
});

it('a uint32 clip (which the kernels would compare signed) runs on the CPU reference, each WebGPU target naming the op', () => {
  const state = compile(binaryModule('uint32', 'clip', ' {min = 1.0, max = 3.0e9}'), defaultTargets());
  expect(state.partitions.map((p) => p.target)).toEqual(['cpu-reference']);
  const rejected = [...state.decisions.values()].flatMap((d) => d.rejected).filter((r) => r.target.startsWith('webgpu'));
  expect(rejected.find((r) => r.target === 'webgpu-fallback')?.reason).toMatch(/declined the specialization: cgc_op.clip on !cgc.uint32 is not computed by WebGPU kernels \(they compute uint32 in moves/);
});

it.each(['uint64', 'float64'])('%s add runs on the CPU reference, each WebGPU target saying why', (element) => {
  const t = `!cgc.tensor<4x!cgc.${element}>`;
  const state = compile(binaryModule(element), defaultTargets());
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
