// Graph view: a demo compiles in the worker, the graph shows subgraph groups and a partition legend,
// and selecting a node (click, keyboard, search) shows its types and decision log.
import { expect, test } from '@playwright/test';
import { collectPageProblems, expectGraphReady } from './support/app';
import { saveScreens } from './support/screens';

test('demo → compile → grouped graph with legend; a node shows its decision log', async ({ page }) => {
  const problems = collectPageProblems(page);
  await page.goto('/');
  await page.getByTestId('model-picker').selectOption('spec-7layer.mlir');
  await expect(page.getByTestId('tab-graph')).toHaveAttribute('aria-selected', 'true');
  await expectGraphReady(page);
  await expect(page.getByTestId('model-summary')).toContainText('spec-7layer.mlir: 7 ops → 3 subgraphs in 2 partitions');

  const svg = page.getByTestId('graph-svg');
  await saveScreens(page, 'graph-view');
  await expect(svg.locator('rect.group')).toHaveCount(3);
  await expect(svg.locator('rect.group[data-partition="partition0_webgpu"]')).toHaveCount(2);
  await expect(svg.locator('rect.group[data-target="webgpu-fallback"]')).toHaveAttribute('stroke-dasharray', '6 3');
  const legend = page.getByTestId('graph-legend');
  await expect(legend).toContainText('@partition0_webgpu webgpu · 2 subgraphs');
  await expect(legend).toContainText('@partition1_webgpu_fallback webgpu-fallback · 1 subgraph');

  await svg.locator('[data-node-id="%conv1"]').click();
  const details = page.getByTestId('node-details');
  await expect(page.getByTestId('node-title')).toHaveText('%conv1 = cgc_op.convolution');
  await expect(details.locator('[data-fact="partition"]')).toHaveText('@partition0_webgpu (webgpu)');
  await expect(details.locator('[data-fact="subgraph"]')).toContainText('@convolutionReluAdd');
  await expect(details).toContainText('!cgc.tensor<constant 1x1x3x3x!cgc.float32> weights "w1"');
  const log = page.getByTestId('decision-log');
  await expect(log).toContainText('taken by @conv_epilogue → webgpu (subgraph @convolutionReluAdd)');
  await expect(log.locator('.rejected li').first()).toContainText('rejected:');
  await expect(svg.locator('.node.selected')).toHaveAttribute('data-node-id', '%conv1');

  // Keyboard: down follows an edge to the consumer; up comes back.
  await svg.press('ArrowDown');
  await expect(page.getByTestId('node-title')).toHaveText('%relu1 = cgc_op.relu');
  await svg.press('ArrowUp');
  await expect(page.getByTestId('node-title')).toHaveText('%conv1 = cgc_op.convolution');

  // Search by op; Enter jumps to the match.
  await page.getByTestId('graph-search').fill('upsample');
  await expect(page.getByTestId('graph-matches')).toHaveText('1 match');
  await page.getByTestId('graph-search').press('Enter');
  await expect(page.getByTestId('node-title')).toHaveText('%upsample = cgc_op.upsample');
  await expect(details.locator('[data-fact="target"]')).toHaveText('webgpu-fallback');

  // Zoom out with the wheel, then Fit brings every node back on screen.
  await svg.hover();
  await page.mouse.wheel(0, 800);
  await page.getByTestId('graph-fit').click();
  await expect(svg).toHaveAttribute('data-visible-nodes', '9');
  await expect(page.getByTestId('run')).toBeEnabled();
  expect(problems).toEqual([]);
});
