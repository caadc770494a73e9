// The whole lowering from CGC Input IR to CGC Output IR, as one flat list of named passes.
import type { CompileTarget, Operation } from '../ir';
import { buildProgram } from './passes/build-program';
import { canonicalize } from './passes/canonicalize';
import { cloneScalars } from './passes/clone-scalars';
import { cloneViews } from './passes/clone-views';
import { declare } from './passes/declare';
import { dependencies } from './passes/dependencies';
import { formSubgraphs } from './passes/form-subgraphs';
import { match } from './passes/match';
import { partition } from './passes/partition';
import { planMemoryPass } from './passes/plan-memory';
import { select } from './passes/select';
import { sinkReshapes } from './passes/sink-reshapes';
import { verifyInput } from './passes/verify-input';
import { verifyOutput } from './passes/verify-output';
import { viewConcats } from './passes/view-concats';
import { viewReshapes } from './passes/view-reshapes';
import { CompileCancelled, CompileError, type CompileOptions, CompileState, type Pass } from './state';
import { limitMessage, resolveLimits } from '../ir/limits';

export const PIPELINE: readonly Pass[] = [
  verifyInput, //     the input verifies and has one entry point
  canonicalize, //    identities and dead ops go; each output gets its own producer
  declare, //         each target's patterns, from its declaration document
  sinkReshapes, //    a reshape between an op and its elementwise reader moves after it (epilogues)
  cloneViews, //      views that several kernels read through are copied per reader (operand prologues)
  cloneScalars, //    one-element values several kernels read are copied per reader (side chains)
  match, //           every pattern at every op (decision log: what was tried, why it failed)
  select, //          non-overlapping, acyclic cover by benefit; targets specialize or decline
  formSubgraphs, //   subgraph invocations in topological order; identical subgraphs share a symbol
  viewReshapes, //    reshape-only subgraphs become views of their input's memory
  viewConcats, //     concats whose inputs their producers can write in place become views
  partition, //       invocations grouped into partitions by the granularity option
  planMemoryPass, //  scratch offsets: liveness, in-place, greedy best fit + search to the bound, arenas
  dependencies, //    memory reuse orders steps and partitions too (implicit dependencies join data ones)
  buildProgram, //    subgraphs, partitions with bind points, the program
  verifyOutput, //    the output IR verifies
];

/** Compiles `input` (parsed, verified Input IR), which it leaves unchanged: the passes rewrite a copy of its entry point. */
export function compile(input: Operation, targets: readonly CompileTarget[], options: CompileOptions = {}): CompileState {
  const state = new CompileState(input, targets, options);
  const started = performance.now();
  PIPELINE.forEach((pass, i) => runPass(state, pass, i, started));
  return state;
}

/** As `compile`, yielding to the event loop between passes so a worker can take a cancel message. */
export async function compileAsync(input: Operation, targets: readonly CompileTarget[], options: CompileOptions = {}): Promise<CompileState> {
  const state = new CompileState(input, targets, options);
  const started = performance.now();
  for (const [i, pass] of PIPELINE.entries()) {
    await new Promise((resolve) => setTimeout(resolve, 0));
    runPass(state, pass, i, started);
  }
  return state;
}

function runPass(state: CompileState, pass: Pass, index: number, started: number): void {
  if (state.options.isCancelled?.()) throw new CompileCancelled('compile cancelled');
  // A pass is not interrupted: the compile time limit is checked before each one starts.
  const limit = resolveLimits(state.options.limits).compileTimeoutMs;
  const elapsed = Math.round(performance.now() - started);
  if (elapsed > limit) throw new CompileError(limitMessage('compileTimeoutMs', elapsed, limit, `the compile stopped before pass '${pass.name}'`));
  const t0 = performance.now();
  pass.run(state);
  state.passTimes.push({ pass: pass.name, ms: performance.now() - t0 });
  state.options.onProgress?.(index + 1, PIPELINE.length, pass.name);
}
