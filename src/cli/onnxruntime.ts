// onnxruntime-web, loaded on first use: its WebAssembly backend is the oracle `cgc check` compares
// against (in Node without native binaries; one thread, so no worker threads are started), its
// WebGPU backend the peer `cgc bench --vs ort` runs beside ours.
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { type ElementType, tensorType } from '../ir';
import { CgcError, type HostTensor } from '../core';

/** onnxruntime-web's tensor type names; it has no bfloat16 tensors. */
const ORT_TYPES: Readonly<Partial<Record<ElementType, string>>> = {
  float32: 'float32', float16: 'float16', int32: 'int32', int64: 'int64', int8: 'int8', uint8: 'uint8', bool: 'bool',
  int16: 'int16', uint16: 'uint16', uint32: 'uint32', float64: 'float64', uint64: 'uint64',
};

export interface OrtRun {
  /** Outputs by graph output name. */
  outputs: Map<string, HostTensor>;
  version: string;
  ms: number;
}

/** onnxruntime-web's WebGPU build (which holds its wasm backend too): from ORT_WEB_DIR (a folder holding its
 *  dist files) or the installed package. */
/** Where onnxruntime-web is installed: an optional dependency, needed only by the commands that compare with it. */
function onnxruntimeDir(): string {
  try {
    return dirname(createRequire(import.meta.url).resolve('onnxruntime-web'));
  } catch {
    throw new CgcError('usage', "this command compares with onnxruntime-web, which is not installed: npm install onnxruntime-web (or set ORT_WEB_DIR to its dist folder)");
  }
}

export async function loadOnnxruntimeWeb(): Promise<typeof import('onnxruntime-web')> {
  const dir = process.env.ORT_WEB_DIR ?? onnxruntimeDir();
  const ort = (await import(/* @vite-ignore */ pathToFileURL(join(dir, 'ort.webgpu.bundle.min.mjs')).href)) as typeof import('onnxruntime-web');
  ort.env.wasm.numThreads = 1;
  ort.env.wasm.wasmPaths = pathToFileURL(dir + '/').href;
  ort.env.logLevel = 'error';
  return ort;
}

/** Runs the ONNX model `bytes` (with its external data files, by location) on `feeds` (by graph input name) with onnxruntime-web (wasm). */
export async function runOnnxruntime(bytes: Uint8Array, feeds: ReadonlyMap<string, HostTensor>, externalFiles?: ReadonlyMap<string, Uint8Array>): Promise<OrtRun> {
  const ort = await loadOnnxruntimeWeb();
  const externalData = [...(externalFiles ?? [])].map(([path, data]) => ({ path, data }));
  const session = await ort.InferenceSession.create(bytes, { executionProviders: ['wasm'], ...(externalData.length ? { externalData } : {}) });
  try {
    const input: Record<string, InstanceType<typeof ort.Tensor>> = {};
    for (const [name, t] of feeds) {
      const type = ORT_TYPES[t.type.element];
      if (!type) throw new CgcError('unsupported', `input '${name}' is !cgc.${t.type.element}, which onnxruntime-web cannot take (it has no ${t.type.element} tensors)`);
      input[name] = new ort.Tensor(type as 'float32', t.data as Float32Array, [...t.type.shape]);
    }
    const start = performance.now();
    const results = await session.run(input);
    const ms = performance.now() - start;
    const outputs = new Map<string, HostTensor>();
    for (const name of session.outputNames) {
      const r = results[name]!;
      const element = (Object.keys(ORT_TYPES) as ElementType[]).find((e) => ORT_TYPES[e] === r.type);
      if (!element) throw new CgcError('unsupported', `onnxruntime output '${name}' has type ${r.type}, which CGC does not support`);
      outputs.set(name, { type: tensorType(r.dims, element), data: r.data as HostTensor['data'] });
    }
    return { outputs, version: ort.env.versions.web ?? ort.env.versions.common ?? '?', ms };
  } finally {
    await session.release();
  }
}
