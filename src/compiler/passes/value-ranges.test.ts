import { describe, expect, it } from 'vitest';
import { parseModule, valueRangeOf } from '../../ir';
import { annotateValueRanges } from './value-ranges';

/** RoBERTa's position ids as torch exports them: (cumsum(ids ≠ pad) · (ids ≠ pad)) + pad, all int64. */
const positionIds = (seq: number) => `cgc.module {
  cgc.entry_point @main(%ids: !cgc.tensor<1x${seq}x!cgc.int64>) -> !cgc.tensor<1x${seq}x!cgc.int64> {
    %pad = cgc.constant("pad") : !cgc.tensor<constant !cgc.int64>
    %eq = cgc_op.equal(%ids, %pad)
    %ne = cgc_op.not(%eq)
    %m = cgc_op.cast(%ne) {to = !cgc.int64}
    %c = cgc_op.cumsum(%m) {axis = 1}
    %p = cgc_op.mul(%c, %m)
    %q = cgc_op.add(%p, %pad)
    cgc.return %q
  }
}`;

const int64 = (...v: number[]) => new Uint8Array(new BigInt64Array(v.map(BigInt)).buffer);

function ranges(text: string, data: Record<string, Uint8Array>): Record<string, readonly [number, number] | undefined> {
  const { module } = parseModule(text);
  annotateValueRanges(module!, (n) => data[n]);
  const entry = module!.body().operations[0]!;
  return Object.fromEntries(entry.body().operations.filter((o) => o.dialect === 'cgc_op').map((o) => [o.results[0]!.nameHint!, valueRangeOf(o.attributes)]));
}

describe('value ranges', () => {
  it('prove RoBERTa\'s position ids lie in [pad, sequence + pad]', () => {
    expect(ranges(positionIds(128), { pad: int64(1) })).toEqual({
      eq: undefined, ne: undefined, m: [0, 1], c: [0, 128], p: [0, 128], q: [1, 129],
    });
  });

  it('read a constant\'s range from its data, and leave a result that may leave int32 unmarked', () => {
    expect(ranges(positionIds(8), { pad: int64(2 ** 31 - 5) })).toMatchObject({ c: [0, 8], q: undefined });
    // Without data, a constant may hold anything.
    expect(ranges(positionIds(8), {})).toMatchObject({ c: [0, 8], q: undefined });
  });

  it('assume nothing of a program input: its sum is unmarked, an exclusive cumsum counts 0', () => {
    const text = `cgc.module {
  cgc.entry_point @main(%x: !cgc.tensor<4x!cgc.int64>, %b: !cgc.tensor<4x!cgc.bool>) -> (!cgc.tensor<4x!cgc.int64>, !cgc.tensor<4x!cgc.int64>) {
    %s = cgc_op.add(%x, %x)
    %w = cgc_op.cast(%b) {to = !cgc.int64}
    %n = cgc_op.neg(%w)
    %e = cgc_op.cumsum(%n) {axis = 0, exclusive = true}
    cgc.return %s, %e
  }
}`;
    expect(ranges(text, {})).toEqual({ s: undefined, w: [0, 1], n: [-1, 0], e: [-4, 0] });
  });

  it('drop an annotation the model brought: it is recomputed, never trusted', () => {
    const text = `cgc.module {
  cgc.entry_point @main(%x: !cgc.tensor<4x!cgc.int64>) -> !cgc.tensor<4x!cgc.int64> {
    %s = cgc_op.add(%x, %x) {cgc.value_range = [0, 1]}
    cgc.return %s
  }
}`;
    expect(ranges(text, {})).toEqual({ s: undefined });
  });

  it('are checked by the verifier: two integers, lo ≤ hi', () => {
    const text = `cgc.module {
  cgc.entry_point @main(%x: !cgc.tensor<4x!cgc.int64>) -> !cgc.tensor<4x!cgc.int64> {
    %s = cgc_op.add(%x, %x) {cgc.value_range = [3, 1]}
    cgc.return %s
  }
}`;
    const r = parseModule(text);
    expect(r.diagnostics.map((d) => d.message).join('\n')).toMatch(/'cgc\.value_range' must be \[lo, hi\], two integers with lo ≤ hi/);
  });
  it('follow a run-time loop\'s iteration number into its body, not what an iteration makes of a carried value', () => {
    const { module } = parseModule(`cgc.module {
  cgc.entry_point @main(%m: !cgc.tensor<!cgc.int64>, %go: !cgc.tensor<!cgc.bool>, %k0: !cgc.tensor<!cgc.int64>) -> !cgc.tensor<!cgc.int64> {
    %one = cgc.constant("one") : !cgc.tensor<constant !cgc.int64>
    %r = "cgc_op.loop"(%m, %go, %k0, %one) ({
    ^bb0(%i: !cgc.tensor<!cgc.int64>, %c: !cgc.tensor<!cgc.bool>, %k: !cgc.tensor<!cgc.int64>, %o: !cgc.tensor<!cgc.int64>):
      %next = cgc_op.add(%i, %o) : (!cgc.tensor<!cgc.int64>, !cgc.tensor<!cgc.int64>) -> !cgc.tensor<!cgc.int64>
      %sum = cgc_op.add(%k, %o) : (!cgc.tensor<!cgc.int64>, !cgc.tensor<!cgc.int64>) -> !cgc.tensor<!cgc.int64>
      cgc.return %c, %sum : !cgc.tensor<!cgc.bool>, !cgc.tensor<!cgc.int64>
    }) {carried = 1} : (!cgc.tensor<!cgc.int64>, !cgc.tensor<!cgc.bool>, !cgc.tensor<!cgc.int64>, !cgc.tensor<constant !cgc.int64>) -> !cgc.tensor<!cgc.int64>
    cgc.return %r
  }
}`);
    annotateValueRanges(module!, (n) => (n === 'one' ? int64(1) : undefined));
    const body = [...module!.walk()].filter((o) => o.opName === 'add');
    // The iteration number lies below MAX_LOOP_ITERATIONS (2^20), where every target stops a loop.
    expect(valueRangeOf(body[0]!.attributes)).toEqual([1, 2 ** 20]);
    expect(valueRangeOf(body[1]!.attributes)).toBeUndefined();
  });
});
