// int64 arithmetic the compiler proves stays within int32 (`cgc.value_range`) runs on the GPU, and
// gives the CPU reference's int64 results: RoBERTa's position ids, with a negative range too.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type HostTensor, tensorType } from '../core';
import { runEntryPoint } from '../reference';
import { openDevice } from '../runtime/device';
import { openModel } from './model';

const text = (seq: number) => `cgc.module {
  cgc.entry_point @main(%ids: !cgc.tensor<2x${seq}x!cgc.int64>) -> (!cgc.tensor<2x${seq}x!cgc.int64>, !cgc.tensor<2x${seq}x!cgc.int64>) {
    %pad = cgc.constant("pad") : !cgc.tensor<constant !cgc.int64>
    %eq = cgc_op.equal(%ids, %pad)
    %ne = cgc_op.not(%eq)
    %m = cgc_op.cast(%ne) {to = !cgc.int64}
    %c = cgc_op.cumsum(%m) {axis = 1}
    %p = cgc_op.mul(%c, %m)
    %q = cgc_op.add(%p, %pad)
    %n = cgc_op.neg(%c)
    %r = cgc_op.cumsum(%n) {axis = 1, reverse = true, exclusive = true}
    %s = cgc_op.sub(%r, %q)
    cgc.return %q, %s
  }
}`;

let device: GPUDevice;
beforeAll(async () => { device = (await openDevice()).device; });
afterAll(() => device?.destroy());

describe('int64 arithmetic proven within int32', () => {
  it('runs on the GPU with the CPU reference\'s results', async () => {
    const seq = 37;
    const pad = new Uint8Array(new BigInt64Array([1n]).buffer);
    const model = openModel(text(seq), { fileName: 'positions.mlir', constants: new Map([['pad', pad]]) });
    const compiled = model.compile();
    expect(compiled.state.partitions.map((p) => p.target)).not.toContain('cpu-reference');
    // Padding (id 1) at the end of the second row, and a large id that only compares.
    const ids = Array.from({ length: 2 * seq }, (_, i) => (i >= seq + 30 ? 1n : BigInt((i * 7919) % 50_000 + 2)));
    ids[3] = 2n ** 40n;
    const x: HostTensor = { type: tensorType([2, seq], 'int64'), data: new BigInt64Array(ids) };
    const loaded = await compiled.load(device);
    try {
      // The large id is an input a GPU kernel reads: it is refused on upload, naming it.
      await expect(loaded.run([x])).rejects.toThrow(/int64 input #0 .* holds 1099511627776 at element 3, outside the int32 range/);
      ids[3] = 5n;
      const y: HostTensor = { type: tensorType([2, seq], 'int64'), data: new BigInt64Array(ids) };
      const got = (await loaded.run([y])).outputs;
      const want = runEntryPoint(model.module, [y], (n) => (n === 'pad' ? { type: tensorType([], 'int64'), data: new BigInt64Array([1n]) } : undefined));
      expect(got.map((t) => [...t.data])).toEqual(want.map((t) => [...t.data]));
      expect([...got[0]!.data].slice(seq + 28, seq + 32)).toEqual([30n, 31n, 1n, 1n]);
      expect(Math.min(...[...got[1]!.data].map(Number))).toBeLessThan(-500);
    } finally {
      loaded.destroy();
    }
  });
});
