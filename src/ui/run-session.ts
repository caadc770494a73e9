// Runs the compiled program on the page's GPUDevice: parses the Output IR, loads it once per compile
// and device (pipelines, constants, arena), runs it N times on the same inputs, and optionally (numeric
// diff) makes one debug run that reads back every subgraph result and runs the CPU reference on the
// Input IR with those inputs, to measure the max abs error of each output and each read-back value.
import type { CompileResponse } from '../engine/service';
import { CgcError } from '../core';
import { type Operation, type ShapedType, formatDiagnostic, parseModule } from '../ir';
import { CONSTANT, ENTRY_POINT } from '../ir/structural';
import { runEntryPoint } from '../reference';
import { type HostTensor, tensorFromBytes } from '../core';
import type { KernelTiming, LoadedProgram, PartitionTiming, RunResult } from '../runtime/runtime';
import { loadCompiled } from '../engine/load';
import type { GpuSession } from './gpu-session';
import { type InputChoice, resolveInputs } from './inputs-form';
import { runHooks } from './test-hooks';
import { maxAbsError } from './run-stats';
import { type RunReport as ExportedRunReport, medianTimings, runReport } from '../engine/report';
import { type GpuValue, compareValues } from './value-diff';

export interface RunOptions {
  readonly runs: number;
  readonly diff: boolean;
  /** Where each input's values come from, in input order (seeded random where none is given). */
  readonly inputs: readonly InputChoice[];
  /** The inputs' names, for the notes and errors. */
  readonly inputNames: readonly string[];
  /** What the exported report names: the model, the adapter, the compile options and the outputs. */
  readonly model: string;
  readonly adapter: string;
  readonly compileOptions: ExportedRunReport['options'];
  readonly outputNames: readonly string[];
  readonly onProgress: (text: string) => void;
}

export interface RunReport {
  readonly outputs: HostTensor[];
  /** Host wall time of each run (submit to read-back), ms. */
  readonly wallMs: number[];
  /** Each partition's median over the runs. */
  readonly timings: PartitionTiming[];
  /** Each kernel's GPU time from one extra profiling run after the timed ones; empty without timestamp-query. */
  readonly kernelTimings: KernelTiming[];
  readonly submits: number;
  readonly dispatches: number;
  readonly partitions: readonly { name: string; target: string; kernels: number }[];
  readonly inputNote: string;
  /** Set when this Run loaded the program (the first Run after a compile or a device loss). */
  readonly loadMs?: number;
  /** Set on the first Run after a compile that was not from the cache: the compile's time, as the page waited for it. */
  readonly compileMs?: number;
  /** The runs used the first tier's quick kernels (the final ones were still to be created): docs/webgpu-target.md, "Kernel tiers". */
  readonly firstTier?: boolean;
  /** Why the final kernels will not replace the first tier's (the program's settleFailure): the runs stay on the first tier. */
  readonly settleFailure?: string;
  readonly diff?: NumericDiff;
  /** The same run as `cgc run --json` reports it (src/engine/report.ts), for Export run report. */
  readonly exported: ExportedRunReport;
}

export interface NumericDiff {
  /** Each program output's max abs error (from the last timed run). */
  readonly maxAbs: number[];
  /** Max abs error of every value the debug run read back, by Input IR value name (`%add1`). */
  readonly values: ReadonlyMap<string, number>;
  readonly referenceMs: number;
  /** The debug run's wall time (each kernel in its own pass, every subgraph result copied out). */
  readonly debugMs: number;
}

function parsed(text: string | undefined, file: string): Operation {
  const r = parseModule(text ?? '', { file });
  if (!r.module) throw new Error(`${file} did not parse: ${r.diagnostics.map(formatDiagnostic).join('; ')}`);
  return r.module;
}

/** Each `cgc.constant("name")` of `module`'s entry points with its type, for the reference's host tensors. */
function constantTypes(module: Operation): Map<string, ShapedType> {
  const types = new Map<string, ShapedType>();
  for (const op of module.walk()) {
    const name = op.name === CONSTANT ? op.attr('name') : undefined;
    if (name?.kind === 'string') types.set(name.value, op.results[0]!.type as ShapedType);
  }
  return types;
}

export class ProgramRunner {
  private loaded: { response: CompileResponse; generation: number; program: LoadedProgram } | undefined;

  constructor(private readonly gpu: GpuSession) {}

  async run(r: CompileResponse, constants: ReadonlyMap<string, Uint8Array> | undefined, opts: RunOptions): Promise<RunReport> {
    const { program, loadMs } = await this.load(r, constants, opts.onProgress);
    // A bad input (a file of the wrong shape) leaves the loaded program as it was.
    const { tensors: inputs, notes } = await resolveInputs(program.inputTypes, opts.inputNames, opts.inputs);
    try {
      const wallMs: number[] = [];
      const results: RunResult[] = [];
      // Before the program settles its runs use the first tier's quick kernels; it settles in the background after its second run.
      const firstTier = !program.settled;
      let last;
      for (let i = 0; i < opts.runs; i++) {
        opts.onProgress(`running ${i + 1}/${opts.runs}…`);
        const t0 = performance.now();
        last = await program.run(inputs);
        wallMs.push(performance.now() - t0);
        results.push(last);
        await runHooks.afterTimedRun?.(i);
      }
      // Profiling puts each kernel in its own timestamped pass, which costs time: only this extra run does it.
      opts.onProgress('profiling run (per-kernel timestamps)…');
      const profiled = await program.run(inputs, { profile: true });
      const report: RunReport = {
        outputs: last!.outputs, wallMs, timings: medianTimings(results.map((x) => x.timings)), kernelTimings: profiled.kernelTimings, submits: last!.submits, dispatches: last!.dispatches,
        partitions: program.partitions,
        inputNote: notes.join('; '),
        ...(firstTier ? { firstTier } : {}),
        ...(firstTier && program.settleFailure ? { settleFailure: program.settleFailure } : {}),
        ...(loadMs !== undefined ? { loadMs } : {}),
        exported: runReport({
          model: opts.model, adapter: opts.adapter, results, wallMs, profile: profiled, outputNames: opts.outputNames,
          options: { ...opts.compileOptions, runs: opts.runs, diff: opts.diff, inputs: notes },
          ...(loadMs !== undefined ? { loadMs } : {}),
        }),
      };
      if (!opts.diff) return report;
      if (!r.inputText) throw new CgcError('runtime', 'a numeric diff runs the CPU reference on the model, and a compiled program holds no model (no Input IR): open the model it was compiled from, or run without the diff');
      opts.onProgress('debug run: reading back every subgraph result…');
      const t0 = performance.now();
      const debug = await program.run(inputs, { intermediates: true });
      const debugMs = performance.now() - t0;
      opts.onProgress('running the CPU reference…');
      return { ...report, diff: { ...this.reference(r, constants, inputs, report.outputs, debug.intermediates ?? []), debugMs } };
    } catch (e) {
      // A failed run may leave the program half-used (device lost, validation): load afresh next time.
      this.drop();
      throw e;
    }
  }

  /** Forgets the loaded program (a new compile, or after an error). */
  drop(): void {
    this.loaded?.program.destroy();
    this.loaded = undefined;
  }

  private async load(r: CompileResponse, constants: ReadonlyMap<string, Uint8Array> | undefined, onProgress: (text: string) => void): Promise<{ program: LoadedProgram; loadMs?: number }> {
    const device = await this.gpu.device();
    const generation = this.gpu.deviceGeneration;
    const have = this.loaded;
    if (have && have.response === r && have.generation === generation) return { program: have.program };
    this.drop();
    onProgress(`loading the program (${r.partitions?.length ?? 0} partitions: pipelines, constants, scratch arena)…`);
    const output = parsed(r.outputText, 'output.mlir');
    const t0 = performance.now();
    const program = await loadCompiled(device, output, (name) => constants?.get(name), {
      ...(r.targetFiles ? { targetFiles: r.targetFiles } : {}), ...(r.rejectedKernels ? { rejectedKernels: new Map(Object.entries(r.rejectedKernels)) } : {}),
    });
    this.loaded = { response: r, generation, program };
    return { program, loadMs: performance.now() - t0 };
  }

  /** The CPU reference on the Input IR (the entry point the runtime runs: the first), observing every value. */
  private reference(
    r: CompileResponse, constants: ReadonlyMap<string, Uint8Array> | undefined, inputs: HostTensor[], gpu: HostTensor[], values: readonly GpuValue[],
  ): Omit<NumericDiff, 'debugMs'> {
    const input = parsed(r.inputText, 'input.mlir');
    const types = constantTypes(input);
    const reference = new Map<string, HostTensor>();
    const t0 = performance.now();
    const want = runEntryPoint(input, inputs, (name) => {
      const bytes = constants?.get(name), type = types.get(name);
      return bytes && type ? tensorFromBytes(type, bytes) : undefined;
    }, undefined, (v, t) => { if (v.nameHint !== undefined) reference.set(`%${v.nameHint}`, t); });
    const referenceMs = performance.now() - t0;
    const entry = input.body().operations.find((o) => o.name === ENTRY_POINT);
    const returned = entry?.body().operations.at(-1)?.operands.map((v) => `%${v.nameHint ?? '?'}`) ?? [];
    return {
      maxAbs: gpu.map((t, i) => (want[i] ? maxAbsError(t, want[i]) : Infinity)),
      values: compareValues(values, reference, returned),
      referenceMs,
    };
  }
}
