// cgc_op.loop: results are its carried values; its body region is checked against the signature its
// operands give (iteration, condition, carried…, captured… → condition, carried…), isolated from above.
import { describe, expect, it } from 'vitest';
import { parseModule } from '../parser';
import { verifyModule } from '../verifier';
import { type OpCase, runCases } from './test-cases';

const VALID: OpCase[] = [
  { op: 'loop', in: ['i64', 'bool', '2x3xf32'], attrs: { carried: 1 }, out: ['2x3xf32'] },
  { op: 'loop', in: ['1xi64', '1xbool', '2xf32', 'i64', '4xf32'], attrs: { carried: 2 }, out: ['2xf32', 'i64'], note: 'one-element trip count and condition; a captured value' },
];

const INVALID: OpCase[] = [
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
