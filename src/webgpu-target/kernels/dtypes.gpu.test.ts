// Element types beyond float32 and int32 on real WebGPU against the CPU reference: float16 (stored
// as halves in u32 words, computed in f32, rounded to half per op) through every kernel family,
// int64 results (sign-extended i32), int8 / uint8 / bool results (packed four to a word), and the
// runtime's int32 range check on int64 tensors the GPU reads.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ShapedType, numElements, parseModule } from '../../ir';
import { ty } from '../../ir/ops/test-cases';
import { compile } from '../../compiler/pipeline';
import { runEntryPoint } from '../../reference';
import { floatToHalf, halfToFloat, type HostTensor, allocTensor, tensorBytes } from '../../core';
import { openDevice } from '../../runtime/device';
import { Int64RangeError } from '../../runtime/checks';
import { loadProgram } from '../../runtime/runtime';
import { plannedRunCounts } from '../../runtime/run-counts';
import { defaultTargets } from '../../engine/targets';
import { type Case, moduleOf } from '../testing/cases';

let device: GPUDevice;
beforeAll(async () => { device = (await openDevice()).device; });
afterAll(() => device?.destroy());

/** Seeded inputs: floats in [-2, 2), int32 / int64 in [0, 3) (valid indices here), int8 / uint8 over their whole range, bool 0 / 1. */
function randomInput(t: ShapedType, seed: number): HostTensor {
  const x = allocTensor(t.shape, t.element);
  let s = seed >>> 0;
  const next = () => ((s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32);
  for (let i = 0; i < numElements(t.shape); i++) {
    const u = next();
    switch (t.element) {
      case 'float32': (x.data as Float32Array)[i] = u * 4 - 2; break;
      case 'float16': (x.data as Uint16Array)[i] = floatToHalf(Math.fround(u * 4 - 2)); break;
      case 'int64': (x.data as BigInt64Array)[i] = BigInt(Math.floor(u * 3)); break;
      case 'int8': (x.data as Int8Array)[i] = Math.floor(u * 256) - 128; break;
      case 'uint8': (x.data as Uint8Array)[i] = Math.floor(u * 256); break;
      case 'bool': (x.data as Uint8Array)[i] = u < 0.5 ? 1 : 0; break;
      default: (x.data as Int32Array)[i] = Math.floor(u * 3);
    }
  }
  return x;
}

/** The spacing of halves at |x| (2^-24 among subnormals). */
const halfUlp = (x: number) => 2 ** Math.max(Math.floor(Math.log2(Math.abs(x) || 2 ** -24)) - 10, -24);

/** A case and how far its float16 result may be from the reference, in halves (0: bit-exact). */
type DtypeCase = Case & { ulps?: number };

const conv2d = { strides: [1, 1], start_padding: [1, 1], end_padding: [1, 1], dilations: [1, 1], groups: 1 };
const CASES: DtypeCase[] = [
  // float16: computed in f32, rounded to half after every op as the reference rounds once per op.
  { name: 'f16 add → mul → sigmoid (one fused kernel)', args: ['3x5xf16', '5xf16'], ops: [{ op: 'add', in: ['a', 'b'] }, { op: 'mul', in: ['%0', 'a'] }, { op: 'sigmoid', in: ['%1'] }], ulps: 1 },
  { name: 'f16 conv + bias → relu', args: ['1x3x9x9xf16', '4x3x3x3xf16', '4xf16'], ops: [{ op: 'convolution', in: ['a', 'b', 'c'], attrs: conv2d }, { op: 'relu', in: ['%0'] }], ulps: 1 },
  { name: 'f16 matmul', args: ['5x7xf16', '7x3xf16'], ops: [{ op: 'matmul', in: ['a', 'b'] }], ulps: 1 },
  { name: 'f16 gemm', args: ['3x4xf16', '5x4xf16', '5xf16'], ops: [{ op: 'gemm', in: ['a', 'b', 'c'], attrs: { trans_b: true, alpha: 0.5 } }], ulps: 1 },
  { name: 'f16 max_pool', args: ['1x2x7x7xf16'], ops: [{ op: 'max_pool', in: ['a'], attrs: { window_size: [3, 3], strides: [2, 2] } }] },
  { name: 'f16 average_pool', args: ['1x2x7x7xf16'], ops: [{ op: 'average_pool', in: ['a'], attrs: { window_size: [3, 3], start_padding: [1, 1], end_padding: [1, 1] } }], ulps: 1 },
  { name: 'f16 global_average_pool', args: ['1x3x5x5xf16'], ops: [{ op: 'global_average_pool', in: ['a'] }], ulps: 1 },
  { name: 'f16 reduce_mean', args: ['2x6x3xf16'], ops: [{ op: 'reduce_mean', in: ['a'], attrs: { axes: [1] } }], ulps: 1 },
  { name: 'f16 reduce_sum', args: ['2x6x3xf16'], ops: [{ op: 'reduce_sum', in: ['a'], attrs: { axes: [0, 2] } }], ulps: 1 },
  { name: 'f16 softmax', args: ['2x7xf16'], ops: [{ op: 'softmax', in: ['a'], attrs: { axis: 1 } }], ulps: 1 },
  { name: 'f16 layer_normalization', args: ['2x3x8xf16', '8xf16', '8xf16'], ops: [{ op: 'layer_normalization', in: ['a', 'b', 'c'], attrs: { axis: -1 } }], ulps: 2 },
  { name: 'f16 batch_normalization', args: ['1x3x4x4xf16', '3xf16', '3xf16', '3xf16', '3xf16'], ops: [{ op: 'abs', in: ['e'] }, { op: 'batch_normalization', in: ['a', 'b', 'c', 'd', '%0'], attrs: { epsilon: 0.001 } }], ulps: 2 },
  { name: 'f16 transpose', args: ['2x3x5xf16'], ops: [{ op: 'transpose', in: ['a'], attrs: { permutation: [2, 0, 1] } }] },
  { name: 'f16 concat (odd length)', args: ['3x3xf16', '3x2xf16'], ops: [{ op: 'concat', in: ['a', 'b'], attrs: { axis: 1 } }] },
  { name: 'f16 gather by int64 indices', args: ['3x5xf16', '2x2xi64'], ops: [{ op: 'gather', in: ['a', 'b'], attrs: { axis: 0 } }] },
  { name: 'f16 slice', args: ['4x7xf16'], ops: [{ op: 'slice', in: ['a'], attrs: { starts: [1, 6], ends: [4, 0], axes: [0, 1], steps: [1, -2] } }] },
  { name: 'f16 linear resize', args: ['1x1x3x3xf16'], ops: [{ op: 'resize', in: ['a'], attrs: { mode: 'linear', coordinate_transformation_mode: 'align_corners', sizes: [1, 1, 5, 4] } }], ulps: 1 },
  { name: 'cast f32 → f16 (rounds to nearest-even)', args: ['3x7xf32'], ops: [{ op: 'cast', in: ['a'], attrs: { to: { type: 'f16' } } }] },
  { name: 'cast f16 → f32', args: ['3x7xf16'], ops: [{ op: 'cast', in: ['a'], attrs: { to: { type: 'f32' } } }] },
  // int64 results: data movement, selection and widening, written as sign-extended words.
  { name: 'int64 transpose', args: ['2x3xi64'], ops: [{ op: 'transpose', in: ['a'], attrs: { permutation: [1, 0] } }] },
  { name: 'int64 gather', args: ['4x3xi64', '2xi64'], ops: [{ op: 'gather', in: ['a', 'b'], attrs: { axis: 0 } }] },
  { name: 'int64 concat', args: ['2x3xi64', '2x2xi64'], ops: [{ op: 'concat', in: ['a', 'b'], attrs: { axis: 1 } }] },
  { name: 'int64 where', args: ['7xbool', '7xi64', '1xi64'], ops: [{ op: 'where', in: ['a', 'b', 'c'] }] },
  { name: 'int64 max', args: ['2x3xi64', '3xi64'], ops: [{ op: 'max', in: ['a', 'b'] }] },
  { name: 'cast int8 → int64 (negative values sign-extend)', args: ['3x5xi8'], ops: [{ op: 'cast', in: ['a'], attrs: { to: { type: 'i64' } } }] },
  // int8 / uint8 / bool results: four to a word, wrapped to their type.
  { name: 'less → bool', args: ['3x5xf32', '3x5xf32'], ops: [{ op: 'less', in: ['a', 'b'] }] },
  { name: 'not bool', args: ['3x5xbool'], ops: [{ op: 'not', in: ['a'] }] },
  { name: 'cast f32 → uint8 (wraps)', args: ['3x5xf32'], ops: [{ op: 'cast', in: ['a'], attrs: { to: { type: 'u8' } } }] },
  { name: 'cast f32 → int8', args: ['3x5xf32'], ops: [{ op: 'cast', in: ['a'], attrs: { to: { type: 'i8' } } }] },
  { name: 'cast f32 → bool', args: ['3x5xf32'], ops: [{ op: 'cast', in: ['a'], attrs: { to: { type: 'bool' } } }] },
  { name: 'int8 add wraps', args: ['3x7xi8', '3x7xi8'], ops: [{ op: 'add', in: ['a', 'b'] }] },
  { name: 'uint8 mul wraps → cast f32', args: ['9xu8', '9xu8'], ops: [{ op: 'mul', in: ['a', 'b'] }, { op: 'cast', in: ['%0'], attrs: { to: { type: 'f32' } } }] },
];

function compare(c: DtypeCase, got: HostTensor, want: HostTensor): void {
  expect(got.type, c.name).toEqual(want.type);
  for (let i = 0; i < want.data.length; i++) {
    const where = `${c.name}[${i}]`;
    if (want.type.element === 'float16') {
      const a = halfToFloat(got.data[i] as number);
      const b = halfToFloat(want.data[i] as number);
      if (Number.isNaN(a) && Number.isNaN(b)) continue;
      expect(Math.abs(a - b) <= (c.ulps ?? 0) * halfUlp(b), `${where}: ${a} vs reference ${b}`).toBe(true);
    } else if (want.type.element === 'float32') {
      const [a, b] = [got.data[i] as number, want.data[i] as number];
      expect(Math.abs(a - b) <= 1e-4 + 1e-4 * Math.abs(b), `${where}: ${a} vs reference ${b}`).toBe(true);
    } else {
      expect(got.data[i], where).toBe(want.data[i]);
    }
  }
}

describe('element types on WebGPU vs CPU reference', () => {
  for (const c of CASES) {
    it(c.name, async () => {
      const module = moduleOf(c);
      const inputs = c.args.map((t, i) => randomInput(ty(t), 41 + i));
      const want = runEntryPoint(module, inputs, () => undefined)[0]!;
      const s = compile(module, defaultTargets());
      const program = await loadProgram(device, s.output!, () => undefined, { targets: defaultTargets() });
      expect(program.partitions.map((p) => p.target).filter((t) => !t.startsWith('webgpu')), 'every partition on the GPU').toEqual([]);
      const got = (await program.run(inputs)).outputs[0]!;
      program.destroy();
      compare(c, got, want);
    });
  }
});

describe('int64 tensors the GPU reads are checked against the int32 range', () => {
  const gather: Case = { name: 'gather', args: ['3x2xf32', '2xi64'], ops: [{ op: 'gather', in: ['a', 'b'], attrs: { axis: 0 } }] };

  it('an int64 input past int32 is an error naming the input, the value and the partition', async () => {
    const s = compile(moduleOf(gather), defaultTargets());
    const program = await loadProgram(device, s.output!, () => undefined, { targets: defaultTargets() });
    const indices = allocTensor([2], 'int64');
    (indices.data as BigInt64Array).set([1n, 2n ** 32n]);
    const data = randomInput(ty('3x2xf32'), 1);
    await expect(program.run([data, indices])).rejects.toThrow(Int64RangeError);
    await expect(program.run([data, indices])).rejects.toThrow(/int64 input #1 \(%b\) holds 4294967296 at element 1, outside the int32 range .* partition @partition0_webgpu_fallback computes in on the GPU/);
    // In range, negative included, the same program runs.
    (indices.data as BigInt64Array).set([2n, -1n]);
    const r = await program.run([data, indices]);
    expect(Array.from(r.outputs[0]!.data as Float32Array)).toEqual(Array.from((data.data as Float32Array).subarray(4, 6)).concat(Array.from((data.data as Float32Array).subarray(4, 6))));
    program.destroy();
  });

  it('an int64 constant past int32 fails the load, naming the constant', async () => {
    const text = `cgc.module {
  cgc.entry_point @main(%x: !cgc.tensor<3x2x!cgc.float32>) -> !cgc.tensor<2x2x!cgc.float32> {
    %i = cgc.constant("indices")
    %r = cgc_op.gather(%x, %i) {axis = 0} : (!cgc.tensor<3x2x!cgc.float32>, !cgc.tensor<constant 2x!cgc.int64>) -> !cgc.tensor<2x2x!cgc.float32>
    cgc.return %r : !cgc.tensor<2x2x!cgc.float32>
  }
}
`;
    const type = ty('c:2xi64');
    const parsed = parseModule(text, { constantTypes: (n) => (n === 'indices' ? type : undefined) });
    expect(parsed.diagnostics).toEqual([]);
    const s = compile(parsed.module!, defaultTargets());
    const indices = allocTensor([2], 'int64');
    (indices.data as BigInt64Array).set([0n, -3_000_000_000n]);
    await expect(loadProgram(device, s.output!, () => tensorBytes(indices), { targets: defaultTargets() })).rejects.toThrow(/int64 constant "indices" holds -3000000000 at element 1, outside the int32 range/);
  });

  it('int64 values only the CPU reference reads may use the whole int64 range', async () => {
    // (A transpose that moves bytes: one of a 2×1 result would be elided, the add writing the output in place.)
    const c: Case = { name: 'add', args: ['2x2xi64'], ops: [{ op: 'add', in: ['a', 'a'] }, { op: 'transpose', in: ['%0'], attrs: { permutation: [1, 0] } }] };
    const s = compile(moduleOf(c), defaultTargets());
    const program = await loadProgram(device, s.output!, () => undefined, { targets: defaultTargets() });
    expect(program.partitions.map((p) => p.target)).toEqual(['cpu-reference', 'webgpu-fallback']);
    const x = allocTensor([2, 2], 'int64');
    (x.data as BigInt64Array).set([2n ** 40n, -5n, 1n, 2n]);
    // The add's result (2^41) is read by the GPU transpose: the check names it.
    await expect(program.run([x])).rejects.toThrow(/int64 result .* of @partition0_cpu_reference \(CPU reference\) holds 2199023255552 at element 0/);
    (x.data as BigInt64Array).set([2n ** 29n, -5n, 1n, 2n]);
    const r = await program.run([x]);
    expect(Array.from(r.outputs[0]!.data as BigInt64Array)).toEqual([2n ** 30n, 2n, -10n, 4n]);
    expect({ dispatches: r.dispatches, submits: r.submits }).toEqual(plannedRunCounts(s.output!, defaultTargets()));
    expect(r.submits).toBe(2);
    program.destroy();
  });
});
