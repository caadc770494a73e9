// Long valid models far below the op limit: no recursion or argument spread that grows with the
// model may overflow the stack on the way from ONNX bytes to Output IR. (200,000 and 1,000,000 ops
// through the CLI: `npm run check:hostile`, docs/security.md.)
import { describe, expect, it } from 'vitest';
import { chainModel } from '../compiler/import/onnx/testing';
import { openModel } from './model';

const N = 20_000;

describe(`a ${N}-op chain`, () => {
  it.each(['Relu', 'Reshape'] as const)('of %s compiles to Output IR within 45 s', (op) => {
    const t0 = performance.now();
    const program = openModel(chainModel(N, op), { fileName: `${op}-chain.onnx` }).compile();
    const ms = performance.now() - t0;
    const { schedule, aliases } = program.state;
    // Every relu in a kernel; every reshape a view of the one before (no kernel).
    if (op === 'Relu') expect(schedule.reduce((n, sg) => n + sg.ops.length, 0)).toBe(N);
    else expect(aliases.size).toBeGreaterThanOrEqual(N - 1);
    expect(ms).toBeLessThan(45_000);
  }, 90_000);
});
