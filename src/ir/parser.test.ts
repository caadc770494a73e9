// Bad input gets a diagnostic with a position naming the rule — never an exception, hang or crash.
import { describe, expect, it } from 'vitest';
import { formatDiagnostic, parseModule, parseModuleBytes, printModule } from '.';
import { DEFAULT_LIMITS } from './limits';

const T = '!cgc.tensor<2x3x!cgc.float32>';

/** A module with one entry point whose body is `body` and argument `%a: T`. */
function fn(body: string, sig = `(%a: ${T}) -> ${T}`): string {
  return `cgc.module {\n  cgc.entry_point @main${sig} {\n${body}\n  }\n}\n`;
}

function errors(text: string): string[] {
  const r = parseModule(text, { file: 'in.mlir' });
  expect(r.module).toBeUndefined();
  return r.diagnostics.map(formatDiagnostic);
}

describe('parser diagnostics', () => {
  const cases: [string, string, RegExp][] = [
    ['unknown op', fn('%x = cgc_op.frobnicate(%a)\ncgc.return %x'), /in\.mlir:3:6: error: unknown op 'cgc_op\.frobnicate'/],
    ['misspelt op suggests', fn('%x = cgc_op.rleu(%a)\ncgc.return %x'), /did you mean 'cgc_op\.relu'/],
    ['foreign dialect', fn('%x = "arith.addf"(%a, %a) : (' + T + ', ' + T + ') -> ' + T + '\ncgc.return %x'), /only cgc\.\* and cgc_op\.\* ops/],
    ['unknown type', fn('cgc.return %a', `(%a: !foo.bar) -> ${T}`), /unknown type '!foo\.bar'/],
    ['wrong arity', fn('%x = cgc_op.add(%a)\ncgc.return %x'), /'cgc_op\.add' expects 2 operands/],
    ['undefined value', fn('%x = cgc_op.relu(%b)\ncgc.return %x'), /3:18: error: use of undefined value '%b'/],
    ['use before def', fn('%x = cgc_op.relu(%y)\n%y = cgc_op.relu(%a)\ncgc.return %x'), /use of undefined value '%y'/],
    ['redefinition', fn('%x = cgc_op.relu(%a)\n%x = cgc_op.relu(%a)\ncgc.return %x'), /redefinition of SSA value '%x'/],
    ['shape mismatch', fn('%x = cgc_op.add(%a, %b)\ncgc.return %x', `(%a: ${T}, %b: !cgc.tensor<4x5x!cgc.float32>) -> ${T}`), /does not broadcast/],
    ['negative dim', fn('cgc.return %a', '(%a: !cgc.tensor<-1x!cgc.float32>) -> !cgc.tensor<-1x!cgc.float32>'), /dimensions must be non-negative/],
    ['huge dim', fn('cgc.return %a', '(%a: !cgc.tensor<99999999999x!cgc.float32>) -> !cgc.tensor<1x!cgc.float32>'), /exceeds the maximum dimension/],
    ['huge element count', fn('cgc.return %a', '(%a: !cgc.tensor<2147483647x2147483647x2147483647x!cgc.float32>) -> !cgc.tensor<1x!cgc.float32>'), /element count .* exceeds/],
    ['dynamic dim', fn('cgc.return %a', '(%a: !cgc.tensor<?x3x!cgc.float32>) -> !cgc.tensor<1x!cgc.float32>'), /dynamic dimension '\?' is not supported/],
    ['unterminated string', fn('%w = cgc.constant("w1'), /unterminated string/],
    ['elision', fn('%x = cgc_op.relu(%a) { ... }\ncgc.return %x'), /'\.\.\.' is an elision/],
    ['missing brace', 'cgc.module {\n  cgc.entry_point @main() {\n', /expected '\}' to close the region, found end of input/],
    ['trailing garbage', 'cgc.module {\n}\n}', /expected end of input after 'cgc\.module'/],
    ['bad attribute kind', fn('%x = cgc_op.leaky_relu(%a) {alpha = "big"}\ncgc.return %x'), /attribute 'alpha' must be a float/],
    ['unknown attribute', fn('%x = cgc_op.relu(%a) {alpha = 1.0}\ncgc.return %x'), /'cgc_op\.relu' has no attribute 'alpha'/],
    ['disallowed value', fn('%x = cgc_op.gelu(%a) {approximate = "fast"}\ncgc.return %x'), /allowed: "none", "tanh"/],
    ['duplicate attribute', fn('%x = cgc_op.softmax(%a) {axis = 1, axis = 0}\ncgc.return %x'), /duplicate attribute 'axis'/],
    ['integer too large', fn('%x = cgc_op.softmax(%a) {axis = 99999999999999999999}\ncgc.return %x'), /outside ±2\^53/],
    ['untyped constant', fn('%w = cgc.constant("w1")\ncgc.return %a'), /type of constant "w1" is unknown/],
    ['multi-result misuse', fn('%s:2 = cgc_op.split(%a) {axis = 1, sizes = [1, 2]}\ncgc.return %s'), /'%s' names 2 results/],
    ['control char', 'cgc.module {\u0001}', /unexpected character U\+0001/],
    ['wrong top-level', '"cgc.return"() : () -> ()', /top-level op must be 'cgc\.module'/],
    ['signature type mismatch', fn(`%x = cgc_op.relu(%a) : (!cgc.tensor<9x!cgc.float32>) -> ${T}\ncgc.return %x`), /operand #0 has type .* but the signature says/],
    ['two blocks', `"cgc.module"() ({\n^bb0:\n^bb1:\n}) : () -> ()`, /a region holds exactly one block/],
  ];
  for (const [name, text, want] of cases) {
    it(name, () => {
      const errs = errors(text);
      expect(errs.length).toBeGreaterThan(0);
      expect(errs.join('\n')).toMatch(want);
      for (const e of errs) expect(e).toMatch(/^in\.mlir:\d+:\d+: error: /);
    });
  }

  it('rejects nesting past the limit quickly, without overflowing the stack', () => {
    const deep = fn(`%x = cgc_op.relu(%a) {k = ${'['.repeat(100_000)}${']'.repeat(100_000)}}\ncgc.return %x`);
    const t0 = performance.now();
    expect(errors(deep).join()).toContain(`over the nesting limit of ${DEFAULT_LIMITS.maxNesting} levels; raise it with --max-nesting`);
    expect(performance.now() - t0).toBeLessThan(1000);
  });

  it('reports invalid UTF-8 with its byte offset', () => {
    const bytes = new Uint8Array([...new TextEncoder().encode('cgc.module {'), 0xff, 0xfe, 0x7d]);
    const r = parseModuleBytes(bytes, { file: 'bin.mlir' });
    expect(r.diagnostics.map(formatDiagnostic)).toEqual(['bin.mlir:1:1: error: input is not valid UTF-8 (byte offset 12)']);
  });

  it('parses a long flat module in linear time', () => {
    const n = 20_000;
    const body = Array.from({ length: n }, (_, i) => `%v${i + 1} = cgc_op.relu(%v${i})`).join('\n');
    const text = `cgc.module {\n cgc.entry_point @main(%v0: ${T}) -> ${T} {\n${body}\ncgc.return %v${n}\n}\n}`;
    const t0 = performance.now();
    const r = parseModule(text);
    expect(r.diagnostics).toEqual([]);
    expect(performance.now() - t0).toBeLessThan(5000);
    expect(printModule(r.module!).trimEnd().split('\n').length).toBe(n + 5);
  });
});

describe('syntax forms', () => {
  it('accepts %x:2 groups, %a, %b lists and #N uses; keeps names when printing', () => {
    const text = fn(`%s:2 = cgc_op.split(%a) {axis = 1, sizes = [1, 2]}
%p, %q = cgc_op.split(%a) {axis = 1, sizes = [2, 1]}
%c = cgc_op.concat(%s#0, %s#1) {axis = 1}
%d = cgc_op.concat(%q, %p) {axis = 1}
%e = cgc_op.add(%c, %d)
cgc.return %e`);
    const r = parseModule(text);
    expect(r.diagnostics.map(formatDiagnostic)).toEqual([]);
    const printed = printModule(r.module!);
    expect(printed).toContain('%s:2 = cgc_op.split(%a)');
    expect(printed).toContain('%p, %q = cgc_op.split(%a)');
    expect(printed).toContain('cgc_op.concat(%s#0, %s#1)');
  });

  it('reads every attribute kind and prints floats MLIR can read back exactly', () => {
    const text = fn(`%x = cgc_op.clip(%a) {min = -0.1, max = 0x7FF0000000000000 : f64}
%y = cgc_op.cast(%x) {to = !cgc.float16}
%z = cgc_op.cast(%y) {to = !cgc.float32}
%w = cgc_op.leaky_relu(%z) {alpha = 1.0e-7}
cgc.return %w`);
    const r = parseModule(text);
    expect(r.diagnostics.map(formatDiagnostic)).toEqual([]);
    const generic = printModule(r.module!, { form: 'generic' });
    expect(generic).toContain('max = 0x7FF0000000000000 : f64');
    expect(generic).toContain('min = -0.1');
    expect(generic).toContain('alpha = 1.0e-7');
    expect(generic).toContain('to = !cgc.float16');
  });

  it('reads zero-sized dimensions (0x… is a shape, not a hex number)', () => {
    const text = fn('cgc.return %a', '(%a: !cgc.tensor<0x3x!cgc.float32>, %b: !cgc.tensor<constant 0x!cgc.int64>) -> !cgc.tensor<0x3x!cgc.float32>');
    const r = parseModule(text);
    expect(r.diagnostics).toEqual([]);
    expect(printModule(r.module!)).toContain('%b: !cgc.tensor<constant 0x!cgc.int64>');
  });

  it('escapes strings MLIR-style and reads them back', () => {
    const text = `cgc.module attributes {note = "tab\\there \\"quoted\\" é"} {\n}`;
    const r = parseModule(text);
    expect(r.diagnostics).toEqual([]);
    const printed = printModule(r.module!);
    expect(printed).toContain('note = "tab\\09here \\"quoted\\" \\C3\\A9"');
    expect(printModule(parseModule(printed).module!)).toBe(printed);
  });
});

describe('printing with long strings elided', () => {
  const text = `cgc.module attributes {configuration = [{wgsl = "// s.0: first line\\nfn main() {}\\n", name = ".0"}]} {
}
`;
  it('shows a long string as its first line and a count; without the option, the whole string round-trips', () => {
    const module = parseModule(text).module!;
    expect(printModule(module, { elide: 10 })).toContain('configuration = [{wgsl = "// s.0: fi ... (22 more characters elided)", name = ".0"}]');
    expect(printModule(module, { elide: 100 })).toBe(printModule(module));
    expect(printModule(parseModule(printModule(module)).module!)).toBe(printModule(module));
    expect(printModule(module)).toContain('wgsl = "// s.0: first line\\0Afn main() {}\\0A"');
  });
});
