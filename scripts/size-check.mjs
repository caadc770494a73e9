// The package's size budget: each published browser entry bundled as a user's bundler would
// (esbuild, from the built lib/, minified, for the browser), then gzipped. `npm test` runs it
// (tests/package.test.ts) and fails past a budget; `npm run size` prints the table.
import { build } from 'esbuild';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { buildJs } from './build-lib.mjs';

/** Gzipped bytes allowed per entry (docs/library.md). */
export const BUDGETS = {
  'dxcgc-web/runtime': 60 * 1024,
  'dxcgc-web': 200 * 1024,
};

/** What a user imports, and the lib/ file it resolves to; the runtime with the CPU reference beside it too. */
const BUNDLES = {
  'dxcgc-web/runtime': "export * from './runtime.js';",
  'dxcgc-web/runtime + dxcgc-web/reference': "export * from './runtime.js'; export * from './reference.js';",
  'dxcgc-web': "export * from './index.js';",
};

/** Each bundle's minified and gzipped bytes, built from a fresh lib/ in a temporary folder. */
export async function measureEntries() {
  const dir = mkdtempSync(join(tmpdir(), 'cgc-size-'));
  try {
    await buildJs(dir);
    const sizes = {};
    for (const [name, contents] of Object.entries(BUNDLES)) {
      const out = await build({
        stdin: { contents, resolveDir: dir, loader: 'js' },
        bundle: true, minify: true, format: 'esm', platform: 'browser', target: 'es2022', write: false, logLevel: 'error',
        // The browser entries must not reach a Node module: bundling for the browser would fail on one.
        external: [],
      });
      const js = out.outputFiles[0].contents;
      sizes[name] = { minified: js.length, gzipped: gzipSync(js, { level: 9 }).length };
    }
    return sizes;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export function report(sizes) {
  const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
  const lines = Object.entries(sizes).map(([name, s]) => {
    const budget = BUDGETS[name];
    return `${name.padEnd(42)} ${kb(s.minified).padStart(10)} minified ${kb(s.gzipped).padStart(9)} gzipped${budget ? ` (budget ${kb(budget)})` : ''}`;
  });
  const over = Object.entries(BUDGETS).filter(([name, budget]) => sizes[name].gzipped > budget).map(([name, budget]) => `${name} is ${kb(sizes[name].gzipped)} gzipped, over its ${kb(budget)} budget`);
  return { lines, over };
}

if (process.argv[1]?.endsWith('size-check.mjs')) {
  const { lines, over } = report(await measureEntries());
  console.log(lines.join('\n'));
  if (over.length) {
    console.error(over.join('\n'));
    process.exitCode = 1;
  }
}
