// int16, uint16 (two to a word) and uint32 (its bits in i32) on real WebGPU against the CPU reference,
// exact: wrap-around of sums and products, negative int16 values, uint32 values past 2^31 through the
// ops that read them unsigned (÷, mod, max, min, comparisons, casts), casts to and from float32 and
// int32, data movement over odd lengths; and a uint32 op the kernels do not compute left to the CPU.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ShapedType, numElements } from '../../ir';
import { ty } from '../../ir/ops/test-cases';
import { compile } from '../../compiler/pipeline';
import { decisionLines } from '../../compiler/dump';
import { runEntryPoint } from '../../reference';
import { type HostTensor, allocTensor } from '../../core';
import { openDevice } from '../../runtime/device';
import { loadProgram } from '../../runtime/runtime';
import { defaultTargets } from '../../engine/targets';
import { type Case, moduleOf } from '../testing/cases';

let device: GPUDevice;
beforeAll(async () => { device = (await openDevice()).device; });
afterAll(() => device?.destroy());

/** The whole range of each integer type (and [-2, 2) floats, [0, 3) int64 indices): seeded. */
function randomInput(t: ShapedType, seed: number): HostTensor {
  const x = allocTensor(t.shape, t.element);
  let s = seed >>> 0;
  const next = () => ((s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32);
  const span: Partial<Record<string, [number, number]>> = {
    int16: [-32768, 65536], uint16: [0, 65536], uint32: [0, 2 ** 32], int32: [-(2 ** 31), 2 ** 32], int8: [-128, 256], uint8: [0, 256],
  };
  for (let i = 0; i < numElements(t.shape); i++) {
    const u = next();
    const r = span[t.element];
    if (t.element === 'float32') x.data[i] = u * 4 - 2;
    else if (t.element === 'int64') x.data[i] = BigInt(Math.floor(u * 3));
    else if (t.element === 'bool') x.data[i] = u < 0.5 ? 1 : 0;
    else x.data[i] = r![0] + Math.floor(u * r![1]);
  }
  return x;
}

/** A case, with explicit input values where the seeded ones would not reach an edge. */
type IntCase = Case & { values?: (readonly number[] | undefined)[] };

const cast = (to: string) => ({ to: { type: to } });
const CASES: IntCase[] = [
  // Arithmetic wraps to the type, in one fused kernel with the cast after it.
  { name: 'int16 add wraps, negative values', args: ['3x7xi16', '3x7xi16'], ops: [{ op: 'add', in: ['a', 'b'] }] },
  { name: 'int16 add at the edges', args: ['4xi16', '4xi16'], ops: [{ op: 'add', in: ['a', 'b'] }], values: [[32767, -32768, -1, 1000], [1, -1, -32768, -32000]] },
  { name: 'uint16 add wraps (65535 + 1 = 0)', args: ['5xu16', '5xu16'], ops: [{ op: 'add', in: ['a', 'b'] }], values: [[65535, 65535, 0, 40000, 7], [1, 65535, 0, 40000, 9]] },
  { name: 'uint16 sub wraps below 0', args: ['3x5xu16', '3x5xu16'], ops: [{ op: 'sub', in: ['a', 'b'] }] },
  { name: 'uint16 mul wraps → cast f32', args: ['9xu16', '9xu16'], ops: [{ op: 'mul', in: ['a', 'b'] }, { op: 'cast', in: ['%0'], attrs: cast('f32') }] },
  { name: 'int16 mul → div → mod (mixed signs)', args: ['2x6xi16', '6xi16', '2x6xi16'], ops: [{ op: 'mul', in: ['a', 'b'] }, { op: 'div', in: ['%0', 'c'] }, { op: 'mod', in: ['%1', 'c'] }] },
  { name: 'int16 sub, abs (of −32768 too), max, less', args: ['3x5xi16', '3x5xi16'], ops: [{ op: 'sub', in: ['a', 'b'] }, { op: 'abs', in: ['%0'] }, { op: 'max', in: ['%1', 'b'] }, { op: 'less', in: ['%2', 'a'] }] },
  { name: 'int16 abs at the edge', args: ['4xi16'], ops: [{ op: 'abs', in: ['a'] }], values: [[-32768, -32767, 5, 0]] },
  { name: 'uint32 add and mul wrap past 2^32', args: ['3x7xu32', '3x7xu32'], ops: [{ op: 'add', in: ['a', 'b'] }, { op: 'mul', in: ['%0', 'b'] }] },
  { name: 'uint32 sub below 0', args: ['6xu32', '6xu32'], ops: [{ op: 'sub', in: ['a', 'b'] }], values: [[0, 1, 5, 2 ** 32 - 1, 2 ** 31, 7], [1, 3, 5, 0, 1, 2 ** 31 + 7]] },
  { name: 'uint32 div and mod past 2^31 (÷ 0 is 0)', args: ['8xu32', '8xu32'], ops: [{ op: 'div', in: ['a', 'b'] }, { op: 'mod', in: ['a', 'b'] }, { op: 'add', in: ['%0', '%1'] }],
    values: [[4294967295, 3000000000, 2147483648, 10, 4294967295, 7, 2 ** 31 + 5, 0], [2, 7, 2147483649, 3, 4294967295, 0, 2 ** 31, 9]] },
  { name: 'uint32 mod (fmod)', args: ['3x5xu32', '3x5xu32'], ops: [{ op: 'mod', in: ['a', 'b'], attrs: { fmod: true } }] },
  { name: 'uint32 max − min, abs', args: ['3x7xu32', '3x7xu32'], ops: [{ op: 'max', in: ['a', 'b'] }, { op: 'min', in: ['a', 'b'] }, { op: 'sub', in: ['%0', '%1'] }, { op: 'abs', in: ['%2'] }] },
  { name: 'uint32 sign past 2^31', args: ['4xu32'], ops: [{ op: 'sign', in: ['a'] }], values: [[0, 2 ** 31, 2 ** 32 - 1, 3]] },
  { name: 'uint32 greater past 2^31', args: ['3x7xu32', '3x7xu32'], ops: [{ op: 'greater', in: ['a', 'b'] }] },
  ...['less', 'less_or_equal', 'greater_or_equal', 'equal'].map((op): IntCase => ({
    name: `uint32 ${op} past 2^31`, args: ['6xu32', '6xu32'], ops: [{ op, in: ['a', 'b'] }],
    values: [[0, 2 ** 31, 2 ** 32 - 1, 5, 2 ** 31 - 1, 3], [2 ** 32 - 1, 2 ** 31 - 1, 0, 5, 2 ** 31, 3]],
  })),
  { name: 'uint32 bitwise and, or, xor, not', args: ['3x5xu32', '3x5xu32'], ops: [{ op: 'bitwise_and', in: ['a', 'b'] }, { op: 'bitwise_not', in: ['a'] }, { op: 'bitwise_xor', in: ['%0', '%1'] }, { op: 'bitwise_or', in: ['%2', 'b'] }] },
  // Shifts: bits past the type cut, a shift by the width or more clears every bit.
  ...(['LEFT', 'RIGHT'] as const).flatMap((direction) => [
    { name: `uint8 bit_shift ${direction}`, args: ['6xu8', '6xu8'], ops: [{ op: 'bit_shift', in: ['a', 'b'], attrs: { direction } }], values: [[255, 129, 1, 200, 7, 3], [1, 7, 8, 3, 0, 9]] },
    { name: `uint16 bit_shift ${direction}`, args: ['6xu16', '6xu16'], ops: [{ op: 'bit_shift', in: ['a', 'b'], attrs: { direction } }], values: [[65535, 40000, 1, 300, 7, 3], [1, 15, 16, 9, 0, 40]] },
    { name: `uint32 bit_shift ${direction}`, args: ['6xu32', '6xu32'], ops: [{ op: 'bit_shift', in: ['a', 'b'], attrs: { direction } }], values: [[2 ** 32 - 1, 3e9, 1, 2 ** 31, 7, 5], [1, 31, 32, 4, 0, 2 ** 32 - 1]] },
  ] satisfies IntCase[]),
  { name: 'pow of float32 to uint32 exponents (2^3e9 is ∞, not 0)', args: ['5xf32', '5xu32'], ops: [{ op: 'pow', in: ['a', 'b'] }], values: [[2, -3, 1.5, 2, -1], [3, 3, 0, 3e9, 2 ** 31]] },
  // Casts to and from float32 and int32.
  { name: 'cast f32 → int16 wraps', args: ['6xf32'], ops: [{ op: 'cast', in: ['a'], attrs: cast('i16') }], values: [[40000.7, -40000.2, 32767.9, -32768.5, -1.5, 0.25]] },
  { name: 'cast f32 → uint16 wraps', args: ['5xf32'], ops: [{ op: 'cast', in: ['a'], attrs: cast('u16') }], values: [[65536, 70000.5, -1, 65535.9, 3.5]] },
  { name: 'cast f32 → uint32 (a negative value wraps)', args: ['6xf32'], ops: [{ op: 'cast', in: ['a'], attrs: cast('u32') }], values: [[3e9, 4294967040, -1, -2.5, 2147483648, 0.75]] },
  { name: 'cast int16 → f32', args: ['3x5xi16'], ops: [{ op: 'cast', in: ['a'], attrs: cast('f32') }] },
  { name: 'cast uint16 → f32', args: ['3x5xu16'], ops: [{ op: 'cast', in: ['a'], attrs: cast('f32') }] },
  { name: 'cast uint32 → f32 past 2^31', args: ['5xu32'], ops: [{ op: 'cast', in: ['a'], attrs: cast('f32') }], values: [[3e9, 4294967040, 2147483648, 16777217, 12]] },
  { name: 'cast int32 → int16 and uint16 wrap', args: ['3x5xi32'], ops: [{ op: 'cast', in: ['a'], attrs: cast('i16') }, { op: 'cast', in: ['%0'], attrs: cast('u16') }] },
  { name: 'cast int32 → uint32 keeps the bits', args: ['3x5xi32'], ops: [{ op: 'cast', in: ['a'], attrs: cast('u32') }] },
  { name: 'cast uint32 → int32 keeps the bits', args: ['3x5xu32'], ops: [{ op: 'cast', in: ['a'], attrs: cast('i32') }] },
  { name: 'cast uint16 → int16 → int32', args: ['3x5xu16'], ops: [{ op: 'cast', in: ['a'], attrs: cast('i16') }, { op: 'cast', in: ['%0'], attrs: cast('i32') }] },
  { name: 'cast int16 → int64 sign-extends', args: ['3x5xi16'], ops: [{ op: 'cast', in: ['a'], attrs: cast('i64') }] },
  // Data movement: packed halves at odd lengths and offsets, uint32 values past 2^31.
  { name: 'int16 transpose (odd sizes)', args: ['3x5x3xi16'], ops: [{ op: 'transpose', in: ['a'], attrs: { permutation: [2, 0, 1] } }] },
  { name: 'uint16 concat (odd length)', args: ['3x3xu16', '3x2xu16'], ops: [{ op: 'concat', in: ['a', 'b'], attrs: { axis: 1 } }] },
  { name: 'int16 slice with a negative step', args: ['4x7xi16'], ops: [{ op: 'slice', in: ['a'], attrs: { starts: [1, 6], ends: [4, 0], axes: [0, 1], steps: [1, -2] } }] },
  { name: 'uint16 reshape', args: ['3x5xu16'], ops: [{ op: 'reshape', in: ['a'], attrs: { shape: [5, 3] } }] },
  { name: 'uint32 gather by int64 indices', args: ['3x5xu32', '2x2xi64'], ops: [{ op: 'gather', in: ['a', 'b'], attrs: { axis: 0 } }] },
  { name: 'int16 gather_nd', args: ['3x5xi16', '2x1xi64'], ops: [{ op: 'gather_nd', in: ['a', 'b'] }] },
  { name: 'uint32 transpose → concat', args: ['2x3xu32', '3x1xu32'], ops: [{ op: 'transpose', in: ['a'], attrs: { permutation: [1, 0] } }, { op: 'concat', in: ['%0', 'b'], attrs: { axis: 1 } }] },
  { name: 'uint32 pad with a value past 2^31', args: ['2x3xu32'], ops: [{ op: 'pad', in: ['a'], attrs: { start_padding: [1, 0], end_padding: [0, 2], mode: 'constant', value: 3000000000 } }] },
  { name: 'uint16 where', args: ['7xbool', '7xu16', '1xu16'], ops: [{ op: 'where', in: ['a', 'b', 'c'] }] },
];

const plain = (t: HostTensor) => ({ type: t.type, values: Array.from(t.data as ArrayLike<number | bigint>, Number) });

function inputsOf(c: IntCase): HostTensor[] {
  return c.args.map((t, i) => {
    const values = c.values?.[i];
    if (!values) return randomInput(ty(t), 17 + i);
    const x = allocTensor(ty(t).shape, ty(t).element);
    values.forEach((v, j) => { x.data[j] = v; });
    return x;
  });
}

describe('int16, uint16 and uint32 on WebGPU vs CPU reference', () => {
  for (const c of CASES) {
    it(c.name, async () => {
      const module = moduleOf(c);
      const inputs = inputsOf(c);
      const want = runEntryPoint(module, inputs, () => undefined)[0]!;
      const s = compile(module, defaultTargets());
      const program = await loadProgram(device, s.output!, () => undefined, { targets: defaultTargets() });
      try {
        expect(program.partitions.map((p) => p.target).filter((t) => !t.startsWith('webgpu')), 'every partition on the GPU').toEqual([]);
        const got = (await program.run(inputs)).outputs[0]!;
        expect(plain(got)).toEqual(plain(want));
      } finally {
        program.destroy();
      }
    });
  }

  it('a chain of int16 ops is one fused kernel', () => {
    const s = compile(moduleOf(CASES.find((c) => c.name.startsWith('int16 mul → div'))!), defaultTargets());
    expect(s.schedule.map((g) => `${g.target}: ${g.ops.map((o) => o.opName).join(',')}`)).toEqual(['webgpu: mul,div,mod']);
  });

  it('uint32 ops the kernels would read signed stay on the CPU reference, saying why', () => {
    const c: Case = { name: 'clip', args: ['5xu32'], ops: [{ op: 'clip', in: ['a'], attrs: { min: 1, max: 3e9 } }] };
    const s = compile(moduleOf(c), defaultTargets());
    expect(s.schedule.map((g) => g.target)).toEqual(['cpu-reference']);
    expect(decisionLines(s).join('\n')).toContain('cgc_op.clip on !cgc.uint32 is not computed by WebGPU kernels');
    const widened: Case = { name: 'cast', args: ['5xu32'], ops: [{ op: 'cast', in: ['a'], attrs: cast('i64') }] };
    expect(compile(moduleOf(widened), defaultTargets()).schedule.map((g) => g.target)).toEqual(['cpu-reference']);
  });
});
