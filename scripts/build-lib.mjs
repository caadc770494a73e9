// Builds the npm package's JavaScript and types into lib/ (docs/library.md):
//   lib/index.js      'dxcgc-web'           the engine: open, compile, load, run; the target contract
//   lib/runtime.js    'dxcgc-web/runtime'   loads and runs a compiled program, no compiler
//   lib/reference.js  'dxcgc-web/reference' the CPU reference as a target for the runtime entry
//   lib/node.js       'dxcgc-web/node'      the engine with Dawn (the `webgpu` package) as the GPU
//   lib/cli.js        the `cgc` command (bin/cgc.mjs runs it)
//   lib/types/…       .d.ts for every entry
// The browser entries are one ESM build with shared chunks and no Node module; the CLI is a Node build.
import { build } from 'esbuild';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const lib = join(root, 'lib');

/** The package's entries: export path → source. */
export const ENTRIES = {
  index: 'src/engine/index.ts',
  runtime: 'src/engine/runtime-entry.ts',
  reference: 'src/engine/reference-entry.ts',
  node: 'src/engine/node.ts',
};

/** The browser-and-Node entries (one ESM build, shared chunks) and the CLI, into `outdir`. */
export async function buildJs(outdir = lib) {
  await build({
  absWorkingDir: root,
  entryPoints: Object.fromEntries(Object.entries(ENTRIES).map(([name, src]) => [name, src])),
  outdir,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'neutral',
  target: 'es2022',
  // Dawn is imported only by the Node entry, at run time; nothing else outside the package is bundled in.
  external: ['webgpu'],
  chunkNames: 'chunks/[name]-[hash]',
  sourcemap: false,
  legalComments: 'none',
  logLevel: 'warning',
});

  await build({
  absWorkingDir: root,
  entryPoints: { cli: 'src/cli/cgc.ts' },
  outdir,
  bundle: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  // onnxruntime-web (the oracle of `cgc check` and `cgc bench --vs ort`) is an optional dependency, loaded when asked for.
  external: ['webgpu', 'onnxruntime-web'],
  banner: { js: "import { createRequire as __cgcRequire } from 'node:module'; const require = __cgcRequire(import.meta.url);" },
  legalComments: 'none',
  logLevel: 'warning',
  });
}

// Types: tsc writes a .d.ts per source file the entries reach; relative specifiers get the extension
// Node's ESM resolution needs (`../ir` → `../ir/index.js`), so the types resolve under any moduleResolution.
export function buildTypes() {
  execFileSync(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-p', join(root, 'tsconfig.lib.json')], { stdio: 'inherit' });
  const types = join(lib, 'types');
  for (const file of walk(types)) {
    if (!file.endsWith('.d.ts')) continue;
    const text = readFileSync(file, 'utf8').replace(/(from\s+|import\()(['"])(\.{1,2}\/[^'"]*)\2/g, (all, head, quote, spec) => `${head}${quote}${withExtension(dirname(file), spec)}${quote}`);
    writeFileSync(file, text);
  }
  for (const src of Object.values(ENTRIES)) {
    const dts = join(types, relative('src', src).replace(/\.ts$/, '.d.ts'));
    writeFileSync(dts, `/// <reference types="@webgpu/types" />\n${readFileSync(dts, 'utf8')}`);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  rmSync(lib, { recursive: true, force: true });
  await buildJs();
  buildTypes();
}

function withExtension(dir, spec) {
  if (/\.(js|json)$/.test(spec)) return spec;
  if (existsSync(join(dir, `${spec}.d.ts`))) return `${spec}.js`;
  if (existsSync(join(dir, spec, 'index.d.ts'))) return `${spec}/index.js`;
  throw new Error(`types: cannot resolve '${spec}' from ${relative(root, dir)}`);
}

function* walk(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* walk(path);
    else yield path;
  }
}
