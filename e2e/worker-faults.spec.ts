// Compile worker faults: a crashed worker is detected and reported, and the next compile starts a new
// one; a hung worker (a busy loop that never yields) is detected by the progress watchdog, or ended by
// Cancel when it does not stop by itself; the model the user loaded (and edited) is never lost.
import { type Locator, type Page, expect, test } from '@playwright/test';
import { collectPageProblems, expectGraphReady } from './support/app';

type Fault = 'crash' | 'hang';

async function injectFault(page: Page, fault: Fault, hangMs?: number): Promise<void> {
  await page.evaluate(([f, ms]) => (window as unknown as { cgcTest: { compileWorkerFault(f: Fault, ms?: number): Promise<void> } }).cgcTest.compileWorkerFault(f, ms), [fault, hangMs] as const);
}

/** Compile works again: the graph of the (edited) model is laid out and no error is listed. */
async function compilesAgain(page: Page, edited: string): Promise<void> {
  await page.getByTestId('compile').click();
  await expect(page.getByTestId('model-summary')).toContainText(/compiled in \d+ ms/);
  await expectGraphReady(page);
  await expect(page.getByTestId('compile-diagnostics').locator('.error')).toHaveCount(0);
  await expect(page.getByTestId('graph-svg').locator('.node[data-node-id="%edited"]')).toHaveCount(1);
  await page.getByTestId('tab-source').click();
  await expect(page.getByTestId('ir-input')).toHaveValue(edited);
}

/** The demo, compiled, then edited in the source view: an edit the user would not want to lose. */
async function openEditedDemo(page: Page): Promise<{ input: Locator; edited: string }> {
  await page.goto('/#model=demo:spec-7layer.mlir&view=source');
  const input = page.getByTestId('ir-input');
  await expect(input).toHaveValue(/%relu1 = cgc_op\.relu/);
  await expectGraphReady(page);
  const edited = (await input.inputValue()).replace(/%relu1\b/g, '%edited');
  await input.fill(edited);
  return { input, edited };
}

test('a crashed compile worker is reported, and the next compile starts a new one', async ({ page }) => {
  const problems = collectPageProblems(page);
  const { input, edited } = await openEditedDemo(page);

  await injectFault(page, 'crash');
  await page.getByTestId('compile').click();
  const diagnostics = page.getByTestId('compile-diagnostics');
  await expect(diagnostics.locator('.error')).toContainText('the compile worker crashed (');
  await expect(diagnostics.locator('.error')).toContainText('the next compile starts a new one');
  await expect(page.getByTestId('progress-row')).toBeHidden();
  await expect(input).toHaveValue(edited);
  await page.screenshot({ path: test.info().outputPath('worker-crash.png'), fullPage: true });

  await compilesAgain(page, edited);
  expect(problems.filter((p) => !p.includes('injected crash'))).toEqual([]);
});

test('a hung compile worker is stopped by the watchdog, or by Cancel; the next compile works', async ({ page }) => {
  const problems = collectPageProblems(page);
  const { input, edited } = await openEditedDemo(page);
  const diagnostics = page.getByTestId('compile-diagnostics');

  // No progress for 1.5 s: the watchdog ends the worker.
  await injectFault(page, 'hang', 1500);
  await page.getByTestId('compile').click();
  await expect(page.getByTestId('cancel')).toBeVisible();
  await expect(diagnostics.locator('.error')).toContainText('the compile worker stopped responding (no progress for 1.5 s): it was stopped');
  await expect(page.getByTestId('progress-row')).toBeHidden();
  await expect(input).toHaveValue(edited);
  await compilesAgain(page, edited);

  // A hang under the normal watchdog: Cancel cannot reach the busy worker, so it is ended after a grace period.
  await injectFault(page, 'hang');
  await page.getByTestId('compile').click();
  await expect(page.getByTestId('cancel')).toBeVisible();
  await page.getByTestId('cancel').click();
  await expect(page.getByTestId('progress-row')).toBeHidden();
  await expect(diagnostics.locator('.error')).toContainText('the compile was cancelled: the worker did not stop by itself, so it was ended');
  await page.screenshot({ path: test.info().outputPath('worker-hang-cancelled.png'), fullPage: true });
  await expect(input).toHaveValue(edited);
  await compilesAgain(page, edited);
  expect(problems).toEqual([]);
});
