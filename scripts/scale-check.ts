// `npm run check:scale [-- N…]`: writes a chain of N Relu ops as ONNX (default 200,000 and
// 1,000,000) and runs `cgc compile` on it in a child process, printing the exit status, wall time
// and peak RSS. A chain of N ops must compile (or stop at the op limit) without a stack overflow.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chainModel } from '../src/compiler/import/onnx/testing';

const sizes = process.argv.slice(2).map(Number);
const dir = mkdtempSync(join(tmpdir(), 'cgc-scale-'));
let failed = false;
try {
  for (const n of sizes.length ? sizes : [200_000, 1_000_000]) {
    const model = join(dir, `relu-chain-${n}.onnx`);
    writeFileSync(model, chainModel(n));
    const t0 = performance.now();
    // The child reports its own peak RSS (process.resourceUsage: portable, unlike /usr/bin/time -v).
    const child = spawnSync(process.execPath, [
      '--import', 'tsx', '-e',
      `const { runCli } = await import(${JSON.stringify(new URL('../src/cli/main.ts', import.meta.url).href)});`
      + `const code = await runCli(${JSON.stringify(['compile', model, '-o', join(dir, 'out.mlir')])}, { stdout: console.log, stderr: console.error });`
      + `process.stderr.write('maxRSS ' + process.resourceUsage().maxRSS + '\\n'); process.exit(code);`,
    ], { encoding: 'utf8', maxBuffer: 1 << 26 });
    const s = (performance.now() - t0) / 1000;
    const rss = /maxRSS (\d+)/.exec(child.stderr)?.[1];
    const message = child.stderr.split('\n').filter((l) => l && !l.startsWith('maxRSS')).slice(0, 3).join(' | ');
    console.log(`${n} Relu ops: exit ${child.status}, ${s.toFixed(1)} s, peak RSS ${rss ? (Number(rss) / 1024).toFixed(0) : '?'} MiB${message ? ` — ${message}` : ''}`);
    // Exit 0 (compiled) or 1 with the op limit named; 70 (an internal error such as a stack overflow) fails.
    if (!(child.status === 0 || (child.status === 1 && /op count limit/.test(child.stderr)))) failed = true;
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
