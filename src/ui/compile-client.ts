// The app's side of the compile and layout Web Workers (comlink): one CompileClient per page. A new
// compile cancels the running one (the worker stops it at its next pass), and a stale answer is dropped. The compile worker is
// watched: an error event, a message that cannot be read, or no progress for HANG_MS ends it, the
// compile in flight fails with a CompileWorkerFault saying what happened, and the next compile
// starts a new worker. Cancel that the worker does not honour within CANCEL_GRACE_MS ends it too.
import { CgcError } from '../core';
import * as Comlink from 'comlink';
import type { CompileRequest, CompileResponse, ExportFiles } from '../engine/service';
import type { GpuProfile } from '../engine/load';
import type { CompileWorkerApi, WorkerFault } from '../engine/worker';
import type { LayoutWorkerApi, PreparedGraph } from './layout-worker';

export type Progress = (done: number, total: number, pass: string) => void;

/** How long a compile may go without a progress message before the worker counts as hung. */
const HANG_MS = 60_000;
const CANCEL_GRACE_MS = 3_000;

/** The compile worker crashed, hung or was stopped; the next compile starts a new one. */
export class CompileWorkerFault extends CgcError {
  override name = 'CompileWorkerFault';
  constructor(message: string) {
    super('device', message);
  }
}

interface CompileWorker {
  readonly worker: Worker;
  readonly remote: Comlink.Remote<CompileWorkerApi>;
  /** Rejects when the worker dies (crash, hang, forced cancel); every call races it. */
  readonly dead: Promise<never>;
  readonly kill: (why: string) => void;
}

/** The compile in flight: its watchdog is re-armed by each progress message. */
interface InFlight {
  readonly mine: number;
  readonly hangMs: number;
  watchdog: ReturnType<typeof setTimeout> | undefined;
}

/** The page's compile and layout workers, started on first use; the app makes one and hands it to whoever compiles. */
export class CompileClient {
  private compileWorker: CompileWorker | undefined;
  private layoutWorker: Comlink.Remote<LayoutWorkerApi> | undefined;
  private generation = 0;
  /** A shorter hang limit for the next compile only (the e2e hook's). */
  private nextHangMs: number | undefined;
  private inFlight: InFlight | undefined;

  private startCompileWorker(): CompileWorker {
    const worker = new Worker(new URL('../engine/worker.ts', import.meta.url), { type: 'module', name: 'cgc-compile' });
    let kill!: (why: string) => void;
    const dead = new Promise<never>((_, reject) => {
      kill = (why) => {
        worker.terminate();
        if (this.compileWorker?.worker === worker) this.compileWorker = undefined;
        reject(new CompileWorkerFault(why));
      };
    });
    dead.catch(() => {}); // observed through the calls that race it
    worker.addEventListener('error', (e) => {
      e.preventDefault();
      kill(`the compile worker crashed (${e.message || 'no message'}); the next compile starts a new one`);
    });
    worker.addEventListener('messageerror', () => kill('the compile worker sent a message that could not be read; the next compile starts a new one'));
    const w = { worker, remote: Comlink.wrap<CompileWorkerApi>(worker), dead, kill };
    this.compileWorker = w;
    return w;
  }

  private compiler(): CompileWorker {
    return this.compileWorker ?? this.startCompileWorker();
  }

  private layouter(): Comlink.Remote<LayoutWorkerApi> {
    this.layoutWorker ??= Comlink.wrap<LayoutWorkerApi>(new Worker(new URL('./layout-worker.ts', import.meta.url), { type: 'module', name: 'cgc-layout' }));
    return this.layoutWorker;
  }

  private armWatchdog(w: CompileWorker, mine: number): void {
    const inFlight = this.inFlight;
    if (inFlight?.mine !== mine) return;
    clearTimeout(inFlight.watchdog);
    const { hangMs } = inFlight;
    inFlight.watchdog = setTimeout(() => {
      w.kill(`the compile worker stopped responding (no progress for ${(hangMs / 1000).toLocaleString('en-US')} s): it was stopped; the next compile starts a new one`);
    }, hangMs);
  }

  /** Compiles in the worker; resolves undefined when a later compile superseded this one, rejects with CompileWorkerFault when the worker died. */
  async compile(req: CompileRequest, onProgress: Progress): Promise<CompileResponse | undefined> {
    const mine = ++this.generation;
    const w = this.compiler();
    if (this.inFlight) clearTimeout(this.inFlight.watchdog);
    this.inFlight = { mine, hangMs: this.nextHangMs ?? HANG_MS, watchdog: undefined };
    this.nextHangMs = undefined;
    this.armWatchdog(w, mine);
    try {
      const response = await guarded(w, w.remote.compile(crossing(req), Comlink.proxy((done: number, total: number, pass: string) => {
        this.armWatchdog(w, mine);
        if (mine === this.generation) onProgress(done, total, pass);
      })));
      return mine === this.generation ? response : undefined;
    } catch (e) {
      if (mine !== this.generation) return undefined;
      throw e;
    } finally {
      if (this.inFlight?.mine === mine) {
        clearTimeout(this.inFlight.watchdog);
        this.inFlight = undefined;
      }
    }
  }

  /**
   * The warm-up model's Output IR text compiled for `gpu` (engine/warm-up-model.ts), or undefined when
   * the worker died meanwhile. Not one of the page's compiles: it supersedes none.
   */
  async warmUp(gpu: GpuProfile): Promise<string | undefined> {
    const w = this.compiler();
    try {
      return await guarded(w, w.remote.warmUp(gpu));
    } catch {
      return undefined;
    }
  }

  /** Stops the running compile at its next pass; a worker that does not answer within CANCEL_GRACE_MS is ended. */
  async cancel(): Promise<void> {
    const w = this.compileWorker;
    const pending = this.inFlight;
    if (!w) return;
    const grace = pending && setTimeout(() => {
      if (this.inFlight === pending) w.kill('the compile was cancelled: the worker did not stop by itself, so it was ended; the next compile starts a new one');
    }, CANCEL_GRACE_MS);
    try {
      await guarded(w, w.remote.cancel());
    } catch {
      // Already dead: the compile in flight reports it.
      clearTimeout(grace);
    }
  }

  /** The constants of the model in `req` (read in the worker, not compiled): for a compile result from the cache. */
  async constants(req: CompileRequest): Promise<Pick<CompileResponse, 'constants' | 'constantRanges'> | undefined> {
    const w = this.compiler();
    return guarded(w, w.remote.constants(crossing(req)));
  }

  /**
   * Builds the download files of compile result `r` in the worker, from the modules it kept; for a
   * result it no longer holds (from the cache, or an earlier worker), from `r`'s printed IR.
   * `constants` are the weights a Run binds; they travel only when the worker does not hold them
   * (a text model's .safetensors stays on the page; ONNX initializers and bytecode resources are in the worker).
   */
  async files(r: CompileResponse, constants: ReadonlyMap<string, Uint8Array> | undefined): Promise<ExportFiles> {
    if (!r.ok || r.inputText === undefined || r.outputText === undefined) throw new Error('there is no compiled program to export: compile the model first');
    const w = this.compiler();
    const pageWeights = r.constants ? undefined : constants;
    const held = r.id ? await guarded(w, w.remote.files({ id: r.id, ...(pageWeights ? { resources: Object.fromEntries(pageWeights) } : {}) })) : undefined;
    if (held) return held;
    const program = { inputText: r.inputText, outputText: r.outputText };
    const files = await guarded(w, w.remote.files({ id: r.id ?? '', program, ...(constants ? { resources: Object.fromEntries(constants) } : {}) }));
    if (!files) throw new Error('the compile worker built no files');
    return files;
  }

  /** The graph laid out, with control-flow regions opened (true) or closed (false) by key; the rest as their size says. */
  async layout(inputText: string, partitions: CompileResponse['partitions'], regions: Readonly<Record<string, boolean>> = {}): Promise<PreparedGraph> {
    return this.layouter().prepare(inputText, partitions, regions);
  }

  /** E2E fault injection (test-hooks.ts): the next compile crashes or hangs the worker; `hangMs` shortens its hang watchdog. */
  async injectFault(fault: WorkerFault, hangMs?: number): Promise<void> {
    this.nextHangMs = hangMs;
    const w = this.compiler();
    await guarded(w, w.remote.injectFault(fault));
  }
}

/**
 * A request as it crosses to the worker: an ONNX model's bytes (and its external data files) as one
 * copy each, transferred. The page keeps its own bytes (the compile cache stores them, a recompile
 * sends them again, and a worker that dies must not take them along); a structured clone would copy
 * them twice, once into the message and once out of it (measured: BENCHMARKS.md, "Import at disk speed").
 */
export function crossing(req: CompileRequest): CompileRequest {
  if (!req.onnx) return req;
  const externalFiles = req.onnx.externalFiles && Object.fromEntries(Object.entries(req.onnx.externalFiles).map(([k, v]) => [k, new Uint8Array(v)]));
  const onnx = { ...req.onnx, bytes: new Uint8Array(req.onnx.bytes), ...(externalFiles ? { externalFiles } : {}) };
  return Comlink.transfer({ ...req, onnx }, [onnx.bytes.buffer, ...Object.values(externalFiles ?? {}).map((f) => f.buffer)]);
}

/** `call` on the compile worker, failing with the worker's fault if it dies first. */
function guarded<T>(w: CompileWorker, call: Promise<T>): Promise<T> {
  return Promise.race([call, w.dead]);
}
