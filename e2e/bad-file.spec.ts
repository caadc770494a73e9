// Bad files: a truncated ONNX model and broken IR text each show an error naming the problem (IR
// diagnostics with line and column), the page keeps working, and a good file afterwards compiles.
import { expect, test } from '@playwright/test';
import { collectPageProblems, expectGraphReady } from './support/app';

const CONV2D = '/usr/share/libonnx-testdata/data/pytorch-converted/test_Conv2d/model.onnx';

test('a truncated ONNX file and broken IR show errors; a good file then compiles', async ({ page }) => {
  const problems = collectPageProblems(page);
  await page.goto('/');
  await expect(page.getByTestId('ir-output')).toContainText('cgc_op.convolution');
  await page.getByTestId('file-input').setInputFiles({ name: 'broken.onnx', mimeType: 'application/octet-stream', buffer: Buffer.from([0x08, 0x07, 0x12, 0xff, 0xff, 0x3a]) });
  await expect(page.getByTestId('compile-diagnostics')).toContainText('broken.onnx');
  await page.getByTestId('file-input').setInputFiles({ name: 'broken.mlir', mimeType: 'text/plain', buffer: Buffer.from('cgc.module {\n  cgc.entry_point @main(%x: !cgc.tensor<2x!cgc.float32>) -> !cgc.tensor<2x!cgc.float32> {\n    %y = cgc_op.frob(%x)\n    cgc.return %y\n  }\n}\n') });
  await expect(page.getByTestId('compile-diagnostics')).toContainText(/broken\.mlir:3:\d+: error: unknown op 'cgc_op\.frob'/);
  await page.screenshot({ path: test.info().outputPath('bad-file.png') });
  await page.getByTestId('file-input').setInputFiles(CONV2D);
  await expectGraphReady(page);
  await expect(page.getByTestId('model-summary')).toContainText('model.onnx: 1 ops');
  expect(problems).toEqual([]);
});
