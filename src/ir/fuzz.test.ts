// Mutation fuzzing of the IR text parser: random edits of the golden files must always produce
// either a module that prints and re-parses to a fixed point, or diagnostics with positions —
// never an exception, a hang or super-linear time. FUZZ_CASES and FUZZ_SEED scale and replay a run.
import { describe, expect, it } from 'vitest';
import { type Diagnostic, parseModule, printModule } from '.';
import { listGoldens, parseGolden } from './testing/goldens';
import { seededRandom } from '../reference/random';

const CASES = Number(process.env.FUZZ_CASES ?? 5000);
const SEED = Number(process.env.FUZZ_SEED ?? 0x5eed);

const rng = seededRandom;

const TOKENS = [
  '{', '}', '(', ')', '[', ']', '<', '>', ',', ':', '=', '->', '%x', '%0#1', '%a:2', '@main', '^bb0', '!cgc.tensor<', '!cgc.memref<',
  'constant ', '1x', '0x', '999999999999999999999x', '-1', '?x', '!cgc.float32', '!cgc.int64', 'cgc_op.add', 'cgc_op.split',
  '"cgc_op.relu"', 'cgc.return', 'cgc.invoke', 'cgc.constant("w1")', 'attributes', '"', '\\', '"\\ZZ"', '1.0e400', '0x7FF8',
  '// c\n', '\n', '\u0000', '\u00e9', '\ud83d\ude00', '...', 'builtin.module', 'private', '{a = [[[[1]]]]}', 'true', 'unit',
];

function mutate(text: string, r: () => number): string {
  const pos = () => Math.floor(r() * (text.length + 1));
  switch (Math.floor(r() * 7)) {
    case 0: { const a = pos(); return text.slice(0, a) + text.slice(a + 1 + Math.floor(r() * 40)); }
    case 1: { const a = pos(); const b = Math.min(text.length, a + Math.floor(r() * 80)); return text.slice(0, b) + text.slice(a, b) + text.slice(b); }
    case 2: { const a = pos(); return text.slice(0, a) + TOKENS[Math.floor(r() * TOKENS.length)] + text.slice(a); }
    case 3: { const a = pos(); return text.slice(0, a) + String.fromCharCode(Math.floor(r() * 128)) + text.slice(a + 1); }
    case 4: { const lines = text.split('\n'); const i = Math.floor(r() * lines.length); const j = Math.floor(r() * lines.length); [lines[i], lines[j]] = [lines[j]!, lines[i]!]; return lines.join('\n'); }
    case 5: return text.replace(/[0-9]+/g, (m) => (r() < 0.1 ? String(Math.floor(r() * 10 ** Math.floor(r() * 12))) : m));
    default: return text.slice(0, pos());
  }
}

describe('IR text mutation fuzz', () => {
  const seeds = listGoldens().flatMap((g) => {
    const m = parseGolden(g);
    return [g.text, printModule(m), printModule(m, { form: 'generic' })].map((text) => ({ text, options: g.options }));
  });

  it(`survives ${CASES} mutated inputs (seed ${SEED})`, () => {
    const r = rng(SEED);
    const stats = { cases: 0, parsed: 0, rejected: 0, maxMs: 0 };
    for (let i = 0; i < CASES; i++) {
      const seed = seeds[Math.floor(r() * seeds.length)]!;
      let text = seed.text;
      const edits = 1 + Math.floor(r() * 4);
      for (let k = 0; k < edits; k++) text = mutate(text, r);
      const t0 = performance.now();
      let result: { module?: unknown; diagnostics: Diagnostic[] };
      try {
        result = parseModule(text, seed.options);
      } catch (e) {
        throw new Error(`case ${i} (seed ${SEED}) threw ${(e as Error).stack}\n--- input ---\n${text}`, { cause: e });
      }
      stats.maxMs = Math.max(stats.maxMs, performance.now() - t0);
      stats.cases++;
      if (result.module) {
        stats.parsed++;
        const module = parseModule(text, seed.options).module!;
        for (const form of ['pretty', 'generic'] as const) {
          const printed = printModule(module, { form });
          const again = parseModule(printed);
          expect(again.diagnostics, `case ${i}: ${form} output does not re-parse\n${printed}`).toEqual([]);
          expect(printModule(again.module!, { form })).toBe(printed);
        }
      } else {
        stats.rejected++;
        expect(result.diagnostics.length, `case ${i}: rejected without a diagnostic`).toBeGreaterThan(0);
        for (const d of result.diagnostics) expect(d.loc, `case ${i}: diagnostic without a position: ${d.message}`).toBeDefined();
      }
    }
    console.log(`IR fuzz: ${stats.cases} cases, ${stats.parsed} parsed, ${stats.rejected} rejected with diagnostics, 0 crashes, 0 hangs; slowest ${stats.maxMs.toFixed(1)} ms`);
    expect(stats.maxMs).toBeLessThan(2000);
  });
});
