// Worker entry of one fuzz target — in a worker thread, or in a child process for a GPU target:
// builds the seed corpus, says it is ready, then runs the fuzz loop and reports crashes, progress
// and the final counts to the supervisor.
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
  /** The watchdog's slots (runner.ts); absent in a child process, which reports them as `slots` messages. */
  shared?: SharedArrayBuffer;
}

export type WorkerMessage =
  | { type: 'ready' }
  | { type: 'broken'; message: string }
  | { type: 'crash'; index: number; message: string; input: Uint8Array }
  | { type: 'slots'; index: number; started: number }
  | { type: 'progress' | 'done'; counts: import('./runner').Counts; stats?: Readonly<Record<string, number>> };

const job = (parentPort ? workerData : JSON.parse(process.argv[2]!)) as WorkerJob;
const post = (m: WorkerMessage) => (parentPort ? parentPort.postMessage(m) : process.send!(m));

const { TARGETS } = (await import(job.targets)) as { TARGETS: readonly FuzzTarget[] };
const target = TARGETS.find((t) => t.name === job.target)!;
const seeds = target.seeds();
const stats = () => (target.stats ? { stats: target.stats() } : {});
post({ type: 'ready' });
try {
  const counts = await fuzzLoop(target, seeds, {
    seed: job.seed, from: job.from, until: job.until, deadline: Date.now() + job.budgetMs, shared: new Float64Array(job.shared ?? new ArrayBuffer(16)),
    ...(job.shared ? {} : { onSlots: (index: number, started: number) => post({ type: 'slots', index, started }) }),
    onCrash: (c) => post({ type: 'crash', ...c }),
    onProgress: (c) => post({ type: 'progress', counts: c, ...stats() }),
  });
  post({ type: 'done', counts, ...stats() });
} catch (e) {
  if (!(e instanceof HarnessError)) throw e;
  post({ type: 'broken', message: e.message });
}
