// Compile options: fusion off compiles without the fused webgpu target, targets can be switched off
// (an op no enabled target takes is a compile error naming it; a host partition says why it is on
// the host), every view follows, and the options travel in the link.
import { expect, test } from '@playwright/test';
import { collectPageProblems, expectGraphReady, openMenu } from './support/app';

test('fusion off and target choices recompile and update every view and the link', async ({ page, context }) => {
  const problems = collectPageProblems(page);
  await page.goto('/#model=demo:spec-7layer.mlir&view=graph');
  await expectGraphReady(page);
  await expect(page.getByTestId('graph-legend')).toContainText('@partition0_webgpu');

  await openMenu(page, 'options');
  await page.getByTestId('opt-fusion').uncheck();
  await expect(page.getByTestId('graph-legend').locator('li')).toHaveCount(1);
  await expect(page.getByTestId('graph-legend')).toContainText('webgpu-fallback · 7 subgraphs');
  await expectGraphReady(page);
  await expect(page.getByTestId('target-webgpu')).toBeDisabled();
  await expect(page).toHaveURL(/fusion=off/);
  await page.getByTestId('tab-ir').click();
  await expect(page.getByTestId('ir-picker').locator('optgroup option')).toHaveCount(4); // convolution, relu, add, upsample (each symbol once)
  await page.getByTestId('tab-memory').click();
  await expect(page.getByTestId('memory-view')).toContainText('scratch');

  // Fusion back on, fallback off: nothing takes the upsample.
  await openMenu(page, 'options');
  await page.getByTestId('opt-fusion').check();
  await page.getByTestId('target-webgpu-fallback').uncheck();
  await page.getByTestId('target-webgpu-loop').uncheck();
  await page.getByTestId('target-cpu-reference').uncheck();
  await expect(page.getByTestId('compile-diagnostics')).toContainText("no target can take 1 op(s): 'cgc_op.upsample'");
  await expect(page.getByTestId('model-summary')).toHaveText('spec-7layer.mlir: not compiled');
  await expect(page.getByTestId('run')).toBeDisabled();
  await page.screenshot({ path: test.info().outputPath('compile-options-error.png'), fullPage: true });
  await expect(page).toHaveURL(/targets=webgpu(&|$)/);

  // The last target cannot be switched off.
  await page.getByTestId('target-webgpu').click();
  await expect(page.getByTestId('target-webgpu')).toBeChecked();
  await expect(page.getByTestId('share-status')).toHaveText('at least one target must stay enabled');

  await page.getByTestId('target-cpu-reference').check();
  await expect(page.getByTestId('graph-legend')).toContainText('cpu-reference');
  // The host partition says why it is there.
  await expect(page.getByTestId('host-reason')).toContainText("on the host: @upsample: no pattern of another target matched 'cgc_op.upsample'");
  const other = await context.newPage();
  await other.goto(page.url());
  await expect(other.getByTestId('target-webgpu-fallback')).not.toBeChecked();
  await expect(other.getByTestId('graph-legend')).toContainText('cpu-reference');
  expect(problems).toEqual([]);
});
