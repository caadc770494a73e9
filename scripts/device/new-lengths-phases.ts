// Where a new sequence length's time goes, phase by phase, in one process: for each length in the
// order given, the model opened for it (import), compiled, loaded (its weights bound to the buffers
// another length uploaded, its first tier's pipelines from the device's cache) and run once, each
// timed, with the pipelines the load created; then the program settles and the next length comes.
// The inputs are `input_ids` (token 1) and an all-ones `attention_mask` of [1, length].
//   node .bench/new-lengths-phases.mjs MODEL.onnx 7,19,128,64
import { readFileSync } from 'node:fs';
import { type HostTensor } from '../../src/core';
import { openModel } from '../../src/engine/model';
import { BENCH_DAWN_FLAGS, openCliDevice, useDawn } from '../../src/cli/gpu';
import { gpuProfile } from '../../src/webgpu-target/limits';
import { tensorType } from '../../src/ir/types';
import { countPipelines } from './count-pipelines';

const [file, lengthsText] = process.argv.slice(2);
const lengths = (lengthsText ?? '7,19,128,64').split(',').map(Number);
await useDawn(() => {}, BENCH_DAWN_FLAGS);
const { device } = await openCliDevice(() => {});
const pipelines = countPipelines(device);
const bytes = new Uint8Array(readFileSync(file!));
const ones = (length: number): HostTensor => ({ type: tensorType([1, length], 'int64'), data: new BigInt64Array(length).fill(1n) });
console.log('| length | import | compile | load | first run | total | pipelines created | run again |');
console.log('|---|---|---|---|---|---|---|---|');
const live = [];
for (const length of lengths) {
  const before = pipelines.count;
  const t0 = performance.now();
  const model = openModel(bytes, { fileName: file!, shapes: { input_ids: [1, length], attention_mask: [1, length] } });
  const t1 = performance.now();
  const compiled = model.compile({ gpu: gpuProfile(device) });
  const t2 = performance.now();
  const program = await compiled.load(device);
  const t3 = performance.now();
  await program.run([ones(length), ones(length)]);
  const t4 = performance.now();
  const created = pipelines.count - before;
  const a0 = performance.now();
  await program.run([ones(length), ones(length)]);
  const again = performance.now() - a0;
  await program.settle();
  live.push(program);
  const f = (x: number) => x.toFixed(1);
  console.log(`| ${length} | ${f(t1 - t0)} | ${f(t2 - t1)} | ${f(t3 - t2)} | ${f(t4 - t3)} | ${f(t4 - t0)} | ${created} | ${f(again)} |`);
}
for (const p of live) p.destroy();
device.destroy();
process.exit(0);
