// `cgc bench` and `cgc bench-kernels` end to end on Dawn (SwiftShader here): the harness runs, the
// tables and JSON carry what they say, and bad arguments are usage errors. onnxruntime-web's WebGPU
// backend runs beside ours on the demo CNN, and their outputs agree.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { TINY_CNN, cgc as run } from './testing';

describe('cgc bench', () => {
  it('times the demo CNN beside onnxruntime-web on the same Dawn, with matching outputs', async () => {
    const json = join(mkdtempSync(join(tmpdir(), 'cgc-bench-')), 'bench.json');
    const r = await run('bench', TINY_CNN, '--runs', '2', '--vs', 'ort', '--json', json);
    expect(r.code, r.err).toBe(0);
    expect(r.out).toContain('| tiny-cnn | 1 |');
    const row = JSON.parse(readFileSync(json, 'utf8')).rows[0];
    expect(row.dispatches).toBeGreaterThan(0);
    expect(row.ours.medianMs).toBeGreaterThan(0);
    expect(row.ort.medianMs).toBeGreaterThan(0);
    expect(row.speedup).toBeCloseTo(row.ort.medianMs / row.ours.medianMs, 6);
    expect(row.maxAbsDiff).toBeLessThan(1e-4);
    // Each model's run report, the type `cgc run --json` prints: its median is the row's.
    const [report] = JSON.parse(readFileSync(json, 'utf8')).reports;
    expect(report).toMatchObject({ format: 'cgc-run-report', runs: 2, dispatches: row.dispatches, medianMs: row.ours.medianMs });
    expect(report.outputs[0]).toMatchObject({ name: '%probabilities', shape: [1, 10] });
  }, 240_000);

  it('rejects bad arguments with usage errors', async () => {
    expect((await run('bench')).code).toBe(2);
    expect((await run('bench', TINY_CNN, '--vs', 'tfjs')).err).toContain("--vs takes 'ort'");
    expect((await run('bench', TINY_CNN, '--runs', '0')).code).toBe(2);
    expect((await run('bench', TINY_CNN, '--batch', '4')).err).toContain('static batch of 1');
  });
});

describe('cgc bench-kernels', () => {
  it('times a GEMM and a model\'s GEMM-shaped kernels with GPU timestamps', async () => {
    const json = join(mkdtempSync(join(tmpdir(), 'cgc-bench-')), 'kernels.json');
    const r = await run('bench-kernels', '--gemm', '32', '--model', TINY_CNN, '--runs', '1', '--no-bandwidth', '--peak-tflops', '1', '--json', json);
    expect(r.code, r.err).toBe(0);
    expect(r.out).toMatch(/\| matmul 32×32×32 \| [\d.]+ \| [\d.e+-]+ TFLOP\/s \| [\d.]+% \|/);
    expect(r.out).toMatch(/\| int8 matmul 32×32×32 \(u8 − zero point · i8 → i32\) \| [\d.]+ \| [\d.e+-]+ TOPS \| — \|/);
    const rows = JSON.parse(readFileSync(json, 'utf8')).rows as { kind: string; flops: number; tflops: number }[];
    expect(rows[0]).toMatchObject({ kind: 'gemm', flops: 2 * 32 ** 3 });
    expect(rows.some((x) => x.kind === 'model' && x.flops > 0 && x.tflops > 0)).toBe(true);
    // Every kernel of the model, with the ops it runs, and its time grouped by them.
    const [model] = JSON.parse(readFileSync(json, 'utf8')).models as { kernels: { kernel: string; ops: string; ms: number }[] }[];
    expect(model!.kernels.length).toBeGreaterThan(0);
    expect(model!.kernels.every((k) => k.ms > 0 && k.ops.length > 0)).toBe(true);
    expect(r.out).toMatch(/by ops: \S+ [\d.]+ ms \(\d+\)/);
  }, 240_000);
});
