// The run results panel: outputs named as the model names them, per-partition and per-kernel bars
// sortable by order, time and name and collapsible (kept across Runs), labels in their own column
// (never over a bar or a number), long labels shortened in the middle with the full text on hover.
import { expect, test, type Locator } from '@playwright/test';
import { collectPageProblems, expectGraphReady } from './support/app';

/** Each row's label ends before its bar starts, and its bar ends before its number starts. */
async function expectNoOverlap(chart: Locator): Promise<void> {
  const rows = await chart.locator('.bar-row').all();
  expect(rows.length).toBeGreaterThan(0);
  for (const row of rows) {
    const [label, track, bar, value] = await Promise.all(['.bar-label', '.bar-track', '.bar', '.bar-value'].map(async (q) => (await row.locator(q).boundingBox())!));
    expect(label!.x + label!.width).toBeLessThanOrEqual(track!.x);
    expect(bar!.x + bar!.width).toBeLessThanOrEqual(value!.x);
    expect(bar!.width).toBeGreaterThan(0);
  }
}

const msOf = (chart: Locator) => chart.locator('.bar').evaluateAll((bars) => bars.map((b) => Number((b as HTMLElement).dataset.ms)));
const labelsOf = (chart: Locator) => chart.locator('.bar-label').evaluateAll((ls) => ls.map((l) => l.getAttribute('title') ?? ''));

test('outputs by name; bars sortable, collapsible and labelled beside them', async ({ page }) => {
  const problems = collectPageProblems(page);
  await page.goto('/#model=demo:spec-7layer.mlir&view=graph');
  await expectGraphReady(page);
  await page.getByTestId('run').click();
  await expect(page.getByTestId('run-status')).toHaveText('done', { timeout: 50_000 });
  const results = page.getByTestId('run-results');
  await expect(results.getByTestId('output-name')).toHaveText(['upsample']);
  await expect(results).not.toContainText('output #0');
  await expect(page.getByTestId('run-panel-summary')).toContainText(/^1 run · median [\d.]+ ms/);

  const partitions = results.getByTestId('partition-chart');
  const kernels = results.getByTestId('kernel-chart');
  await expectNoOverlap(partitions);
  await expectNoOverlap(kernels);
  // A long label is shortened in the middle; hovering shows all of it.
  await expect(partitions.locator('.bar-label[title="@partition1_webgpu_fallback (webgpu-fallback)"]')).toHaveText('@partition1_webgpu_fallback (webgpu-fallback)');
  await expect(kernels.locator('.bar-label[title="@convolutionReluAdd #2 · convolutionReluAdd.0"]')).toHaveText('@convolutionReluAdd #2 · convolutionReluAdd.0');
  await expect(kernels.locator('.bar-label').first()).toHaveAttribute('title', /^@convolutionReluAdd · /);

  // Sorting: by time (slowest first), by name, back to program order.
  const order = await labelsOf(kernels);
  await results.getByTestId('kernel-chart-section').locator('button[data-sort="time"]').click();
  await expect(kernels).toHaveAttribute('data-sort', 'time');
  const ms = await msOf(kernels);
  expect(ms).toEqual([...ms].sort((a, b) => b - a));
  await results.getByTestId('kernel-chart-section').locator('button[data-sort="name"]').click();
  const names = await labelsOf(kernels);
  expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en', { numeric: true })));
  await results.getByTestId('kernel-chart-section').locator('button[data-sort="order"]').click();
  expect(await labelsOf(kernels)).toEqual(order);

  // Collapsing: the partition bars fold away, and stay folded (with the kernel sort) over the next Run.
  await results.getByTestId('kernel-chart-section').locator('button[data-sort="time"]').click();
  await results.getByTestId('partition-chart-section').locator('summary h3').click();
  await expect(partitions).toBeHidden();
  await page.getByTestId('run').click();
  await expect(page.getByTestId('run-status')).toHaveText('done', { timeout: 50_000 });
  await expect(results.getByTestId('partition-chart')).toBeHidden();
  await expect(results.getByTestId('kernel-chart')).toHaveAttribute('data-sort', 'time');
  await results.getByTestId('partition-chart-section').locator('summary h3').click();
  await expect(results.getByTestId('partition-chart')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('run-results.png') });
  expect(problems).toEqual([]);
});

test('an ONNX model\'s output keeps its ONNX name', async ({ page }) => {
  await page.goto('/#model=demo:tiny-cnn.onnx&view=graph');
  await expectGraphReady(page);
  await page.getByTestId('run').click();
  await expect(page.getByTestId('run-status')).toHaveText('done', { timeout: 50_000 });
  const output = page.getByTestId('run-results').getByTestId('run-output');
  await expect(output).toHaveAttribute('data-name', 'probabilities');
  await expect(output).toContainText(/^probabilities: 1×10 float32: /);
  await expectNoOverlap(page.getByTestId('run-results').getByTestId('kernel-chart'));
});
