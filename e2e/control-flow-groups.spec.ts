// Control-flow regions in the graph: a model with a 16-iteration Loop and an If on a run-time
// condition shows the Loop as one closed region and the If's branches in open boxes; opening the
// Loop shows its iterations' ops, and closing one draws it as one node again.
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { collectPageProblems, expectGraphReady } from './support/app';
import { saveScreens } from './support/screens';

test('an If and a Loop are drawn as groups that open and close', async ({ page }) => {
  test.setTimeout(120_000); // two sets of screenshots
  const problems = collectPageProblems(page);
  await page.goto('/');
  await expect(page.getByTestId('ir-output')).toContainText('cgc_op.convolution');
  await page.getByTestId('file-input').setInputFiles(join(import.meta.dirname, 'fixtures/control-flow.onnx'));
  await expectGraphReady(page);
  await expect(page.getByTestId('model-summary')).toContainText('control-flow.onnx: 36 ops');
  const svg = page.getByTestId('graph-svg');

  // The Loop (32 ops) is closed: one node that says what it is; the If (4 ops) is open, one box per branch.
  const loop = svg.locator('.node.region[data-region="Loop loop_1"]');
  await expect(loop.locator('.node-op')).toHaveText('Loop loop_1 — 16 iterations');
  await expect(loop.locator('.node-name')).toHaveText('32 ops · double-click to open');
  await expect(svg.locator('.node.op')).toHaveCount(4);
  await expect(svg.locator('.node.op .node-op')).toHaveText(['relu', 'mul', 'sigmoid', 'where']);
  await expect(svg.locator('rect.region-box')).toHaveCount(3);
  // the model's facts count the ops the closed region holds
  await expect(page.getByTestId('model-properties')).toContainText('36 (6 kinds)');
  await expect(svg.locator('.region-label')).toContainText(['▾ If gate › then_branch']);
  await saveScreens(page, 'control-flow-groups-closed');

  // Searching for an op inside the closed Loop finds the Loop's node, which says what it holds; Open
  // region shows the 16 iterations' ops in their boxes.
  await page.getByTestId('graph-search').fill('tanh');
  await page.getByTestId('graph-search').press('Enter');
  await expect(page.getByTestId('node-title')).toHaveText('Loop loop_1 — 16 iterations');
  await expect(page.getByTestId('node-details').locator('[data-fact="ops"]')).toHaveText('32');
  await page.getByTestId('open-region').click();
  await expect(svg).toHaveAttribute('data-open-regions', '20');
  await expect(svg.locator('.node.region')).toHaveCount(0);
  await expect(page.getByTestId('node-details')).toContainText('Select a node');
  await page.getByTestId('graph-search').fill('matmul');
  await page.getByTestId('graph-search').press('Enter');
  await expect(page.getByTestId('node-title')).toContainText('= cgc_op.matmul');
  await expect(page.getByTestId('node-details').locator('[data-fact="region"]')).toHaveText('Loop loop_1 › iteration 0');
  // in a region's box an op has no subgraph box of its own to collapse into
  await expect(page.getByTestId('node-details').locator('[data-fact="subgraph"]')).toContainText('@matmulTanh');
  await expect(page.getByTestId('collapse-subgraph')).toHaveCount(0);
  await expect(svg.locator('rect.region-box[data-region="Loop loop_1 / iteration 0"]')).toBeVisible();
  await saveScreens(page, 'control-flow-groups-open');

  // Close region (or G on a selected op) draws that iteration as one node again; double-clicking it opens it.
  await page.getByTestId('close-region').click();
  const first = svg.locator('.node.region[data-region="Loop loop_1 / iteration 0"]');
  await expect(first.locator('.node-op')).toHaveText('Loop loop_1 › iteration 0');
  await expect(page.getByTestId('node-title')).toHaveText('Loop loop_1 › iteration 0');
  await first.dblclick();
  await expect(svg.locator('.node.region')).toHaveCount(0);
  await expect(svg).toHaveAttribute('data-open-regions', '20');
  // G on an op inside an open region closes it.
  await page.getByTestId('graph-search').fill('sigmoid');
  await page.getByTestId('graph-search').press('Enter');
  await expect(page.getByTestId('node-title')).toHaveText('%e = cgc_op.sigmoid');
  await svg.press('g');
  await expect(svg.locator('.node.region[data-region="If gate / else_branch"] .node-op')).toHaveText('If gate › else_branch');
  expect(problems).toEqual([]);
});
