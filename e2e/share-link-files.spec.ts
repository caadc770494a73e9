// Share links for models opened from files: a model too large for the link travels as its identity
// (name, size, SHA-256) and the recipient is asked for that file, a different file is refused naming
// both hashes; a small model travels inside the link and opens directly, with the sender's Run
// settings one click away.
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { type Page, expect, test } from '@playwright/test';
import { collectPageProblems, expectGraphReady, openMenu, compilePerSubgraph, selectResidualAdd } from './support/app';

/** tiny-cnn.onnx with an unknown ModelProto field (number 1000) of `n` seeded-random bytes appended: the importer skips it, deflate cannot shrink it. */
async function paddedModel(n: number, seed: number): Promise<Buffer> {
  const tiny = await readFile('public/models/tiny-cnn.onnx');
  const pad = Buffer.alloc(n);
  let x = seed;
  for (let i = 0; i < n; i++) { x = (Math.imul(x, 1103515245) + 12345) >>> 0; pad[i] = x >>> 24; }
  const len: number[] = [];
  for (let v = n; ; v >>>= 7) { if (v < 0x80) { len.push(v); break; } len.push((v & 0x7f) | 0x80); }
  return Buffer.concat([tiny, Buffer.from([0xc2, 0x3e, ...len]), pad]);
}

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

/** The link Copy share link copied: from the clipboard, or from the status line when the clipboard was refused. */
async function copiedLink(page: Page): Promise<string> {
  await openMenu(page, 'share');
  await page.getByTestId('share').click();
  const status = page.getByTestId('share-status');
  await expect(status).toContainText(/link copied|copy this link/);
  const text = (await status.textContent()) ?? '';
  const shown = /: (http\S+)$/.exec(text)?.[1];
  return shown ?? page.evaluate(() => navigator.clipboard.readText());
}

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

test('a large dropped ONNX model travels as its identity: the recipient is asked for that file, and a different one is refused', async ({ page, browser }) => {
  const model = await paddedModel(120_000, 1);
  const other = await paddedModel(120_000, 2);
  await page.goto('/');
  await expectGraphReady(page);
  await page.getByTestId('file-input').setInputFiles({ name: 'padded-cnn.onnx', mimeType: 'application/octet-stream', buffer: model });
  await expect(page.getByTestId('model-summary')).toContainText('padded-cnn.onnx: 14 ops');
  await expectGraphReady(page);
  await compilePerSubgraph(page);
  await selectResidualAdd(page);
  const link = await copiedLink(page);
  await expect(page.getByTestId('share-status')).toContainText(`it names padded-cnn.onnx (${(model.length / 1000).toFixed(1)} kB, sha256 ${sha256(model).slice(0, 12)}…)`);
  expect(link).toContain(`model=file%3A${model.length}%3A${sha256(model)}%3Apadded-cnn.onnx`);

  const fresh = await browser.newContext();
  const other2 = await fresh.newPage();
  const problems = collectPageProblems(other2);
  await other2.goto(link);
  const ask = other2.getByTestId('share-expect');
  await expect(ask).toContainText(`This link shows padded-cnn.onnx (${(model.length / 1000).toFixed(1)} kB, sha256 ${sha256(model).slice(0, 12)}…). Drop that file`);
  await expect(ask).toContainText(sha256(model));
  // Nothing else is shown in its place.
  await expect(other2.getByTestId('model-summary')).toHaveText('');
  await expect(other2.getByTestId('ir-input')).toHaveValue('');

  await other2.getByTestId('file-input').setInputFiles({ name: 'padded-cnn.onnx', mimeType: 'application/octet-stream', buffer: other });
  await expect(other2.getByTestId('share-refused')).toContainText(`it has sha256 ${sha256(other)}`);
  await expect(other2.getByTestId('share-refused')).toContainText(`the link's padded-cnn.onnx has sha256 ${sha256(model)}`);
  await expect(other2.getByTestId('compile-diagnostics')).toContainText('is not the file this link shows');
  await expect(other2.getByTestId('model-summary')).toHaveText('');

  await other2.getByTestId('file-input').setInputFiles({ name: 'padded-cnn.onnx', mimeType: 'application/octet-stream', buffer: model });
  await expectGraphReady(other2);
  await expect(ask).toBeHidden();
  await expect(other2.getByTestId('granularity')).toHaveValue('per-subgraph');
  await expect(other2.getByTestId('model-summary')).toContainText('padded-cnn.onnx: 14 ops → 8 subgraphs in 8 partitions');
  await expect(other2.getByTestId('tab-graph')).toHaveAttribute('aria-selected', 'true');
  await expect(other2.getByTestId('node-title')).toHaveText('%_Add_output_0 = cgc_op.add');
  await expect(other2).toHaveURL(link);
  expect(problems).toEqual([]);
  await fresh.close();
});

test('a small ONNX model travels inside the link and opens directly, with the sender\'s Run one click away', async ({ page, browser }) => {
  await page.goto('/');
  await expectGraphReady(page);
  await page.getByTestId('file-input').setInputFiles({ name: 'my-tiny.onnx', mimeType: 'application/octet-stream', buffer: await readFile('public/models/tiny-cnn.onnx') });
  await expectGraphReady(page);
  await openMenu(page, 'options');
  await page.getByTestId('opt-fusion').uncheck();
  await expectGraphReady(page);
  await page.getByTestId('run-count').selectOption('10');
  await page.getByTestId('run-diff').check();
  await page.getByTestId('run').click();
  await expect(page.getByTestId('run-status')).toHaveText('done', { timeout: 60_000 });
  await expect(page).toHaveURL(/runs=10&diff=on/);
  const link = await copiedLink(page);
  await expect(page.getByTestId('share-status')).toContainText('the model travels inside it');
  expect(link).toMatch(/fusion=off&runs=10&diff=on&name=my-tiny\.onnx&src=[A-Za-z0-9_-]+$/);
  expect(link).not.toContain('model=');

  const fresh = await browser.newContext();
  const other = await fresh.newPage();
  const problems = collectPageProblems(other);
  await other.goto(link);
  await expectGraphReady(other);
  await expect(other.getByTestId('model-summary')).toContainText('my-tiny.onnx: 14 ops');
  await expect(other.getByTestId('opt-fusion')).not.toBeChecked();
  await expect(other.getByTestId('share-expect')).toBeHidden();
  // The recipient's page keeps the link as its state, Run settings included.
  await expect(other).toHaveURL(link);
  const again = other.getByTestId('run-as-sender');
  await expect(again).toHaveText('Run as the sender did (10×, numeric diff)');
  await expect(again).toBeEnabled();
  await again.click();
  await expect(other.getByTestId('run-status')).toHaveText('done', { timeout: 60_000 });
  await expect(other.getByTestId('run-results')).toContainText('max abs error');
  await expect(other.getByTestId('run-count')).toHaveValue('10');
  expect(problems).toEqual([]);
  await fresh.close();
});
