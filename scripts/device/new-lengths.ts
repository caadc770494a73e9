// What a text model costs per new sequence length in one process, through a session (engine/session.ts)
// opened once on the model's file: for each length in the order given, the time from the call to the
// result at a length never run before (import and compile for it; the load binds the weights another
// length uploaded and takes its first-tier pipelines from the device's cache), the pipelines that
// call created, and a second call at that length (after which the program settles on its final
// kernels before the next length). With `ort`, onnxruntime-web's WebGPU backend
// beside it in the same process and on the same Dawn: one inference session, created and run once
// (at length 3) before the first length, then run at each length the same way. The inputs are `input_ids` (token 1) and an all-ones
// `attention_mask` of [1, length].
//   node .bench/new-lengths.mjs MODEL.onnx 7,19,128,64 [ort]
import { readFileSync } from 'node:fs';
import { type HostTensor } from '../../src/core';
import { openSession } from '../../src/engine/session';
import { BENCH_DAWN_FLAGS, openCliDevice, useDawn } from '../../src/cli/gpu';
import { loadOnnxruntimeWeb } from '../../src/cli/onnxruntime';
import { tensorType } from '../../src/ir/types';
import { countPipelines } from './count-pipelines';

const [file, lengthsText, vs] = process.argv.slice(2);
const lengths = (lengthsText ?? '7,19,128,64').split(',').map(Number);
await useDawn(() => {}, BENCH_DAWN_FLAGS);
const ort = vs === 'ort' ? await loadOnnxruntimeWeb() : undefined;
const { device } = await openCliDevice(() => {});
const pipelines = countPipelines(device);
const bytes = new Uint8Array(readFileSync(file!));
const ones = (length: number): HostTensor => ({ type: tensorType([1, length], 'int64'), data: new BigInt64Array(length).fill(1n) });

const o0 = performance.now();
const ortSession = ort ? await ort.InferenceSession.create(bytes, { executionProviders: ['webgpu'] }) : undefined;
const ortCreate = performance.now() - o0;
// onnxruntime-web's first run (its WebAssembly start-up and its pipelines) at a length not measured, before either side is timed.
const feedsOf = (length: number) => Object.fromEntries(ortSession!.inputNames.map((n) => [n, new ort!.Tensor('int64', new BigInt64Array(length).fill(1n), [1, length])]));
if (ortSession) await ortSession.run(feedsOf(3));
const session = openSession(device, bytes, { fileName: file! });
if (ortSession) console.log(`onnxruntime-web ${ort!.env.versions.web ?? '?'}: session created in ${ortCreate.toFixed(0)} ms`);
console.log(`| length | ours: new length, ms from the call | pipelines created | ours: again, ms | dispatches |${ortSession ? ' onnxruntime-web: new length, ms | onnxruntime-web: again, ms |' : ''}`);
console.log(`|---|---|---|---|---|${ortSession ? '---|---|' : ''}`);
const time = async (f: () => Promise<unknown>) => { const t = performance.now(); await f(); return performance.now() - t; };
for (const length of lengths) {
  const before = pipelines.count;
  let dispatches = 0;
  const first = await time(async () => { dispatches = (await session.run([ones(length), ones(length)])).dispatches; });
  const created = pipelines.count - before;
  const again = await time(() => session.run([ones(length), ones(length)]));
  // A program settles on its final kernels after its second run: let it, so that the next length's call has the driver to itself.
  await (await session.programFor([ones(length), ones(length)])).settle();
  let ortCells = '';
  if (ortSession) {
    const feeds = feedsOf(length);
    const read = async () => { const out = await ortSession.run(feeds); await Promise.all(Object.values(out).map((t) => t.getData())); };
    ortCells = ` ${(await time(read)).toFixed(1)} | ${(await time(read)).toFixed(1)} |`;
  }
  console.log(`| ${length} | ${first.toFixed(1)} | ${created} | ${again.toFixed(1)} | ${dispatches} |${ortCells}`);
}
session.destroy();
await ortSession?.release();
device.destroy();
process.exit(0);
