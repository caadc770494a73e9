// The compile fuzz target in CI: a fixed seed and a fixed number of random models, each compiled
// with the default targets and run on WebGPU (Dawn on SwiftShader here) and on the CPU reference —
// 0 crashes, 0 mismatches, 0 hangs — and every committed compile finding replayed as a regression
// test. FUZZ_CI_SCALE multiplies the models (most of the time is SwiftShader compiling pipelines: 300 took 34 s
// on an idle 2-core host, which is why CI runs 200; the timed runs of `npm run fuzz` run thousands).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FINDINGS_DIR } from './corpus';
import { runOne } from './runner';
import { fuzz } from './supervisor';
import { targetNamed } from './targets';

const MODELS = Math.round(200 * Number(process.env.FUZZ_CI_SCALE ?? 1));
const target = targetNamed('compile');

describe('compile fuzz target', () => {
  it(`${MODELS} random models (seed 1) agree on WebGPU and the CPU reference`, async () => {
    const r = await fuzz({ target: 'compile', seed: 1, budgetMs: 10 * 60_000, maxInputs: MODELS });
    console.log(`fuzz compile: ${r.inputs} models, ${r.accepted} agreed, ${r.rejected} refused, ${r.crashes} crashes, ${r.hangs} hangs, `
      + `slowest ${r.slowestMs.toFixed(0)} ms, ${(r.wallMs / 1000).toFixed(1)} s; ${JSON.stringify(r.stats)}`);
    expect(r.findings.map((f) => `${f.kind} at #${f.index}: ${f.message}`)).toEqual([]);
    expect(r.inputs).toBe(MODELS);
    expect(r.stats.ran).toBeGreaterThan(MODELS * 0.9);
    // Fused kernels and the per-op fallback both ran, and some ops went to the CPU reference.
    for (const where of ['@webgpu', '@webgpu-fallback', '@cpu-reference']) {
      expect(Object.keys(r.stats).some((k) => k.endsWith(where)), where).toBe(true);
    }
  }, 600_000);

  it('reports a model past the per-input limit as a hang and goes on (its worker, holding a Dawn device, is a process that can be killed)', async () => {
    const r = await fuzz({ target: 'compile', seed: 1, budgetMs: 120_000, maxInputs: 2, hangMs: 100 });
    expect(r.hangs).toBe(2);
    expect(r.inputs).toBe(2);
    expect(r.findings[0]!.message).toMatch(/longer than the 100 ms per-input limit/);
  }, 120_000);

  const dir = join(FINDINGS_DIR, 'compile');
  const files = existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.mlir')) : [];
  it('has committed findings to replay', () => expect(files.length).toBeGreaterThan(0));
  for (const file of files) {
    it(`replays ${file}`, async () => {
      const r = await runOne(target, new Uint8Array(readFileSync(join(dir, file))));
      expect(r.crash).toBeUndefined();
      const note = readFileSync(join(dir, file.replace(/\.mlir$/, '.finding.txt')), 'utf8');
      const expected = /^expect: (accepted|rejected)$/m.exec(note)?.[1];
      if (expected) expect(r.outcome).toBe(expected);
    });
  }
});
