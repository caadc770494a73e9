// GPU faults during a Run: the device destroyed mid-run (through the e2e hook) is reported, and the
// next Run opens a new device and works with the same model; a program too big for the device's
// buffers is refused with the buffer and the limit named, and the next Run of a model that fits works.
import { expect, test, type Page } from '@playwright/test';
import { collectPageProblems, expectGraphReady } from './support/app';

async function runDone(page: Page): Promise<void> {
  await page.getByTestId('run').click();
  await expect(page.getByTestId('run-status')).toHaveText('done', { timeout: 50_000 });
  await expect(page.getByTestId('run-error')).toBeHidden();
}

test('the GPU device destroyed mid-run: the error is shown, and Run again works with the same model', async ({ page }) => {
  const problems = collectPageProblems(page);
  await page.goto('/#model=demo:spec-7layer.mlir&view=graph');
  await expectGraphReady(page);
  const summary = await page.getByTestId('model-summary').textContent();
  const status = page.getByTestId('gpu-status');
  await expect(status).toContainText('WebGPU: ');
  await page.getByTestId('run-count').selectOption('10');
  await page.getByTestId('run-diff').check();

  await page.evaluate(() => (window as unknown as { cgcTest: { loseDeviceMidRun(): void } }).cgcTest.loseDeviceMidRun());
  await page.getByTestId('run').click();
  await expect(page.getByTestId('run-status')).toHaveText('failed', { timeout: 50_000 });
  await expect(page.getByTestId('run-error')).toContainText('The run failed: the GPU device was lost.');
  await expect(page.getByTestId('run-error')).toContainText('Run again: it opens a new device');
  await expect(status).toHaveText('WebGPU device destroyed (the next Run opens a new one)');
  await expect(status).toHaveAttribute('data-state', 'error');
  await expect(page.getByTestId('run')).toBeEnabled();
  await page.screenshot({ path: test.info().outputPath('device-lost.png'), fullPage: true });

  // The same model, on a new device: loaded afresh, run 10×, diffed against the CPU reference.
  await runDone(page);
  await expect(status).toContainText('device #2, after a loss');
  await expect(page.getByTestId('model-summary')).toHaveText(summary!);
  const results = page.getByTestId('run-results');
  await expect(results.getByTestId('run-summary')).toContainText(/^10 runs · /);
  await expect(results.getByTestId('run-summary')).toContainText('program loaded in');
  await expect.poll(async () => Number(await results.getByTestId('max-abs-error').getAttribute('data-max-abs-error'))).toBeLessThanOrEqual(1e-4);
  await page.screenshot({ path: test.info().outputPath('device-recovered.png'), fullPage: true });
  expect(problems).toEqual([]);
});

test('a program past the device\'s buffer limit is refused with the buffer named; a model that fits then runs', async ({ page }) => {
  const problems = collectPageProblems(page);
  await page.goto('/#model=demo:spec-7layer.mlir&view=source');
  const input = page.getByTestId('ir-input');
  await expect(input).toHaveValue(/cgc\.entry_point/);
  await expect(page.getByTestId('run')).toBeEnabled();
  const original = await input.inputValue();
  // A 2 GiB input (2^29 elements, under the tensor element limit): more than SwiftShader's maxBufferSize.
  await input.fill(`cgc.module {
  cgc.entry_point @main(%huge: !cgc.tensor<1x2x16384x16384x!cgc.float32>) -> !cgc.tensor<1x2x16384x16384x!cgc.float32> {
    %y = cgc_op.relu(%huge)
    cgc.return %y
  }
}`);
  await page.getByTestId('compile').click();
  await expect(page.getByTestId('model-summary')).toContainText('1 ops → 1 subgraphs');
  await expect(page.getByTestId('run')).toBeEnabled();
  await page.getByTestId('run').click();
  await expect(page.getByTestId('run-error')).toContainText(/The run failed: input %huge \(Runtime\.input0\) needs 2048\.0 MiB, over this device's largest buffer \(maxBufferSize [\d.]+ MiB\)/);
  await expect(page.getByTestId('run-status')).toHaveText('failed');
  await expect(page.getByTestId('gpu-status')).toHaveAttribute('data-state', 'ok');

  await page.getByTestId('tab-source').click();
  await input.fill(original);
  await page.getByTestId('compile').click();
  await expect(page.getByTestId('model-summary')).toContainText('7 ops');
  await expectGraphReady(page);
  await runDone(page);
  await expect(page.getByTestId('run-results').getByTestId('run-output')).toContainText('upsample: 1×1×8×8 float32');
  expect(problems).toEqual([]);
});
