// GPT-2's token embedding (50257×768 float32, 154 MB) against WebGPU's default 128 MiB binding limit:
// the gather reading it and the language-model head multiplying by it stay on WebGPU, the table
// bound in two pieces.
import { describe, expect, it } from 'vitest';
import { FUNCTIONAL_DEFINITION } from '../ir/structural';
import { compile } from '../compiler/pipeline';
import { defaultTargets } from '../engine/targets';
import { DEFAULT_GPU_PROFILE } from './limits';
import { planKernels } from './kernel-plan';
import { type Case, moduleOf } from './testing/cases';

const TABLE = 50257 * 768 * 4;
const MAX_BINDING = DEFAULT_GPU_PROFILE.limits.maxStorageBufferBindingSize!;

const CASES: Case[] = [
  { name: 'token embedding: gather from 50257x768', args: ['1x8xi64'], constants: [{ name: 'wte', type: '50257x768xf32', values: [] }], ops: [{ op: 'gather', in: ['wte', 'a'], attrs: { axis: 0 } }] },
  { name: 'language-model head: matmul by 768x50257', args: ['1x8x768xf32'], constants: [{ name: 'wte', type: '768x50257xf32', values: [] }], ops: [{ op: 'matmul', in: ['a', 'wte'] }] },
];

describe('a GPT-2 token embedding under the default limits', () => {
  for (const c of CASES) {
    it(`${c.name}: on WebGPU, the table in 2 pieces`, () => {
      const state = compile(moduleOf(c), defaultTargets());
      expect(state.schedule.map((sg) => sg.target)).toEqual([expect.stringMatching(/^webgpu/)]);
      const def = [...state.output!.walk()].find((o) => o.name === FUNCTIONAL_DEFINITION)!;
      const pieces = planKernels(def).flatMap((k) => k.pieces ?? []);
      expect(pieces.map((p) => [p.offset, p.size])).toEqual([[0, MAX_BINDING], [MAX_BINDING, TABLE - MAX_BINDING]]);
    });
  }

  it('a result past the binding limit still declines to the CPU reference, with the reason', () => {
    const state = compile(moduleOf({ name: 'copy', args: ['1x8xi64'], constants: [{ name: 'wte', type: '50257x768xf32', values: [] }], ops: [{ op: 'relu', in: ['wte'] }] }), defaultTargets());
    expect(state.schedule.map((sg) => sg.target)).toEqual(['cpu-reference']);
    expect(state.decision(state.schedule[0]!.ops[0]!).rejected.map((r) => r.reason).join('\n')).toContain(`is ${TABLE} bytes, past maxStorageBufferBindingSize (${MAX_BINDING})`);
  });
});
