// Smoke: the app loads under its CSP, finds a WebGPU adapter (SwiftShader here), and parses/prints the demo IR.
import { expect, test, type Page } from '@playwright/test';

/** Console lines that mean the page is broken: CSP violations and uncaught errors. */
function collectPageProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error' || /Content Security Policy/i.test(msg.text())) problems.push(msg.text());
  });
  page.on('pageerror', (err) => problems.push(`pageerror: ${err.message}`));
  return problems;
}

test('loads, shows the WebGPU adapter, and respects the CSP', async ({ page }) => {
  const problems = collectPageProblems(page);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('DXCGC — graph compiler on WebGPU');
  const status = page.getByTestId('gpu-status');
  await expect(status).toContainText('WebGPU:');
  await expect(status).toContainText(/swiftshader/i);
  await expect(status).toContainText('(features:');
  await expect(status).not.toContainText('unavailable');
  await expect(page.getByTestId('model-picker')).toContainText('spec-7layer.mlir');
  await expect(page.getByTestId('help')).toContainText('CGC IR');
  expect(problems).toEqual([]);
});

test('prints the demo model in the pretty and the generic form', async ({ page }) => {
  await page.goto('/');
  await page.getByTestId('tab-source').click();
  await expect(page.getByTestId('ir-input')).toHaveValue(/cgc_op\.upsample/);
  const output = page.getByTestId('ir-output');
  await expect(output).toContainText('cgc_op.convolution');
  await expect(output).toContainText('!cgc.tensor<1x1x8x8x!cgc.float32>');
  await expect(page.getByTestId('diagnostics')).not.toContainText('error');

  await page.getByLabel('generic').check();
  await expect(output).toContainText('"cgc_op.convolution"');
  await page.getByLabel('pretty').check();
  await expect(output).not.toContainText('"cgc_op.convolution"');
  await expect(output).toContainText('cgc_op.convolution');
});

test('shows a diagnostic with line and column for broken IR', async ({ page }) => {
  await page.goto('/');
  await page.getByTestId('tab-source').click();
  const output = page.getByTestId('ir-output');
  await expect(output).toContainText('cgc_op.convolution');

  await page.getByTestId('ir-input').fill('cgc.module {\n  cgc.entry_point @main() -> {\n    %x = cgc_op.relu(\n  }\n}\n');
  await expect(page.getByTestId('diagnostics')).toContainText(/spec-7layer\.mlir:\d+:\d+: error: /);
  await expect(output).toBeEmpty();
});
