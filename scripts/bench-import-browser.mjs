// `node scripts/bench-import-browser.mjs MODEL.onnx…`: an ONNX model's import in headless Chromium
// (CHROMIUM, default /usr/bin/chromium). `openModel` bundled into a page; per model: the fetch from a
// local server, the first import and the fastest of 4 more in the page, how many constants are views
// of the fetched bytes, then the bytes posted to a worker that imports them and answers the weights
// as byte ranges (as the compile worker does) — once cloned, once transferred (a copy).
import { createReadStream, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { chromium } from 'playwright';

const models = process.argv.slice(2);
if (!models.length) throw new Error('usage: node scripts/bench-import-browser.mjs MODEL.onnx…');
const root = fileURLToPath(new URL('..', import.meta.url));
const entry = `import { openModel } from './src/engine/model'; import { constantsByFile } from './src/engine/service';
globalThis.cgc = { openModel, constantsByFile };`;
const bundled = await build({ stdin: { contents: entry, resolveDir: root, loader: 'ts' }, bundle: true, format: 'iife', platform: 'browser', write: false, logLevel: 'warning' });
const bundle = bundled.outputFiles[0].text;
const worker = `${bundle}
self.onmessage = (e) => {
  if (e.data === 'ready?') return self.postMessage('ready');
  const bytes = e.data;
  const t0 = performance.now();
  const model = self.cgc.openModel(bytes, { fileName: 'model.onnx' });
  const importMs = performance.now() - t0;
  const answer = self.cgc.constantsByFile(model.constants, { bytes });
  self.postMessage({ importMs, ranges: (answer.constantRanges ?? []).length, bytesBack: Object.values(answer.constants).reduce((n, c) => n + c.byteLength, 0) });
};`;

let current = '';
const server = createServer((req, res) => {
  if (req.url === '/') return res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>import</title>');
  if (req.url === '/bundle.js') return res.writeHead(200, { 'content-type': 'text/javascript' }).end(bundle);
  res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': statSync(current).size });
  createReadStream(current).pipe(res);
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const origin = `http://127.0.0.1:${server.address().port}`;
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium', args: ['--no-sandbox'] });
try {
  for (const model of models) {
    current = model;
    const page = await browser.newPage();
    await page.goto(`${origin}/`);
    await page.addScriptTag({ url: `${origin}/bundle.js` });
    const r = await page.evaluate(async ({ source, url }) => {
      const f0 = performance.now();
      const bytes = new Uint8Array(await (await fetch(url)).arrayBuffer());
      const fetchMs = performance.now() - f0;
      const times = [];
      let views = '';
      for (let i = 0; i < 5; i++) {
        const t0 = performance.now();
        const m = globalThis.cgc.openModel(bytes, { fileName: 'model.onnx' });
        times.push(performance.now() - t0);
        if (i === 0) views = `${[...m.constants.values()].filter((c) => c.buffer === bytes.buffer).length} of ${m.constants.size}`;
      }
      const w = new Worker(URL.createObjectURL(new Blob([source], { type: 'text/javascript' })));
      // Started (its script parsed) before anything is timed.
      await new Promise((resolve) => { w.onmessage = resolve; w.postMessage('ready?'); });
      const ask = (transfer) => new Promise((resolve) => {
        const c0 = performance.now();
        const sent = transfer ? bytes.slice() : bytes;
        const copyMs = performance.now() - c0;
        const s0 = performance.now();
        w.onmessage = (e) => resolve({ ...e.data, ...(transfer ? { copyMs } : {}), roundTripMs: performance.now() - s0 });
        w.postMessage(sent, transfer ? [sent.buffer] : []);
      });
      const cloned = await ask(false);
      const transferred = await ask(true);
      w.terminate();
      return { mib: bytes.length / 2 ** 20, fetchMs, firstMs: times[0], minMs: Math.min(...times.slice(1)), views, cloned, transferred };
    }, { source: worker, url: `${origin}/model.onnx` });
    const ms = (v) => `${Math.round(v).toLocaleString('en-US')} ms`;
    console.log(`${model.split('/').pop()} (${r.mib.toFixed(0)} MiB): fetch ${ms(r.fetchMs)}; import in the page ${ms(r.firstMs)} first, ${ms(r.minMs)} fastest of 4 more; ${r.views} constants are views of the fetched bytes`);
    console.log(`  to a worker, cloned: imported in ${ms(r.cloned.importMs)}, round trip ${ms(r.cloned.roundTripMs)}; ${r.cloned.ranges} weights answered as ranges, ${r.cloned.bytesBack} bytes as bytes`);
    console.log(`  to a worker, transferred (a copy made in ${ms(r.transferred.copyMs)}): imported in ${ms(r.transferred.importMs)}, round trip ${ms(r.transferred.roundTripMs)}`);
    await page.close();
  }
} finally {
  await browser.close();
  server.close();
}
