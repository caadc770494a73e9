// Coverage of the reference kernel table: every registered cgc_op has a kernel, and every op of the
// all-ops golden (one entry point per op) runs for every element type its first operand accepts.
// With inputs that are exact in float16, a float16 run must equal the float32 run rounded to half:
// both compute from the same values in double and round once (bit-exact check of the dtype plumbing).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type Operation, getOpDef, inferOp, parseModule, registeredOps } from '../ir';
import { ENTRY_POINT } from '../ir/structural';
import { type ElementType, type ShapedType, tensorType } from '../ir/types';
import { floatToHalf, type HostTensor } from '../core';
import { evaluateOp } from './interpreter';
import { implementedOps } from './registry';
import { tensor } from './testing/tensors';

const ALL_OPS = join(__dirname, '../../tests/golden/ops/all-ops.mlir');

/** Deterministic inputs: small multiples of 1/4 (exact in float16), zeros for index operands (indices, batch_indices, sequence lengths). */
function input(t: ShapedType, isIndex: boolean, seed: number): HostTensor {
  const n = t.shape.reduce((p, d) => p * d, 1);
  const v = Array.from({ length: n }, (_, i) => {
    if (isIndex) return 0;
    const k = ((i + seed) * 7) % 11;
    if (t.element === 'bool') return k % 2;
    if (t.element === 'uint8') return k;
    if (t.element === 'float32' || t.element === 'float16') return (k - 5) * 0.25 + (k === 5 ? 0.5 : 0);
    return k - 5;
  });
  return tensor(t.shape, v, t.element);
}

function entryPoints(): Operation[] {
  const r = parseModule(readFileSync(ALL_OPS, 'utf8'), { file: 'all-ops.mlir' });
  return r.module!.body().operations.filter((op) => op.name === ENTRY_POINT);
}

describe('reference kernel table', () => {
  it('implements every registered cgc_op', () => {
    const have = new Set(implementedOps());
    expect(registeredOps().map((d) => d.name).filter((n) => !have.has(n))).toEqual([]);
    expect(implementedOps().filter((n) => !getOpDef(n))).toEqual([]);
  });

  const ops = entryPoints().flatMap((fn) => fn.body().operations.filter((op) => op.dialect === 'cgc_op'));
  it('finds one all-ops entry point per registered op', () => {
    expect(new Set(ops.map((op) => op.opName)).size).toBe(registeredOps().length);
  });

  for (const op of ops) {
    const def = getOpDef(op.opName)!;
    it(`${op.opName} runs for every element type it accepts`, () => {
      const original = op.operands.map((v) => v.type);
      const first = original[0]!.element;
      let ran = 0;
      const byType = new Map<ElementType, HostTensor[]>();
      for (const e of def.operands[0]!.dtypes) {
        // Retype every operand that shares operand #0's element type and accepts e.
        const types = original.map((t, i) => {
          const od = def.operands[Math.min(i, def.operands.length - 1)]!;
          return t.element === first && od.dtypes.includes(e) ? tensorType(t.shape, e) : tensorType(t.shape, t.element);
        });
        try {
          inferOp(def.name, types, op.attributes, op.results.length);
        } catch {
          continue; // e.g. mod of floats needs fmod: the declaration rejects it, so there is nothing to run
        }
        const inputs = types.map((t, i) => {
          const name = def.operands[Math.min(i, def.operands.length - 1)]!.name;
          return input(t, name.endsWith('indices') || name === 'sequence_lens', i);
        });
        const outs = evaluateOp(def.name, inputs, op.attributes, op.results.length, op.regions);
        byType.set(e, outs);
        ran++;
      }
      expect(ran).toBeGreaterThan(0);
      const f32 = byType.get('float32');
      const f16 = byType.get('float16');
      if (f32 && f16) {
        f32.forEach((t, i) => {
          if (t.type.element !== 'float32') return;
          const want = Array.from(t.data as Float32Array, (v) => floatToHalf(v));
          expect(Array.from(f16[i]!.data as Uint16Array), `result #${i} bits`).toEqual(want);
        });
      }
    });
  }
});
