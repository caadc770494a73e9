// The compile cache's rules: a model's files are stored once, keyed by their hash, with one compile
// result per option combination beside them (never the weights again); a result from the cache runs
// (its constants come from the model's files); the cache line states what is stored against the
// quota, and a lower quota (Options → cache quota MiB) drops the least recently used entries.
import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { collectPageProblems, expectGraphReady, openMenu } from './support/app';
import { saveScreens } from './support/screens';

interface Stored { key: string; bytes: number; hasConstants: boolean }

/** Every entry of the cache's IndexedDB store, with its bytes counted as stored (typed arrays by their buffer, strings by length). */
function storedEntries(page: Page): Promise<Stored[]> {
  return page.evaluate(() => new Promise<Stored[]>((resolve, reject) => {
    const count = (v: unknown): number => {
      if (ArrayBuffer.isView(v)) return v.buffer.byteLength;
      if (typeof v === 'string') return v.length;
      if (typeof v === 'object' && v !== null) return Object.values(v).reduce((n: number, x) => n + count(x), 0);
      return 8;
    };
    const open = indexedDB.open('keyval-store');
    open.onerror = () => reject(open.error);
    open.onsuccess = () => {
      const store = open.result.transaction('keyval').objectStore('keyval');
      const keys = store.getAllKeys();
      const values = store.getAll();
      values.onsuccess = () => resolve(keys.result.map((k, i) => {
        const v = values.result[i] as { constants?: unknown };
        return { key: String(k), bytes: count(v), hasConstants: typeof v === 'object' && v !== null && 'constants' in v };
      }));
    };
  }));
}

/** The cache line's tooltip once the cache holds `compiles` compile results of one model. */
const holding = (compiles: number): RegExp => new RegExp(`: 1 model's files \\(each stored once\\) and ${compiles} compile results?; past the quota the least recently used go$`);

test('six option changes store the model once and six more compile results; a cached result runs; a lower quota evicts', async ({ page }) => {
  const problems = collectPageProblems(page);
  const model = await readFile('public/models/tiny-cnn.onnx');
  await page.goto('/');
  await expectGraphReady(page);
  await page.getByTestId('file-input').setInputFiles({ name: 'cached.onnx', mimeType: 'application/octet-stream', buffer: model });
  await expectGraphReady(page);
  await expect(page.getByTestId('cache-status-text')).toHaveText(/^cached · [\d.]+ MiB of 512 MiB$/);
  await openMenu(page, 'options');
  const changes = [
    () => page.getByTestId('granularity').selectOption('per-target'),
    () => page.getByTestId('granularity').selectOption('per-subgraph'),
    () => page.getByTestId('arenas').selectOption('per-branch'),
    () => page.getByTestId('opt-fusion').uncheck(),
    () => page.getByTestId('target-cpu-reference').uncheck(),
    // Back to one arena (the page's hash does not keep the arena setting, and the reload below restores from it).
    () => page.getByTestId('arenas').selectOption('one'),
  ];
  await expect(page.getByTestId('cache-status')).toHaveAttribute('title', holding(1));
  for (const [i, change] of changes.entries()) {
    await change();
    await expect(page.getByTestId('cache-status')).toHaveAttribute('title', holding(i + 2));
  }

  const entries = await storedEntries(page);
  const models = entries.filter((e) => e.key.startsWith('model:'));
  const compiles = entries.filter((e) => e.key.startsWith('compiled:'));
  expect(models).toHaveLength(1);
  expect(compiles).toHaveLength(7);
  // No compile result carries the weights (the model's initializers): they are in the model's files, once.
  expect(compiles.filter((e) => e.hasConstants)).toEqual([]);
  const total = entries.reduce((n, e) => n + e.bytes, 0);
  const results = compiles.reduce((n, e) => n + e.bytes, 0);
  console.log(`${model.length} bytes of model, 7 compile results of ${results} bytes: ${total} bytes stored in all`);
  expect(models[0]!.bytes).toBeLessThan(model.length + 4096);
  expect(total).toBeLessThanOrEqual(model.length + results + 8192);

  // A result from the cache runs: the worker reads the constants from the cached model's files.
  await page.reload();
  await expect(page.getByTestId('model-summary')).toContainText(/^cached\.onnx: .* from cache \(not recompiled\)$/);
  await expectGraphReady(page);
  await page.getByTestId('run').click();
  await expect(page.getByTestId('run-results').getByTestId('run-output')).toContainText('probabilities: 1×10 float32');

  // A quota below what is stored: the least recently used go at once (the result in use stays).
  await openMenu(page, 'options');
  await saveScreens(page, 'options-cache-quota');
  const used = Number((await page.getByTestId('cache-status-text').textContent())!.match(/([\d.]+) MiB of/)![1]);
  expect(used).toBeGreaterThan(0);
  await page.getByTestId('cache-quota').fill('1');
  await page.getByTestId('cache-quota').dispatchEvent('change');
  await expect(page.getByTestId('cache-status-text')).toHaveText(/^quota set · [\d.]+ MiB of 1 MiB$/);
  const after = (await storedEntries(page)).filter((e) => e.key !== 'index' && e.key !== 'last-model').reduce((n, e) => n + e.bytes, 0);
  expect(after).toBeLessThanOrEqual(1024 * 1024);
  // The quota is this browser's setting: a reload keeps it.
  await page.reload();
  await expectGraphReady(page);
  await openMenu(page, 'options');
  await expect(page.getByTestId('cache-quota')).toHaveValue('1');
  await page.getByTestId('cache-quota').fill('0');
  await page.getByTestId('cache-quota').dispatchEvent('change');
  await expect(page.getByTestId('share-status')).toHaveText("cache quota MiB must be an integer from 1 to 1048576; got '0'");
  await expect(page.getByTestId('cache-quota')).toHaveValue('1');
  expect(problems).toEqual([]);
});
