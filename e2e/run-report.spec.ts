// Export run report: after a Run, the button downloads the same JSON as `cgc run --json`
// (format cgc-run-report) with the partitions, the kernels and the outputs under the model's names.
import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { collectPageProblems, expectGraphReady } from './support/app';

test('the run report downloads as cgc-run-report JSON with partitions and output names', async ({ page }) => {
  const problems = collectPageProblems(page);
  await page.goto('/#model=demo:spec-7layer.mlir&view=graph');
  await expectGraphReady(page);
  await page.getByTestId('run').click();
  await expect(page.getByTestId('run-status')).toHaveText('done', { timeout: 50_000 });
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('run-export').click()]);
  expect(download.suggestedFilename()).toBe('spec-7layer-run-report.json');
  const report = JSON.parse(await readFile((await download.path())!, 'utf8'));
  expect(report.format).toBe('cgc-run-report');
  expect(report.model).toBe('spec-7layer.mlir');
  expect(report.runs).toBe(1);
  expect(report.partitions.map((p: { partition: string }) => p.partition)).toEqual(['partition0_webgpu', 'partition1_webgpu_fallback']);
  expect(report.kernels.length).toBe(3);
  expect(report.outputs).toHaveLength(1);
  expect(report.outputs[0].name).toMatch(/^%\w+/);
  expect(report.outputs[0].shape).toEqual([1, 1, 8, 8]);
  expect(report.adapter).not.toBe('unknown');
  expect(report.options).toMatchObject({ granularity: 'coarse', fusion: true, runs: 1, diff: false });
  expect(report.options.inputs[0]).toContain('seeded random');
  expect(problems).toEqual([]);
});
