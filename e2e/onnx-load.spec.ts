// Loading ONNX through the file input: a real ONNX test model imports and compiles in the worker, and a
// model with a dynamic batch dimension asks for its size first.
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { collectPageProblems, expectGraphReady } from './support/app';

const CONV2D = '/usr/share/libonnx-testdata/data/pytorch-converted/test_Conv2d/model.onnx';

test('an ONNX file opens, imports in the worker and compiles', async ({ page }) => {
  const problems = collectPageProblems(page);
  await page.goto('/');
  await expect(page.getByTestId('ir-output')).toContainText('cgc_op.convolution');
  await page.getByTestId('file-input').setInputFiles(CONV2D);
  await expectGraphReady(page);
  await expect(page.getByTestId('model-summary')).toContainText(/^model\.onnx: 1 ops → 1 subgraphs in 1 partition · 2 weights · compiled in \d+ ms$/);
  await expect(page.getByTestId('graph-svg').locator('.node.op')).toHaveCount(1);
  await expect(page.getByTestId('graph-svg').locator('.node.op .node-op')).toHaveText('convolution');
  await page.getByTestId('tab-source').click();
  await expect(page.getByTestId('ir-input')).toHaveValue(/cgc_op\.convolution/);
  expect(problems).toEqual([]);
});

test('an ONNX model with a dynamic dimension asks for its size', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByTestId('ir-output')).toContainText('cgc_op.convolution');
  await page.getByTestId('file-input').setInputFiles(join(import.meta.dirname, 'fixtures/tiny-cnn-dynamic.onnx'));
  const form = page.getByTestId('shapes-form');
  await expect(form).toBeVisible();
  await expect(page.getByTestId('compile-diagnostics')).toContainText("dimension 0 ('batch') is dynamic");
  await form.getByLabel('image dimension 0 (batch)').fill('2');
  await page.getByTestId('shapes-submit').click();
  await expectGraphReady(page);
  await expect(form).toBeHidden();
  await expect(page.getByTestId('model-summary')).toContainText('tiny-cnn-dynamic.onnx:');
  await page.getByTestId('tab-ir').click();
  await expect(page.getByTestId('ir-text')).toContainText('!cgc.tensor<2x3x32x32x!cgc.float32>');
});
