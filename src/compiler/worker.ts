// The compile Web Worker: exposes the compile service through comlink. Progress arrives per pass;
// `cancel` stops the running compile at the next pass boundary.
import * as Comlink from 'comlink';
import { type CompileRequest, type CompileResponse, compileRequest } from './service';

let cancelled = false;

const api = {
  async compile(req: CompileRequest, onProgress?: (pass: number, total: number, name: string) => void): Promise<CompileResponse> {
    cancelled = false;
    return compileRequest(req, { ...(onProgress ? { onProgress } : {}), isCancelled: () => cancelled });
  },
  cancel(): void {
    cancelled = true;
  },
};

export type CompileWorkerApi = typeof api;

Comlink.expose(api);
