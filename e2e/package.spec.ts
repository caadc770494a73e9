// The package as a user gets it: `npm pack`, then `npm install` of the tarball (and `webgpu`, for
// Node) in a fresh folder, the model compiled there with the installed `cgc` (plain JavaScript, no
// TypeScript loader), and the two examples run against the installed package — the Node script and
// the page (picked image, webcam loop, no WebGPU) — each giving the top-5 `cgc run` gives for the
// same program and input.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { expect, test } from '@playwright/test';
import { encodePng } from './support/png';
import { type StaticServer, serveStatic } from './support/static-server';

const repo = resolve(import.meta.dirname, '..');
const env = { ...process.env, VK_ICD_FILENAMES: process.env.VK_ICD_FILENAMES ?? '/usr/lib/chromium/vk_swiftshader_icd.json' };
let work = '';
let app = '';
let server: StaticServer;
/** Runs a command; its stdout and stderr together (a failure throws with both). */
function sh(cmd: string, args: string[], cwd = app): string {
  const r = spawnSync(cmd, args, { cwd, env, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} exited ${r.status}:\n${r.stdout}\n${r.stderr}`);
  return `${r.stdout}${r.stderr}`;
}

/** `top-5: #8 (0.1339), …` as [[8, 0.1339], …]. */
function topFive(text: string): [number, number][] {
  const line = /top-5: (.*)/.exec(text)?.[1];
  if (!line) throw new Error(`no top-5 line in:\n${text}`);
  return [...line.matchAll(/#(\d+) \(([-\d.e]+)\)/g)].map((m) => [Number(m[1]), Number(m[2])]);
}

function expectSameTopFive(ours: [number, number][], theirs: [number, number][]): void {
  expect(ours.map(([i]) => i)).toEqual(theirs.map(([i]) => i));
  // Printed to 4 significant digits; Chromium's Dawn and Node's may round the last one apart.
  ours.forEach(([, v], k) => expect(Math.abs(v - theirs[k]![1])).toBeLessThanOrEqual(2e-4));
}

let cliTop: [number, number][];
let nodeTop: [number, number][];

test.describe.configure({ mode: 'serial' });
// A fake camera (a generated test pattern) for the webcam loop, allowed without a prompt.
test.use({
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--enable-unsafe-webgpu', '--use-webgpu-adapter=swiftshader', '--no-sandbox', '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'],
  },
});

test.beforeAll(async () => {
  test.setTimeout(600_000);
  work = mkdtempSync(join(tmpdir(), 'cgc-package-'));
  sh('npm', ['pack', '--pack-destination', work, '--silent'], repo);
  const tarball = readdirSync(work).find((f) => /^dxcgc-web-.*\.tgz$/.test(f));
  if (!tarball) throw new Error(`npm pack wrote no dxcgc-web-*.tgz in ${work}`);
  app = join(work, 'app');
  mkdirSync(app);
  writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'my-app', private: true, type: 'module' }));
  const webgpu = JSON.parse(readFileSync(join(repo, 'node_modules/webgpu/package.json'), 'utf8')).version as string;
  sh('npm', ['install', join(work, tarball), `webgpu@${webgpu}`, '--prefer-offline', '--no-audit', '--no-fund', '--silent']);
  cpSync(join(repo, 'examples/classifier'), join(app, 'examples/classifier'), { recursive: true });
  cpSync(join(repo, 'examples/node'), join(app, 'examples/node'), { recursive: true });
  writeFileSync(join(app, 'picture.png'), encodePng(32, 32, (x, y, k) => (x * 7 + y * 13 + k * 85) % 256));
  server = await serveStatic(app);
});

test.afterAll(async () => {
  await server?.close();
  if (work) rmSync(work, { recursive: true, force: true });
});

test('the tarball holds the built package, not the sources or the tests', () => {
  const installed = join(app, 'node_modules/dxcgc-web');
  const top = readdirSync(installed).sort();
  expect(top).toEqual(expect.arrayContaining(['LICENSE', 'README.md', 'bin', 'lib', 'package.json']));
  for (const absent of ['src', 'e2e', 'tests', 'scripts', 'public', 'node_modules']) expect(top).not.toContain(absent);
  // The installed package pulls in only the WebGPU type declarations (webgpu is ours to add, for Node).
  const pkg = JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8')) as { dependencies?: Record<string, string> };
  expect(Object.keys(pkg.dependencies ?? {})).toEqual(['@webgpu/types']);
});

test('the types resolve under Node\'s module resolution and catch a wrong call', () => {
  writeFileSync(join(app, 'tsconfig.json'), JSON.stringify({
    compilerOptions: { module: 'nodenext', moduleResolution: 'nodenext', target: 'es2022', strict: true, noEmit: true, skipLibCheck: true, types: [] },
    files: ['check.ts'],
  }));
  writeFileSync(join(app, 'check.ts'), [
    "import { loadProgram, requestDevice, ProgramError, type HostTensor } from 'dxcgc-web/runtime';",
    "import { openModel, type Program } from 'dxcgc-web';",
    "import { installDawn } from 'dxcgc-web/node';",
    'export async function main(bytes: Uint8Array, input: HostTensor): Promise<number> {',
    '  await installDawn();',
    '  const program = await loadProgram(await requestDevice(), bytes, { fileName: "m.mlirbc" });',
    '  const { outputs } = await program.run([input]);',
    '  const compiled: Program = openModel(bytes).compile();',
    '  // @ts-expect-error — a program is bytes, not a path',
    '  await loadProgram(await requestDevice(), "model.mlirbc");',
    '  return outputs.length + program.dispatchCount + compiled.constants.size + (new ProgramError("x").kind === "runtime" ? 1 : 0);',
    '}',
  ].join('\n'));
  sh(process.execPath, [join(repo, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.json']);
});

test('the installed cgc compiles a model; the Node example and cgc run print the same top-5', () => {
  const out = sh('npx', ['cgc', 'compile', join(repo, 'public/models/tiny-cnn.onnx'), '--format', 'bytecode', '-o', 'examples/classifier/model.mlirbc']);
  expect(out).toContain('wrote a compiled program');
  const node = sh('node', ['examples/node/classify.mjs', 'examples/classifier/model.mlirbc', 'picture.png', '--save-input', 'input.bin']);
  expect(node).toMatch(/^1x10 float32 in [\d.]+ ms$/m);
  nodeTop = topFive(node);
  cliTop = topFive(sh('npx', ['cgc', 'run', 'examples/classifier/model.mlirbc', '--input', 'input.bin']));
  expect(nodeTop).toEqual(cliTop);
});

test('the page example classifies a picked image as the CLI does', async ({ page }) => {
  const problems: string[] = [];
  page.on('pageerror', (e) => problems.push(e.message));
  await page.goto(`${server.url}examples/classifier/`);
  await expect(page.locator('#status')).toContainText('model.mlirbc: input 1×3×32×32, 8 dispatches per run', { timeout: 60_000 });
  await page.locator('#image').setInputFiles(join(app, 'picture.png'));
  await expect(page.locator('#result')).toContainText('top-5:', { timeout: 60_000 });
  expectSameTopFive(topFive(await page.locator('#result').innerText()), cliTop);
  expect(problems).toEqual([]);
  // Only the runtime entry's files were fetched: no compiler, no importer.
  expect(server.requests.filter((p) => p.startsWith('/node_modules/')).every((p) => p.startsWith('/node_modules/dxcgc-web/lib/'))).toBe(true);
});

test('the page runs webcam frames in a loop and shows the frame time', async ({ page }) => {
  await page.goto(`${server.url}examples/classifier/`);
  await expect(page.locator('#status')).toContainText('model.mlirbc: input', { timeout: 60_000 });
  await page.locator('#webcam').click();
  await expect(page.locator('#status')).toContainText(/webcam: frame ([3-9]|\d\d+), [\d.]+ ms per frame/, { timeout: 60_000 });
  await expect(page.locator('#result')).toContainText('top-5:');
  await page.locator('#webcam').click();
  await expect(page.locator('#webcam')).toHaveText('Start webcam');
});

test('without WebGPU the page example says so in words', async ({ page }) => {
  await page.addInitScript(() => { delete (Navigator.prototype as { gpu?: unknown }).gpu; });
  await page.goto(`${server.url}examples/classifier/`);
  await expect(page.locator('#status')).toHaveText(/^WebGPU is unavailable: navigator\.gpu is missing: this browser has no WebGPU/);
  await expect(page.locator('#status')).toHaveClass(/error/);
});
