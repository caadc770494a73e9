// What survives a reload: the URL hash is the state (model, options, view, selected node); a model
// from files comes back from the cache with the hash's options, its compile from the compile cache,
// and the hash is not rewritten.
import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { collectPageProblems, expectGraphReady, compilePerSubgraph, selectResidualAdd } from './support/app';

test('a reload keeps per-subgraph granularity, the view and the selected node, and does not rewrite the hash', async ({ page }) => {
  const problems = collectPageProblems(page);
  await page.goto('/');
  await expectGraphReady(page);
  await page.getByTestId('file-input').setInputFiles({ name: 'kept.onnx', mimeType: 'application/octet-stream', buffer: await readFile('public/models/tiny-cnn.onnx') });
  await expectGraphReady(page);
  await compilePerSubgraph(page);
  await expect(page.getByTestId('cache-status-text')).toHaveText(/^cached · [\d.]+ MiB of 512 MiB$/);
  await expect(page.getByTestId('cache-status')).toHaveAttribute('title', /the result is in the compile cache/);
  await selectResidualAdd(page);
  await page.getByTestId('tab-memory').click();
  await expect(page).toHaveURL(/#model=file%3A42385%3A[0-9a-f]{64}%3Akept\.onnx&view=memory&node=%25_Add_output_0&gran=per-subgraph$/);
  const before = page.url();

  await page.reload();
  await expect(page.getByTestId('model-summary')).toContainText(/^kept\.onnx: 14 ops → 8 subgraphs in 8 partitions .* from cache \(not recompiled\)$/);
  await expect(page.getByTestId('cache-status-text')).toHaveText(/^from cache · [\d.]+ MiB of 512 MiB$/);
  await expect(page.getByTestId('cache-status')).toHaveAttribute('title', /^from the compile cache \(not recompiled\) · the cache holds [\d.]+ MiB of its 512 MiB quota: 1 model's files \(each stored once\) and 2 compile results; past the quota the least recently used go$/);
  await expect(page.getByTestId('granularity')).toHaveValue('per-subgraph');
  await expect(page.getByTestId('tab-memory')).toHaveAttribute('aria-selected', 'true');
  await expectGraphReady(page);
  await expect(page.getByTestId('node-title')).toHaveText('%_Add_output_0 = cgc_op.add');
  expect(page.url()).toBe(before);

  // Clear (beside the cache line) forgets the model: a reload of this hash then asks for the file instead of showing another model.
  await page.getByTestId('cache-clear').click();
  await expect(page.getByTestId('cache-status-text')).toContainText('cache cleared');
  await page.reload();
  await expect(page.getByTestId('share-expect')).toContainText('This link shows kept.onnx (42.4 kB, sha256 ');
  await expect(page.getByTestId('model-summary')).toHaveText('');
  expect(problems).toEqual([]);
});

test('a reload keeps the sizes given for dynamic dimensions, and their compile comes from the cache', async ({ page }) => {
  await page.goto('/');
  await expectGraphReady(page);
  await page.getByTestId('file-input').setInputFiles('e2e/fixtures/tiny-cnn-dynamic.onnx');
  await page.getByTestId('shapes-form').getByLabel('image dimension 0 (batch)').fill('2');
  await page.getByTestId('shapes-submit').click();
  await expectGraphReady(page);
  await expect(page.getByTestId('cache-status-text')).toContainText('cached');
  await page.reload();
  await expect(page.getByTestId('model-summary')).toContainText(/^tiny-cnn-dynamic\.onnx: .* from cache \(not recompiled\)$/);
  await expect(page.getByTestId('shapes-form')).toBeHidden();
});
