// Element kernels on real WebGPU against the CPU reference: which results are computed 4 elements per
// thread with vec4 reads and stores (float32 / int32 results of elementwise ops, a multiple of 4
// elements), with operands that run along the innermost dimension, are broadcast along it or over
// outer dimensions, and of packed types (read as scalars); and which stay one element per thread.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDevice } from '../../runtime/device';
import { planKernels } from '../kernel-plan';
import { type Case, expectClose, prepareCase, runCase } from '../testing/cases';

/** `workgroup`: the threads per workgroup expected (elementWorkgroup: 256 from 65,536 threads on, else 64). */
type ElementCase = Case & { vec4: boolean; workgroup?: number };

const CASES: ElementCase[] = [
  { name: 'add, same shapes', args: ['4x8x16xf32', '4x8x16xf32'], ops: [{ op: 'add', in: ['a', 'b'] }], vec4: true },
  { name: 'add of a row broadcast over outer dimensions', args: ['6x5x12xf32', '12xf32'], ops: [{ op: 'add', in: ['a', 'b'] }], vec4: true },
  { name: 'mul by a per-channel scale (broadcast along the innermost dimension) → relu', args: ['2x8x7x8xf32', '8x1x1xf32'], ops: [{ op: 'mul', in: ['a', 'b'] }, { op: 'relu', in: ['%0'] }], vec4: true },
  { name: 'innermost dimension not a multiple of 4, same shapes', args: ['4x3x5xf32', '4x3x5xf32'], ops: [{ op: 'sub', in: ['a', 'b'] }, { op: 'tanh', in: ['%0'] }], vec4: true },
  { name: 'innermost dimension not a multiple of 4, a broadcast operand', args: ['4x3x5xf32', '3x5xf32'], ops: [{ op: 'sub', in: ['a', 'b'] }], vec4: true },
  { name: 'int32 arithmetic', args: ['8x12xi32', '12xi32'], ops: [{ op: 'mul', in: ['a', 'b'] }, { op: 'add', in: ['%0', 'a'] }], vec4: true },
  { name: 'where with a bool condition (packed, read as scalars)', args: ['4x16xbool', '4x16xf32', 'f32'], ops: [{ op: 'where', in: ['a', 'b', 'c'] }], vec4: true },
  { name: 'a chain with a broadcast intermediate', args: ['3x1x8xf32', '3x1x8xf32', '3x5x8xf32'], ops: [{ op: 'mul', in: ['a', 'b'] }, { op: 'add', in: ['%0', 'c'] }, { op: 'sigmoid', in: ['%1'] }], vec4: true },
  { name: 'element count not a multiple of 4', args: ['3x5xf32', '3x5xf32'], ops: [{ op: 'add', in: ['a', 'b'] }], vec4: false },
  { name: 'a float16 result (packed)', args: ['4x8xf16', '4x8xf16'], ops: [{ op: 'add', in: ['a', 'b'] }], vec4: false },
  { name: 'an int64 result (two words per element)', args: ['4x8xi64', '4x8xi64'], ops: [{ op: 'add', in: ['a', 'b'] }], vec4: false },
  // Large grids take 256-thread workgroups, their last one partly past the end.
  { name: 'a large add, 4 per thread (65,600 threads)', args: ['16x16400xf32', '16400xf32'], ops: [{ op: 'add', in: ['a', 'b'] }, { op: 'relu', in: ['%0'] }], vec4: true, workgroup: 256 },
  { name: 'a large add, 1 per thread (65,537 threads)', args: ['65537xf32', '65537xf32'], ops: [{ op: 'mul', in: ['a', 'b'] }], vec4: false, workgroup: 256 },
  { name: 'just under the large-grid size (65,535 threads)', args: ['65535xf32', '65535xf32'], ops: [{ op: 'mul', in: ['a', 'b'] }], vec4: false, workgroup: 64 },
];

let device: GPUDevice;
beforeAll(async () => { device = (await openDevice()).device; });
afterAll(() => device?.destroy());

describe('element kernels vs CPU reference', () => {
  for (const c of CASES) {
    it(c.name, async () => {
      const { inputs, want, state, defs } = prepareCase(c, 23);
      expect(defs.length, 'one fused subgraph').toBe(1);
      const kernels = planKernels(defs[0]!);
      expect(kernels.some((k) => k.wgsl.includes('as vec4')), 'computed 4 elements per thread').toBe(c.vec4);
      if (c.workgroup) expect(kernels.every((k) => k.wgsl.includes(`@workgroup_size(${c.workgroup})`)), `${c.workgroup} threads per workgroup`).toBe(true);
      const { got } = await runCase(device, state, inputs);
      expectClose(got, want, c.name, 1e-6, 1e-6);
    });
  }
});

/** Every element bit for bit (any NaN matching any NaN). */
function expectBitwise(got: Float32Array, want: Float32Array, name: string): void {
  expect(got.length).toBe(want.length);
  const g = new Uint32Array(got.buffer, got.byteOffset, got.length);
  const w = new Uint32Array(want.buffer, want.byteOffset, want.length);
  for (let i = 0; i < want.length; i++) {
    if (Number.isNaN(want[i]!) && Number.isNaN(got[i]!)) continue;
    expect(g[i], `${name}[${i}]: ${got[i]} vs reference ${want[i]}`).toBe(w[i]);
  }
}

// A product and the add reading it are rounded apart (a GPU compiler would fuse them into one fma),
// and a quotient is rounded correctly (GPUs divide through a reciprocal, up to 2.5 ulp off): the
// reference rounds each op once, and a quantizer rounding the result to a byte must see the same float.
describe('each float op rounded as the reference rounds it', () => {
  it('a * b + c, bit for bit', async () => {
    const { inputs, want, state } = prepareCase({ name: 'mul → add', args: ['64x64xf32', '64x64xf32', '64x64xf32'], ops: [{ op: 'mul', in: ['a', 'b'] }, { op: 'add', in: ['%0', 'c'] }] }, 41);
    expectBitwise((await runCase(device, state, inputs)).got.data as Float32Array, want.data as Float32Array, 'a * b + c');
  });

  it('a / b, bit for bit, with zeros, infinities and NaN among the operands', async () => {
    const c: Case = { name: 'div', args: ['64x64xf32', '64x64xf32'], ops: [{ op: 'div', in: ['a', 'b'] }] };
    const { inputs, state } = prepareCase(c, 43);
    const [a, b] = inputs.map((t) => t.data as Float32Array) as [Float32Array, Float32Array];
    const special = [0, -0, Infinity, -Infinity, NaN, 1e-30, 3e38, -7];
    special.forEach((x, i) => special.forEach((y, j) => { a[i * special.length + j] = x; b[i * special.length + j] = y; }));
    const want = Float32Array.from(a, (x, i) => x / b[i]!);
    expectBitwise((await runCase(device, state, inputs)).got.data as Float32Array, want, 'a / b');
  });
});
