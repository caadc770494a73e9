// Worker-thread entry of one fuzz target: builds the seed corpus, says it is ready, then runs the
// fuzz loop and reports crashes, progress and the final counts to the supervisor.
import { parentPort, workerData } from 'node:worker_threads';
import { HarnessError, fuzzLoop } from './runner';
import type { FuzzTarget } from './targets';

export interface WorkerJob {
  entry: string;
  target: string;
  /** The module whose `TARGETS` list holds the target (targets.ts; tests add their own). */
  targets: string;
  seed: number;
  from: number;
  until: number;
  budgetMs: number;
  shared: SharedArrayBuffer;
}

export type WorkerMessage =
  | { type: 'ready' }
  | { type: 'broken'; message: string }
  | { type: 'crash'; index: number; message: string; input: Uint8Array }
  | { type: 'progress' | 'done'; counts: import('./runner').Counts; stats?: Readonly<Record<string, number>> };

const job = workerData as WorkerJob;
const port = parentPort!;
const post = (m: WorkerMessage) => port.postMessage(m);

const { TARGETS } = (await import(job.targets)) as { TARGETS: readonly FuzzTarget[] };
const target = TARGETS.find((t) => t.name === job.target)!;
const seeds = target.seeds();
const stats = () => (target.stats ? { stats: target.stats() } : {});
post({ type: 'ready' });
try {
  const counts = await fuzzLoop(target, seeds, {
    seed: job.seed, from: job.from, until: job.until, deadline: Date.now() + job.budgetMs, shared: new Float64Array(job.shared),
    onCrash: (c) => post({ type: 'crash', ...c }),
    onProgress: (c) => post({ type: 'progress', counts: c, ...stats() }),
  });
  post({ type: 'done', counts, ...stats() });
} catch (e) {
  if (!(e instanceof HarnessError)) throw e;
  post({ type: 'broken', message: e.message });
}
