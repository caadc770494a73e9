// Layout: the graph fills the window under a slim toolbar; the first screen says what to do and
// shows the demo's graph; Run results and node details sit in panels that never push the graph off
// screen; Help is one click (or `?`) away and lists the keyboard shortcuts; the Demo box stops
// naming the demo once a file is loaded.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { collectPageProblems, expectGraphReady } from './support/app';

/** The element's box lies inside the viewport, and is at least `minHeight` tall. */
async function expectOnScreen(page: Page, el: Locator, minHeight: number): Promise<void> {
  const viewport = page.viewportSize()!;
  await expect.poll(async () => {
    const box = await el.boundingBox();
    return !!box && box.y >= 0 && box.x >= 0 && box.y + box.height <= viewport.height + 0.5 && box.x + box.width <= viewport.width + 0.5 && box.height >= minHeight;
  }).toBe(true);
}

for (const size of [{ width: 1280, height: 800 }, { width: 1920, height: 1080 }]) {
  test(`first screen at ${size.width}×${size.height}: the hint, the demo's graph on screen, help with shortcuts`, async ({ page }) => {
    const problems = collectPageProblems(page);
    await page.setViewportSize(size);
    await page.goto('/');
    await expect(page.getByTestId('hint')).toHaveText('Drop an .onnx or .mlir file, or pick a demo.');
    await expect(page.getByTestId('tab-graph')).toHaveAttribute('aria-selected', 'true');
    await expectGraphReady(page);
    const svg = page.getByTestId('graph-svg');
    await expect(svg.locator('.node.op').first()).toBeVisible();
    await expectOnScreen(page, svg, size.height * 0.5);
    // The toolbar is one slim row.
    expect((await page.getByRole('toolbar').boundingBox())!.height).toBeLessThanOrEqual(48);
    await expect(page.getByTestId('model-properties')).toBeVisible();
    await page.screenshot({ path: test.info().outputPath(`first-screen-${size.width}.png`) });

    await page.getByTestId('help-open').click();
    const help = page.getByTestId('help');
    await expect(help).toBeVisible();
    await expect(help.getByTestId('shortcuts')).toContainText('Source, Graph, Memory plan, IR view');
    await expect(help.getByTestId('shortcuts').locator('tr')).toHaveCount(9);
    await expectOnScreen(page, help, 200);
    await page.screenshot({ path: test.info().outputPath(`help-${size.width}.png`) });
    await page.keyboard.press('Escape');
    await expect(help).toBeHidden();
    await svg.focus();
    await page.keyboard.press('?');
    await expect(help).toBeVisible();
    await page.getByTestId('help-close').click();
    await expect(help).toBeHidden();
    expect(problems).toEqual([]);
  });
}

test('the keyboard shortcuts the help lists switch views, search and run', async ({ page }) => {
  await page.goto('/');
  await expectGraphReady(page);
  await page.getByTestId('graph-svg').focus();
  for (const [key, view] of [['1', 'source'], ['3', 'memory'], ['4', 'ir'], ['2', 'graph']] as const) {
    await page.keyboard.press(key);
    await expect(page.getByTestId(`tab-${view}`)).toHaveAttribute('aria-selected', 'true');
  }
  await page.keyboard.press('/');
  await expect(page.getByTestId('graph-search')).toBeFocused();
  // Typing in a field is text, not a shortcut.
  await page.keyboard.type('r1');
  await expect(page.getByTestId('graph-search')).toHaveValue('r1');
  await expect(page.getByTestId('tab-graph')).toHaveAttribute('aria-selected', 'true');
  await page.getByTestId('graph-svg').focus();
  await page.keyboard.press('r');
  await expect(page.getByTestId('run-status')).toHaveText('done', { timeout: 50_000 });
  await expect(page.getByTestId('run-panel')).toBeVisible();
});

test('after Run the graph stays on screen beside the results panel; folding the panel gives the graph its room', async ({ page }) => {
  const problems = collectPageProblems(page);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/#model=demo:tiny-cnn.onnx&view=graph');
  await expectGraphReady(page);
  await page.getByTestId('run-diff').check();
  await page.getByTestId('run').click();
  await expect(page.getByTestId('run-status')).toHaveText('done', { timeout: 50_000 });
  const panel = page.getByTestId('run-panel');
  await expect(panel).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('after-run-1280.png') });
  await expectOnScreen(page, panel, 30);
  const svg = page.getByTestId('graph-svg');
  await expectOnScreen(page, svg, 250);
  await expect(page.getByTestId('node-details')).toBeVisible();
  const before = (await svg.boundingBox())!.height;

  await page.getByTestId('run-panel-toggle').click();
  await expect(page.getByTestId('run-results')).toBeHidden();
  await expect.poll(async () => (await svg.boundingBox())!.height).toBeGreaterThan(before + 100);
  await page.getByTestId('run-panel-toggle').click();
  await expect(page.getByTestId('run-results')).toBeVisible();

  // The side panel folds away too, and the graph takes the width.
  const width = (await svg.boundingBox())!.width;
  await page.getByTestId('side-toggle').click();
  await expect(page.getByTestId('side-panel')).toBeHidden();
  await expect.poll(async () => (await svg.boundingBox())!.width).toBeGreaterThan(width + 200);
  expect(problems).toEqual([]);
});

test('the Demo box names the demo only while a demo is loaded', async ({ page }) => {
  await page.goto('/');
  await expectGraphReady(page);
  const picker = page.getByTestId('model-picker');
  await expect(picker).toHaveValue('spec-7layer.mlir');
  await page.getByTestId('file-input').setInputFiles('/usr/share/libonnx-testdata/data/pytorch-converted/test_Conv2d/model.onnx');
  await expect(page.getByTestId('model-summary')).toContainText('model.onnx: 1 ops');
  await expect(picker).toHaveValue('');
  await expect(picker.locator('option:checked')).toHaveText('pick a demo…');
  await picker.selectOption('tiny-cnn.onnx');
  await expect(page.getByTestId('model-summary')).toContainText(/^tiny-cnn\.onnx: \d+ ops/);
  await expect(picker).toHaveValue('tiny-cnn.onnx');
});
