import { describe, expect, it } from 'vitest';
import { type HostTensor, tensorBytes, tensorType } from '../../core';
import { parseModule } from '../../ir';
import { runEntryPoint } from '../../reference';
import { splitLargeTables } from './split-tables';

const text = (indices: string) => `cgc.module {
  cgc.entry_point @main(%ids: !cgc.tensor<2x3x!cgc.${indices}>) -> !cgc.tensor<2x3x4x!cgc.float32> {
    %table = cgc.constant("table") : !cgc.tensor<constant 10x4x!cgc.float32>
    %rows = cgc_op.gather(%table, %ids) {axis = 0}
    cgc.return %rows
  }
}`;

const table: HostTensor = { type: tensorType([10, 4], 'float32', true), data: Float32Array.from({ length: 40 }, (_, i) => i * 0.5 - 3) };

describe('split-tables', () => {
  it.each(['int64', 'int32'] as const)('gathers %s indices (negative ones too) from row ranges as from the whole table', (element) => {
    const ids: HostTensor = element === 'int64'
      ? { type: tensorType([2, 3], 'int64'), data: new BigInt64Array([0n, 9n, -1n, 3n, -10n, 4n]) }
      : { type: tensorType([2, 3], 'int32'), data: new Int32Array([0, 9, -1, 3, -10, 4]) };
    const whole = parseModule(text(element)).module!;
    const want = runEntryPoint(whole, [ids], () => table)[0]!;
    const split = parseModule(text(element)).module!;
    // Pieces of 3 rows (48 bytes): 10 rows make four, the last of one row.
    const pieces = splitLargeTables(split, (n) => (n === 'table' ? tensorBytes(table) : undefined), 48);
    expect([...pieces.keys()].filter((n) => n.includes('.rows'))).toEqual(['table.rows0', 'table.rows3', 'table.rows6', 'table.rows9']);
    // Views of the table's bytes, not copies.
    expect(pieces.get('table.rows3')!.buffer).toBe(table.data.buffer);
    const ops = [...split.walk()].filter((o) => o.name === 'cgc_op.gather');
    expect(ops).toHaveLength(4);
    const got = runEntryPoint(split, [ids], (n) => {
      if (n === 'table') return table;
      const bytes = pieces.get(n)!;
      const op = [...split.walk()].find((o) => o.name === 'cgc.constant' && o.attr('name')?.kind === 'string' && (o.attr('name') as { value: string }).value === n)!;
      const type = op.results[0]!.type;
      const copy = new Uint8Array(bytes);
      return { type, data: type.element === 'int32' ? new Int32Array(copy.buffer) : new Float32Array(copy.buffer) };
    })[0]!;
    expect([...got.data]).toEqual([...want.data]);
  });

  it('leaves a table that fits, and a gather along another axis', () => {
    const m = parseModule(text('int64')).module!;
    expect(splitLargeTables(m, () => tensorBytes(table), 160).size).toBe(0);
    expect([...m.walk()].filter((o) => o.name === 'cgc_op.gather')).toHaveLength(1);
    const other = parseModule(text('int64').replace('{axis = 0}', '{axis = 1}').replace('2x3x4x', '10x2x3x')).module!;
    expect(splitLargeTables(other, () => tensorBytes(table), 48).size).toBe(0);
  });
});
