// `cgc run MODEL|PROGRAM [--shape …] [--input NAME=FILE.bin|random:SEED …] [--runs N] [--profile] [--json] [--granularity …]`:
// compile (or take a compiled program as it is), load on WebGPU (Dawn), run, and print each output
// (shape, first values, top-5 for a 1×K output) with timings, dispatch and submit counts; with
// --profile, every kernel's GPU time; with --json, the run report instead.
import { dirname, resolve } from 'node:path';
import { type ElementType, type ResourceLimits, formatDiagnostic, numElements, resolveLimits } from '../ir';
import {
  ARENA_SETTINGS, CgcError, GRANULARITIES, type HostTensor, validateArenas, validateGranularity, validateRuns,
} from '../core';
import { type NamedTensor, readSafetensors } from '../ir/safetensors';
import { type ProgramFile, loadProgramOn, moduleRole, programOf } from '../engine/program';
import { outputNames, runReport } from '../engine/report';
import { targetsFor } from '../engine/model';
import type { MemoryPlan } from '../compiler/memory/plan';
import type { LoadedProgram, RunResult } from '../runtime/runtime';
import { gpuProfile } from '../webgpu-target/limits';
import { LIMIT_FLAGS, LIMITS_USAGE, limitsFromFlags, parseArgs, parseShapes, UsageError } from './args';
import { TARGET_FLAGS, TARGETS_USAGE, targetOptionsFromFlags } from './targets';
import { warmUpKernels } from './bench-kernels';
import { BENCH_DAWN_FLAGS, openCliDevice, settleOrStay, useDawn } from './gpu';
import { readModelFile, readNamedFile } from './files';
import { INPUT_USAGE, checkInputNames, inputFor, inputSpec } from './inputs';
import { loadModel } from './load';
import type { CliIO } from './main';

export const RUN_USAGE = `cgc run MODEL|PROGRAM.mlirbc [--weights W] [--shape NAME=DxD…] ${INPUT_USAGE} [--runs N] [--profile] [--json] [--granularity ${GRANULARITIES.join('|')}] [--arenas ${ARENA_SETTINGS.join('|')}] ${TARGETS_USAGE} ${LIMITS_USAGE}`;

function describe(t: HostTensor): string[] {
  const values = Array.from(t.data.slice(0, 8) as ArrayLike<number | bigint>, (v) => (typeof v === 'bigint' ? String(v) : Number(v).toPrecision(6)));
  const lines = [`${t.type.shape.join('x')} ${t.type.element as ElementType}: ${values.join(' ')}${numElements(t.type.shape) > 8 ? ' …' : ''}`];
  if (t.type.shape.length === 2 && t.type.shape[0] === 1 && t.data instanceof Float32Array && t.data.length > 5) {
    const top = [...t.data].map((v, i) => [v, i] as const).sort((a, b) => b[0] - a[0]).slice(0, 5);
    lines.push(`top-5: ${top.map(([v, i]) => `#${i} (${v.toPrecision(4)})`).join(', ')}`);
  }
  return lines;
}

export async function runCommand(argv: readonly string[], io: CliIO): Promise<number> {
  const args = parseArgs(argv, { weights: true, shape: true, input: true, runs: true, profile: false, granularity: true, arenas: true, json: false, ...TARGET_FLAGS, ...LIMIT_FLAGS });
  const { positionals, flags } = args;
  const targetOptions = targetOptionsFromFlags(args);
  const fusion = targetOptions.fusion;
  if (positionals.length !== 1) throw new UsageError(`expected one model\nusage: ${RUN_USAGE}`);
  const runs = validateRuns(flags.get('runs'), '--runs');
  const granularity = validateGranularity(flags.get('granularity'), '--granularity');
  const arenas = validateArenas(flags.get('arenas'), '--arenas');
  const shapes = parseShapes(flags.get('shape'));
  const file = positionals[0]!;
  const limits = resolveLimits(limitsFromFlags(flags));
  // A large model is read in pieces at once, its weights while its structure is imported and compiled; where the read fails, loadModel reads it again and says why.
  const arriving = await readModelFile(file, limits).catch(() => undefined);
  const bytes = arriving?.bytes;
  const loaded = loadModel(file, { ...(bytes ? { bytes } : {}), ...(flags.has('weights') ? { weightsFile: flags.get('weights')! } : {}), limits, ...(shapes ? { shapes } : {}) });
  for (const d of loaded.diagnostics) io.stderr(formatDiagnostic(d));
  if (!loaded.model) return 1;
  // A compiled program (Output IR) loads as it is; a model (Input IR) is compiled first.
  let shipped: ProgramFile | undefined;
  if (moduleRole(loaded.model.module) === 'CGC_OUTPUT') {
    for (const flag of ['shape', 'granularity', 'arenas', 'fusion', 'disable-patterns', 'enable-patterns', 'split-k', 'size-uniforms']) if (flags.has(flag)) throw new UsageError(`--${flag} is for compiling a model; ${file} is a compiled program`);
    shipped = programOf(loaded.model.module, new Map([...(loaded.weights ?? [])].map(([k, t]) => [k, t.data])), file);
  }
  const weightsBeside = shipped?.weightsFile !== undefined && !flags.has('weights') ? programWeights(file, shipped.weightsFile, limits, io) : undefined;
  if (weightsBeside === null) return 1;
  const weight = (n: string) => loaded.weights?.get(n)?.data ?? weightsBeside?.get(n)?.data;
  // Profiled kernels are timed at full resolution (Dawn otherwise rounds timestamps to 65.5 µs).
  if (flags.has('profile')) await useDawn((l) => io.stderr(l), BENCH_DAWN_FLAGS);
  const { device, info } = await openCliDevice((l) => io.stderr(l));
  const adapterText = [info.vendor, info.architecture, info.description].filter((x) => x).join(' / ');
  try {
    let argNames: string[] = [];
    let load: () => Promise<LoadedProgram>;
    let plan: MemoryPlan | undefined;
    if (shipped) {
      io.stderr(`${file}: a compiled program (CGC_OUTPUT, program format ${shipped.format}); loading it without compiling`);
      const program = shipped;
      // Target files it was compiled with come again with --target: a program names its targets, it does not carry them.
      load = () => loadProgramOn(device, program, weight, { targets: targetsFor({ ...targetOptions, gpu: gpuProfile(device) }) });
    } else {
      // Against the device's own features and limits, as the app and `cgc bench` compile.
      const compiled = loaded.model.compile({ gpu: gpuProfile(device), ...targetOptions, granularity, arenas, limits: limitsFromFlags(flags) });
      plan = compiled.state.plan;
      argNames = compiled.state.entry.body().arguments.map((a) => a.nameHint ?? '');
      checkInputNames(flags.get('input'), argNames, file);
      load = () => compiled.load(device);
    }
    await arriving?.arrived;
    const t0 = performance.now();
    const program = await load();
    const loadMs = performance.now() - t0;
    // Every run on the final kernels (a tiered load's first tier is for a first result: `cgc bench --cold` times it).
    await settleOrStay(program, (l) => io.stderr(`${file}: ${l}`));
    const inputs = program.inputTypes.map((t, i) => inputFor(inputSpec(flags.get('input'), argNames, i, !!shipped), t, i));
    const times: number[] = [];
    const results: RunResult[] = [];
    for (let r = 0; r < runs; r++) {
      const s = performance.now();
      results.push(await program.run(inputs));
      times.push(performance.now() - s);
    }
    // Timed once the GPU's clocks have risen: a first profiled run after the GPU sat idle read
    // EfficientNet-B0 int8's kernels at 2.9–3.3 ms instead of 0.95–1.1 (H100).
    const profiled = flags.has('profile') ? await warmUpKernels(program, inputs, device) : undefined;
    const profile = profiled ? await program.run(inputs, { profile: true, profileRepeat: profiled.repeat }) : undefined;
    const report = runReport({
      model: file, adapter: adapterText, loadMs, results, wallMs: times, outputNames: shipped ? [] : outputNames(loaded.model.module),
      options: { granularity, arenas, fusion, runs, inputs: flags.get('input') ?? 'random:1', profile: flags.has('profile'), ...(shipped ? { program: true } : {}) },
      ...(profile ? { profile } : {}),
    });
    if (flags.has('json')) {
      io.stdout(JSON.stringify(report, null, 2));
    } else {
      const last = results.at(-1)!;
      last.outputs.forEach((o, i) => io.stdout([`output ${report.outputs[i]!.name}: ${describe(o)[0]}`, ...describe(o).slice(1).map((l) => `  ${l}`)].join('\n')));
      io.stdout(`load (compile partitions, upload constants): ${loadMs.toFixed(1)} ms`);
      io.stdout(`run: median ${report.medianMs.toFixed(2)} ms, min ${report.minMs.toFixed(2)} ms over ${runs} run(s) (host wall time)`);
      for (const t of last.timings) io.stdout(`  @${t.partition} (${t.target}): ${t.ms.toFixed(3)} ms ${t.source === 'gpu-timestamp' ? 'GPU timestamps' : 'host'}`);
      io.stdout(`dispatches per run: ${last.dispatches}; submits per run: ${last.submits}; partitions: ${program.partitions.map((p) => `${p.name}=${p.target}`).join(', ')}`);
      if (plan) io.stdout(`scratch (arenas ${plan.arenaSetting}): ${plan.scratchBytes} bytes in ${plan.arenas.length} arena(s) [${plan.arenas.join(', ')}]; ${plan.implicitDependencies.length} implicit dependencies`);
      if (profile && profiled) printProfile(profile, profiled.repeat, profiled.ms, io);
    }
    program.destroy();
    return 0;
  } catch (e) {
    // A usage error keeps its own exit status (2), reported by the command line.
    if (e instanceof CgcError && e.kind !== 'usage') { io.stderr(`${file}: error: ${e.message}`); return 1; }
    throw e;
  } finally {
    device.destroy();
  }
}

/** The weights file a program names, read from beside it (null after reporting why it cannot be). */
function programWeights(file: string, weightsFile: string, limits: ResourceLimits, io: CliIO): ReadonlyMap<string, NamedTensor> | null {
  const path = resolve(dirname(file), weightsFile);
  try {
    return readSafetensors(readNamedFile(dirname(file), weightsFile, limits), limits).tensors;
  } catch (e) {
    io.stderr(`${file}: error: the program's weights file ${path} cannot be read: ${e instanceof CgcError ? e.message : (e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
    return null;
  }
}

/** Every kernel's GPU time, slowest first, with its share of the sum. */
function printProfile(result: RunResult, repeat: number, warmUpMs: number, io: CliIO): void {
  const kernels = [...result.kernelTimings].sort((a, b) => b.ms - a.ms);
  if (kernels.length === 0) {
    io.stdout('profile: this device has no timestamp-query (or the program no GPU kernels); no kernel times');
    return;
  }
  const total = kernels.reduce((n, k) => n + k.ms, 0);
  io.stdout(`kernels: ${kernels.length}, ${total.toFixed(3)} ms together (GPU timestamps, each kernel in its own pass, mean of ${repeat} back to back, after ${(warmUpMs / 1000).toFixed(1)} s of warm-up)`);
  for (const k of kernels) io.stdout(`  ${k.ms.toFixed(4).padStart(9)} ms ${(100 * k.ms / total).toFixed(1).padStart(5)}%  ${k.kernel} (@${k.partition})`);
}
