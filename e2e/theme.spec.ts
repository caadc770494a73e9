// Theme: light and dark, following the system by default; the toolbar's switch changes the computed
// colours of every view (graph, memory chart, Source, IR highlighting, run results), is remembered
// across a reload, and page text is at least 12 px. Saves a screenshot of each view in both themes
// at 1280×800 and 1920×1080.
import { expect, test, type Page } from '@playwright/test';
import { collectPageProblems, expectGraphReady } from './support/app';

const VIEWS = ['source', 'graph', 'memory', 'ir'] as const;

/** The surface each view draws on, whose background follows the theme. */
const SURFACE: Record<(typeof VIEWS)[number], string> = {
  source: '[data-testid="ir-input"]',
  graph: '[data-testid="graph-svg"]',
  memory: '[data-testid="memory-chart"]',
  ir: '[data-testid="ir-text"]',
};

async function colours(page: Page, view: (typeof VIEWS)[number]): Promise<{ body: string; surface: string; text: string; token: string }> {
  await page.getByTestId(`tab-${view}`).click();
  return page.evaluate((sel) => {
    const style = (q: string, p: 'backgroundColor' | 'color') => {
      const el = document.querySelector(q);
      return el ? getComputedStyle(el)[p] : 'missing';
    };
    return {
      body: getComputedStyle(document.body).backgroundColor, surface: style(sel, 'backgroundColor'), text: style(sel, 'color'),
      token: style('#ir-text .tok-type', 'color'),
    };
  }, SURFACE[view]);
}

/** Font sizes under 12 px of visible HTML text (SVG drawings scale with their zoom and are left out). */
async function smallText(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const small: string[] = [];
    for (const el of document.body.querySelectorAll<HTMLElement>('*')) {
      if (el.closest('svg') || !el.checkVisibility?.()) continue;
      const own = [...el.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && n.textContent!.trim());
      const size = parseFloat(getComputedStyle(el).fontSize);
      if (own && size < 12) small.push(`${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}.${el.className}: ${size}px`);
    }
    return small;
  });
}

test('the theme switch recolours every view, is remembered across a reload, and follows the system by default', async ({ page }) => {
  const problems = collectPageProblems(page);
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/#model=demo:tiny-cnn.onnx&view=graph');
  await expectGraphReady(page);
  const theme = page.getByTestId('theme');
  await expect(theme).toHaveValue('system');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await page.emulateMedia({ colorScheme: 'light' });
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');

  await page.getByTestId('run').click();
  await expect(page.getByTestId('run-status')).toHaveText('done', { timeout: 50_000 });
  await page.getByTestId('tab-ir').click();
  await page.getByTestId('ir-picker').selectOption({ index: 1 });

  const light: Record<string, Awaited<ReturnType<typeof colours>>> = {};
  for (const view of VIEWS) light[view] = await colours(page, view);
  expect(await smallText(page)).toEqual([]);
  await theme.selectOption('dark');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  for (const view of VIEWS) {
    const dark = await colours(page, view);
    expect(dark.body, `${view}: page background`).not.toBe(light[view]!.body);
    expect(dark.surface, `${view}: view background`).not.toBe(light[view]!.surface);
    expect(dark.text, `${view}: text colour`).not.toBe(light[view]!.text);
    expect(dark.token, 'IR highlighting').not.toBe(light[view]!.token);
  }
  expect(await smallText(page)).toEqual([]);

  // Remembered: a reload (with the system still light) comes back dark.
  await page.reload();
  await expect(theme).toHaveValue('dark');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expectGraphReady(page);
  await theme.selectOption('system');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  await page.reload();
  await expect(theme).toHaveValue('system');
  expect(problems).toEqual([]);
});

for (const size of [{ width: 1280, height: 800 }, { width: 1920, height: 1080 }]) {
  test(`screenshots of every view in both themes at ${size.width}×${size.height}`, async ({ page }) => {
    await page.setViewportSize(size);
    await page.goto('/#model=demo:tiny-cnn.onnx&view=graph');
    await expectGraphReady(page);
    await page.getByTestId('run-diff').check();
    await page.getByTestId('run').click();
    await expect(page.getByTestId('run-status')).toHaveText('done', { timeout: 50_000 });
    await page.getByTestId('graph-svg').locator('.node.op').first().click();
    await page.getByTestId('tab-ir').click();
    await page.getByTestId('ir-picker').selectOption({ index: 3 });
    for (const theme of ['light', 'dark'] as const) {
      await page.getByTestId('theme').selectOption(theme);
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
      for (const view of VIEWS) {
        await page.getByTestId(`tab-${view}`).click();
        await expect(page.locator(`section.view[data-view="${view}"]`)).toBeVisible();
        // Nothing of the view is pushed off screen.
        const box = (await page.locator(`section.view[data-view="${view}"]`).boundingBox())!;
        expect(box.y + box.height).toBeLessThanOrEqual(size.height);
        expect(box.x + box.width).toBeLessThanOrEqual(size.width);
        await page.screenshot({ path: test.info().outputPath(`${view}-${theme}-${size.width}x${size.height}.png`) });
      }
    }
  });
}
