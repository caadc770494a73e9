// A target file dropped on the app: its target joins the targets list, the model recompiles, the
// partitions show the file's target and the program runs with its kernels (numeric diff against the
// CPU reference); unchecking it compiles without it again.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Page, expect, test } from '@playwright/test';
import { collectPageProblems, expectGraphReady, openMenu } from './support/app';

const EXAMPLE = join(import.meta.dirname, '../examples/targets/example-direct.cgc-target.json');

test('a dropped target file joins the targets, takes partitions and runs', async ({ page }) => {
  const problems = collectPageProblems(page);
  await page.goto('/#model=demo:spec-7layer.mlir&view=graph');
  await expectGraphReady(page);
  await expect(page.getByTestId('graph-legend')).toContainText('@partition0_webgpu');

  await drop(page, 'example-direct.cgc-target.json', readFileSync(EXAMPLE, 'utf8'));
  await expect(page.getByTestId('target-example-direct')).toBeChecked();
  await expect(page.getByTestId('graph-legend')).toContainText('@partition0_example_direct');
  await expectGraphReady(page);
  await expect(page.getByTestId('model-summary')).toContainText('spec-7layer.mlir');
  await page.screenshot({ path: test.info().outputPath('target-file.png'), fullPage: true });

  // The program runs with the file's kernels and matches the CPU reference.
  await page.getByTestId('run-diff').check();
  await page.getByTestId('run').click();
  await expect(page.getByTestId('run-status')).toHaveText('done', { timeout: 50_000 });
  const err = page.getByTestId('max-abs-error');
  await expect(err).toContainText('max abs error vs CPU reference:');
  await expect.poll(async () => Number(await err.getAttribute('data-max-abs-error'))).toBeLessThanOrEqual(1e-4);

  await openMenu(page, 'options');
  await page.getByTestId('target-example-direct').uncheck();
  await expect(page.getByTestId('graph-legend')).toContainText('@partition0_webgpu');
  await expect(page.getByTestId('graph-legend')).not.toContainText('example_direct');

  // A malformed target file: the compile says what is wrong where; unchecking it compiles again.
  await drop(page, 'broken.json', '{"format": "cgc-target", "version": 1, "name": "broken", "patterns": []}');
  await expect(page.getByTestId('compile-diagnostics')).toContainText('broken.json:patterns: must be an array of 1 to 32 patterns');
  await openMenu(page, 'options');
  await page.getByTestId('target-broken').uncheck();
  await expectGraphReady(page);
  await expect(page.getByTestId('graph-legend')).toContainText('@partition0_webgpu');
  expect(problems).toEqual([]);
});

/** Drops a file on the page, as a drag from the desktop would. */
async function drop(page: Page, name: string, text: string): Promise<void> {
  await page.evaluate(({ name, text }) => {
    const data = new DataTransfer();
    data.items.add(new File([text], name, { type: 'application/json' }));
    document.dispatchEvent(new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true }));
  }, { name, text });
}
