// `cgc bench --cold`: each model in a fresh process with an empty driver shader cache, timed by
// phase from the file, with the distinct shader modules and pipelines it created.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { TINY_CNN, cgc as run } from './testing';

it('times a fresh process from the file to the first result, phase by phase, counting its pipelines', async () => {
  const json = join(mkdtempSync(join(tmpdir(), 'cgc-cold-')), 'cold.json');
  const r = await run('bench', '--cold', TINY_CNN, '--json', json);
  expect(r.code, r.err).toBe(0);
  // The first result on the first tier's 6 pipelines (its three 3×3 convolutions share one), the final kernels' 8 created after it.
  // The device's creation first, the wait for weights still being read (none: a small file is read whole) within the load; no warm-up on a software adapter ('—').
  expect(r.out).toMatch(/^tiny-cnn\.onnx +ours +[\d.]+ +[\d.]+ +[\d.]+ +[\d.]+ +[\d.]+ +[\d.]+ +[\d.]+ +6 +6 +[\d.]+ \(\+8\) +— +none kept between processes \(SwiftShader\)$/m);
  const [row] = JSON.parse(readFileSync(json, 'utf8')).rows;
  expect(row).toMatchObject({ side: 'ours', shaderModules: 6, pipelines: 6, settledPipelines: 14 });
  expect(row.warmUp).toBeUndefined();
  expect(row.readWaitMs).toBeLessThanOrEqual(row.loadMs);
  // Sizes as uniforms in the final kernels too: the same first tier.
  const tiered = await run('bench', '--cold', TINY_CNN, '--size-uniforms', 'on');
  expect(tiered.code, tiered.err).toBe(0);
  expect(tiered.out).toMatch(/^tiny-cnn\.onnx +ours +[\d.]+ +[\d.]+ +[\d.]+ +[\d.]+ +[\d.]+ +[\d.]+ +[\d.]+ +6 +6 +[\d.]+ \(\+[1-9]\d*\) /m);
  expect(row.totalMs).toBeCloseTo(row.importMs + row.compileMs + row.loadMs + row.firstRunMs, 0);
  expect((await run('bench', '--cold', TINY_CNN, '--vs', 'tfjs')).err).toContain("--vs takes 'ort'");
  expect((await run('bench', '--cold', TINY_CNN, '--warm-up', 'maybe')).err).toContain("--warm-up takes on or off, not 'maybe'");
}, 240_000);
