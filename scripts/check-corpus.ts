// `npm run check:corpus [-- --backend webgpu|cpu]`: `cgc check` on every model the repository
// holds — the demo models (public/models), the e2e and test fixtures, the IR goldens and compile
// fixtures, the fuzz findings' models and the ONNX backend cases the fuzzers seed from — in one
// process, so onnxruntime-web starts once. Each ends as PASS, FAIL (a numeric mismatch), refused (a
// clear error naming what is unsupported) or internal (exit 70: a bug, printed with its stack). Exits
// 1 if any model is FAIL or internal, or printed a stack trace.
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { runCli } from '../src/cli/main';
import { REPO_ROOT } from '../src/fuzz/corpus';

const ONNX_DATA = '/usr/share/libonnx-testdata/data';

function filesUnder(dir: string, exts: readonly string[], skip = /\/expected\//): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && exts.some((x) => e.name.endsWith(x)))
    .map((e) => join(e.parentPath, e.name))
    .filter((f) => !skip.test(f))
    .sort();
}

/** The corpus, by where it comes from. */
export function corpusModels(): string[] {
  const models = ['.onnx', '.mlir', '.mlirbc'];
  const files = [
    ...filesUnder(join(REPO_ROOT, 'public/models'), models),
    ...filesUnder(join(REPO_ROOT, 'e2e/fixtures'), models),
    ...filesUnder(join(REPO_ROOT, 'tests/models'), models),
    ...filesUnder(join(REPO_ROOT, 'tests/golden'), models),
    ...filesUnder(join(REPO_ROOT, 'tests/compile'), models),
    // Compile-fuzz findings need the fills their headers give: the compile fuzzer's replay checks them.
    ...filesUnder(join(REPO_ROOT, 'tests/fuzz-findings'), models, /\/compile\//),
  ];
  for (const dir of ['pytorch-converted', 'pytorch-operator']) {
    for (const f of filesUnder(join(ONNX_DATA, dir), ['model.onnx'])) files.push(f);
  }
  return files;
}

type Outcome = 'PASS' | 'FAIL' | 'refused' | 'internal';

async function checkOne(file: string, extra: readonly string[]): Promise<{ outcome: Outcome; line: string; stack: boolean }> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runCli(['check', file, ...extra], { stdout: (l) => out.push(l), stderr: (l) => err.push(l) });
  const text = [...out, ...err].join('\n');
  const stack = /\n\s+at .+:\d+:\d+\)?/.test(text);
  const outcome: Outcome = code === 70 ? 'internal' : code === 0 ? 'PASS' : out.some((l) => l.startsWith('FAIL')) ? 'FAIL' : 'refused';
  const line = outcome === 'PASS' ? out.find((l) => l.startsWith('PASS')) ?? '' : [...err, ...out].filter((l) => !/^(no GPU found|WebGPU adapter)/.test(l)).slice(-1)[0] ?? '';
  return { outcome, line, stack };
}

async function main(): Promise<number> {
  const extra = process.argv.slice(2);
  const files = corpusModels();
  const counts: Record<Outcome, number> = { PASS: 0, FAIL: 0, refused: 0, internal: 0 };
  let stacks = 0;
  for (const file of files) {
    const r = await checkOne(file, extra);
    counts[r.outcome]++;
    if (r.stack) stacks++;
    console.log(`${r.outcome.padEnd(8)} ${file.startsWith(REPO_ROOT) ? file.slice(REPO_ROOT.length + 1) : file}: ${r.line.slice(0, 200)}${r.stack ? ' [stack trace]' : ''}`);
  }
  console.log(`${files.length} models: ${counts.PASS} PASS, ${counts.FAIL} FAIL, ${counts.refused} refused, ${counts.internal} internal; ${stacks} stack trace(s)`);
  return counts.FAIL || counts.internal || stacks ? 1 : 0;
}

if (import.meta.url === `file://${process.argv[1]}`) process.exitCode = await main();
