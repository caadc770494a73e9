// The compile Web Worker: exposes the compile service through comlink. Progress arrives per pass;
// `cancel` stops the running compile at the next pass boundary, and so does a newer `compile`. The
// worker keeps the last successful compile's modules, so `files` builds the downloads on request.
import * as Comlink from 'comlink';
import { type CompileRequest, type CompileResponse, type CompiledModules, type ExportFiles, compileRequest, exportFiles, exportFilesFromText } from './service';

export interface FilesRequest {
  /** The compile result's `id`. */
  readonly id: string;
  /** Weights the page holds (a text model's .safetensors), by constant name; else the weights the worker holds. */
  readonly resources?: Readonly<Record<string, Uint8Array>>;
  /** The printed IR, for a result this worker does not hold (from the page's cache, or an earlier worker). */
  readonly program?: { readonly inputText: string; readonly outputText: string };
}

/** Bumped by every compile and cancel; a compile whose number is no longer current stops. */
let current = 0;
let kept: CompiledModules | undefined;

const api = {
  async compile(req: CompileRequest, onProgress?: (pass: number, total: number, name: string) => void): Promise<CompileResponse> {
    const mine = ++current;
    return compileRequest(req, {
      ...(onProgress ? { onProgress } : {}),
      isCancelled: () => mine !== current,
      onCompiled: (modules) => { kept = modules; },
    });
  },
  cancel(): void {
    current++;
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
