// Without WebGPU (navigator.gpu deleted before the app starts) the page says what to enable; compile
// and the views still work, and Run is disabled with that reason.
import { expect, test } from '@playwright/test';
import { expectGraphReady } from './support/app';

test('no navigator.gpu: a panel says what to enable, views work, Run is disabled', async ({ page }) => {
  await page.addInitScript(() => { delete (Navigator.prototype as { gpu?: unknown }).gpu; });
  await page.goto('/#model=demo:spec-7layer.mlir&view=graph');
  const panel = page.getByTestId('webgpu-missing');
  await expect(panel).toBeVisible();
  await expect(panel).toContainText('WebGPU is not available in this browser');
  await expect(panel).toContainText('chrome://flags');
  await expect(panel).toContainText('--enable-unsafe-webgpu');
  await expect(page.getByTestId('webgpu-missing-reason')).toContainText('navigator.gpu is missing');
  await expectGraphReady(page);
  // The notice takes room from the graph, which Fit keeps readable (its width, the rest scrolls): zoom
  // out to see all of it (the view draws only the nodes on screen).
  await page.getByTestId('graph-svg').focus();
  await page.keyboard.press('-');
  await page.keyboard.press('-');
  await expect(page.getByTestId('graph-svg').locator('.node.op')).toHaveCount(7);
  await expect(page.getByTestId('run')).toBeDisabled();
  await expect(page.getByTestId('run')).toHaveAttribute('title', /^Run needs WebGPU: navigator\.gpu is missing/);
  await expect(page.getByTestId('run-status')).toContainText('Run is disabled');
  await page.screenshot({ path: test.info().outputPath('no-webgpu.png'), fullPage: true });
});
