// cgc_op.loop: results are its carried values; its body region is checked against the signature its
// operands give (iteration, condition, carried…, captured… → condition, carried…), isolated from above.
// cgc_op.if: results are its result_types; each of its two regions takes the captured values and
// returns those types.
import { describe, expect, it } from 'vitest';
import { parseModule } from '../parser';
import { verifyModule } from '../verifier';
import { type OpCase, runCases } from './test-cases';

const VALID: OpCase[] = [
  { op: 'loop', in: ['i64', 'bool', '2x3xf32'], attrs: { carried: 1 }, out: ['2x3xf32'] },
  { op: 'loop', in: ['1xi64', '1xbool', '2xf32', 'i64', '4xf32'], attrs: { carried: 2 }, out: ['2xf32', 'i64'], note: 'one-element trip count and condition; a captured value' },
  { op: 'if', in: ['bool', '2x3xf32'], attrs: { result_types: { types: ['2x3xf32', 'i64'] } }, out: ['2x3xf32', 'i64'] },
  { op: 'if', in: ['1xbool'], attrs: { result_types: { types: ['4xf32'] } }, out: ['4xf32'], note: 'nothing captured: branches of constants' },
];

const INVALID: OpCase[] = [
  { op: 'if', in: ['2xbool', '2xf32'], attrs: { result_types: { types: ['2xf32'] } }, error: 'operand #0 (condition) must hold one value, got shape [2]' },
  { op: 'if', in: ['bool', '2xf32'], attrs: { result_types: [1, 2] }, error: "attribute 'result_types' must be an array of tensor types" },
  { op: 'if', in: ['bool', '2xf32'], attrs: { result_types: { types: [] } }, error: "attribute 'result_types' is empty" },
  { op: 'if', in: ['bool', '2xf32'], error: "requires attribute 'result_types'" },
  { op: 'loop', in: ['2xi64', 'bool', '2xf32'], attrs: { carried: 1 }, error: 'operand #0 (trip_count) must hold one value, got shape [2]' },
  { op: 'loop', in: ['i64', 'bool', '2xf32'], attrs: { carried: 2 }, error: "attribute 'carried' = 2 must be in [1, 1]" },
  { op: 'loop', in: ['i32', 'bool', '2xf32'], attrs: { carried: 1 }, error: 'operand #0 (trip_count) has element type !cgc.int32' },
];

describe('control-flow ops', () => runCases([...VALID, ...INVALID]));

/** An entry point around one loop whose body is `body` (its block arguments: %i, %go, %y, %x). */
const module = (body: string, ret = '%go, %s : !cgc.tensor<!cgc.bool>, !cgc.tensor<2x!cgc.float32>') => `cgc.module {
  cgc.entry_point @main(%m: !cgc.tensor<!cgc.int64>, %c: !cgc.tensor<!cgc.bool>, %y0: !cgc.tensor<2x!cgc.float32>, %x0: !cgc.tensor<2x!cgc.float32>) -> !cgc.tensor<2x!cgc.float32> {
    %r = "cgc_op.loop"(%m, %c, %y0, %x0) ({
    ^bb0(%i: !cgc.tensor<!cgc.int64>, %go: !cgc.tensor<!cgc.bool>, %y: !cgc.tensor<2x!cgc.float32>, %x: !cgc.tensor<2x!cgc.float32>):
      ${body}
      cgc.return ${ret}
    }) {carried = 1} : (!cgc.tensor<!cgc.int64>, !cgc.tensor<!cgc.bool>, !cgc.tensor<2x!cgc.float32>, !cgc.tensor<2x!cgc.float32>) -> !cgc.tensor<2x!cgc.float32>
    cgc.return %r : !cgc.tensor<2x!cgc.float32>
  }
}`;
const ADD = (a: string) => `%s = cgc_op.add(%y, ${a}) : (!cgc.tensor<2x!cgc.float32>, !cgc.tensor<2x!cgc.float32>) -> !cgc.tensor<2x!cgc.float32>`;

function problems(text: string): string[] {
  const r = parseModule(text);
  if (!r.module) return r.diagnostics.map((d) => d.message);
  return verifyModule(r.module).map((d) => d.message);
}

describe('cgc_op.loop body region', () => {
  it('verifies a body on its own arguments that returns the condition and the carried values', () => {
    expect(problems(module(ADD('%x')))).toEqual([]);
  });

  it('refuses a body that reads a value from outside it (bodies are isolated from above)', () => {
    expect(problems(module(ADD('%x0')))).toEqual(["'cgc_op.add' operand #1 is not defined in this 'cgc_op.loop'"]);
  });

  it('refuses a body whose return does not match the carried values', () => {
    expect(problems(module(ADD('%x'), '%s : !cgc.tensor<2x!cgc.float32>'))).toEqual(["'cgc.return' returns 1 value(s) but 'cgc_op.loop''s region declares 2"]);
    expect(problems(module(ADD('%x'), '%go, %i : !cgc.tensor<!cgc.bool>, !cgc.tensor<!cgc.int64>')))
      .toEqual(["'cgc.return' operand #1 has type !cgc.tensor<!cgc.int64> but the signature declares !cgc.tensor<2x!cgc.float32>"]);
  });

  it('refuses a body whose arguments differ from what the operands give', () => {
    const text = module(ADD('%x'), '%go, %s : !cgc.tensor<1x!cgc.bool>, !cgc.tensor<2x!cgc.float32>').replace('%go: !cgc.tensor<!cgc.bool>', '%go: !cgc.tensor<1x!cgc.bool>');
    expect(problems(text)).toContain("'cgc_op.loop' region #0 argument #1 has type !cgc.tensor<1x!cgc.bool>; its operands give !cgc.tensor<!cgc.bool>");
  });

  it('refuses a region on an op that takes none', () => {
    const text = `cgc.module {
  cgc.entry_point @main(%a: !cgc.tensor<2x!cgc.float32>) -> !cgc.tensor<2x!cgc.float32> {
    %r = "cgc_op.relu"(%a) ({
    ^bb0(%x: !cgc.tensor<2x!cgc.float32>):
      cgc.return %x : !cgc.tensor<2x!cgc.float32>
    }) : (!cgc.tensor<2x!cgc.float32>) -> !cgc.tensor<2x!cgc.float32>
    cgc.return %r : !cgc.tensor<2x!cgc.float32>
  }
}`;
    expect(problems(text)).toEqual(["'cgc_op.relu' has 1 region(s); it takes 0"]);
  });
});

/** An entry point around one if whose regions are `then` and `otherwise` (their block argument: %x). */
const ifModule = (then: string, otherwise: string) => `cgc.module {
  cgc.entry_point @main(%c: !cgc.tensor<!cgc.bool>, %x0: !cgc.tensor<2x!cgc.float32>) -> !cgc.tensor<2x!cgc.float32> {
    %r = "cgc_op.if"(%c, %x0) ({
    ^bb0(%x: !cgc.tensor<2x!cgc.float32>):
      ${then}
    }, {
    ^bb0(%x: !cgc.tensor<2x!cgc.float32>):
      ${otherwise}
    }) {result_types = [!cgc.tensor<2x!cgc.float32>]} : (!cgc.tensor<!cgc.bool>, !cgc.tensor<2x!cgc.float32>) -> !cgc.tensor<2x!cgc.float32>
    cgc.return %r : !cgc.tensor<2x!cgc.float32>
  }
}`;
const RELU = `%s = cgc_op.relu(%x) : (!cgc.tensor<2x!cgc.float32>) -> !cgc.tensor<2x!cgc.float32>
      cgc.return %s : !cgc.tensor<2x!cgc.float32>`;

describe('cgc_op.if regions', () => {
  it('verifies two regions on the captured values that return the result types', () => {
    expect(problems(ifModule(RELU, 'cgc.return %x : !cgc.tensor<2x!cgc.float32>'))).toEqual([]);
  });

  it('refuses a region that returns another type, or reads from outside', () => {
    expect(problems(ifModule(RELU, `%n = cgc_op.cast(%x) {to = !cgc.float16} : (!cgc.tensor<2x!cgc.float32>) -> !cgc.tensor<2x!cgc.float16>
      cgc.return %n : !cgc.tensor<2x!cgc.float16>`)))
      .toEqual(["'cgc.return' operand #0 has type !cgc.tensor<2x!cgc.float16> but the signature declares !cgc.tensor<2x!cgc.float32>"]);
    expect(problems(ifModule(RELU.replace('relu(%x)', 'relu(%x0)'), 'cgc.return %x : !cgc.tensor<2x!cgc.float32>')))
      .toEqual(["'cgc_op.relu' operand #0 is not defined in this 'cgc_op.if'"]);
  });

  it('refuses an if with one region', () => {
    const text = ifModule(RELU, '').replace(/\}, \{\n\s*\^bb0\(%x: [^)]*\):\n\s*\n/, '');
    expect(problems(text)).toEqual(["'cgc_op.if' has 1 region(s); it takes 2"]);
  });
});
