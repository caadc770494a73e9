// onnxruntime-web WebGPU timings on Dawn in this process (the peer in BENCHMARKS.md):
// node scripts/device/ort-bench.mjs MODEL.onnx RUNS. Needs .device/ort from the device pack script.
import { create, globals } from 'webgpu';
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
Object.assign(globalThis, globals);
const gpu = create([]);
Object.defineProperty(globalThis, 'navigator', { value: { gpu }, configurable: true });
const origWrite = GPUQueue.prototype.writeBuffer;
GPUQueue.prototype.writeBuffer = function (buffer, offset, data, dataOffset, size) {
  if (data && data.buffer instanceof SharedArrayBuffer) {
    const copy = new Uint8Array(data.byteLength); copy.set(new Uint8Array(data.buffer, data.byteOffset, data.byteLength));
    return origWrite.call(this, buffer, offset, copy, dataOffset, size);
  }
  return origWrite.call(this, buffer, offset, data, dataOffset, size);
};
const ort = await import(pathToFileURL(process.cwd() + '/.device/ort/ort.webgpu.bundle.min.mjs').href);
ort.env.wasm.numThreads = 1;
ort.env.wasm.wasmPaths = pathToFileURL(process.cwd() + '/.device/ort/').href;
const [file, runsArg] = process.argv.slice(2);
const t0 = performance.now();
const session = await ort.InferenceSession.create(new Uint8Array(readFileSync(file)), { executionProviders: ['webgpu'] });
const createMs = performance.now() - t0;
const name = session.inputNames[0];
const x = new ort.Tensor('float32', new Float32Array(3 * 224 * 224).map((_, i) => Math.sin(i)), [1, 3, 224, 224]);
const c0 = performance.now(); await session.run({ [name]: x }); const first = performance.now() - c0;
const times = [];
for (let i = 0; i < Number(runsArg ?? 30); i++) { const s = performance.now(); const r = await session.run({ [name]: x }); await r[session.outputNames[0]].getData?.(); times.push(performance.now() - s); }
times.sort((a, b) => a - b);
console.log(`ort-webgpu ${file}: session ${createMs.toFixed(0)} ms, first run ${first.toFixed(1)} ms, median ${times[times.length >> 1].toFixed(2)} ms, min ${times[0].toFixed(2)} ms`);
process.exit(0);
