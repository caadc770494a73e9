// The app's side of the compile and layout Web Workers (comlink). A new compile cancels the running
// one (the worker stops it at its next pass), and a stale answer is dropped.
import * as Comlink from 'comlink';
import type { CompileRequest, CompileResponse, ExportFiles } from '../compiler/service';
import type { CompileWorkerApi } from '../compiler/worker';
import type { LayoutWorkerApi, PreparedGraph } from './layout-worker';

export type Progress = (done: number, total: number, pass: string) => void;

let compileWorker: Comlink.Remote<CompileWorkerApi> | undefined;
let layoutWorker: Comlink.Remote<LayoutWorkerApi> | undefined;
let generation = 0;

function compiler(): Comlink.Remote<CompileWorkerApi> {
  compileWorker ??= Comlink.wrap<CompileWorkerApi>(new Worker(new URL('../compiler/worker.ts', import.meta.url), { type: 'module', name: 'cgc-compile' }));
  return compileWorker;
}

function layouter(): Comlink.Remote<LayoutWorkerApi> {
  layoutWorker ??= Comlink.wrap<LayoutWorkerApi>(new Worker(new URL('./layout-worker.ts', import.meta.url), { type: 'module', name: 'cgc-layout' }));
  return layoutWorker;
}

/** Compiles in the worker; resolves undefined when a later compile superseded this one. */
export async function compileInWorker(req: CompileRequest, onProgress: Progress): Promise<CompileResponse | undefined> {
  const mine = ++generation;
  const worker = compiler();
  const response = await worker.compile(req, Comlink.proxy((done: number, total: number, pass: string) => {
    if (mine === generation) onProgress(done, total, pass);
  }));
  return mine === generation ? response : undefined;
}

export async function cancelCompile(): Promise<void> {
  await compileWorker?.cancel();
}

/**
 * Builds the download files of compile result `r` in the worker, from the modules it kept; for a
 * result it no longer holds (from the cache, or an earlier worker), from `r`'s printed IR.
 * `constants` are the weights a Run binds; they travel only when the worker does not hold them
 * (a text model's .safetensors stays on the page; ONNX initializers and bytecode resources are in the worker).
 */
export async function filesInWorker(r: CompileResponse, constants: ReadonlyMap<string, Uint8Array> | undefined): Promise<ExportFiles> {
  if (!r.ok || r.inputText === undefined || r.outputText === undefined) throw new Error('there is no compiled program to export: compile the model first');
  const worker = compiler();
  const pageWeights = r.constants ? undefined : constants;
  const held = r.id ? await worker.files({ id: r.id, ...(pageWeights ? { resources: Object.fromEntries(pageWeights) } : {}) }) : undefined;
  if (held) return held;
  const program = { inputText: r.inputText, outputText: r.outputText };
  const files = await worker.files({ id: r.id ?? '', program, ...(constants ? { resources: Object.fromEntries(constants) } : {}) });
  if (!files) throw new Error('the compile worker built no files');
  return files;
}

export async function layoutInWorker(inputText: string, partitions: CompileResponse['partitions']): Promise<PreparedGraph> {
  return layouter().prepare(inputText, partitions);
}
