// The fuzz loop of one target, as it runs inside a worker thread: input `i` of a run is a pure
// function of (target, seed, i), so the supervisor can rebuild any input by its index (a hang is
// reported by index, as the worker that hung is gone). Before each input the loop writes its index
// and start time into shared memory, where the supervisor's watchdog reads them.
import { seededRandom } from '../reference/random';
import { type Rng, pick, randInt } from './mutate-bytes';
import type { FuzzTarget } from './targets';

/** Shared memory slots: [index of the input being run, its start time (epoch ms; 0 when idle)]. */
export const SLOT_INDEX = 0;
export const SLOT_STARTED = 1;

/** The harness itself failed (a mutator threw): the run stops; nothing is blamed on the reader. */
export class HarnessError extends Error {
  override name = 'HarnessError';
}

export interface Counts {
  inputs: number;
  accepted: number;
  rejected: number;
  crashes: number;
  slowestMs: number;
  slowestIndex: number;
}

export interface Crash {
  index: number;
  message: string;
  input: Uint8Array;
}

export function rngFor(seed: number, index: number): Rng {
  return seededRandom((Math.imul(seed >>> 0, 0x9e3779b1) ^ Math.imul(index + 1, 0x85ebca6b)) >>> 0);
}

/** Input `index` of a run with `seed`: a generated one, or a corpus file with 1–4 stacked mutations (sometimes up to 16). */
export function inputAt(target: FuzzTarget, seeds: readonly Uint8Array[], seed: number, index: number): Uint8Array {
  const r = rngFor(seed, index);
  if (target.generate) return target.generate(r);
  let input = pick(r, seeds);
  const edits = r() < 0.1 ? 1 + randInt(r, 16) : 1 + randInt(r, 4);
  for (let k = 0; k < edits; k++) input = target.mutate(input, r, seeds);
  return input;
}

/** A crash's message: the error's stack (or its text), first lines only. */
export function crashMessage(e: unknown): string {
  const text = e instanceof Error ? (e.stack ?? `${e.name}: ${e.message}`) : `non-Error thrown: ${String(e)}`;
  return text.split('\n').slice(0, 8).join('\n');
}

/**
 * Most ArrayBuffer memory one input may leave allocated: the corpus files are at most tens of KiB,
 * so more than this means a reader sized an allocation from a number in the input.
 */
export const MAX_INPUT_ALLOCATION = 256 * 1024 * 1024;

/** Runs one input; a crash (including an oversized allocation) is returned, never thrown. */
export async function runOne(target: FuzzTarget, input: Uint8Array): Promise<{ ms: number; outcome?: 'accepted' | 'rejected'; crash?: string }> {
  const before = process.memoryUsage().arrayBuffers;
  const t0 = performance.now();
  let outcome: 'accepted' | 'rejected';
  try {
    outcome = await target.run(input);
  } catch (e) {
    return { ms: performance.now() - t0, crash: crashMessage(e) };
  }
  const ms = performance.now() - t0;
  const grew = process.memoryUsage().arrayBuffers - before;
  if (grew > MAX_INPUT_ALLOCATION) {
    return { ms, crash: `AllocationTooLarge: a ${input.length}-byte input left ${(grew / 2 ** 20).toFixed(0)} MiB of ArrayBuffers allocated (over ${MAX_INPUT_ALLOCATION / 2 ** 20} MiB): an allocation sized from the input` };
  }
  return { ms, outcome };
}

export interface LoopOptions {
  seed: number;
  from: number;
  /** Stop at this index (exclusive). */
  until: number;
  /** Stop at this time (epoch ms). */
  deadline: number;
  shared: Float64Array;
  /** Told of every write to `shared` (a worker in a child process forwards them: it shares no memory). */
  onSlots?(index: number, started: number): void;
  onCrash(c: Crash): void;
  onProgress(c: Counts): void;
}

export async function fuzzLoop(target: FuzzTarget, seeds: readonly Uint8Array[], o: LoopOptions): Promise<Counts> {
  const counts: Counts = { inputs: 0, accepted: 0, rejected: 0, crashes: 0, slowestMs: 0, slowestIndex: -1 };
  let lastReport = Date.now();
  for (let i = o.from; i < o.until && Date.now() < o.deadline; i++) {
    o.shared[SLOT_INDEX] = i;
    let input: Uint8Array;
    try {
      input = inputAt(target, seeds, o.seed, i);
    } catch (e) {
      throw new HarnessError(`making input #${i} failed (a mutator bug, not the reader's): ${crashMessage(e)}`);
    }
    o.shared[SLOT_STARTED] = Date.now();
    o.onSlots?.(i, o.shared[SLOT_STARTED]);
    const r = await runOne(target, input);
    o.shared[SLOT_STARTED] = 0;
    o.onSlots?.(i, 0);
    counts.inputs++;
    if (r.ms > counts.slowestMs) {
      counts.slowestMs = r.ms;
      counts.slowestIndex = i;
    }
    if (r.crash) {
      counts.crashes++;
      o.onCrash({ index: i, message: r.crash, input });
    } else if (r.outcome === 'accepted') counts.accepted++;
    else counts.rejected++;
    if (Date.now() - lastReport > 250) {
      o.onProgress({ ...counts });
      lastReport = Date.now();
    }
  }
  return counts;
}
