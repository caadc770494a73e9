// The range each integer input is used with: the size of what it indexes, through value-preserving
// ops, the smallest where it indexes several things; and random draws stay inside it.
import { describe, expect, it } from 'vitest';
import { INTERFACES, parseModule } from '../ir';
import { integerBounds } from './input-ranges';
import { INT_RANGE, randomInputs } from './random-inputs';

const module = parseModule(`cgc.module attributes {cgc.interface = "${INTERFACES.CGC_INPUT}", cgc.version = "0.1.0"} {
  cgc.entry_point @main(%ids: !cgc.tensor<1x8x!cgc.int64>, %types: !cgc.tensor<1x8x!cgc.int64>, %mask: !cgc.tensor<1x8x!cgc.int64>, %nd: !cgc.tensor<3x2x!cgc.int64>, %x: !cgc.tensor<1x8x!cgc.float32>) -> !cgc.tensor<1x8x4x!cgc.float32> {
    %words = cgc.constant("words") : !cgc.tensor<constant 30x4x!cgc.float32>
    %segments = cgc.constant("segments") : !cgc.tensor<constant 2x4x!cgc.float32>
    %grid = cgc.constant("grid") : !cgc.tensor<constant 5x7x!cgc.float32>
    %w = cgc_op.gather(%words, %ids) {axis = 0}
    %ids32 = cgc_op.cast(%ids) {to = !cgc.int32}
    %flat = cgc_op.reshape(%ids32) {shape = [8]}
    %h = cgc_op.one_hot(%flat) {depth = 12}
    %t32 = cgc_op.cast(%types) {to = !cgc.int32}
    %tt = cgc_op.transpose(%t32) {permutation = [1, 0]}
    %tb = cgc_op.transpose(%tt) {permutation = [1, 0]}
    %s = cgc_op.gather(%segments, %tb) {axis = -2}
    %g = cgc_op.gather_nd(%grid, %nd)
    %m = cgc_op.cast(%mask) {to = !cgc.float32}
    %y = cgc_op.add(%w, %s)
    cgc.return %y
  }
}`).module!;

describe('integer input ranges', () => {
  it('bounds each input by the smallest table, depth or dimension it indexes', () => {
    // ids: 30 words and a one-hot of depth 12 → 12; types: 2 segments; mask: indexes nothing;
    // nd: pairs into a 5×7 grid → 5; x is a float.
    expect(integerBounds(module)).toEqual([12, 2, undefined, 5, undefined]);
  });

  it('draws integers inside their bound, and small ones where there is none', () => {
    const types = module.body().operations[0]!.body().arguments.map((a) => a.type);
    const inputs = randomInputs(types, 3, integerBounds(module));
    const values = (i: number) => [...(inputs[i]!.data as BigInt64Array)].map(Number);
    expect(Math.max(...values(1))).toBeLessThan(2);
    expect(new Set(values(1))).toEqual(new Set([0, 1]));
    expect(Math.max(...values(0))).toBeLessThan(12);
    expect(Math.max(...values(2))).toBeLessThan(INT_RANGE);
    expect(Math.max(...values(3))).toBeLessThan(5);
    expect(Math.min(...[0, 1, 2, 3].flatMap(values))).toBeGreaterThanOrEqual(0);
  });
});
