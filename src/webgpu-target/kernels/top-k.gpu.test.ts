// top_k on real WebGPU against the CPU reference, exact, values and indices both: largest and
// smallest, along the last and an inner axis, ties (the lower index first), NaN and ±∞, k = 1 and
// k = the whole axis, float16, int8 and int64 values; and TopK with a K computed at run time (the
// whole axis sorted, bounded by K), with no partition left on the CPU reference.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseModule, typeToString } from '../../ir';
import { formatAttribute } from '../../ir/attributes';
import { inferOp } from '../../ir/registry';
import { type AttrInput, attrs, ty } from '../../ir/ops/test-cases';
import { compile } from '../../compiler/pipeline';
import { INT64, importFolded, modelBytes, node, tensorInfo } from '../../compiler/import/onnx/testing';
import { runEntryPoint } from '../../reference';
import { randomTensor } from '../../reference/random';
import { openDevice } from '../../runtime/device';
import { loadProgram } from '../../runtime/runtime';
import { defaultTargets } from '../../engine/targets';
import { type HostTensor, allocTensor, floatToHalf, tensorBytes } from '../../core';
import { randomInput } from '../testing/cases';

let device: GPUDevice;
beforeAll(async () => { device = (await openDevice()).device; });
afterAll(() => device?.destroy());

function tensorOf(type: string, values: readonly number[]): HostTensor {
  const t = allocTensor(ty(type).shape, ty(type).element);
  values.forEach((v, i) => { t.data[i] = t.data instanceof BigInt64Array ? BigInt(v) : t.type.element === 'float16' ? floatToHalf(v) : v; });
  return t;
}

/** top_k over one argument, both results returned. */
function moduleText(type: string, a: Record<string, AttrInput>): string {
  const x = ty(type);
  const dictionary = attrs(a);
  const results = inferOp('top_k', [x], dictionary);
  const res = results.map(typeToString).join(', ');
  const dict = [...dictionary].map(([k, v]) => `${k} = ${formatAttribute(v)}`).join(', ');
  return `cgc.module attributes {cgc.interface = "7FC4F23F-2474-4AE8-AE7A-2722118B350E", cgc.version = "0.1.0"} {
  cgc.entry_point @main(%x: ${typeToString(x)}) -> (${res}) {
    %r:2 = cgc_op.top_k(%x) {${dict}} : (${typeToString(x)}) -> (${res})
    cgc.return %r#0, %r#1 : ${res}
  }
}`;
}

interface TopKCase { name: string; type: string; attrs: Record<string, AttrInput>; values?: number[] }

const INF = Infinity;
const CASES: TopKCase[] = [
  { name: 'the 3 largest of each row', type: '4x9xf32', attrs: { k: 3 } },
  { name: 'the 2 smallest along axis 0', type: '6x5xf32', attrs: { k: 2, axis: 0, largest: false } },
  { name: 'an inner axis of a 3-D tensor', type: '2x7x3xf32', attrs: { k: 4, axis: 1 } },
  { name: 'ties keep the lower index first', type: '2x6xi32', attrs: { k: 4 }, values: [3, 1, 3, 2, 3, 1, 0, 0, 5, 0, 5, 0] },
  { name: 'ties, smallest first', type: '2x6xi32', attrs: { k: 5, largest: false }, values: [3, 1, 3, 2, 3, 1, 0, 0, 5, 0, 5, 0] },
  { name: 'NaN above +∞ (tied, by index), −∞ last', type: '7xf32', attrs: { k: 7 }, values: [1, NaN, -INF, INF, NaN, 0, -0] },
  { name: 'NaN and +∞ last when smallest', type: '6xf32', attrs: { k: 6, largest: false }, values: [INF, NaN, 2, -INF, -1, NaN] },
  { name: 'k = 1 (arg max with its value)', type: '3x8xf32', attrs: { k: 1 } },
  { name: 'float16 values', type: '3x6xf16', attrs: { k: 3 } },
  { name: 'int8 values, smallest', type: '2x9xi8', attrs: { k: 4, largest: false } },
  { name: 'int64 values (the per-op fallback)', type: '2x5xi64', attrs: { k: 5 }, values: [7, -3, 7, 2, -9, 0, 4, 4, -1, 8] },
];

const plain = (t: HostTensor) => ({ type: t.type, values: Array.from(t.data as ArrayLike<number | bigint>, Number) });

function inputOf(c: TopKCase): HostTensor {
  if (c.values) return tensorOf(c.type, c.values);
  const t = ty(c.type);
  return t.element === 'float32' ? randomInput(t, 7) : randomTensor(t, 7);
}

describe('top_k on WebGPU vs CPU reference', () => {
  for (const c of CASES) {
    it(`top_k ${c.type}: ${c.name}`, async () => {
      const { module } = parseModule(moduleText(c.type, c.attrs));
      const x = inputOf(c);
      const want = runEntryPoint(module!, [x], () => undefined);
      const state = compile(module!, defaultTargets());
      const program = await loadProgram(device, state.output!, () => undefined, { targets: defaultTargets() });
      try {
        expect(program.partitions.map((p) => p.target).filter((t) => !t.startsWith('webgpu')), 'every partition on the GPU').toEqual([]);
        const got = (await program.run([x])).outputs;
        expect(got.map(plain)).toEqual(want.map(plain));
      } finally {
        program.destroy();
      }
    });
  }

  it('a long axis is left to the CPU reference, saying why', () => {
    const { module } = parseModule(moduleText('2x2048xf32', { k: 1024 }));
    const state = compile(module!, defaultTargets());
    expect(state.partitions.map((p) => p.target)).toEqual(['cpu-reference']);
    const reasons = [...state.decisions.values()].flatMap((d) => d.rejected).map((r) => r.reason).join('\n');
    expect(reasons).toContain('top_k of 1024 along an axis of 2048 (2097152 comparisons per element, past 1048576) is left to the CPU reference');
  });

  it('TopK with a K computed at run time: the whole axis sorted on the GPU, cut to K', async () => {
    const { module, constants } = importFolded(modelBytes({
      nodes: [node('TopK', ['x', 'k'], ['v', 'i'], { largest: 0 })],
      inputs: [tensorInfo('x', [3, 6]), tensorInfo('k', [1], INT64)],
      outputs: [{ name: 'v' }, { name: 'i' }],
      opset: 13,
    }));
    const x = randomInput(ty('3x6xf32'), 11);
    const state = compile(module, defaultTargets());
    const program = await loadProgram(device, state.output!, (n) => { const t = constants.get(n); return t && tensorBytes(t); }, { targets: defaultTargets() });
    try {
      expect(program.partitions.map((p) => p.target).filter((t) => !t.startsWith('webgpu')), 'every partition on the GPU').toEqual([]);
      for (const k of [0, 1, 4, 6]) {
        const inputs = [x, tensorOf('1xi64', [k])];
        const want = runEntryPoint(module, inputs, (n) => constants.get(n));
        expect(want[0]!.type.shape).toEqual([3, k]);
        const got = (await program.run(inputs)).outputs;
        expect(got.map(plain), `K = ${k}`).toEqual(want.map(plain));
      }
    } finally {
      program.destroy();
    }
  });
});
