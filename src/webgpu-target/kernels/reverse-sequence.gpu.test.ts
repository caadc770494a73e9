// reverse_sequence on real WebGPU against the CPU reference: both axis orders, int64 and int32
// lengths including 0, 1 and the whole time dimension, float16 and int8 data (packed words), and a
// length past the time dimension, which the kernel clamps (the reference refuses it).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type HostTensor, allocTensor } from '../../core';
import { ty } from '../../ir/ops/test-cases';
import { compile } from '../../compiler/pipeline';
import { runEntryPoint } from '../../reference';
import { randomTensor } from '../../reference/random';
import { openDevice } from '../../runtime/device';
import { loadProgram } from '../../runtime/runtime';
import { defaultTargets } from '../../engine/targets';
import { type Case, expectClose, moduleOf } from '../testing/cases';

function lengths(element: 'int64' | 'int32', values: readonly number[]): HostTensor {
  const t = allocTensor([values.length], element);
  values.forEach((v, i) => { t.data[i] = element === 'int64' ? BigInt(v) : v; });
  return t;
}

const reverse = (x: string, lens: number[], element: 'int64' | 'int32', batchAxis: number): { case: Case; inputs: HostTensor[] } => ({
  case: {
    name: `${x} by lengths [${lens.join(', ')}] (${element}), batch_axis ${batchAxis}`,
    args: [x, `${lens.length}x${element === 'int64' ? 'i64' : 'i32'}`],
    ops: [{ op: 'reverse_sequence', in: ['a', 'b'], attrs: { batch_axis: batchAxis, time_axis: 1 - batchAxis } }],
  },
  inputs: [randomTensor(ty(x), 7), lengths(element, lens)],
});

const CASES = [
  reverse('4x4xf32', [4, 3, 2, 1], 'int64', 1), // ONNX's example
  reverse('4x4xf32', [1, 2, 3, 4], 'int64', 0),
  reverse('5x3x6xf32', [0, 5, 1], 'int32', 1), // lengths 0 (a copy), T and 1 (a copy)
  reverse('3x7x2xf16', [7, 2, 6], 'int64', 0), // two halves per word
  reverse('6x5x3xi8', [6, 3, 0, 1, 4], 'int64', 1), // four bytes per word
];

let device: GPUDevice;
beforeAll(async () => { device = (await openDevice()).device; });
afterAll(() => device?.destroy());

async function runOnGpu(c: Case, inputs: HostTensor[]): Promise<HostTensor> {
  const state = compile(moduleOf(c), defaultTargets());
  expect(state.schedule.map((sg) => sg.target)).toEqual([expect.stringMatching(/^webgpu/)]);
  const program = await loadProgram(device, state.output!, () => undefined, { targets: defaultTargets() });
  try {
    return (await program.run(inputs)).outputs[0]!;
  } finally {
    program.destroy();
  }
}

describe('reverse_sequence on WebGPU vs CPU reference', () => {
  for (const c of CASES) {
    it(c.case.name, async () => {
      const want = runEntryPoint(moduleOf(c.case), c.inputs, () => undefined)[0]!;
      expectClose(await runOnGpu(c.case, c.inputs), want, c.case.name, 0, 0);
    });
  }

  it('clamps a length past the time dimension to it (the reference refuses one)', async () => {
    const c = reverse('4x3xf32', [9, 1, 2], 'int64', 1);
    const clamped = runEntryPoint(moduleOf(c.case), [c.inputs[0]!, lengths('int64', [4, 1, 2])], () => undefined)[0]!;
    expectClose(await runOnGpu(c.case, c.inputs), clamped, c.case.name, 0, 0);
  });
});
