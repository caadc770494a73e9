// The app's server (the built app under `vite preview`, as the e2e suite runs it; the dev server
// sends the same) sends the headers docs/deployment.md asks a host to send: the page's CSP as a
// header (with frame-ancestors 'none', which a meta tag cannot carry), nosniff, Referrer-Policy and
// Cross-Origin-Opener-Policy; the app still works under them (compile worker, WebGPU run, Blob
// downloads), and another site cannot frame it.
import { expect, test } from '@playwright/test';
import { collectPageProblems, expectGraphReady } from './support/app';

test('the page carries the security headers; the app compiles, runs and downloads under them', async ({ page }) => {
  const problems = collectPageProblems(page);
  const response = await page.goto('/#model=demo:tiny-cnn.onnx&view=ir');
  const headers = response!.headers();
  const meta = await page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute('content');
  // The header is the meta tag's policy (kept for hosts that send none) plus what only a header can say.
  expect(headers['content-security-policy']).toBe(`${meta}; frame-ancestors 'none'; base-uri 'self'; form-action 'self'; object-src 'none'`);
  expect(headers['x-frame-options']).toBe('DENY');
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('no-referrer');
  expect(headers['cross-origin-opener-policy']).toBe('same-origin');

  // The ONNX import runs in the compile worker, under the same policy (its decoder is static code: no eval).
  await expectGraphReady(page);
  await expect(page.getByTestId('model-summary')).toContainText(/^tiny-cnn\.onnx: \d+ ops/);
  await page.getByTestId('run').click();
  await expect(page.getByTestId('run-results').getByTestId('run-output')).toContainText('probabilities: 1×10 float32');
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByTestId('ir-download-output').click()]);
  expect(file.suggestedFilename()).toBe('tiny-cnn.output.mlir');
  expect(problems).toEqual([]);

  // A worker takes its policy from its own script's response: the worker scripts carry the page's.
  const compileWorker = page.workers().map((w) => w.url()).find((u) => /\/(assets\/)?worker[-.]/.test(new URL(u).pathname) || u.includes('/src/engine/worker.ts'));
  expect(compileWorker, page.workers().map((w) => w.url()).join(', ')).toBeDefined();
  const worker = await page.request.get(compileWorker!, { headers: { 'Sec-Fetch-Dest': 'worker' } });
  expect(worker.headers()['x-content-type-options']).toBe('nosniff');
  expect(worker.headers()['content-security-policy']).toBe(headers['content-security-policy']);
});

test('another page cannot frame the app', async ({ page, baseURL }) => {
  const refused: string[] = [];
  page.on('console', (msg) => { if (/frame-ancestors/.test(msg.text())) refused.push(msg.text()); });
  await page.setContent(`<iframe src="${baseURL}/" width="600" height="400"></iframe>`);
  await expect.poll(() => refused.length).toBeGreaterThan(0);
  // The frame holds the browser's error page, not the app.
  await expect(page.frameLocator('iframe').getByRole('heading', { name: /DXCGC/ })).toHaveCount(0);
});
