// The compile Web Worker: exposes the compile service through comlink. Progress arrives per pass;
// `cancel` stops the running compile at the next pass boundary, and so does a newer `compile`. The
// worker keeps the last successful compile's modules, so `files` builds the downloads on request.
import * as Comlink from 'comlink';
import { type CompileRequest, type CompileResponse, type CompiledModules, type ExportFiles, compileRequest, exportFiles, exportFilesFromText, modelConstants } from './service';
import type { GpuProfile } from './load';
import { WARM_UP_MODEL } from './warm-up-model';

export interface FilesRequest {
  /** The compile result's `id`. */
  readonly id: string;
  /** Weights the page holds (a text model's .safetensors), by constant name; else the weights the worker holds. */
  readonly resources?: Readonly<Record<string, Uint8Array>>;
  /** The printed IR, for a result this worker does not hold (from the page's cache, or an earlier worker). */
  readonly program?: { readonly inputText: string; readonly outputText: string };
}

/** A fault the next compile injects, for end-to-end tests of the page's worker watch (compile-client.ts). */
export type WorkerFault = 'crash' | 'hang';

/** Bumped by every compile and cancel; a compile whose number is no longer current stops. */
let current = 0;
let kept: CompiledModules | undefined;
let fault: WorkerFault | undefined;

/** Crashes (an uncaught error) or hangs (a busy loop that never yields, so not even `cancel` gets through). */
function injected(f: WorkerFault): Promise<never> {
  if (f === 'crash') {
    setTimeout(() => { throw new Error('injected crash (end-to-end test hook)'); });
    return new Promise<never>(() => {});
  }
  for (;;) {
    // Never yields: only terminate() ends this worker now.
  }
}

const api = {
  async compile(req: CompileRequest, onProgress?: (pass: number, total: number, name: string) => void): Promise<CompileResponse> {
    const mine = ++current;
    if (fault) {
      const f = fault;
      fault = undefined;
      return injected(f);
    }
    return compileRequest(req, {
      ...(onProgress ? { onProgress } : {}),
      isCancelled: () => mine !== current,
      onCompiled: (modules) => { kept = modules; },
    });
  },
  cancel(): void {
    current++;
  },
  /**
   * The warm-up model (engine/warm-up-model.ts) compiled for `gpu`: its Output IR text, which the page
   * loads to have the first tier's common pipelines made. Not a compile of the page's: it neither stops
   * one in flight nor replaces the result the downloads are built from.
   */
  async warmUp(gpu: GpuProfile): Promise<string | undefined> {
    return (await compileRequest({ model: WARM_UP_MODEL, fileName: 'warm-up.mlir', gpu })).outputText;
  },
  /** The constants of the model in `req`, for a compile result the page took from its cache (an ONNX model's as ranges of its files). */
  constants(req: CompileRequest): Pick<CompileResponse, 'constants' | 'constantRanges'> | undefined {
    return modelConstants(req);
  },
  /** Makes the next compile crash or hang; only in end-to-end test builds (VITE_CGC_E2E). */
  injectFault(f: WorkerFault): void {
    if (!import.meta.env.VITE_CGC_E2E) throw new Error('fault injection exists only in end-to-end test builds (VITE_CGC_E2E=1)');
    fault = f;
  },
  /** The download files of compile `id`; undefined when this worker does not hold it and no `program` came along. */
  files(req: FilesRequest): ExportFiles | undefined {
    const files = kept?.id === req.id ? exportFiles(kept.input, kept.output, req.resources ?? kept.data)
      : req.program ? exportFilesFromText(req.program.inputText, req.program.outputText, req.resources) : undefined;
    // Transferred, not copied: the worker does not need them again.
    return files && Comlink.transfer(files, [files.outputBytecode.buffer, ...(files.weightsFile ? [files.weightsFile.buffer] : [])]);
  },
};

export type CompileWorkerApi = typeof api;

Comlink.expose(api);
