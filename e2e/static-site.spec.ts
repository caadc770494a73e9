// The app as a static site: `vite build` output served by a plain static host from a sub-path, with
// the Content-Security-Policy as a header (docs/deployment.md) — the page, its workers and the demo
// models load from under that path, and the demo compiles and runs.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { expect, test } from '@playwright/test';
import { collectPageProblems, expectGraphReady } from './support/app';
import { type StaticServer, serveStatic } from './support/static-server';

const repo = resolve(import.meta.dirname, '..');
const BASE = '/tools/dxcgc/';
let out = '';
let server: StaticServer;

test.beforeAll(async () => {
  test.setTimeout(300_000);
  out = mkdtempSync(join(tmpdir(), 'cgc-site-'));
  const built = spawnSync('npx', ['vite', 'build', '--outDir', out, '--emptyOutDir', '--logLevel', 'error'], { cwd: repo, encoding: 'utf8' });
  if (built.status !== 0) throw new Error(`vite build failed:\n${built.stdout}\n${built.stderr}`);
  server = await serveStatic(out, BASE, {
    'Content-Security-Policy': "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:; connect-src 'self' https:; worker-src 'self' blob:; frame-ancestors 'none'",
    'X-Content-Type-Options': 'nosniff',
  });
});

test.afterAll(async () => {
  await server?.close();
  if (out) rmSync(out, { recursive: true, force: true });
});

test('dist/ served from a sub-path: the demo opens, compiles in its worker and runs, every request under the path', async ({ page }) => {
  const problems = collectPageProblems(page);
  await page.goto(`${server.url}#model=demo:tiny-cnn.onnx&view=graph`);
  await expectGraphReady(page, 60_000);
  await expect(page.getByTestId('run')).toBeEnabled();
  await page.getByTestId('run').click();
  await expect(page.getByTestId('run-status')).toHaveText('done', { timeout: 60_000 });
  await expect(page.getByTestId('run-results').getByTestId('run-output')).toContainText('1×10 float32');
  expect(server.requests.length).toBeGreaterThan(3);
  expect(server.requests.filter((p) => !p.startsWith(BASE))).toEqual([]);
  expect(server.requests).toContain(`${BASE}models/tiny-cnn.onnx`);
  expect(problems).toEqual([]);
});
