// The fuzz harness in CI: every target runs a short, fixed budget (seed 1, a fixed number of
// inputs, so a run is the same on any machine): 0 crashes, 0 hangs, and both accepted and rejected
// inputs, so the mutations reach past the first check. Every committed finding replays as a
// regression test, and the harness must catch known crashes and hangs. FUZZ_CI_SCALE multiplies the inputs.
// Targets that run on WebGPU are tested in their own GPU test (compile.gpu.test.ts).
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FINDINGS_DIR } from './corpus';
import { runOne } from './runner';
import { DEFAULT_HANG_MS, fuzz } from './supervisor';
import { TARGETS as ALL_TARGETS } from './targets';

const TARGETS = ALL_TARGETS.filter((t) => !t.gpu);

const SCALE = Number(process.env.FUZZ_CI_SCALE ?? 1);
/**
 * About 2–3 s each here; ir-text inputs are the slowest (each accepted module is printed and re-parsed
 * twice), then target-file's (each accepted file's target compiles a model) and program's (each
 * accepted program's partitions are described).
 */
const CI_INPUTS: Readonly<Record<string, number>> = { 'ir-text': 300, 'target-file': 600, program: 600 };
const CANARIES = new URL('./testing/canary-targets.ts', import.meta.url).href;

describe('fuzz targets, short run (seed 1)', () => {
  for (const t of TARGETS) {
    it(t.name, async () => {
      const inputs = Math.round((CI_INPUTS[t.name] ?? 1500) * SCALE);
      const r = await fuzz({ target: t.name, seed: 1, budgetMs: 60_000, maxInputs: inputs });
      console.log(`fuzz ${t.name}: ${r.inputs} inputs, ${r.accepted} accepted, ${r.rejected} rejected, ${r.crashes} crashes, ${r.hangs} hangs, slowest ${r.slowestMs.toFixed(1)} ms`);
      expect(r.findings.map((f) => `${f.kind} at #${f.index}: ${f.message}`)).toEqual([]);
      expect(r.inputs).toBe(inputs);
      expect(r.accepted).toBeGreaterThan(0);
      expect(r.rejected).toBeGreaterThan(0);
    });
  }
});

describe('committed fuzz findings replay without a crash or a hang', () => {
  const findings = TARGETS.flatMap((t) => {
    const dir = join(FINDINGS_DIR, t.name);
    return existsSync(dir) ? readdirSync(dir).filter((f) => !f.endsWith('.finding.txt')).map((f) => ({ t, file: join(dir, f) })) : [];
  });
  it('there are findings to replay', () => expect(findings.length).toBeGreaterThan(0));
  for (const { t, file } of findings) {
    it(`${t.name}: ${file.split('/').pop()}`, async () => {
      const r = await runOne(t, new Uint8Array(readFileSync(file)));
      expect(r.crash).toBeUndefined();
      expect(r.ms).toBeLessThan(DEFAULT_HANG_MS);
      // A finding may say how the reader must answer it (`expect: rejected`).
      const note = readFileSync(file.replace(/\.[^.]+$/, '.finding.txt'), 'utf8');
      const expected = /^expect: (accepted|rejected)$/m.exec(note)?.[1];
      if (expected) expect(r.outcome).toBe(expected);
    });
  }
});

describe('the harness', () => {
  it('reports a crash, writes it as a finding, and goes on', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'fuzz-'));
    try {
      const r = await fuzz({ target: 'canary-crash', seed: 3, budgetMs: 1000, findingsDir: dir, targetsModule: CANARIES });
      expect(r.crashes).toBeGreaterThan(0);
      expect(r.findings[0]!.message).toMatch(/TypeError/);
      expect(readFileSync(r.findings[0]!.file!)[0]).toBe(0xff);
      expect(readFileSync(r.findings[0]!.file!.replace(/\.bin$/, '.finding.txt'), 'utf8')).toContain('--seed 3');
      expect(r.inputs).toBeGreaterThan(r.crashes);
    } finally {
      rmSync(dir, { recursive: true });
    }
  });

  it('reports an input that leaves a huge allocation behind as a crash', async () => {
    const r = await fuzz({ target: 'canary-alloc', seed: 3, budgetMs: 30_000, maxInputs: 40, targetsModule: CANARIES });
    expect(r.crashes).toBeGreaterThan(0);
    expect(r.findings[0]!.message).toMatch(/^AllocationTooLarge: a \d+-byte input left 512 MiB of ArrayBuffers allocated/);
  });

  it('reports an endless loop as a hang, kills the worker and goes on after it', async () => {
    const r = await fuzz({ target: 'canary-hang', seed: 3, budgetMs: 30_000, maxInputs: 40, hangMs: 200, targetsModule: CANARIES });
    expect(r.hangs).toBeGreaterThan(0);
    expect(r.findings[0]!.input[0]).toBe(0xff);
    expect(r.inputs).toBe(40);
  });
});
