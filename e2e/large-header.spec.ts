// A weights file whose header lists hundreds of thousands of empty tensors: the page never parses
// it (the compile worker does), so its main thread stays responsive and its memory holds the file,
// not a parsed header; past the limit on a header's entries (100,000), it is refused with that limit
// named, and the model shown before stays.
import { copyFile, readFile, writeFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { collectPageProblems, expectGraphReady, pageMemory } from './support/app';

const MiB = 1024 * 1024;
const EMPTY_TENSORS = 350_000;

/** spec-7layer's weights with `extra` empty tensors added to the header: about 57 bytes of JSON each. */
async function bloatedWeights(extra: number): Promise<Buffer> {
  const file = await readFile('public/models/spec-7layer.safetensors');
  const n = Number(file.readBigUInt64LE(0));
  const header = JSON.parse(file.subarray(8, 8 + n).toString()) as Record<string, unknown>;
  for (let i = 0; i < extra; i++) header[`empty.${i}`] = { dtype: 'F32', shape: [0], data_offsets: [0, 0] };
  const json = Buffer.from(JSON.stringify(header));
  const length = Buffer.alloc(8);
  length.writeBigUInt64LE(BigInt(json.length));
  return Buffer.concat([length, json, file.subarray(8 + n)]);
}

test('a weights file with a huge header is refused in the worker, the limit named: the page stays responsive', async ({ page }) => {
  const problems = collectPageProblems(page);
  const weights = await bloatedWeights(EMPTY_TENSORS);
  // Files on disk: a buffer would be decoded by a script in the page, itself a long task on the main thread.
  const files = [test.info().outputPath('bloated.mlir'), test.info().outputPath('bloated.safetensors')] as const;
  await copyFile('public/models/spec-7layer.mlir', files[0]);
  await writeFile(files[1], weights);
  await page.goto('/');
  await expectGraphReady(page);
  const before = await pageMemory(page);
  // The longest task the main thread runs from the drop until the model is shown (or refused).
  await page.evaluate(() => {
    const w = window as unknown as { longestTaskMs: number };
    w.longestTaskMs = 0;
    new PerformanceObserver((list) => { for (const e of list.getEntries()) w.longestTaskMs = Math.max(w.longestTaskMs, e.duration); }).observe({ type: 'longtask' });
  });
  const t0 = Date.now();
  await page.getByTestId('file-input').setInputFiles([...files]);
  const summary = page.getByTestId('model-summary');
  const diagnostics = page.getByTestId('compile-diagnostics');
  // The header's entries pass the limit on what a header may cost (100,000 tensors): refused, the limit named,
  // in the worker — and the model shown before stays.
  await expect(diagnostics).toContainText(/bloated\.safetensors: .*limit/, { timeout: 60_000 });
  await expect(summary).toContainText(/^spec-7layer\.mlir: 7 ops/);
  const ms = Date.now() - t0;
  const longest = await page.evaluate(() => (window as unknown as { longestTaskMs: number }).longestTaskMs);
  const after = await pageMemory(page);
  console.log(`${(weights.length / MiB).toFixed(1)} MiB weights file (${EMPTY_TENSORS} empty tensors): shown after ${ms} ms; longest main-thread task ${Math.round(longest)} ms; page memory ${(before / MiB).toFixed(1)} → ${(after / MiB).toFixed(1)} MiB`);
  expect(longest).toBeLessThan(1000);
  // The page keeps the file's bytes (for Run and the cache), not a parsed header of 350,000 entries.
  expect(after - before).toBeLessThan(3 * weights.length);
  expect(problems).toEqual([]);
});

test('a malformed weights header is refused in words, naming the file', async ({ page }) => {
  const problems = collectPageProblems(page);
  await page.goto('/');
  await expectGraphReady(page);
  const header = Buffer.from('{"w1": [not json');
  const length = Buffer.alloc(8);
  length.writeBigUInt64LE(BigInt(header.length));
  await page.getByTestId('file-input').setInputFiles([
    { name: 'broken.mlir', mimeType: 'text/plain', buffer: await readFile('public/models/spec-7layer.mlir') },
    { name: 'broken.safetensors', mimeType: 'application/octet-stream', buffer: Buffer.concat([length, header]) },
  ]);
  await expect(page.getByTestId('compile-diagnostics')).toContainText(/broken\.safetensors: header is not valid UTF-8 JSON/);
  await expect(page.getByTestId('open-error')).toContainText('Could not open broken.mlir');
  await expect(page.getByTestId('model-summary')).toContainText(/^spec-7layer\.mlir: 7 ops/);
  expect(problems).toEqual([]);
});
