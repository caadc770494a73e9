// `cgc bench` and `cgc bench-kernels` end to end on Dawn (SwiftShader here): the harness runs, the
// tables and JSON carry what they say, and bad arguments are usage errors. onnxruntime-web's WebGPU
// backend runs beside ours on the demo CNN, and their outputs agree.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { INT64, floatTensor, modelBytes, node, tensorInfo } from '../compiler/import/onnx/testing';
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
    // Host time recording and submitting: part of the wall time, not all of it (the GPU's and the read-back's wait are the rest).
    expect(row.ours.recordMs).toBeGreaterThan(0);
    expect(row.ours.recordMs).toBeLessThan(row.ours.medianMs);
    // Resident: recorded against buffers that stay on the GPU, checked against run()'s outputs first.
    expect(row.ours.residentMs).toBeGreaterThan(0);
    expect(row.ours.residentSkipped).toBeUndefined();
    expect(r.out).toContain('| record ms | µs/dispatch | resident ms |');
    expect(r.out).toMatch(/^\| tiny-cnn \| 1 \| \d+ \|( [\d.]+ \|){6} [\d.]+ \| [\d.]+ \| [\d.]+ \|/m);
    expect(row.ort.medianMs).toBeGreaterThan(0);
    expect(row.speedup).toBeCloseTo(row.ort.medianMs / row.ours.medianMs, 6);
    expect(row.maxAbsDiff).toBeLessThan(1e-4);
    // Each model's run report, the type `cgc run --json` prints: its median is the row's.
    const [report] = JSON.parse(readFileSync(json, 'utf8')).reports;
    expect(report).toMatchObject({ format: 'cgc-run-report', runs: 2, dispatches: row.dispatches, medianMs: row.ours.medianMs });
    expect(report.outputs[0]).toMatchObject({ name: '%probabilities', shape: [1, 10] });
  }, 240_000);

  it('takes --shape and --input; a model that fails is a row with its error, and the table goes on', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cgc-bench-'));
    const broken = join(dir, 'broken.onnx');
    writeFileSync(broken, new Uint8Array([8, 1, 0x3a, 5]));
    // A sequence of token ids with a dynamic length: only --shape makes it benchable.
    const tokens = join(dir, 'tokens.onnx');
    writeFileSync(tokens, modelBytes({
      nodes: [node('Gather', ['table', 'ids'], ['e'], { axis: 0 }), node('Relu', ['e'], ['y'])],
      inputs: [tensorInfo('ids', [1, 'seq'], INT64)], outputs: [{ name: 'y' }],
      initializers: [floatTensor('table', [4, 2], [1, -2, 3, -4, 5, -6, 7, -8])],
    }));
    const ids = join(dir, 'ids.bin');
    writeFileSync(ids, new Uint8Array(new BigInt64Array([3n, 0n, 2n, 1n, 3n]).buffer));
    const json = join(dir, 'bench.json');
    const r = await run('bench', broken, tokens, TINY_CNN, '--shape', 'ids=1x5', '--input', `ids=${ids}`, '--runs', '1', '--json', json);
    expect(r.code, r.err).toBe(1);
    expect(r.out).toMatch(/^\| broken \| failed: .*not a complete ONNX model.* \| — \|/m);
    expect(r.out).toMatch(/^\| tokens \| 1 \| [1-9]\d* \|/m);
    expect(r.out).toMatch(/^\| tiny-cnn \| 1 \| [1-9]\d* \|/m);
    const { rows, reports } = JSON.parse(readFileSync(json, 'utf8'));
    expect(rows.map((x: { model: string; error?: string }) => `${x.model}${x.error ? ' failed' : ''}`)).toEqual(['broken failed', 'tokens', 'tiny-cnn']);
    expect(reports[0]).toMatchObject({ options: { inputs: `ids=${ids}` }, outputs: [{ shape: [1, 5, 2] }] });
    // Without the length, or with a file of another size, that model's row says why.
    const unsized = await run('bench', tokens, '--runs', '1');
    expect(unsized.out).toMatch(/\| tokens \| failed: .*graph input 'ids' dimension 1 \('seq'\) is dynamic/);
    const short = await run('bench', tokens, '--shape', 'ids=1x3', '--input', `ids=${ids}`, '--runs', '1');
    expect(short.out).toContain('has 40 bytes; input #0 needs 24 (1x3 int64)');
    expect(short.code).toBe(1);
  }, 240_000);

  it('shows no resident time for a program record() cannot take, and says why', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cgc-bench-'));
    // An int64 add of an input with no known range: computed exactly by the CPU reference, a host partition.
    const wide = join(dir, 'wide.onnx');
    writeFileSync(wide, modelBytes({ nodes: [node('Add', ['x', 'x'], ['y'])], inputs: [tensorInfo('x', [2, 3], INT64)], outputs: [{ name: 'y' }] }));
    const json = join(dir, 'bench.json');
    const r = await run('bench', wide, '--runs', '1', '--json', json);
    expect(r.code, r.err).toBe(0);
    const row = JSON.parse(readFileSync(json, 'utf8')).rows[0];
    expect(row.ours.residentMs).toBeUndefined();
    expect(row.ours.residentSkipped).toMatch(/^partition @\S+ runs on the host \(target 'cpu-reference'\): a resident run needs a program that runs entirely on the GPU/);
    expect(r.out).toMatch(/^\| wide \| 2 \| \d+ \|( [\d.]+ \|){5} .* \| — \|$/m);
  }, 60_000);

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
    // A kernel shorter than the timestamps' resolution reads 0 in a single run (SwiftShader); the model's kernels together do not.
    expect(model!.kernels.every((k) => k.ms >= 0 && k.ops.length > 0)).toBe(true);
    expect(model!.kernels.reduce((n, k) => n + k.ms, 0)).toBeGreaterThan(0);
    expect(r.out).toMatch(/by ops: \S+ [\d.]+ ms \(\d+\)/);
  }, 240_000);
});
