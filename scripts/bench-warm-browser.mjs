// `node scripts/bench-warm-browser.mjs MODEL.onnx…`: a model's first result in the app in headless
// Chromium (CHROMIUM, default /usr/bin/chromium; WebGPU on SwiftShader here), with a fresh browser
// profile and then with the same profile reused. The app is built (`vite build`) and served as users
// get it (`vite preview`). Per model, in a profile of its own:
//   fresh:  the page opened, the model dropped (import and compile in the worker, the graph drawn),
//           Run pressed (one run): the app's "time to first result" line and the wall time from the drop;
//   reused: the browser closed and started again on the same profile: the page restores the model from
//           its IndexedDB cache (no import, no compile), Run pressed; the app's phases and the wall time
//           from the page's load. Chromium keeps its GPU shader cache in the profile too.
// SwiftShader's figures say what the cache saves here, not what a GPU takes.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright';

const models = process.argv.slice(2);
if (!models.length) throw new Error('usage: node scripts/bench-warm-browser.mjs MODEL.onnx…');
const root = fileURLToPath(new URL('..', import.meta.url));
const port = Number(process.env.WARM_PORT ?? 4179);
const outDir = mkdtempSync(join(tmpdir(), 'cgc-warm-app-'));
const built = spawnSync('npx', ['vite', 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
if (built.status !== 0) throw new Error('vite build failed');
const server = spawn('npx', ['vite', 'preview', '--outDir', outDir, '--port', String(port), '--strictPort'], { cwd: root, stdio: 'ignore', detached: true });
const origin = `http://127.0.0.1:${port}`;
for (let i = 0; ; i++) {
  if (await fetch(origin).then((r) => r.ok, () => false)) break;
  if (i > 100) throw new Error(`the app did not come up on ${origin}`);
  await new Promise((resolve) => setTimeout(resolve, 200));
}

const ARGS = ['--enable-unsafe-webgpu', '--use-webgpu-adapter=swiftshader', '--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];
const TIMEOUT = 600_000;

/** The browser on the profile in `dir`, one page open on the app at 1280×800. */
async function open(dir) {
  const context = await chromium.launchPersistentContext(dir, { executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium', args: ARGS, viewport: { width: 1280, height: 800 } });
  const page = context.pages()[0] ?? await context.newPage();
  return { context, page };
}

/** Presses Run and waits for its first result: the app's phase line, and the wall time from `since`. */
async function runOnce(page, since) {
  await page.getByTestId('run-count').selectOption('1');
  await page.getByTestId('run').click();
  const line = page.getByTestId('first-result');
  await line.waitFor({ timeout: TIMEOUT });
  return { text: await line.textContent(), wallMs: performance.now() - since };
}

const ms = (v) => `${Math.round(v).toLocaleString('en-US')} ms`;
try {
  for (const model of models) {
    const name = basename(model);
    const dir = mkdtempSync(join(tmpdir(), 'cgc-warm-profile-'));
    try {
      let { context, page } = await open(dir);
      await page.goto(origin);
      await page.getByTestId('graph-stats').filter({ hasText: /nodes · parse/ }).waitFor({ timeout: TIMEOUT });
      const dropped = performance.now();
      await page.getByTestId('file-input').setInputFiles(model);
      await page.getByTestId('model-summary').filter({ hasText: new RegExp(`^${name.replace(/\./g, '\\.')}: .* compiled in \\d+ ms$`) }).waitFor({ timeout: TIMEOUT });
      const compiledMs = performance.now() - dropped;
      await page.getByTestId('run').and(page.locator(':enabled')).waitFor({ timeout: TIMEOUT });
      const fresh = await runOnce(page, dropped);
      await context.close();

      ({ context, page } = await open(dir));
      const loaded = performance.now();
      await page.goto(origin);
      await page.getByTestId('model-summary').filter({ hasText: /from cache \(not recompiled\)$/ }).waitFor({ timeout: TIMEOUT });
      const restoredMs = performance.now() - loaded;
      await page.getByTestId('run').and(page.locator(':enabled')).waitFor({ timeout: TIMEOUT });
      const reused = await runOnce(page, loaded);
      await context.close();

      console.log(`${name}`);
      console.log(`  fresh profile:  dropped → compiled and drawn ${ms(compiledMs)}; dropped → first result ${ms(fresh.wallMs)}`);
      console.log(`                  ${fresh.text}`);
      console.log(`  reused profile: page load → restored from cache ${ms(restoredMs)}; page load → first result ${ms(reused.wallMs)}`);
      console.log(`                  ${reused.text}`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
} finally {
  process.kill(-server.pid);
  rmSync(outDir, { recursive: true, force: true });
}
