// Memory plan view: totals against the lower bound and naive sum, the arena setting with each
// arena's size, one rect per scratch tensor with a tooltip (size, live range, in-place reuse), and
// the implicit dependencies list; the arenas option recompiles with one arena per branch.
import { expect, test } from '@playwright/test';
import { openMenu } from './support/app';

test('the memory plan shows totals, tensors with tooltips, and implicit dependencies', async ({ page }) => {
  await page.goto('/#model=demo:tiny-cnn.onnx&view=memory');
  const totals = page.getByTestId('memory-totals');
  await expect(totals.locator('[data-total="scratch"]')).toHaveText('192.0 KiB (196,608 B)');
  await expect(totals.locator('[data-total="lower-bound"]')).toHaveText('192.0 KiB (196,608 B)');
  await expect(totals.locator('[data-total="naive"]')).toHaveText('240.5 KiB (246,272 B)');
  const tensors = page.getByTestId('memory-chart').locator('rect.tensor');
  await expect(tensors).toHaveCount(7); // the reshape is a view of its input: no scratch tensor of its own
  await tensors.first().hover();
  const tip = page.getByTestId('memory-tooltip');
  await expect(tip).toBeVisible();
  await expect(tip).toContainText(/live steps \d+–\d+: written by @\w+/);
  await expect(tip).toContainText(/in place|own memory/);
  await expect(page.getByTestId('implicit-deps')).toBeVisible();
  await expect(totals.locator('[data-total="arenas"]')).toHaveText('one (least memory): 192.0 KiB (196,608 B)');
  await openMenu(page, 'options');
  await page.getByTestId('arenas').selectOption('per-branch');
  await expect(totals.locator('[data-total="arenas"]')).toContainText('per branch (no buffer shared between branches): ');
});
