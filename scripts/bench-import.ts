// `npm run bench:import -- [--shape NAME=DxD,…] MODEL…`: how long a model takes from its file to an opened model
// (openModel: ONNX → CGC Input IR with its constants), each model in a fresh process: the file's
// read, the first import (what a cold start pays) and the median and min of 5 more; and how many
// of its weights' bytes are views of the file's buffer rather than copies.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { readInputFile } from '../src/cli/files';
import { openModel } from '../src/engine/model';
import { median } from '../src/core';
import { resolveLimits } from '../src/ir/limits';
import { parseShapes } from '../src/cli/args';

const MiB = 2 ** 20;

function child(file: string, shapes?: Record<string, number[]>): void {
  const r0 = performance.now();
  const bytes = readInputFile(file, resolveLimits({}));
  const readMs = performance.now() - r0;
  const times: number[] = [];
  let viewed = 0;
  let total = 0;
  for (let i = 0; i < 6; i++) {
    const t0 = performance.now();
    const model = openModel(bytes, { fileName: file, ...(shapes ? { shapes } : {}) });
    times.push(performance.now() - t0);
    if (i === 0) {
      for (const c of model.constants.values()) {
        total += c.byteLength;
        if (c.buffer === bytes.buffer) viewed += c.byteLength;
      }
    }
  }
  const rest = times.slice(1);
  console.log(JSON.stringify({ file, mib: bytes.length / MiB, readMs, firstMs: times[0], medianMs: median(rest), minMs: Math.min(...rest), viewedMib: viewed / MiB, constantMib: total / MiB }));
}

const argv = process.argv.slice(2);
// `--shape NAME=DxD,…` fixes dynamic input dimensions (a torchvision export's batch), as `cgc run --shape` does.
const at = argv.indexOf('--shape');
const shapeFlag = at >= 0 ? argv.splice(at, 2)[1] : undefined;
const shapes = parseShapes(shapeFlag);
const [flag, ...rest] = argv;
if (flag === '--one') {
  child(rest[0]!, shapes);
} else {
  const files = [flag, ...rest].filter((f): f is string => !!f);
  if (!files.length) throw new Error('usage: npm run bench:import -- [--shape NAME=DxD,…] MODEL.onnx…');
  console.log('| model | file | read | first import | import, median (min) of 5 more | weights that are views of the file |');
  console.log('|---|---|---|---|---|---|');
  for (const file of files) {
    const r = spawnSync(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url), ...(shapeFlag ? ['--shape', shapeFlag] : []), '--one', file], { encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`${file}: ${r.stderr}`);
    const f = JSON.parse(r.stdout.trim().split('\n').pop()!) as Record<string, number> & { file: string };
    const ms = (v: number) => `${Math.round(v).toLocaleString('en-US')} ms`;
    console.log(`| ${f.file.split('/').pop()} | ${f.mib.toFixed(0)} MiB | ${ms(f.readMs)} | ${ms(f.firstMs)} | ${ms(f.medianMs)} (${ms(f.minMs)}) | ${f.viewedMib.toFixed(1)} of ${f.constantMib.toFixed(1)} MiB |`);
  }
}
