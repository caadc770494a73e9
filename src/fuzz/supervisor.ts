// Runs one fuzz target in a worker thread under a watchdog. An input that runs longer than the
// per-input limit is a hang: the worker is terminated (a true infinite loop cannot be interrupted
// any other way), the input is rebuilt from its index, and a fresh worker goes on after it. A worker
// that dies (out of memory, a native stack overflow) is a crash at the input it was running. A GPU
// target's worker is a child process instead: terminating a thread that holds a Dawn device aborts
// the whole process, killing a child process does not.
import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fork } from 'node:child_process';
import { Worker } from 'node:worker_threads';
import { type Counts, SLOT_INDEX, SLOT_STARTED, inputAt } from './runner';
import { type FuzzTarget, TARGETS } from './targets';
import type { WorkerJob, WorkerMessage } from './worker';

/** Per-input time limit: an input still running after this is a hang. */
export const DEFAULT_HANG_MS = 5000;

export interface FuzzOptions {
  target: string;
  seed: number;
  /** Time budget for running inputs (worker start-up not counted). */
  budgetMs: number;
  /** Stop after this many inputs. */
  maxInputs?: number;
  /** Per-input time limit (default: the target's own, else DEFAULT_HANG_MS). */
  hangMs?: number;
  /** Where findings are written (`<dir>/<target>/…`); not written when absent. */
  findingsDir?: string;
  onProgress?: (r: FuzzReport) => void;
  /** A module (URL) exporting its own `TARGETS`, instead of targets.ts: the harness's own tests use one. */
  targetsModule?: string;
}

export interface Finding {
  kind: 'crash' | 'hang';
  index: number;
  message: string;
  input: Uint8Array;
  /** The file written for it, when findings are written. */
  file?: string;
}

export interface FuzzReport extends Counts {
  target: string;
  seed: number;
  hangs: number;
  findings: Finding[];
  wallMs: number;
  /** The target's own counters (FuzzTarget.stats), summed over its workers. */
  stats: Record<string, number>;
}

/** Groups findings that are the same bug: the message's first two lines with numbers blanked. */
function signature(f: Finding): string {
  return `${f.kind}:${f.message.split('\n').slice(0, 2).join('|').replace(/\d+/g, 'N')}`;
}

function writeFinding(dir: string, target: string, ext: string, seed: number, f: Finding): string {
  const folder = join(dir, target);
  mkdirSync(folder, { recursive: true });
  const base = `${f.kind}-${createHash('sha1').update(f.input).digest('hex').slice(0, 12)}`;
  writeFileSync(join(folder, `${base}.${ext}`), f.input);
  writeFileSync(join(folder, `${base}.finding.txt`), [
    `target: ${target}`, `kind: ${f.kind}`, `found by: npm run fuzz -- --target ${target} --seed ${seed} (input #${f.index})`,
    '(add `expect: accepted` or `expect: rejected` once fixed: the replay test then checks the answer too)', '', f.message, '',
  ].join('\n'));
  return join(folder, `${base}.${ext}`);
}

export async function fuzz(o: FuzzOptions): Promise<FuzzReport> {
  const targets = o.targetsModule ? ((await import(o.targetsModule)) as { TARGETS: readonly FuzzTarget[] }).TARGETS : TARGETS;
  const target = targets.find((t) => t.name === o.target);
  if (!target) throw new Error(`unknown fuzz target '${o.target}' (targets: ${targets.map((t) => t.name).join(', ')})`);
  const hangMs = o.hangMs ?? target.hangMs ?? DEFAULT_HANG_MS;
  const until = o.maxInputs ?? Number.MAX_SAFE_INTEGER;
  const t0 = Date.now();
  const report: FuzzReport = {
    target: o.target, seed: o.seed, inputs: 0, accepted: 0, rejected: 0, crashes: 0, hangs: 0, slowestMs: 0, slowestIndex: -1, findings: [], wallMs: 0, stats: {},
  };
  const seen = new Set<string>();
  let seeds: Uint8Array[] | undefined;
  const record = (f: Finding) => {
    if (f.kind === 'crash') report.crashes++;
    else report.hangs++;
    const sig = signature(f);
    if (seen.has(sig)) return;
    seen.add(sig);
    if (o.findingsDir) f.file = writeFinding(o.findingsDir, target.name, target.ext, o.seed, f);
    report.findings.push(f);
  };
  let from = 0;
  let spentMs = 0;
  while (from < until && spentMs < o.budgetMs) {
    const live = (c: Counts) => o.onProgress?.({ ...report, inputs: report.inputs + c.inputs, crashes: report.crashes, wallMs: Date.now() - t0 });
    const segment = await runSegment(o, !!target.gpu, from, until, o.budgetMs - spentMs, hangMs, record, live);
    report.inputs += segment.counts.inputs;
    report.accepted += segment.counts.accepted;
    report.rejected += segment.counts.rejected;
    for (const [k, v] of Object.entries(segment.stats)) report.stats[k] = (report.stats[k] ?? 0) + v;
    if (segment.counts.slowestMs > report.slowestMs) {
      report.slowestMs = segment.counts.slowestMs;
      report.slowestIndex = segment.counts.slowestIndex;
    }
    spentMs += segment.ms;
    if (segment.stoppedAt === undefined) break;
    // A hang or a dead worker at input `stoppedAt`: rebuild it, record it, go on after it.
    seeds ??= target.seeds();
    const input = inputAt(target, seeds, o.seed, segment.stoppedAt);
    record({ kind: segment.why === 'hang' ? 'hang' : 'crash', index: segment.stoppedAt, message: segment.message, input });
    report.inputs++;
    if (segment.why === 'hang') report.slowestMs = Math.max(report.slowestMs, hangMs);
    from = segment.stoppedAt + 1;
    o.onProgress?.({ ...report, wallMs: Date.now() - t0 });
  }
  report.wallMs = Date.now() - t0;
  return report;
}

interface Segment {
  counts: Counts;
  /** The worker's counters as it last reported them. */
  stats: Readonly<Record<string, number>>;
  ms: number;
  stoppedAt?: number;
  why?: 'hang' | 'died';
  message: string;
}

/** A worker thread, or a child process speaking the same messages. */
interface WorkerLike {
  on(event: 'message', f: (m: WorkerMessage) => void): void;
  on(event: 'error', f: (e: Error) => void): void;
  on(event: 'exit', f: (code: number | null) => void): void;
}

function startWorker(job: WorkerJob, process: boolean): { worker: WorkerLike; stop(): void } {
  if (process) {
    const child = fork(new URL('./process-boot.mjs', import.meta.url), [JSON.stringify(job)], { serialization: 'advanced', execArgv: ['--max-old-space-size=2048'] });
    return { worker: child as unknown as WorkerLike, stop: () => void child.kill('SIGKILL') };
  }
  const worker = new Worker(new URL('./worker-boot.mjs', import.meta.url), { workerData: job, resourceLimits: { maxOldGenerationSizeMb: 2048 } });
  return { worker, stop: () => void worker.terminate() };
}

function runSegment(
  o: FuzzOptions, inProcess: boolean, from: number, until: number, budgetMs: number, hangMs: number, record: (f: Finding) => void, live: (c: Counts) => void,
): Promise<Segment> {
  const shared = new SharedArrayBuffer(16);
  const slots = new Float64Array(shared);
  const job: WorkerJob = {
    entry: new URL('./worker.ts', import.meta.url).href, targets: o.targetsModule ?? new URL('./targets.ts', import.meta.url).href,
    target: o.target, seed: o.seed, from, until, budgetMs, ...(inProcess ? {} : { shared }),
  };
  const { worker, stop } = startWorker(job, inProcess);
  let counts: Counts = { inputs: 0, accepted: 0, rejected: 0, crashes: 0, slowestMs: 0, slowestIndex: -1 };
  let stats: Readonly<Record<string, number>> = {};
  let readyAt: number | undefined;
  return new Promise((resolve, reject) => {
    let settled = false;
    const finish = (s: Omit<Segment, 'counts' | 'ms' | 'stats'>) => {
      if (settled) return;
      settled = true;
      clearInterval(watchdog);
      stop();
      // Inputs before the one that stopped the worker ran, whether or not a progress message said so.
      if (s.stoppedAt !== undefined) counts = { ...counts, inputs: s.stoppedAt - from };
      resolve({ counts, stats, ms: readyAt === undefined ? 0 : Date.now() - readyAt, ...s });
    };
    const broken = (e: Error) => {
      if (settled) return;
      settled = true;
      clearInterval(watchdog);
      reject(e);
    };
    const watchdog = setInterval(() => {
      const started = slots[SLOT_STARTED]!;
      if (started && Date.now() - started > hangMs) {
        finish({ stoppedAt: slots[SLOT_INDEX]!, why: 'hang', message: `input ran longer than the ${hangMs} ms per-input limit` });
      }
    }, Math.min(100, hangMs / 4));
    worker.on('message', (m: WorkerMessage) => {
      if (m.type === 'ready') readyAt = Date.now();
      else if (m.type === 'slots') [slots[SLOT_INDEX], slots[SLOT_STARTED]] = [m.index, m.started];
      else if (m.type === 'broken') broken(new Error(`${o.target}: ${m.message}`));
      else if (m.type === 'crash') record({ kind: 'crash', index: m.index, message: m.message, input: m.input });
      else {
        counts = m.counts;
        stats = m.stats ?? stats;
        if (m.type === 'done') finish({ message: '' });
        else live(counts);
      }
    });
    worker.on('error', (e) => {
      // Before `ready`, a broken harness (the corpus failed to load): not an input's fault.
      if (readyAt === undefined) broken(e);
      else finish({ stoppedAt: slots[SLOT_INDEX]!, why: 'died', message: `the worker died: ${e.stack ?? e.message}` });
    });
    worker.on('exit', (code) => {
      if (readyAt === undefined) broken(new Error(`the ${o.target} fuzz worker exited with code ${code} before it was ready`));
      else finish({ stoppedAt: slots[SLOT_INDEX]!, why: 'died', message: `the worker exited with code ${code}` });
    });
  });
}
