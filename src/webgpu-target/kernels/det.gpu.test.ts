// det on real WebGPU against the CPU reference: single and batched matrices of orders 1 to 8, a
// zero on the diagonal (pivoting), a singular matrix, 0x0 matrices (det 1), and float16.
// Tolerance: f32 LU elimination against the reference's double one, 1e-4 relative to the product of
// the row norms (Hadamard's bound on |det|), which bounds the rounding of n steps of elimination.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type HostTensor, halfToFloat, tensorType } from '../../core';
import { openDevice } from '../../runtime/device';
import { type Case, moduleOf, prepareCase, runCase } from '../testing/cases';
import { compile } from '../../compiler/pipeline';
import { defaultTargets } from '../../engine/targets';
import { runEntryPoint } from '../../reference';

let device: GPUDevice;
beforeAll(async () => { device = (await openDevice()).device; });
afterAll(() => device?.destroy());

const det = (x: string): Case => ({ name: `det ${x}`, args: [x], ops: [{ op: 'det', in: ['a'] }] });
const values = (t: HostTensor): number[] => (t.type.element === 'float16' ? Array.from(t.data as Uint16Array, halfToFloat) : Array.from(t.data as Float32Array));

/** Hadamard's bound per matrix: the product of its rows' Euclidean norms. */
function hadamard(x: HostTensor): number[] {
  const n = x.type.shape[x.type.shape.length - 1]!;
  const v = values(x);
  const out: number[] = [];
  for (let q = 0; q * n * n < v.length || (n === 0 && q < 1); q++) {
    let bound = 1;
    for (let r = 0; r < n; r++) bound *= Math.hypot(...v.slice(q * n * n + r * n, q * n * n + (r + 1) * n));
    out.push(bound);
    if (n === 0) break;
  }
  return out;
}

async function check(c: Case, inputs: HostTensor[], rel: number): Promise<void> {
  const want = runEntryPoint(moduleOf(c), inputs, () => undefined)[0]!;
  const { got, targets } = await runCase(device, compile(moduleOf(c), defaultTargets()), inputs);
  expect(targets.every((t) => t.startsWith('webgpu'))).toBe(true);
  const bounds = hadamard(inputs[0]!);
  const [g, w] = [values(got), values(want)];
  expect(g.length).toBe(w.length);
  g.forEach((v, i) => expect(Math.abs(v - w[i]!) <= rel * (bounds[i] ?? 1), `${c.name}[${i}]: ${v} vs reference ${w[i]}`).toBe(true));
}

const fixed = (shape: number[], v: number[]): HostTensor => ({ type: tensorType(shape, 'float32'), data: Float32Array.from(v) });

describe('det on WebGPU vs CPU reference', () => {
  for (const [i, x] of ['1x1xf32', '2x2xf32', '3x3xf32', '4x4xf32', '8x8xf32', '2x3x5x5xf32', '6x3x3xf16'].entries()) {
    it(`random ${x}`, async () => {
      const c = det(x);
      await check(c, prepareCase(c, 300 + i).inputs as HostTensor[], x.endsWith('f16') ? 2e-3 : 1e-4);
    });
  }

  it('pivots past zeros on the diagonal (sign flips) and gives 0 for a singular matrix', async () => {
    const x = fixed([3, 3, 3], [0, 1, 0, 1, 0, 0, 0, 0, 1, 0, 0, 2, 0, 3, 0, 4, 0, 0, 1, 2, 3, 2, 4, 6, 7, 8, 9]);
    const c = det('3x3x3xf32');
    await check(c, [x], 0);
  });

  it('0x0 matrices have determinant 1', async () => {
    const c = det('4x0x0xf32');
    await check(c, [fixed([4, 0, 0], [])], 0);
  });
});
