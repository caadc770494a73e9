// What a text model costs per new sequence length in one process: the model's file read once, then
// for each length (in the order given) the import for that length, the compile, the load (tiered: its
// first tier's pipelines, those already made for an earlier length taken from the device's cache) and
// the first run, with the pipelines each length created. The inputs are `input_ids` (token 1) and an
// all-ones `attention_mask` of [1, length].
//   node .bench/new-lengths.mjs MODEL.onnx 7,19,128,64
import { readFileSync } from 'node:fs';
import { type HostTensor } from '../../src/core';
import { openModel } from '../../src/engine/model';
import { gpuProfile } from '../../src/webgpu-target/limits';
import { BENCH_DAWN_FLAGS, openCliDevice, useDawn } from '../../src/cli/gpu';
import { tensorType } from '../../src/ir/types';

const [file, lengthsText] = process.argv.slice(2);
const lengths = (lengthsText ?? '7,19,128,64').split(',').map(Number);
await useDawn(() => {}, BENCH_DAWN_FLAGS);
const { device } = await openCliDevice(() => {});
let pipelines = 0;
const createAsync = device.createComputePipelineAsync.bind(device);
device.createComputePipelineAsync = (d: GPUComputePipelineDescriptor) => { pipelines++; return createAsync(d); };
const createSync = device.createComputePipeline.bind(device);
device.createComputePipeline = (d: GPUComputePipelineDescriptor) => { pipelines++; return createSync(d); };
const bytes = new Uint8Array(readFileSync(file!));
console.log('| length | import ms | compile ms | load ms | first run ms | total ms | pipelines created | dispatches |');
console.log('|---|---|---|---|---|---|---|---|');
for (const length of lengths) {
  const before = pipelines;
  const t0 = performance.now();
  const model = openModel(bytes, { fileName: file!, shapes: { input_ids: [1, length], attention_mask: [1, length] } });
  const t1 = performance.now();
  const compiled = model.compile({ gpu: gpuProfile(device) });
  const t2 = performance.now();
  const program = await compiled.load(device);
  const t3 = performance.now();
  const ones = (): HostTensor => ({ type: tensorType([1, length], 'int64'), data: new BigInt64Array(length).fill(1n) });
  const r = await program.run([ones(), ones()]);
  const t4 = performance.now();
  console.log(`| ${length} | ${(t1 - t0).toFixed(0)} | ${(t2 - t1).toFixed(0)} | ${(t3 - t2).toFixed(0)} | ${(t4 - t3).toFixed(1)} | ${(t4 - t0).toFixed(0)} | ${pipelines - before} | ${r.dispatches} |`);
  program.destroy();
}
device.destroy();
process.exit(0);
