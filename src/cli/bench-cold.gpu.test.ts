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
  expect(r.out).toMatch(/^tiny-cnn\.onnx +ours +[\d.]+ +[\d.]+ +[\d.]+ +[\d.]+ +[\d.]+ +8 +8 +[\d.]+ \(\+0\) +none kept between processes \(SwiftShader\)$/m);
  const [row] = JSON.parse(readFileSync(json, 'utf8')).rows;
  expect(row).toMatchObject({ side: 'ours', shaderModules: 8, pipelines: 8, settledPipelines: 8 });
  // Sizes as uniforms: the first result needs 7 pipelines (two layers share one), the specialized tier adds its own after it.
  const tiered = await run('bench', '--cold', TINY_CNN, '--size-uniforms', 'on');
  expect(tiered.code, tiered.err).toBe(0);
  expect(tiered.out).toMatch(/^tiny-cnn\.onnx +ours +[\d.]+ +[\d.]+ +[\d.]+ +[\d.]+ +[\d.]+ +7 +7 +[\d.]+ \(\+[1-9]\d*\) /m);
  expect(row.totalMs).toBeCloseTo(row.importMs + row.compileMs + row.loadMs + row.firstRunMs, 0);
  expect((await run('bench', '--cold', TINY_CNN, '--vs', 'tfjs')).err).toContain("--vs takes 'ort'");
}, 240_000);
