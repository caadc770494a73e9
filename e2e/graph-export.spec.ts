// Saving pictures: the graph (the view and the whole graph) as SVG and PNG, the memory chart and the
// partition and kernel timing charts as SVG; each file parses and holds what the page showed.
import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { collectPageProblems, expectGraphReady } from './support/app';
import { saveScreens } from './support/screens';

async function save(page: Page, testId: string): Promise<{ name: string; data: Buffer }> {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId(testId).click()]);
  return { name: download.suggestedFilename(), data: readFileSync((await download.path())!) };
}

/**
 * Parses SVG text in the page: its root name, a parse error if any, and counts of what it holds. Its
 * style sheet is checked here and left out there: the page's CSP reports a parsed <style>.
 */
async function parseSvg(page: Page, text: string): Promise<{ root: string; error: boolean; nodes: string[]; groups: number; edges: number; texts: string }> {
  const sheet = /<style>([^<]*)<\/style>/.exec(text);
  expect(sheet?.[1]).toMatch(/^\.s0\{fill:/);
  return page.evaluate((t) => {
    const doc = new DOMParser().parseFromString(t, 'image/svg+xml');
    return {
      root: doc.documentElement.tagName,
      error: doc.getElementsByTagName('parsererror').length > 0,
      nodes: [...doc.querySelectorAll('g.node')].map((n) => n.getAttribute('data-node-id')!),
      groups: doc.querySelectorAll('rect.group').length,
      edges: doc.querySelectorAll('g.edge').length,
      texts: [...doc.querySelectorAll('text')].map((x) => x.textContent).join(' '),
    };
  }, text.replace(/<style>[^<]*<\/style>/, ''));
}

/** A PNG's width and height from its IHDR chunk, after checking its signature. */
function pngSize(data: Buffer): { width: number; height: number } {
  expect([...data.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  expect(data.subarray(12, 16).toString('ascii')).toBe('IHDR');
  return { width: data.readUInt32BE(16), height: data.readUInt32BE(20) };
}

test('the graph, the memory chart and the timing charts save as SVG and PNG', async ({ page }) => {
  test.setTimeout(120_000);
  const problems = collectPageProblems(page);
  await page.goto('/#model=demo:spec-7layer.mlir&view=graph');
  await expectGraphReady(page);
  await expect(page.getByTestId('graph-svg')).toHaveAttribute('data-visible-nodes', '9');

  const view = await save(page, 'graph-export-svg');
  expect(view.name).toBe('graph-view.svg');
  const viewSvg = await parseSvg(page, view.data.toString('utf8'));
  expect(viewSvg).toMatchObject({ root: 'svg', error: false, groups: 3 });
  expect(viewSvg.nodes).toEqual(expect.arrayContaining(['%in', '%conv1', '%relu1', '%upsample', 'return #0']));
  expect(viewSvg.edges).toBeGreaterThanOrEqual(8);
  expect(viewSvg.texts).toContain('convolution');
  expect(view.data.toString('utf8')).toMatch(/^<svg[^>]*xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);

  await page.getByTestId('graph-export-scope').selectOption('whole');
  const whole = await save(page, 'graph-export-svg');
  expect(whole.name).toBe('graph-whole.svg');
  const wholeSvg = await parseSvg(page, whole.data.toString('utf8'));
  expect(wholeSvg).toMatchObject({ error: false, groups: 3 });
  expect(wholeSvg.nodes).toHaveLength(9);

  const png = await save(page, 'graph-export-png');
  expect(png.name).toBe('graph-whole.png');
  const size = pngSize(png.data);
  expect(size.width).toBeGreaterThan(150);
  expect(size.height).toBeGreaterThan(300);
  // It decodes, and it is a drawing (more than one colour), not a blank canvas.
  const colours = await page.evaluate(async (b64) => {
    const bitmap = new Image();
    bitmap.src = `data:image/png;base64,${b64}`;
    await bitmap.decode();
    const c = new OffscreenCanvas(bitmap.width, bitmap.height);
    const ctx = c.getContext('2d')!;
    ctx.drawImage(bitmap, 0, 0);
    const px = ctx.getImageData(0, 0, bitmap.width, bitmap.height).data;
    const seen = new Set<number>();
    for (let i = 0; i < px.length && seen.size < 50; i += 4 * 97) seen.add((px[i]! << 16) | (px[i + 1]! << 8) | px[i + 2]!);
    return seen.size;
  }, png.data.toString('base64'));
  expect(colours).toBeGreaterThan(3);
  await page.getByTestId('graph-export-scope').selectOption('view');
  expect(pngSize((await save(page, 'graph-export-png')).data).width).toBeGreaterThan(150);

  await page.getByTestId('tab-memory').click();
  const memory = await save(page, 'memory-download-svg');
  expect(memory.name).toBe('memory-plan.svg');
  const memoryText = memory.data.toString('utf8');
  expect(await page.evaluate((t) => new DOMParser().parseFromString(t, 'image/svg+xml').querySelectorAll('rect.tensor').length, memoryText.replace(/<style>[^<]*<\/style>/, '')))
    .toBe(await page.getByTestId('memory-chart').locator('rect.tensor').count());

  await page.getByTestId('tab-graph').click();
  await page.getByTestId('run').click();
  await expect(page.getByTestId('run-status')).toHaveText('done', { timeout: 50_000 });
  const timing = await save(page, 'timing-download-svg');
  expect(timing.name).toBe('partition-times.svg');
  expect(timing.data.toString('utf8')).toContain('@partition0_webgpu (webgpu)');
  const kernels = await save(page, 'kernel-download-svg');
  expect(kernels.name).toBe('kernel-times.svg');
  expect(kernels.data.toString('utf8')).toContain('@convolutionReluAdd');
  await saveScreens(page, 'graph-export-after-run');
  expect(problems).toEqual([]);
});
