// The page's warm-up (GpuSession.warmUp): the worker compiles the warm-up model (engine/warm-up-model.ts)
// without touching the page's own compile, the page loads it and drops it, and its pipelines serve the
// next Run. SwiftShader is a software adapter, where the page warms nothing up by itself; the test
// hook asks for it anyway.
import { expect, test } from '@playwright/test';
import { collectPageProblems, expectGraphReady } from './support/app';

test('the warm-up compiles in the worker beside the page\'s model and loads on the page\'s device; Run still runs', async ({ page }) => {
  const problems = collectPageProblems(page);
  await page.goto('/');
  await expectGraphReady(page);
  const summary = await page.getByTestId('model-summary').textContent();
  const warmed = await page.evaluate(() => (window as unknown as { cgcTest: { warmUp(): Promise<string> } }).cgcTest.warmUp());
  expect(warmed).toBe('warmed up: 6 kernels');
  // Not one of the page's compiles: the model shown is the one compiled before.
  await expect(page.getByTestId('model-summary')).toHaveText(summary!);
  await page.getByTestId('run-count').selectOption('1');
  await page.getByTestId('run').click();
  await expect(page.getByTestId('run-results').getByTestId('run-output')).toContainText('upsample: 1×1×8×8 float32');
  expect(problems).toEqual([]);
});
