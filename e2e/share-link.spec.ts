// Share links: the hash carries the model and the view; opening the link restores them. A URL model
// is only put in the URL field: nothing is fetched until the user presses Load.
import { expect, test } from '@playwright/test';
import { expectGraphReady, openMenu, compilePerSubgraph, selectResidualAdd } from './support/app';

test('a share link round-trips model, view, selected node and granularity', async ({ page, context }) => {
  await page.goto('/');
  await page.getByTestId('model-picker').selectOption('tiny-cnn.onnx');
  await expectGraphReady(page);
  await compilePerSubgraph(page);
  await selectResidualAdd(page);
  await openMenu(page, 'share');
  await page.getByTestId('share').click();
  await expect(page).toHaveURL(/#model=demo%3Atiny-cnn\.onnx&view=graph&node=%25_Add_output_0&gran=per-subgraph$/);

  const other = await context.newPage();
  await other.goto(page.url());
  await expectGraphReady(other);
  await expect(other.getByTestId('tab-graph')).toHaveAttribute('aria-selected', 'true');
  await expect(other.getByTestId('granularity')).toHaveValue('per-subgraph');
  await expect(other.getByTestId('node-title')).toHaveText('%_Add_output_0 = cgc_op.add');
  await expect(other.getByTestId('graph-svg').locator('.node.selected')).toHaveAttribute('data-node-id', '%_Add_output_0');
  await expect(other.getByTestId('model-summary')).toContainText('in 8 partitions');
});

test('a URL in a link waits for the Load click', async ({ page, baseURL }) => {
  const modelUrl = `${baseURL}/models/tiny-cnn.onnx`;
  const fetched: string[] = [];
  page.on('request', (r) => { if (r.url().endsWith('/models/tiny-cnn.onnx')) fetched.push(r.url()); });
  await page.goto(`/#model=${encodeURIComponent(`url:${modelUrl}`)}&view=graph`);
  await expect(page.getByTestId('url-input')).toHaveValue(modelUrl);
  await expect(page.getByTestId('share-status')).toContainText('press Load');
  expect(fetched).toEqual([]);
  await openMenu(page, 'url');
  await page.getByTestId('url-load').click();
  await expectGraphReady(page);
  await expect(page.getByTestId('model-summary')).toContainText('tiny-cnn.onnx: 14 ops');
  expect(fetched).toEqual([modelUrl]);

  await page.goto(`/?url=${encodeURIComponent(modelUrl)}`);
  await expect(page.getByTestId('url-input')).toHaveValue(modelUrl);
});

test('a link can carry edited IR: it restores the text, the options and the view', async ({ page, context }) => {
  await page.goto('/#model=demo:spec-7layer.mlir&view=source');
  const input = page.getByTestId('ir-input');
  await expect(input).toHaveValue(/cgc\.constant\("b2"\)/);
  await expectGraphReady(page);
  const edited = (await input.inputValue()).replace('%upsample = cgc_op.upsample(%add2)\n    cgc.return %upsample', 'cgc.return %add2').replace('-> !cgc.tensor<1x1x8x8x', '-> !cgc.tensor<1x1x4x4x');
  await input.fill(edited);
  await openMenu(page, 'options');
  await page.getByTestId('opt-fusion').uncheck();
  await expectGraphReady(page);
  await openMenu(page, 'share');
  await page.getByTestId('share-ir').click();
  await expect(page.getByTestId('share-status')).toContainText(/link with the IR copied|copy the page URL/);
  await expect(page).toHaveURL(/fusion=off&name=spec-7layer\.mlir&src=[A-Za-z0-9_-]+$/);

  const other = await context.newPage();
  await other.goto(page.url());
  await expect(other.getByTestId('ir-input')).toHaveValue(edited);
  await expect(other.getByTestId('opt-fusion')).not.toBeChecked();
  await expect(other.getByTestId('model-summary')).toContainText('spec-7layer.mlir: 6 ops');
  await expect(other.getByTestId('tab-source')).toHaveAttribute('aria-selected', 'true');
  await other.screenshot({ path: test.info().outputPath('share-link-with-ir.png'), fullPage: true });
});

test('a link names targets by name: one this page does not have reaches the compile, which names it', async ({ page }) => {
  await page.goto('/#model=demo:tiny-cnn.onnx&targets=webgpu-fallback,my-npu');
  await expect(page.getByTestId('compile-diagnostics')).toContainText('my-npu');
  await expect(page.getByTestId('target-webgpu')).not.toBeChecked();
  await expect(page.getByTestId('target-webgpu-fallback')).toBeChecked();
  await expect(page.getByTestId('target-cpu-reference')).not.toBeChecked();
  // Picking targets here drops the unknown one, and the model compiles.
  await openMenu(page, 'options');
  await page.getByTestId('target-cpu-reference').check();
  await expectGraphReady(page);
  await expect(page).toHaveURL(/targets=webgpu-fallback%2Ccpu-reference$/);
});
