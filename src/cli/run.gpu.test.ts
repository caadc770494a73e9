// `cgc run` end to end on Dawn (SwiftShader here): outputs, timings and counts, and with --profile
// one line per kernel the run dispatched, slowest first.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { TINY_CNN, cgc as run } from './testing';

describe('cgc run', () => {
  it('runs the demo CNN and, with --profile, times each kernel it dispatches', async () => {
    const r = await run('run', TINY_CNN, '--runs', '2', '--profile');
    expect(r.code, r.err).toBe(0);
    expect(r.out).toMatch(/^output %probabilities: 1x\d+ float32:/m);
    const dispatches = Number(/dispatches per run: (\d+)/.exec(r.out)![1]);
    const header = /^kernels: (\d+), ([\d.]+) ms together/m.exec(r.out)!;
    expect(Number(header[1])).toBe(dispatches);
    // On a GPU, timed after a warm-up with 50 or more dispatches of each kernel a pass; on this fallback
    // adapter (SwiftShader: no clocks to raise, its "GPU time" host time) one run, each kernel once.
    const repeat = Number(/mean of (\d+) back to back, after [\d.]+ s of warm-up\)/.exec(r.out)?.[1]);
    expect(repeat).toBe(1);
    const lines = r.out.split('\n').filter((l) => /^ +[\d.]+ ms +[\d.]+% {2}\S+ \(@partition/.test(l));
    expect(lines).toHaveLength(dispatches);
    const ms = lines.map((l) => Number(l.trim().split(' ')[0]));
    expect(ms).toEqual([...ms].sort((a, b) => b - a));
  });

  it('runs the demo CNN with a target file, its partitions on that target', async () => {
    const r = await run('run', TINY_CNN, '--target', join(__dirname, '../../examples/targets/example-direct.cgc-target.json'));
    expect(r.code, r.err).toBe(0);
    expect(r.out).toMatch(/^dispatches per run: 8; submits per run: 1; partitions: .*partition0_example_direct=example-direct/m);
  });

  it('writes the run report as JSON with --json: timings, counts and named output summaries', async () => {
    const r = await run('run', TINY_CNN, '--runs', '3', '--json');
    expect(r.code, r.err).toBe(0);
    const report = JSON.parse(r.out) as import('../engine/report').RunReport;
    expect(report).toMatchObject({ format: 'cgc-run-report', version: 1, runs: 3, options: { runs: 3, granularity: 'coarse' } });
    expect(report.medianMs).toBeGreaterThanOrEqual(report.minMs);
    expect(report.dispatches).toBeGreaterThan(0);
    expect(report.outputs).toHaveLength(1);
    expect(report.outputs[0]).toMatchObject({ name: '%probabilities', shape: [1, 10], element: 'float32' });
    expect(report.outputs[0]!.top5).toHaveLength(5);
    expect(report.outputs[0]!.mean).toBeCloseTo(0.1, 5);
  });

  it('exits 1 naming the tensor and the device limit when an activation is past what one binding may view', async () => {
    const r = await run('run', join(__dirname, '../../tests/models/huge-activation.mlir'));
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/tensor %big needs 4294967296 bytes, more than one binding may view \(\d+ bytes, maxStorageBufferBindingSize\)/);
    expect(r.err).not.toMatch(/internal error|\n\s+at /);
  });

  it('rejects --profile with a value', async () => {
    const r = await run('run', TINY_CNN, '--profile=yes');
    expect(r.code).toBe(2);
    expect(r.err).toContain("option '--profile' takes no value");
  });
});
