// `cgc bench MODEL… [--batch N] [--shape …] [--input …] [--runs N] [--vs ort] [--json FILE]`: end-to-end
// latency on Dawn (the JSON holds each model's run report); a model that fails is a row with its error.
// For each model: compile time, load (partition compile + constant upload), the cold first run, and
// the steady-state median/min of host wall time per run (inputs uploaded, outputs read back) plus
// the GPU time of the program from timestamps, and the wall time per run of the program recorded
// against inputs and outputs that stay in GPU buffers (bench-resident.ts). With `--vs ort`, onnxruntime-web's WebGPU backend
// runs the same model on the same inputs in this process, on the same Dawn instance, its runs
// interleaved with ours; the table gives the ratio and the largest difference between the outputs.
import { readFileSync, writeFileSync } from 'node:fs';
import { formatDiagnostic } from '../ir';
import { type OnnxGraphIo, onnxGraphIo } from '../compiler/import/onnx';
import { CgcError, type HostTensor, median, min, validateArenas, validateRuns, validateSizeUniforms, validateSplitK } from '../core';
import type { LoadedProgram, RunResult } from '../runtime/runtime';
import { type RunReport, outputNames, runReport } from '../engine/report';
import { gpuProfile } from '../webgpu-target/limits';
import { LIMIT_FLAGS, LIMITS_USAGE, limitsFromFlags, parseArgs, parseShapes, UsageError } from './args';
import { DISABLE_PATTERNS_USAGE, disabledPatternsFromFlag, enabledPatternsFromFlag } from './targets';
import { compareTensors } from './compare-tensors';
import { BENCH_DAWN_FLAGS, openCliDevice, settleOrStay, useDawn } from './gpu';
import { INPUT_USAGE, inputFor, inputSpec } from './inputs';
import { loadModel } from './load';
import { loadOnnxruntimeWeb } from './onnxruntime';
import type { CliIO } from './main';
import { benchColdCommand } from './bench-cold';
import { type ResidentRuns, residentRuns } from './bench-resident';

export const BENCH_USAGE = `cgc bench MODEL.onnx… [--batch N] [--shape NAME=DxD…] ${INPUT_USAGE} [--runs N] [--vs ort] [--json FILE] [--arenas one|per-branch] ${DISABLE_PATTERNS_USAGE} ${LIMITS_USAGE}\n             cgc bench --cold MODEL… [--vs ort] [--runs N] [--warm-up on|off] [--json FILE]   (each model in a fresh process, empty driver shader cache)`;

export interface BenchSide {
  /** Compile (ours) or session creation (onnxruntime-web), ms. */
  readonly prepareMs: number;
  /** Ours: partition compile (pipelines) + constant upload, ms. */
  readonly loadMs?: number;
  /** The first run after preparing, ms (pipeline creation included where the runtime defers it). */
  readonly firstRunMs: number;
  readonly medianMs: number;
  readonly minMs: number;
  /** Ours: median GPU time of the program from timestamps, ms. */
  readonly gpuMs?: number;
  /** Ours: median host time per run spent writing inputs, recording and submitting (RunResult.recordMs), ms. */
  readonly recordMs?: number;
  /** Ours: median wall time per run recorded (`program.record`) against inputs and outputs kept in GPU buffers: no upload, no read-back, ms. */
  readonly residentMs?: number;
  /** Ours: why there are no resident runs (`program.record` refuses the program: a host partition, a run-time loop). */
  readonly residentSkipped?: string;
}

export interface BenchRow {
  readonly model: string;
  readonly batch: number;
  readonly dispatches: number;
  readonly ours: BenchSide;
  readonly ort?: BenchSide & { readonly version: string };
  /** onnxruntime-web median / ours median (> 1: we are faster). */
  readonly speedup?: number;
  /** Largest |ours − onnxruntime-web| over all outputs. */
  readonly maxAbsDiff?: number;
}

/** A model that did not compile, load or run: its row says why, and the table goes on. */
export interface BenchFailure {
  readonly model: string;
  readonly error: string;
}

const isFailure = (r: BenchRow | BenchFailure): r is BenchFailure => 'error' in r;

/** How long each model runs before it is timed. */
const WARMUP_MS = 1000;

/** onnxruntime-web's GPUDevice, once a WebGPU session exists (undefined where this build does not expose it). */
async function ortGpuDevice(ort: typeof import('onnxruntime-web')): Promise<GPUDevice | undefined> {
  const device = (ort.env.webgpu as { device?: GPUDevice | Promise<GPUDevice> }).device;
  return device ? await device : undefined;
}

/** Shapes for `--batch`: every input's first dim set to `batch`; the rest must be static (or the input's shape `given`). */
export function batchShapes(io: OnnxGraphIo, batch: number, file: string, given: Readonly<Record<string, number[]>> = {}): Record<string, number[]> {
  const shapes: Record<string, number[]> = { ...given };
  io.inputs.forEach((name, i) => {
    if (given[name]) return;
    const dims = io.inputDims[i];
    if (dims?.length === 0) return; // a scalar (a sample rate, a trip count) has no batch
    if (!dims?.length) throw new UsageError(`${file}: input '${name}' has no shape, so --batch cannot set its first dimension`);
    if (typeof dims[0] === 'number' && dims[0] !== batch) {
      throw new UsageError(`${file}: input '${name}' has a static batch of ${dims[0]}; --batch ${batch} needs a model exported with a dynamic first dimension`);
    }
    const rest = dims.slice(1);
    if (rest.some((d) => typeof d !== 'number')) throw new UsageError(`${file}: input '${name}' has dynamic dimensions past the first: [${dims.join(', ')}]`);
    shapes[name] = [batch, ...(rest as number[])];
  });
  return shapes;
}

/**
 * Input shapes for an ONNX model: those `given` (`--shape`), and for the others, where the first
 * dimension is dynamic (the batch: `batch`, else 1) or when `batch` is given, the batch shapes.
 */
export function onnxShapes(io: OnnxGraphIo, file: string, batch: number | undefined, given: Readonly<Record<string, number[]>> = {}): Record<string, number[]> | undefined {
  const dynamicBatch = io.inputs.some((name, i) => !given[name] && io.inputDims[i]?.length !== 0 && typeof io.inputDims[i]?.[0] !== 'number');
  if (batch !== undefined || dynamicBatch) return batchShapes(io, batch ?? 1, file, given);
  return Object.keys(given).length ? { ...given } : undefined;
}

export async function benchCommand(argv: readonly string[], io: CliIO): Promise<number> {
  if (argv.includes('--cold')) return benchColdCommand(argv, io);
  const { positionals, flags } = parseArgs(argv, { batch: true, shape: true, input: true, runs: true, vs: true, json: true, arenas: true, 'disable-patterns': true, 'enable-patterns': true, 'split-k': true, 'size-uniforms': true, ...LIMIT_FLAGS });
  if (!positionals.length) throw new UsageError(`expected at least one model\nusage: ${BENCH_USAGE}`);
  const runs = validateRuns(flags.get('runs') ?? 30, '--runs');
  const arenas = validateArenas(flags.get('arenas'), '--arenas');
  const disabledPatterns = disabledPatternsFromFlag(flags.get('disable-patterns'));
  const enabledPatterns = enabledPatternsFromFlag(flags.get('enable-patterns'));
  const splitK = validateSplitK(flags.get('split-k'), '--split-k');
  const sizeUniforms = validateSizeUniforms(flags.get('size-uniforms'), '--size-uniforms');
  const batch = flags.has('batch') ? Number(flags.get('batch')) : undefined;
  if (batch !== undefined && (!Number.isInteger(batch) || batch < 1)) throw new UsageError('--batch must be a positive integer');
  const vs = flags.get('vs');
  if (vs !== undefined && vs !== 'ort') throw new UsageError(`--vs takes 'ort' (onnxruntime-web's WebGPU backend), not '${vs}'`);
  if (vs && positionals.some((m) => !m.endsWith('.onnx'))) throw new UsageError('--vs ort needs .onnx models');
  const givenShapes = parseShapes(flags.get('shape')) ?? {};

  await useDawn((l) => io.stderr(l), BENCH_DAWN_FLAGS);
  const ort = vs ? await loadOnnxruntimeWeb() : undefined;
  const { device, info } = await openCliDevice((l) => io.stderr(l));
  const adapterText = [info.vendor, info.architecture, info.description].filter((x) => x).join(' / ');
  const rows: (BenchRow | BenchFailure)[] = [];
  let internal = false;
  /** Each model's run report (engine/report.ts): the same type `cgc run --json` prints. */
  const reports: RunReport[] = [];
  try {
    for (const file of positionals) {
      const model = file.split('/').pop()!.replace(/\.onnx$/, '');
      let program: LoadedProgram | undefined;
      let resident: ResidentRuns | undefined;
      try {
        const bytes = new Uint8Array(readFileSync(file));
        // The ONNX graph's inputs, decoded once: for the batch shapes and for onnxruntime's feeds.
        const graph = file.endsWith('.onnx') ? onnxGraphIo(bytes) : undefined;
        const shapes = graph ? onnxShapes(graph, file, batch, givenShapes) : givenShapes;
        const loaded = loadModel(file, { limits: limitsFromFlags(flags), ...(shapes ? { shapes } : {}) });
        for (const d of loaded.diagnostics) io.stderr(formatDiagnostic(d));
        if (!loaded.model) throw new CgcError('source', loaded.diagnostics.filter((d) => d.severity === 'error').map((d) => d.message).join('; ') || `${file} cannot be read`);
        const c0 = performance.now();
        // Against the device's own features and limits, as the app compiles (kernels are planned for it at load anyway).
        const compiled = loaded.model!.compile({ gpu: gpuProfile(device), arenas, disabledPatterns, enabledPatterns, splitK, sizeUniforms, limits: limitsFromFlags(flags) });
        const compileMs = performance.now() - c0;
        const l0 = performance.now();
        program = await compiled.load(device);
        const loadMs = performance.now() - l0;
        const argNames = compiled.state.entry.body().arguments.map((a) => a.nameHint ?? '');
        const inputs: HostTensor[] = program.inputTypes.map((t, i) => inputFor(inputSpec(flags.get('input'), argNames, i, false), t, i));
        const f0 = performance.now();
        let ours = await program.run(inputs);
        const firstRunMs = performance.now() - f0;
        // Steady state is timed on the kernels' final form (a tiered load's specialized tier).
        await settleOrStay(program, (l) => io.stderr(`${file}: ${l}`));

        let session: Awaited<ReturnType<NonNullable<typeof ort>['InferenceSession']['create']>> | undefined;
        let ortPrepareMs = 0;
        let ortFirstMs = 0;
        let feeds: Record<string, InstanceType<NonNullable<typeof ort>['Tensor']>> = {};
        let ortOutputs: HostTensor['data'][] = [];
        if (ort) {
          const s0 = performance.now();
          const externalData = [...(loaded.externalFiles ?? [])].map(([path, data]) => ({ path, data }));
          session = await ort.InferenceSession.create(bytes, { executionProviders: ['webgpu'], ...(externalData.length ? { externalData } : {}) });
          ortPrepareMs = performance.now() - s0;
          feeds = Object.fromEntries(graph!.inputs.map((n, i) => [n, new ort.Tensor(inputs[i]!.type.element as 'float32', inputs[i]!.data as Float32Array, [...inputs[i]!.type.shape])]));
          const r0 = performance.now();
          const out = await session.run(feeds);
          ortFirstMs = performance.now() - r0;
          ortOutputs = await Promise.all(session.outputNames.map(async (n) => (await out[n]!.getData()) as HostTensor['data']));
        }
        // Warm-up for WARMUP_MS, both sides interleaved: a GPU raises its clocks only under sustained
        // load, and a run right after an idle gap can take several times as long.
        for (const w0 = performance.now(); performance.now() - w0 < WARMUP_MS;) {
          ours = await program.run(inputs);
          if (session) for (const n of session.outputNames) await (await session.run(feeds))[n]!.getData();
        }
        // Resident runs, once checked against run()'s outputs: or why record() cannot take this program.
        const names = outputNames(loaded.model!.module);
        const residency = await residentRuns(device, program, inputs, ours.outputs, names);
        const residentSkipped = 'skipped' in residency ? residency.skipped : undefined;
        resident = 'skipped' in residency ? undefined : residency;
        // Interleaved: one of ours, one resident, one of onnxruntime-web's, so drift in clocks or load hits all.
        const oursMs: number[] = [];
        const residentMs: number[] = [];
        const oursResults: RunResult[] = [];
        const gpuMs: number[] = [];
        const ortMs: number[] = [];
        // Each timed run starts on an idle GPU: onnxruntime-web's device has a queue of its own, and work
        // it left running would overlap ours (and ours theirs).
        const ortDevice = session ? await ortGpuDevice(ort!) : undefined;
        const idle = () => Promise.all([device.queue.onSubmittedWorkDone(), ortDevice?.queue.onSubmittedWorkDone()]);
        for (let r = 0; r < runs; r++) {
          await idle();
          const t0 = performance.now();
          ours = await program.run(inputs);
          oursMs.push(performance.now() - t0);
          oursResults.push(ours);
          const gpu = ours.timings.filter((t) => t.source === 'gpu-timestamp');
          if (gpu.length) gpuMs.push(gpu.reduce((s, t) => s + t.ms, 0));
          if (resident) {
            await idle();
            residentMs.push(await resident.time());
          }
          if (session) {
            await idle();
            const t1 = performance.now();
            const out = await session.run(feeds);
            for (const n of session.outputNames) await out[n]!.getData();
            ortMs.push(performance.now() - t1);
          }
        }
        let maxAbsDiff: number | undefined;
        if (session) {
          maxAbsDiff = Math.max(...ours.outputs.map((o, i) => compareTensors(o, { type: o.type, data: ortOutputs[i]! }, { rtol: 0, atol: 0 }).maxAbs));
          await session.release();
        }
        const row: BenchRow = {
          model,
          batch: batch ?? program.inputTypes[0]?.shape[0] ?? 1,
          // What the last run dispatched: a run-time loop's or if's kernels as that run made them.
          dispatches: ours.dispatches,
          ours: {
            prepareMs: compileMs, loadMs, firstRunMs, medianMs: median(oursMs), minMs: min(oursMs), ...(gpuMs.length ? { gpuMs: median(gpuMs) } : {}),
            recordMs: median(oursResults.map((r) => r.recordMs)),
            ...(residentSkipped === undefined ? { residentMs: median(residentMs) } : { residentSkipped }),
          },
          ...(ort && session
            ? {
                ort: { prepareMs: ortPrepareMs, firstRunMs: ortFirstMs, medianMs: median(ortMs), minMs: min(ortMs), version: ort.env.versions.web ?? ort.env.versions.common ?? '?' },
                speedup: median(ortMs) / median(oursMs),
                maxAbsDiff,
              }
            : {}),
        };
        reports.push(runReport({
          model: file, adapter: adapterText, loadMs, results: oursResults, wallMs: oursMs, outputNames: names,
          options: { arenas, runs, inputs: flags.get('input') ?? 'random:1', ...(batch !== undefined ? { batch } : {}) },
        }));
        rows.push(row);
        io.stderr(`${row.model}: done`);
      } catch (e) {
        // This model fails, not the table: its shapes, inputs, import, compile, load or run.
        const error = e instanceof CgcError || (e as NodeJS.ErrnoException).code ? (e as Error).message : `internal error: ${(e as Error).message ?? String(e)}`;
        if (!(e instanceof CgcError || (e as NodeJS.ErrnoException).code)) { internal = true; io.stderr((e as Error).stack ?? String(e)); }
        rows.push({ model, error });
        io.stderr(`${model}: failed: ${error}`);
      } finally {
        resident?.destroy();
        program?.destroy();
      }
    }
  } finally {
    device.destroy();
  }
  io.stdout(benchTable(rows, runs));
  if (flags.has('json')) writeFileSync(flags.get('json')!, JSON.stringify({ runs, rows, reports }, null, 2));
  return internal ? 70 : rows.some(isFailure) ? 1 : 0;
}

/** The markdown table BENCHMARKS.md shows. */
export function benchTable(rows: readonly (BenchRow | BenchFailure)[], runs: number): string {
  const f = (n: number | undefined, d = 2) => (n === undefined ? '—' : n.toFixed(d));
  const withOrt = rows.some((r) => !isFailure(r) && r.ort);
  const head = ['model', 'batch', 'dispatches', 'compile ms', 'load ms', 'first run ms', 'median ms', 'min ms', 'GPU ms', 'record ms', 'µs/dispatch', 'resident ms'];
  if (withOrt) head.push('ORT session ms', 'ORT first run ms', 'ORT median ms', 'ORT min ms', 'speed-up (median)', 'max |Δ| vs ORT');
  const lines = [`${runs} runs each after ${WARMUP_MS / 1000} s of warm-up runs, interleaved; host wall time per run with inputs uploaded and outputs read back; record: host time per run writing inputs, recording and submitting (per dispatch: µs/dispatch); resident: wall time per run with inputs and outputs kept in GPU buffers (program.submit: recorded and submitted in chunks as run() submits, until the GPU is done: no upload, no read-back), — where submit() cannot take the program (residentSkipped in the JSON says why).`, `| ${head.join(' | ')} |`, `|${head.map(() => '---').join('|')}|`];
  for (const r of rows) {
    if (isFailure(r)) {
      lines.push(`| ${[r.model, `failed: ${r.error.replaceAll('|', '\\|').replaceAll('\n', ' ')}`, ...head.slice(2).map(() => '—')].join(' | ')} |`);
      continue;
    }
    const perDispatch = r.ours.recordMs !== undefined && r.dispatches ? (1000 * r.ours.recordMs) / r.dispatches : undefined;
    const cells = [r.model, String(r.batch), String(r.dispatches), f(r.ours.prepareMs, 0), f(r.ours.loadMs, 0), f(r.ours.firstRunMs, 1), f(r.ours.medianMs), f(r.ours.minMs), f(r.ours.gpuMs), f(r.ours.recordMs), f(perDispatch, 1), f(r.ours.residentMs)];
    if (withOrt) cells.push(f(r.ort?.prepareMs, 0), f(r.ort?.firstRunMs, 1), f(r.ort?.medianMs), f(r.ort?.minMs), r.speedup === undefined ? '—' : `${r.speedup.toFixed(2)}×`, r.maxAbsDiff === undefined ? '—' : r.maxAbsDiff.toExponential(1));
    lines.push(`| ${cells.join(' | ')} |`);
  }
  return lines.join('\n');
}
