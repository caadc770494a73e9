// `npm run check:hostile [-- CASE…]`: writes the hostile and huge inputs of docs/security.md and
// runs `cgc` on each in a child process, printing its exit status, wall time and peak RSS, and
// failing when one ends other than as stated (a crash or stack overflow exits 70). Cases:
// relu-200k, relu-1m (Relu chains: compile, or stop at the op limit), header-100mb (a safetensors
// header of 1.75 M empty tensors: refused), symlink-zero and symlink-outside (ONNX external data
// linked to /dev/zero or to a file outside the model's folder: refused).
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chainModel, modelBytes, node, tensorInfo } from '../src/compiler/import/onnx/testing';

interface Case {
  /** Writes the input files into `dir`; returns the cgc arguments. */
  make(dir: string): string[];
  /** Whether the run ended as it should: its exit status and stderr. */
  ok(status: number | null, stderr: string): boolean;
}

const compiles = (status: number | null) => status === 0;
const refused = (pattern: RegExp) => (status: number | null, stderr: string) => status === 1 && pattern.test(stderr);

/** A model whose one initializer keeps its 16 bytes in external file `w.bin`. */
function externalDataModel(dir: string): string {
  const w = { name: 'w', dims: [4], data_type: 1, data_location: 1, external_data: [{ key: 'location', value: 'w.bin' }, { key: 'length', value: '16' }] };
  const file = join(dir, 'model.onnx');
  writeFileSync(file, modelBytes({ nodes: [node('Add', ['x', 'w'], ['y'])], inputs: [tensorInfo('x', [4])], outputs: [tensorInfo('y', [4])], initializers: [w] }));
  return file;
}

const CASES: Readonly<Record<string, Case>> = {
  'relu-200k': { make: (dir) => chain(dir, 200_000), ok: compiles },
  'relu-1m': { make: (dir) => chain(dir, 1_000_000), ok: (status, stderr) => compiles(status) || refused(/op count limit/)(status, stderr) },
  'header-100mb': {
    make: (dir) => {
      // 1.75 M empty tensors: {"t0":{"dtype":"F32","shape":[0],"data_offsets":[0,0]},…}, about 100 MB.
      const parts: string[] = [];
      for (let i = 0; i < 1_750_000; i++) parts.push(`"t${i}":{"dtype":"F32","shape":[0],"data_offsets":[0,0]}`);
      const json = new TextEncoder().encode(`{${parts.join(',')}}`);
      const bytes = new Uint8Array(8 + json.length);
      new DataView(bytes.buffer).setBigUint64(0, BigInt(json.length), true);
      bytes.set(json, 8);
      writeFileSync(join(dir, 'm.safetensors'), bytes);
      writeFileSync(join(dir, 'm.mlir'), 'cgc.module {\n  cgc.entry_point @main(%x: !cgc.tensor<4x!cgc.float32>) -> !cgc.tensor<4x!cgc.float32> {\n    cgc.return %x : !cgc.tensor<4x!cgc.float32>\n  }\n}\n');
      return ['info', join(dir, 'm.mlir')];
    },
    ok: refused(/header/),
  },
  'symlink-zero': {
    make: (dir) => {
      symlinkSync('/dev/zero', join(dir, 'w.bin'));
      return ['export', externalDataModel(dir), '-o', join(dir, 'out.mlir')];
    },
    ok: refused(/w\.bin/),
  },
  'symlink-outside': {
    make: (dir) => {
      const outside = join(dir, 'outside');
      mkdirSync(outside);
      writeFileSync(join(outside, 'secret'), new Uint8Array(16).fill(0x41));
      const model = join(dir, 'model');
      mkdirSync(model);
      symlinkSync(join(outside, 'secret'), join(model, 'w.bin'));
      return ['export', externalDataModel(model), '-o', join(dir, 'out.mlir')];
    },
    ok: refused(/w\.bin/),
  },
};

function chain(dir: string, n: number): string[] {
  const file = join(dir, `relu-chain-${n}.onnx`);
  writeFileSync(file, chainModel(n));
  // The compile time limit (120 s) is for interactive use; a loaded machine needs more for 200,000 ops.
  return ['compile', file, '-o', join(dir, 'out.mlir'), '--compile-timeout-s', '900'];
}

const chosen = process.argv.slice(2);
for (const name of chosen) if (!Object.hasOwn(CASES, name)) throw new Error(`unknown case '${name}' (cases: ${Object.keys(CASES).join(', ')})`);
let failed = false;
for (const name of chosen.length ? chosen : Object.keys(CASES)) {
  const dir = mkdtempSync(join(tmpdir(), 'cgc-hostile-'));
  try {
    const args = CASES[name]!.make(dir);
    const t0 = performance.now();
    // The child reports its own peak RSS (process.resourceUsage: portable, unlike /usr/bin/time -v).
    const child = spawnSync(process.execPath, [
      '--import', 'tsx', '-e',
      `const { runCli } = await import(${JSON.stringify(new URL('../src/cli/main.ts', import.meta.url).href)});`
      + `const code = await runCli(${JSON.stringify(args)}, { stdout: () => {}, stderr: console.error });`
      + `process.stderr.write('maxRSS ' + process.resourceUsage().maxRSS + '\\n'); process.exit(code);`,
    ], { encoding: 'utf8', maxBuffer: 1 << 26 });
    const s = (performance.now() - t0) / 1000;
    const rss = /maxRSS (\d+)/.exec(child.stderr)?.[1];
    const ok = CASES[name]!.ok(child.status, child.stderr);
    const message = child.stderr.split('\n').filter((l) => l && !l.startsWith('maxRSS')).slice(0, 2).join(' | ').slice(0, 300);
    console.log(`${ok ? 'ok  ' : 'FAIL'} ${name}: exit ${child.status}, ${s.toFixed(1)} s, peak RSS ${rss ? (Number(rss) / 1024).toFixed(0) : '?'} MiB${message ? ` — ${message}` : ''}`);
    if (!ok) failed = true;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
process.exit(failed ? 1 : 0);
