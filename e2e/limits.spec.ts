// Resource limits: a model with a 2^31-element tensor (dropped as IR text, or carried in a share
// link) fails with an error panel naming the tensor element limit and how to raise it; the app keeps
// working (the demo loads and compiles), and the Limits settings apply to the next compile or file.
import { deflateRawSync } from 'node:zlib';
import { expect, test } from '@playwright/test';
import { collectPageProblems, expectGraphReady, openMenu } from './support/app';

const BIG = `cgc.module {
  cgc.entry_point @main(%x: !cgc.tensor<2x1073741824x!cgc.float32>) -> !cgc.tensor<2x1073741824x!cgc.float32> {
    %y = cgc_op.relu(%x)
    cgc.return %y
  }
}
`;
const LIMIT_ERROR = '2147483648 elements is over the tensor element limit of 2147483647 elements; raise it with --max-tensor-elements (cgc) or Limits → max tensor elements (app)';

test('a dropped model with a 2^31-element tensor shows the limit; the demo then compiles; Limits apply', async ({ page }) => {
  const problems = collectPageProblems(page);
  await page.goto('/');
  await expectGraphReady(page);
  await page.getByTestId('file-input').setInputFiles({ name: 'big.mlir', mimeType: 'text/plain', buffer: Buffer.from(BIG) });
  const diagnostics = page.getByTestId('compile-diagnostics');
  await expect(diagnostics).toContainText(/big\.mlir:2:3: error: 'cgc\.entry_point' %x of type !cgc\.tensor<2x1073741824x!cgc\.float32>/);
  await expect(diagnostics).toContainText(LIMIT_ERROR);
  // The demo stays loaded: a model that fails to open replaces nothing.
  await expect(page.getByTestId('open-error')).toContainText('Could not open big.mlir');
  await expect(page.getByTestId('model-summary')).toContainText(/^spec-7layer\.mlir: 7 ops/);
  await page.screenshot({ path: test.info().outputPath('tensor-limit.png') });

  await page.getByTestId('model-picker').selectOption('spec-7layer.mlir');
  await expect(page.getByTestId('model-summary')).toContainText(/^spec-7layer\.mlir: 7 ops/);
  await expectGraphReady(page);

  // A lower op limit refuses the demo; the default again compiles it.
  await openMenu(page, 'options');
  await page.getByTestId('opt-limits').locator('summary').click();
  await page.getByTestId('limit-maxOps').fill('3');
  await page.getByTestId('limit-maxOps').dispatchEvent('change');
  await expect(diagnostics).toContainText('is over the op count limit of 3 ops; raise it with --max-ops (cgc) or Limits → max ops (app)');
  await page.getByTestId('limit-maxOps').fill('1000000');
  await page.getByTestId('limit-maxOps').dispatchEvent('change');
  await expect(page.getByTestId('model-summary')).toContainText(/^spec-7layer\.mlir: 7 ops/);

  // A file over the file size limit is refused before it is read.
  await page.getByTestId('limit-maxFileBytes').fill('0.01');
  await page.getByTestId('limit-maxFileBytes').dispatchEvent('change');
  await page.getByTestId('file-input').setInputFiles('public/models/tiny-cnn.onnx');
  await expect(diagnostics).toContainText(/tiny-cnn\.onnx is too large: \d+ bytes is over the file size limit of 10486 bytes; raise it with --max-file-mb \(cgc\) or Limits → max file MiB \(app\)/);
  expect(problems).toEqual([]);
});

test('a share link carrying a 2^31-element tensor shows the limit, and the app still compiles the demo', async ({ page }) => {
  const problems = collectPageProblems(page);
  await page.goto(`/#name=big.mlir&src=${deflateRawSync(BIG).toString('base64url')}`);
  await expect(page.getByTestId('compile-diagnostics')).toContainText(LIMIT_ERROR);
  await page.getByTestId('model-picker').selectOption('tiny-cnn.onnx');
  await expectGraphReady(page);
  await expect(page.getByTestId('model-summary')).toContainText(/^tiny-cnn\.onnx: \d+ ops/);
  expect(problems).toEqual([]);
});
