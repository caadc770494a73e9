// The compile Web Worker: exposes the compile service through comlink. Progress arrives per pass;
// `cancel` stops the running compile at the next pass boundary, and so does a newer `compile`.
import * as Comlink from 'comlink';
import { type CompileRequest, type CompileResponse, compileRequest } from './service';

/** Bumped by every compile and cancel; a compile whose number is no longer current stops. */
let current = 0;

const api = {
  async compile(req: CompileRequest, onProgress?: (pass: number, total: number, name: string) => void): Promise<CompileResponse> {
    const mine = ++current;
    return compileRequest(req, { ...(onProgress ? { onProgress } : {}), isCancelled: () => mine !== current });
  },
  cancel(): void {
    current++;
  },
};

export type CompileWorkerApi = typeof api;

Comlink.expose(api);
