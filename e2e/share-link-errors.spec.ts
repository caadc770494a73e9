// A malformed, hostile or oversized share link (its state, or the IR it carries) shows an error
// panel and the default view; the page never crashes.
import { expect, test } from '@playwright/test';
import { collectPageProblems } from './support/app';

for (const { hash, message, first } of [...[
  ['#view=<script>alert(1)</script>', 'view must be one of'],
  ['#model=demo:../../etc/passwd', "unknown demo model '../../etc/passwd'"],
  ['#model=url:javascript:alert(1)', 'model URL must be http(s)'],
  ['#model=file:12:abc:m.onnx', "a file model must be 'file:SIZE:SHA256:NAME'"],
  ['#targets=webgpu,%3Cb%3E', 'targets must be a comma-separated list'],
  ['#view=graph&zzz=1', "unknown key 'zzz'"],
  ['#node=%E0%A4%A', 'malformed %-escape'],
  [`#node=%25${'x'.repeat(5000)}`, 'more than the 4096 allowed'],
  ['#src=not%2Bbase64', 'src must be base64url'],
  ['#src=AAAAAAAA', 'does not decompress'],
  // deflate-raw of "<b>hi</b>": valid data, but not CGC IR.
  ['#src=s0myy8i00U-yAwA', 'not a cgc.module'],
  [`#src=${'A'.repeat(100000)}`, 'more than the 87382 allowed'],
] as const].map(([hash, message], i) => ({ hash, message, first: i === 0 }))) {
  test(`malformed share link ${hash.slice(0, 40)} → error panel`, async ({ page }) => {
    const problems = collectPageProblems(page);
    let dialogs = 0;
    page.on('dialog', (d) => { dialogs++; void d.dismiss(); });
    await page.goto(`/${hash}`);
    const panel = page.getByTestId('share-error');
    await expect(panel).toBeVisible();
    await expect(panel).toContainText('This link could not be opened');
    await expect(panel).toContainText(message);
    // The app still works: the default demo loads in the default (Graph) view.
    await expect(page.getByTestId('ir-output')).toContainText('cgc_op.convolution');
    await expect(page.getByTestId('tab-graph')).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByTestId('graph-svg').locator('.node.op')).toHaveCount(7);
    // Opening another model makes the link's error stale: it goes (the same code path for every
    // malformed link, so checked once: each compile of another model costs the suite seconds).
    if (first) {
      await page.getByTestId('model-picker').selectOption('tiny-cnn.onnx');
      await expect(page.getByTestId('model-summary')).toContainText(/^tiny-cnn\.onnx: \d+ ops/);
      await expect(panel).toBeHidden();
    }
    expect(dialogs).toBe(0);
    expect(problems).toEqual([]);
  });
}
