// Linked views: selecting an op in the graph shows its Input IR line, the subgraph and partition it
// landed in (with its decision), its WGSL kernel and, after a Run, its kernel time and numeric diff;
// clicking another op's Input IR line or a kernel bar moves the graph selection (and the URL's node=).
import { expect, test } from '@playwright/test';
import { collectPageProblems, expectGraphReady } from './support/app';

const CONV = '%_stem_stem.0_Conv_output_0';
const RELU = '%_stem_stem.2_Relu_output_0';
const BLOCK_CONV = '%_block_block.0_Conv_output_0';

test('a conv of the tiny CNN links to its Input IR line, subgraph, partition and WGSL kernel', async ({ page }) => {
  const problems = collectPageProblems(page);
  await page.goto('/#model=demo:tiny-cnn.onnx&view=graph');
  await expectGraphReady(page);
  const svg = page.getByTestId('graph-svg');
  await page.getByTestId('graph-search').fill('stem.0_Conv');
  await page.getByTestId('graph-search').press('Enter');
  await svg.locator(`.node[data-node-id="${CONV}"]`).click();
  await expect(svg.locator('.node.selected')).toHaveAttribute('data-node-id', CONV);

  const linked = page.getByTestId('linked-view');
  await expect(linked).toHaveAttribute('data-node', CONV);
  await expect(linked.getByTestId('linked-input-line')).toContainText(`${CONV} = cgc_op.convolution`);
  await expect(linked.getByTestId('linked-subgraph')).toHaveText('subgraph @convolutionRelu in partition @partition0_webgpu (webgpu)');
  await expect(linked.getByTestId('linked-decision')).toContainText('taken by @conv_epilogue → webgpu');
  const kernel = linked.getByTestId('linked-kernel');
  await expect(kernel).toHaveCount(1);
  await expect(kernel.locator('summary code')).toHaveText(/\w/);
  await kernel.locator('summary').click();
  await expect(kernel.locator('pre')).toContainText('@compute');
  await expect(linked.getByTestId('linked-run')).toContainText('Run the program');
  await page.screenshot({ path: test.info().outputPath('linked-views.png'), fullPage: true });
  // The kernel opens in the IR view, and back.
  await linked.getByTestId('linked-kernels').getByTestId('linked-open').click();
  await expect(page.getByTestId('tab-ir')).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('ir-picker')).toHaveValue('wgsl.convolutionRelu');
  await expect(page.getByTestId('ir-text')).toContainText('// kernel convolutionRelu');
  await page.getByTestId('tab-graph').click();

  // Another op's line in the Input IR selects that op in the graph, and the URL keeps it.
  await linked.locator(`li[data-value="${RELU}"]`).click();
  await expect(svg.locator('.node.selected')).toHaveAttribute('data-node-id', RELU);
  await expect(page.getByTestId('node-title')).toContainText(RELU);
  await expect(linked.getByTestId('linked-input-line')).toContainText(`${RELU} = cgc_op.relu`);
  await expect.poll(() => decodeURIComponent(page.url())).toContain(`node=${RELU}`);

  // In the IR view, clicking an op's line of the Input IR selects it in the graph.
  await page.getByTestId('tab-ir').click();
  await page.getByTestId('ir-picker').selectOption('input');
  await page.getByTestId('ir-text').locator('span', { hasText: BLOCK_CONV }).first().click();
  await expect(page.getByTestId('tab-graph')).toHaveAttribute('aria-selected', 'true');
  await expect(svg.locator('.node.selected')).toHaveAttribute('data-node-id', BLOCK_CONV);
  await expect(linked).toHaveAttribute('data-node', BLOCK_CONV);

  // After a Run with numeric diff: the kernel's time and the diff row; a kernel bar selects its subgraph's first op.
  await page.getByTestId('run-diff').check();
  await page.getByTestId('run').click();
  await expect(page.getByTestId('run-status')).toHaveText('done', { timeout: 50_000 });
  await expect(linked.getByTestId('linked-kernel-time')).toHaveCount(1);
  await expect(linked.getByTestId('linked-diff')).toContainText('numeric diff: max abs error');
  // The selected op's kernel bar is marked in the Run results.
  await expect(page.getByTestId('kernel-chart').locator('.bar.linked')).toHaveAttribute('data-subgraph', 'convolutionRelu_1');
  await page.getByTestId('kernel-chart').locator('.bar[data-subgraph="maxPool"]').click();
  await expect(svg.locator('.node.selected')).toHaveAttribute('data-node-id', /MaxPool/);
  await expect(linked.getByTestId('linked-subgraph')).toContainText('subgraph @maxPool');
  expect(problems).toEqual([]);
});
