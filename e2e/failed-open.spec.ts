// A failed open never replaces the loaded model: after a good model, a truncated .onnx leaves that
// model loaded, shown and runnable, and says in words what is wrong with the file; the next good
// file replaces the error.
import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { collectPageProblems, expectGraphReady } from './support/app';

const CONV2D = '/usr/share/libonnx-testdata/data/pytorch-converted/test_Conv2d/model.onnx';

test('a truncated .onnx leaves the previous model loaded and runnable, with a readable error', async ({ page }) => {
  const problems = collectPageProblems(page);
  await page.goto('/');
  await expectGraphReady(page);
  await page.getByTestId('file-input').setInputFiles('public/models/tiny-cnn.onnx');
  const summary = page.getByTestId('model-summary');
  await expect(summary).toContainText(/^tiny-cnn\.onnx: 14 ops/);
  await expectGraphReady(page);
  const svg = page.getByTestId('graph-svg');
  await expect(svg.locator('.node[data-node-id="%image"]')).toHaveCount(1);

  const whole = await readFile('public/models/tiny-cnn.onnx');
  await page.getByTestId('file-input').setInputFiles({ name: 'model.onnx', mimeType: 'application/octet-stream', buffer: whole.subarray(0, 20_000) });
  const openError = page.getByTestId('open-error');
  await expect(openError).toContainText('Could not open model.onnx');
  await expect(openError).toContainText('tiny-cnn.onnx is still loaded, shown and runnable');
  const diagnostics = page.getByTestId('compile-diagnostics');
  await expect(diagnostics.locator('.error')).toContainText(/^model\.onnx is not a complete ONNX model: it ends at byte 20000 inside a field that needs \d+ more bytes?/);
  await expect(diagnostics).not.toContainText('index out of range');
  // Nothing of the loaded model was replaced: its summary, graph, Source text, properties and Run.
  await expect(summary).toContainText(/^tiny-cnn\.onnx: 14 ops/);
  await expect(svg.locator('.node[data-node-id="%image"]')).toHaveCount(1);
  await expect(page.getByTestId('ir-input')).toHaveValue(/%probabilities/);
  await expect(page.getByTestId('model-properties')).toContainText('tiny-cnn.onnx');
  await expect(page.getByTestId('run')).toBeEnabled();
  await page.screenshot({ path: test.info().outputPath('failed-open.png') });
  await page.getByTestId('run').click();
  await expect(page.getByTestId('run-status')).toHaveText('done', { timeout: 50_000 });
  await expect(page.getByTestId('run-results').getByTestId('run-output')).toContainText('probabilities: 1×10 float32');

  // A compile of the kept model still works (Compile compiles what is loaded), and a good file replaces the error.
  await page.getByTestId('compile').click();
  await expect(summary).toContainText(/^tiny-cnn\.onnx: 14 ops/);
  await page.getByTestId('file-input').setInputFiles(CONV2D);
  await expect(summary).toContainText('model.onnx: 1 ops');
  await expect(openError).toBeHidden();
  await expect(diagnostics.locator('.error')).toHaveCount(0);
  await expectGraphReady(page);
  expect(problems).toEqual([]);
});

test('a file that cannot be read leaves the model loaded too', async ({ page }) => {
  await page.goto('/');
  await expectGraphReady(page);
  await page.getByTestId('file-input').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
  await expect(page.getByTestId('open-error')).toContainText('Could not open notes.txt');
  await expect(page.getByTestId('compile-diagnostics')).toContainText('no model among notes.txt');
  await expect(page.getByTestId('model-summary')).toContainText(/^spec-7layer\.mlir: 7 ops/);
  await expect(page.getByTestId('model-picker')).toHaveValue('spec-7layer.mlir');
  await expect(page.getByTestId('run')).toBeEnabled();
});
