// Untrusted strings from a model (weights names, file names, diagnostics) render as text, never as
// markup: a constant named like an <img onerror> payload shows up literally and runs nothing.
import { expect, test } from '@playwright/test';
import { expectGraphReady } from './support/app';

const PAYLOAD = '<img src=x onerror=alert(1)>';
const IR = `cgc.module {
  cgc.entry_point @main(%x: !cgc.tensor<1x4x!cgc.float32>) -> !cgc.tensor<1x4x!cgc.float32> {
    %w = cgc.constant("${PAYLOAD}") : !cgc.tensor<constant 1x4x!cgc.float32>
    %y = cgc_op.add(%x, %w)
    cgc.return %y
  }
}
`;

test('a hostile constant name, file name and diagnostic render as text', async ({ page }) => {
  let dialogs = 0;
  page.on('dialog', (d) => { dialogs++; void d.dismiss(); });
  await page.goto('/');
  await expect(page.getByTestId('ir-output')).toContainText('cgc_op.convolution');
  await page.getByTestId('file-input').setInputFiles({ name: `${PAYLOAD}.mlir`, mimeType: 'text/plain', buffer: Buffer.from(IR) });
  await expectGraphReady(page);
  await page.getByTestId('graph-svg').locator('[data-node-id="%y"]').click();
  const details = page.getByTestId('node-details');
  await expect(details.locator('.constant')).toHaveText(`"${PAYLOAD}"`);
  await expect(page.getByTestId('model-summary')).toContainText(`${PAYLOAD}.mlir: 1 ops`);

  // The same name in a diagnostic: an untyped constant the weights do not describe.
  await page.getByTestId('tab-source').click();
  await page.getByTestId('ir-input').fill(IR.replace(' : !cgc.tensor<constant 1x4x!cgc.float32>', ''));
  await page.getByTestId('compile').click();
  await expect(page.getByTestId('compile-diagnostics')).toContainText(`type of constant "${PAYLOAD}" is unknown`);
  await expect(page.getByTestId('diagnostics')).toContainText(PAYLOAD);

  await expect(page.locator('img')).toHaveCount(0);
  expect(dialogs).toBe(0);
});
