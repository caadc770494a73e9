// ONNX backend conformance on the CPU reference: every test of Debian's libonnx-testdata runs through
// the `cgc onnx-test` runner, and its outcome must match tests/onnx-conformance/expected.json, so a
// regression fails and a newly passing test is noticed (UPDATE_CONFORMANCE=1 rewrites the file).
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { type CaseResult, countOutcomes, findCases, runCase } from './conformance';

const ROOT = '/usr/share/libonnx-testdata/data';
const SUITES = ['node', 'pytorch-converted', 'pytorch-operator', 'simple'];
const EXPECTED = join(__dirname, '../../tests/onnx-conformance/expected.json');
const update = process.env.UPDATE_CONFORMANCE === '1';
const have = existsSync(ROOT);

interface ExpectedFile {
  about: string;
  /** `suite/test` → `pass`, `unsupported: why` or `fail: why` (a known bug; why is written by hand). */
  expected: Record<string, string>;
}

const expectation = (r: CaseResult): string => (r.reason === undefined ? r.outcome : `${r.outcome}: ${r.reason}`);

/** A failure's measured errors vary; the file holds a human reason, so only the outcome must match. */
function matches(want: string | undefined, got: string): boolean {
  if (want === undefined) return false;
  return want.startsWith('fail') ? got.startsWith('fail') : want === got;
}

function readExpected(): ExpectedFile {
  return existsSync(EXPECTED) ? JSON.parse(readFileSync(EXPECTED, 'utf8')) as ExpectedFile : { about: '', expected: {} };
}

describe('ONNX backend tests on the CPU reference (tests/onnx-conformance/expected.json)', () => {
  test.skipIf(have || process.env.CI)('needs /usr/share/libonnx-testdata (Debian libonnx-testdata; npm run setup installs it)', () => {});
  test.runIf(!have && process.env.CI)('the ONNX backend test data is installed (CI requires libonnx-testdata)', () => {
    expect.fail(`${ROOT} is missing; scripts/setup.sh installs libonnx-testdata`);
  });

  for (const suite of SUITES) {
    test.runIf(have)(suite, async () => {
      const start = performance.now();
      const results: CaseResult[] = [];
      for (const c of findCases([join(ROOT, suite)])) results.push(await runCase({ ...c, name: `${suite}/${c.name}` }));
      const seconds = ((performance.now() - start) / 1000).toFixed(1);
      const n = countOutcomes(results);
      const slowest = [...results].sort((a, b) => b.ms - a.ms).slice(0, 3).map((r) => `${r.name} ${r.ms} ms`).join(', ');
      console.log(`${suite}: ${n.pass} passed, ${n.fail} failed, ${n.unsupported} unsupported in ${seconds} s (slowest: ${slowest})`);

      const file = readExpected();
      const want = Object.fromEntries(Object.entries(file.expected).filter(([k]) => k.startsWith(`${suite}/`)));
      const got = new Map(results.map((r) => [r.name, expectation(r)]));
      const changes: string[] = [];
      for (const [name, g] of got) if (!matches(want[name], g)) changes.push(`${name}: expected ${want[name] ? `'${want[name]}'` : 'no entry'}, got '${g}'`);
      for (const name of Object.keys(want)) if (!got.has(name)) changes.push(`${name}: expected '${want[name]}', but the test is gone`);

      if (update && changes.length) {
        const others = Object.entries(file.expected).filter(([k]) => !k.startsWith(`${suite}/`));
        // Keep a known failure's written reason while it still fails.
        const mine = [...got].map(([k, g]): [string, string] => [k, want[k]?.startsWith('fail') && g.startsWith('fail') ? want[k] : g]);
        file.expected = Object.fromEntries([...others, ...mine].sort(([a], [b]) => a.localeCompare(b, 'en')));
        writeFileSync(EXPECTED, JSON.stringify(file, null, 2) + '\n');
        console.log(`${suite}: updated ${changes.length} entries of ${EXPECTED}:\n  ${changes.join('\n  ')}`);
        return;
      }
      expect(changes, `${changes.length} ${suite} tests differ from ${EXPECTED}; if intended, accept them with`
        + ' UPDATE_CONFORMANCE=1 npx vitest run --project unit src/cli/conformance.test.ts and commit the file').toEqual([]);
    });
  }
});
