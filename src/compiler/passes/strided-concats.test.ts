// Strided slices concatenated as a space-to-depth become reshape → transpose → reshape, computing
// what they did (Swin's patch merging, channels last; YOLOv5's Focus, channels first); concats whose
// pieces miss or repeat a phase, come in another order, or whose slices are read elsewhere stay.
import { describe, expect, it } from 'vitest';
import { type HostTensor, replaceContents, tensorType } from '../../core';
import { type Operation, type Value, parseModule } from '../../ir';
import { ENTRY_POINT } from '../../ir/structural';
import { runEntryPoint } from '../../reference';
import { createReferenceTarget } from '../../reference/target';
import { compile } from '../pipeline';
import { stridedConcat } from './strided-concats';

const T = (shape: readonly number[]) => `!cgc.tensor<${shape.join('x')}x!cgc.float32>`;

/** x[…, h0::2, w0::2 …] on `axes` (one slice per axis, as exporters write them), for each piece's phases; then their concat along `axis`. */
function slicesModule(shape: number[], axes: readonly number[], phases: readonly (readonly number[])[], axis: number, extraRead = false): Operation {
  const lines: string[] = [];
  const pieces: { name: string; shape: number[] }[] = [];
  phases.forEach((phase, p) => {
    let cur = { name: '%x', shape };
    axes.forEach((a, i) => {
      const next = cur.shape.map((d, k) => (k === a ? Math.ceil((d - phase[i]!) / 2) : d));
      const name = `%s${p}_${i}`;
      lines.push(`    ${name} = cgc_op.slice(${cur.name}) {starts = [${phase[i]}], ends = [2147483647], axes = [${a}], steps = [2]} : (${T(cur.shape)}) -> ${T(next)}`);
      cur = { name, shape: next };
    });
    pieces.push(cur);
  });
  const out = pieces[0]!.shape.map((d, k) => (k === axis ? pieces.reduce((n, p) => n + p.shape[k]!, 0) : d));
  lines.push(`    %c = cgc_op.concat(${pieces.map((p) => p.name).join(', ')}) {axis = ${axis}} : (${pieces.map((p) => T(p.shape)).join(', ')}) -> ${T(out)}`);
  const results = extraRead ? `(${T(out)}, ${T(pieces[0]!.shape)})` : T(out);
  lines.push(extraRead ? `    %n = cgc_op.neg(${pieces[0]!.name}) : (${T(pieces[0]!.shape)}) -> ${T(pieces[0]!.shape)}\n    cgc.return %c, %n` : '    cgc.return %c');
  const r = parseModule(`cgc.module {\n  cgc.entry_point @main(%x: ${T(shape)}) -> ${results} {\n${lines.join('\n')}\n  }\n}\n`);
  if (!r.module) throw new Error(r.diagnostics.map((d) => d.message).join('\n'));
  return r.module;
}

/** Rewrites `m`'s concats as canonicalize does (the dead slices left); returns how many it rewrote. */
function rewrite(m: Operation): number {
  const block = m.body().operations.find((op) => op.name === ENTRY_POINT)!.body();
  const uses = new Map<Value, number>();
  for (const op of block.operations) for (const v of op.operands) uses.set(v, (uses.get(v) ?? 0) + 1);
  const renamed = new Map<Value, Value>();
  let n = 0;
  replaceContents(block.operations, block.operations.flatMap((op) => {
    op.operands = op.operands.map((v) => renamed.get(v) ?? v);
    const ops = stridedConcat(op, uses);
    if (!ops) return [op];
    n++;
    renamed.set(op.results[0]!, ops.at(-1)!.results[0]!);
    return ops;
  }));
  return n;
}

const input = (shape: number[]): HostTensor => ({ type: tensorType(shape, 'float32'), data: Float32Array.from({ length: shape.reduce((a, b) => a * b, 1) }, (_, i) => i) });
const run = (m: Operation, x: HostTensor) => runEntryPoint(m, [x], () => undefined).map((t) => [...t.data]);

describe('strided slices concatenated as a transpose', () => {
  const quad = [[0, 0], [1, 0], [0, 1], [1, 1]];

  it('rewrites Swin\'s patch merging (channels last) and YOLOv5\'s Focus (channels first), with the same results', () => {
    for (const [shape, axes, axis] of [[[1, 4, 6, 3], [1, 2], 3], [[2, 3, 4, 6], [2, 3], 1], [[1, 8, 5], [1], 2]] as const) {
      const phases = axes.length === 1 ? [[0], [1]] : quad;
      const want = run(slicesModule([...shape], axes, phases, axis), input([...shape]));
      const m = slicesModule([...shape], axes, phases, axis);
      expect(rewrite(m)).toBe(1);
      const ops = [...m.walk()].filter((o) => o.name.startsWith('cgc_op.') && o.opName !== 'slice').map((o) => o.opName);
      expect(ops).toEqual(['reshape', 'transpose', 'reshape']);
      expect(run(m, input([...shape]))).toEqual(want);
    }
  });

  it('the compiler\'s canonicalize makes the rewrite, and the slices go', () => {
    const s = compile(slicesModule([1, 4, 6, 3], [1, 2], quad, 3), [createReferenceTarget()]);
    const ops = s.entry.body().operations.map((o) => o.opName);
    expect(ops).not.toContain('slice');
    expect(ops).toContain('transpose');
  });

  it('leaves a concat whose pieces are in no digit order, miss a phase, repeat one, or are read elsewhere', () => {
    const cases = [
      slicesModule([1, 4, 6, 3], [1, 2], [[1, 1], [1, 0], [0, 1], [0, 0]], 3),
      slicesModule([1, 4, 6, 3], [1, 2], quad.slice(0, 3), 3),
      slicesModule([1, 4, 6, 3], [1, 2], quad, 3, true),
      slicesModule([1, 4, 6, 3], [1, 2], [[0, 0], [0, 0], [1, 0], [1, 1]], 3),
    ];
    for (const m of cases) expect(rewrite(m)).toBe(0);
  });
});
