// A product fused with the layer normalization of its result runs its first tier as the two
// subgraphs it joined: the same pipelines as compiled apart, the normalization's value through the
// workspace where the subgraph does not return it. (Their values in the first tier:
// kernels/norm-rows.gpu.test.ts runs every fused case in it.)
import { expect, it } from 'vitest';
import { isolatePartition } from '../ir';
import { compile } from '../compiler/pipeline';
import type { CompileState } from '../compiler/state';
import { defaultTargets } from '../engine/targets';
import { pipelineKey, quickPlan } from './executable';
import { WORKSPACE_POINT } from './partition-executable';
import { type Case, prepareCase } from './testing/cases';

const norm = (n: number) => [
  { name: 'gamma', type: `${n}xf32`, values: Array.from({ length: n }, (_, i) => 1 + i / n) },
  { name: 'beta', type: `${n}xf32`, values: Array.from({ length: n }, (_, i) => i / n) },
];
/** x · w + bias + residual → layer normalization → · w2 + the sum (which is so a second result), K split. */
const residual: Case = {
  name: 'residual', args: ['197x768xf32', '768x96xf32', '96xf32', '197x96xf32', '96x96xf32'], constants: norm(96),
  ops: [
    { op: 'matmul', in: ['a', 'b'] }, { op: 'add', in: ['%0', 'c'] }, { op: 'add', in: ['%1', 'd'] },
    { op: 'layer_normalization', in: ['%2', 'gamma', 'beta'], attrs: { axis: -1, epsilon: 1e-5 } },
    { op: 'matmul', in: ['%3', 'e'] }, { op: 'add', in: ['%4', '%2'] },
  ],
};
/** gemm with its bias → layer normalization, the normalization's result alone (its input through the workspace). */
const alone: Case = {
  name: 'alone', args: ['5x512xf32', '64x512xf32', '64xf32'], constants: norm(64),
  ops: [
    { op: 'gemm', in: ['a', 'b', 'c'], attrs: { trans_b: true } },
    { op: 'layer_normalization', in: ['%0', 'gamma', 'beta'], attrs: { axis: -1, epsilon: 1e-5 } },
  ],
};

const quick = (s: CompileState) => s.partitions.flatMap((p) => quickPlan(isolatePartition(s.output!, p.name), p.name));

it('a fused product and normalization is, in the first tier, the pipelines of the two subgraphs it joined', () => {
  for (const [c, pattern] of [[residual, 'product_add_add_norm'], [alone, 'product_norm']] as const) {
    const { state, module } = prepareCase(c, 1);
    expect(state.schedule[0]!.pattern).toBe(pattern);
    const apart = compile(module, defaultTargets(undefined, { disabledPatterns: ['product_norm'] }));
    expect(apart.schedule.slice(0, 2).map((g) => g.pattern)).toEqual(['matmul_epilogue', 'norm_epilogue']);
    const fused = quick(state);
    expect(fused.slice(0, 2).map((k) => k.kernel.name)).toEqual([`${state.schedule[0]!.symbol}.part0.0`, `${state.schedule[0]!.symbol}.part1.0`]);
    expect(new Set(fused.map((k) => pipelineKey(k.kernel)))).toEqual(new Set(quick(apart).map((k) => pipelineKey(k.kernel))));
    // Where the subgraph returns the normalization's input it is written there; otherwise to the workspace.
    expect(fused[0]!.bindPoints.includes(WORKSPACE_POINT)).toBe(c === alone);
    expect(fused[1]!.bindPoints.includes(WORKSPACE_POINT)).toBe(c === alone);
  }
});
