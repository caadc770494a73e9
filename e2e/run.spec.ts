// Run: the compiled demo runs on WebGPU (SwiftShader here) with seeded random inputs — outputs and
// top-5, a bar per partition with its timing source and a bar per kernel from the profiling run,
// median/min over 10 runs, numeric diff against the CPU reference, the graph overlays (partition time,
// kernel time, error) — and a failing Run is reported in the page.
import { expect, test, type Page } from '@playwright/test';
import { collectPageProblems, expectGraphReady } from './support/app';

const RED_PIXEL_PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

/** Runs with the current controls and waits until the run status says it finished. */
async function run(page: Page): Promise<void> {
  await page.getByTestId('run').click();
  await expect(page.getByTestId('run-status')).toHaveText('done', { timeout: 50_000 });
}

test('the spec demo runs: outputs, one bar per partition, timing source, 10× median/min, numeric diff', async ({ page }) => {
  const problems = collectPageProblems(page);
  await page.goto('/#model=demo:spec-7layer.mlir&view=graph');
  await expectGraphReady(page);
  await expect(page.getByTestId('run')).toBeEnabled();
  await run(page);
  const results = page.getByTestId('run-results');
  await expect(results.getByTestId('run-output')).toHaveCount(1);
  await expect(results.getByTestId('run-output')).toContainText('upsample: 1×1×8×8 float32');
  await expect(results.getByTestId('output-values')).toHaveText(/^-?\d/);
  const chart = results.getByTestId('partition-chart');
  await expect(chart.locator('.bar')).toHaveCount(2);
  await expect(chart.locator('.bar[data-partition="partition0_webgpu"]')).toHaveCount(1);
  await expect(results.getByTestId('timing-source')).toHaveText(/^per-partition times: (GPU timestamps \(timestamp-query\)|host wall time)/);
  await expect(results.getByTestId('run-summary')).toContainText(/^1 run · median [\d.]+ ms · min [\d.]+ ms/);
  await expect(results.getByTestId('run-summary')).toContainText('3 dispatches and 1 submit per run');
  // The first Run after a compile: its phases from the compile on.
  await expect(results.getByTestId('first-result')).toHaveText(/^Time to first result: compile [\d.]+ ms \(import and compile, in the worker\) \+ load [\d.]+ ms \(pipelines and weights\) \+ first run [\d.]+ ms = [\d.]+ ms$/);
  await expect(results.getByTestId('host-partitions')).toContainText('Every partition ran on the GPU');

  // One bar per kernel (SwiftShader has timestamp-query): two fused convolution subgraphs and the upsample.
  const kernels = results.getByTestId('kernel-chart');
  await expect(results.getByTestId('kernel-source')).toContainText('one extra profiling run after the timed runs');
  await expect(kernels.locator('.bar')).toHaveCount(3);
  await expect(kernels.locator('.bar[data-subgraph="convolutionReluAdd"]')).toHaveCount(2);
  await expect(kernels.locator('.bar-label', { hasText: '@convolutionReluAdd #2' })).toHaveCount(1);
  await expect(kernels.locator('.bar[data-partition="partition1_webgpu_fallback"]')).toHaveCount(1);

  // The graph is shaded by partition time, then by each subgraph's kernel total. The run panel took
  // room from the graph: folded, it gives it back, and Fit brings every node (the view draws only
  // those on screen) into view.
  const svg = page.getByTestId('graph-svg');
  await page.getByTestId('run-panel-toggle').click();
  await expect(page.getByTestId('run-panel-toggle')).toHaveAttribute('aria-expanded', 'false');
  await page.getByTestId('graph-fit').click();
  await expect(svg).toHaveAttribute('data-overlay', 'time');
  await expect(svg.locator('.node.op[class*="heat-"]')).toHaveCount(7);
  await expect(page.getByTestId('overlay-legend')).toContainText('every node of a partition gets the same shade');
  await page.getByTestId('graph-overlay').selectOption('kernel');
  await expect(svg).toHaveAttribute('data-overlay', 'kernel');
  await expect(svg.locator('.node.op[class*="heat-"]')).toHaveCount(7);
  await expect(page.getByTestId('overlay-legend')).toContainText("kernels of the node's subgraph");
  await expect(svg.locator('.node.op[data-overlay-value]')).toHaveCount(7);
  await page.screenshot({ path: test.info().outputPath('run-kernel-timings.png'), fullPage: true });

  await page.getByTestId('run-count').selectOption('10');
  await page.getByTestId('run-diff').check();
  await run(page);
  await expect(results.getByTestId('run-summary')).toContainText(/^10 runs · median [\d.]+ ms · min [\d.]+ ms/);
  const err = results.getByTestId('max-abs-error');
  await expect(err).toContainText('max abs error vs CPU reference:');
  await expect.poll(async () => Number(await err.getAttribute('data-max-abs-error'))).toBeLessThanOrEqual(1e-4);
  await expect(svg).toHaveAttribute('data-overlay', 'error');
  if (await page.getByTestId('run-panel-toggle').getAttribute('aria-expanded') === 'true') await page.getByTestId('run-panel-toggle').click();
  await page.getByTestId('graph-fit').click();
  // The error legend takes room too: zoom out to see every node (the view draws only those on screen).
  await svg.focus();
  await page.keyboard.press('-');
  await page.keyboard.press('-');
  await expect(svg.locator('.node.output.err-ok')).toHaveCount(1);
  // Every op is coloured: the three subgraph results (%add1, %add2, %upsample) by their own read-back
  // value, the convolutions and relus inside the fused subgraphs (dashed) by their subgraph's results.
  await expect(svg.locator('.node.op.err-ok')).toHaveCount(7);
  await expect(svg.locator('.node.op.err-none')).toHaveCount(0);
  await expect(svg.locator('.node.op.err-fused')).toHaveCount(4);
  await expect(svg.locator('.node.op.err-fused[data-node-id="%relu1"]')).toHaveCount(1);
  await expect(svg.locator('.node.op:not(.err-fused)[data-node-id="%add1"]')).toHaveAttribute('data-overlay-value', /^(0|\d\.\d\de-\d+)$/);
  await expect(svg.locator('.group-label', { hasText: 'max err' })).toHaveCount(3);
  const coverage = page.getByTestId('diff-coverage');
  await expect(coverage).toHaveText('7 of 7 ops compared: 3 by their own value, 4 through their fused subgraph.');
  await expect(page.getByTestId('overlay-legend')).toContainText('inside a fused subgraph');
  await expect(results.getByTestId('reference-time')).toContainText('read back 3 subgraph results');
  // Node details: a subgraph result's own error, and a fused op's error through its subgraph.
  await svg.locator('.node[data-node-id="%add1"]').click();
  await expect(page.locator('#node-details dd[data-fact="max abs error"]')).toContainText('this value, read back from the GPU');
  await svg.locator('.node[data-node-id="%relu1"]').click();
  await expect(page.locator('#node-details dd[data-fact="max abs error"]')).toContainText('inside a fused subgraph');
  await page.screenshot({ path: test.info().outputPath('run-numeric-diff.png'), fullPage: true });
  expect(problems).toEqual([]);
});

test('the tiny CNN runs: a 1×10 output with its top-5, matching the CPU reference', async ({ page }) => {
  const problems = collectPageProblems(page);
  await page.goto('/#model=demo:tiny-cnn.onnx&view=graph');
  await expectGraphReady(page);
  await page.getByTestId('run-diff').check();
  await run(page);
  const results = page.getByTestId('run-results');
  await expect(results.getByTestId('run-output')).toContainText('probabilities: 1×10 float32');
  const top5 = results.getByTestId('top5').locator('li');
  await expect(top5).toHaveCount(5);
  await expect(top5.first()).toHaveText(/^#\d \(-?\d\.\d{3}/);
  await expect(results.getByTestId('partition-chart').locator('.bar')).toHaveCount(1);
  await expect(results.getByTestId('run-summary')).toContainText('program loaded in');
  await expect.poll(async () => Number(await results.getByTestId('max-abs-error').getAttribute('data-max-abs-error'))).toBeLessThanOrEqual(1e-4);
  // Every op of the imported graph is compared (its own value or its fused subgraph's), all within 1e-4.
  const coverage = page.getByTestId('diff-coverage');
  await expect(coverage).toContainText(/^ \d+ of \d+ ops compared/);
  const [own, fused, views, ops] = await Promise.all(['data-own', 'data-fused', 'data-views', 'data-ops'].map(async (a) => Number(await coverage.getAttribute(a))));
  expect(own + fused + views).toBe(ops);
  expect(own).toBeGreaterThan(0);
  // The Flatten before the Gemm is read through by the Gemm's kernel (an operand prologue): it is
  // compared through that fused subgraph, and no op is left as a bare view.
  expect(views).toBe(0);
  expect(fused).toBeGreaterThan(0);
  await expect(coverage).not.toContainText('as views of their operand');
  // The view draws only the nodes on screen: each drawn op is green.
  const svg = page.getByTestId('graph-svg');
  await expect(svg.locator('.node.op.err-ok').first()).toBeVisible();
  await expect(svg.locator('.node.op:not(.err-ok)')).toHaveCount(0);

  // A picked image fills the 1×3×32×32 input, stretched and normalized.
  await page.getByTestId('run-image').setInputFiles({ name: 'red.png', mimeType: 'image/png', buffer: Buffer.from(RED_PIXEL_PNG, 'base64') });
  await run(page);
  await expect(results.getByTestId('run-inputs')).toHaveText(/^input #0: red\.png resized to 32×32, ImageNet mean\/std/);
  await expect(results.getByTestId('top5').locator('li')).toHaveCount(5);
  expect(problems).toEqual([]);
});

test('a failed Run shows its error in the page, and the next Run works', async ({ page }) => {
  const problems = collectPageProblems(page);
  await page.goto('/#model=demo:spec-7layer.mlir&view=source');
  const input = page.getByTestId('ir-input');
  await expect(input).toHaveValue(/cgc\.constant\("b2"\)/);
  await expect(page.getByTestId('run')).toBeEnabled();
  const original = await input.inputValue();
  // A constant the weights file does not have: it compiles (its type is written), but cannot run.
  await input.fill(original.replace('cgc.constant("b2")', 'cgc.constant("b9") : !cgc.tensor<constant 1x!cgc.float32>'));
  await page.getByTestId('compile').click();
  await expectGraphReady(page);
  await page.getByTestId('run').click();
  await expect(page.getByTestId('run-error')).toContainText('The run failed: constant "b9" is missing from the weights');
  await expect(page.getByTestId('run-status')).toHaveText('failed');
  await expect(page.getByTestId('run')).toBeEnabled();

  await page.getByTestId('tab-source').click();
  await input.fill(original);
  await page.getByTestId('compile').click();
  await expectGraphReady(page);
  await run(page);
  await expect(page.getByTestId('run-error')).toBeHidden();
  await expect(page.getByTestId('run-results').getByTestId('run-output')).toHaveCount(1);
  expect(problems).toEqual([]);
});
