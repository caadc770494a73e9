// A cyclic shift exported as two slices and a concat becomes one gather at constant indices, and
// computes what it did; concats that are no shift, or whose slices are read elsewhere, stay.
import { describe, expect, it } from 'vitest';
import { type HostTensor, tensorType } from '../../core';
import { parseModule, printModule } from '../../ir';
import { runEntryPoint } from '../../reference';
import { rollsAsGathers } from './rolls-as-gathers';

const T = (shape: string) => `!cgc.tensor<${shape}x!cgc.float32>`;

function module(body: string, results = T('2x5')) {
  return parseModule(`cgc.module {\n  cgc.entry_point @main(%x: ${T('2x5')}) -> ${results} {\n${body}\n  }\n}\n`).module!;
}

const x: HostTensor = { type: tensorType([2, 5], 'float32'), data: Float32Array.from({ length: 10 }, (_, i) => i) };
const opNames = (m: ReturnType<typeof module>) => [...m.walk()].map((o) => o.name).filter((n) => n.startsWith('cgc_op.'));

describe('rolls as gathers', () => {
  it('makes concat(x[:, 3:], x[:, :3]) one gather at indices 3 4 0 1 2, with the same result', () => {
    const text = (axis: number, end: number) => `    %a = cgc_op.slice(%x) {starts = [3], ends = [${end}], axes = [${axis}]} : (${T('2x5')}) -> ${T('2x2')}
    %b = cgc_op.slice(%x) {starts = [0], ends = [-2], axes = [${axis}]} : (${T('2x5')}) -> ${T('2x3')}
    %c = cgc_op.concat(%a, %b) {axis = ${axis}} : (${T('2x2')}, ${T('2x3')}) -> ${T('2x5')}
    cgc.return %c`;
    // Axis 1 with an end past the dimension (as exporters write it), and axis −1.
    for (const [axis, end] of [[1, 2 ** 31 - 1], [-1, 5]] as const) {
      const before = module(text(axis, end));
      const want = runEntryPoint(before, [x], () => undefined)[0]!;
      const after = module(text(axis, end));
      const made = rollsAsGathers(after);
      expect(opNames(after)).toEqual(['cgc_op.gather']);
      const [name, bytes] = [...made][0]!;
      expect([...new Int32Array(bytes.buffer)]).toEqual([3, 4, 0, 1, 2]);
      const got = runEntryPoint(after, [x], (n) => (n === name ? { type: tensorType([5], 'int32', true), data: new Int32Array(bytes.buffer) } : undefined))[0]!;
      expect([...got.data]).toEqual([...want.data]);
      expect([...want.data]).toEqual([3, 4, 0, 1, 2, 8, 9, 5, 6, 7]);
      expect(printModule(after)).toContain('cgc_op.gather');
    }
  });

  it('leaves a concat in order, one along another axis than its slices, and slices read elsewhere', () => {
    const inOrder = module(`    %a = cgc_op.slice(%x) {starts = [0], ends = [3], axes = [1]} : (${T('2x5')}) -> ${T('2x3')}
    %b = cgc_op.slice(%x) {starts = [3], ends = [5], axes = [1]} : (${T('2x5')}) -> ${T('2x2')}
    %c = cgc_op.concat(%a, %b) {axis = 1} : (${T('2x3')}, ${T('2x2')}) -> ${T('2x5')}
    cgc.return %c`);
    const otherAxis = module(`    %a = cgc_op.slice(%x) {starts = [3], ends = [5], axes = [1]} : (${T('2x5')}) -> ${T('2x2')}
    %b = cgc_op.slice(%x) {starts = [0], ends = [3], axes = [1]} : (${T('2x5')}) -> ${T('2x3')}
    %c = cgc_op.concat(%a, %a) {axis = 0} : (${T('2x2')}, ${T('2x2')}) -> ${T('4x2')}
    cgc.return %c`, T('4x2'));
    const readElsewhere = module(`    %a = cgc_op.slice(%x) {starts = [3], ends = [5], axes = [1]} : (${T('2x5')}) -> ${T('2x2')}
    %b = cgc_op.slice(%x) {starts = [0], ends = [3], axes = [1]} : (${T('2x5')}) -> ${T('2x3')}
    %c = cgc_op.concat(%a, %b) {axis = 1} : (${T('2x2')}, ${T('2x3')}) -> ${T('2x5')}
    %d = cgc_op.concat(%b, %b) {axis = 0} : (${T('2x3')}, ${T('2x3')}) -> ${T('4x3')}
    cgc.return %c, %d`, `(${T("2x5")}, ${T("4x3")})`);
    for (const m of [inOrder, otherAxis, readElsewhere]) {
      const ops = opNames(m);
      expect(rollsAsGathers(m).size).toBe(0);
      expect(opNames(m)).toEqual(ops);
    }
  });
});
