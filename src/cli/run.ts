// `cgc run MODEL [--shape …] [--input NAME=FILE.bin|random:SEED …] [--runs N] [--profile] [--granularity …] [--target FILE …]`:
// compile, load on WebGPU (Dawn), run, and print each output (shape, first values, top-5 for a
// 1×K output) with timings, dispatch and submit counts; with --profile, every kernel's GPU time.
import { readFileSync } from 'node:fs';
import { type ElementType, type ShapedType, byteSize, formatDiagnostic, numElements } from '../ir';
import {
  CgcError, GRANULARITIES, type HostTensor, tensorFromBytes, validateGranularity, validateRuns,
} from '../core';
import { randomTensor } from '../reference/random';
import type { RunResult } from '../runtime/runtime';
import { outputNames, runReport } from '../engine/report';
import { gpuProfile } from '../webgpu-target/limits';
import { LIMIT_FLAGS, LIMITS_USAGE, limitsFromFlags, parseArgs, parseShapes, UsageError } from './args';
import { TARGET_FLAGS, TARGETS_USAGE, targetOptionsFromFlags } from './targets';
import { warmUpKernels } from './bench-kernels';
import { BENCH_DAWN_FLAGS, openCliDevice, useDawn } from './gpu';
import { loadModel } from './load';
import type { CliIO } from './main';

export const RUN_USAGE = `cgc run MODEL [--weights W] [--shape NAME=DxD…] [--input NAME=FILE.bin|random:SEED[,…]] [--runs N] [--profile] [--json] [--granularity ${GRANULARITIES.join('|')}] ${TARGETS_USAGE} ${LIMITS_USAGE}`;

function inputFor(spec: string | undefined, type: ShapedType, index: number): HostTensor {
  if (!spec || spec.startsWith('random')) return randomTensor(type, Number(spec?.split(':')[1] ?? 1) + index);
  const bytes = readFileSync(spec);
  if (bytes.length !== byteSize(type)) throw new UsageError(`${spec} has ${bytes.length} bytes; input #${index} needs ${byteSize(type)} (${type.shape.join('x')} ${type.element})`);
  return tensorFromBytes({ ...type, kind: 'tensor' }, bytes);
}

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
  const args = parseArgs(argv, { weights: true, shape: true, input: true, runs: true, profile: false, granularity: true, json: false, ...TARGET_FLAGS, ...LIMIT_FLAGS });
  const { positionals, flags } = args;
  const targetOptions = targetOptionsFromFlags(args);
  if (positionals.length !== 1) throw new UsageError(`expected one model\nusage: ${RUN_USAGE}`);
  const runs = validateRuns(flags.get('runs'), '--runs');
  const granularity = validateGranularity(flags.get('granularity'), '--granularity');
  const shapes = parseShapes(flags.get('shape'));
  const loaded = loadModel(positionals[0]!, { ...(flags.has('weights') ? { weightsFile: flags.get('weights')! } : {}), limits: limitsFromFlags(flags), ...(shapes ? { shapes } : {}) });
  for (const d of loaded.diagnostics) io.stderr(formatDiagnostic(d));
  if (!loaded.module) return 1;
  // Profiled kernels are timed at full resolution (Dawn otherwise rounds timestamps to 65.5 µs).
  if (flags.has('profile')) await useDawn((l) => io.stderr(l), BENCH_DAWN_FLAGS);
  const { device, info } = await openCliDevice((l) => io.stderr(l));
  const adapterText = [info.vendor, info.architecture, info.description].filter((x) => x).join(' / ');
  let compiled;
  try {
    // Against the device's own features and limits, as the app and `cgc bench` compile.
    compiled = loaded.model!.compile({ gpu: gpuProfile(device), ...targetOptions, granularity, limits: limitsFromFlags(flags) });
  } catch (e) {
    device.destroy();
    if (e instanceof CgcError) { io.stderr(`${positionals[0]}: error: ${e.message}`); return 1; }
    throw e;
  }
  try {
    const t0 = performance.now();
    const program = await compiled.load(device);
    const loadMs = performance.now() - t0;
    const named = new Map((flags.get('input') ?? '').split(',').filter((x) => x).map((kv) => [kv.slice(0, kv.indexOf('=')), kv.slice(kv.indexOf('=') + 1)] as const));
    const argNames = compiled.state.entry.body().arguments.map((a) => a.nameHint ?? '');
    const inputs = program.inputTypes.map((t, i) => inputFor(named.get(argNames[i]!) ?? named.get('*'), t, i));
    const times: number[] = [];
    const results: RunResult[] = [];
    for (let r = 0; r < runs; r++) {
      const s = performance.now();
      results.push(await program.run(inputs));
      times.push(performance.now() - s);
    }
    // Timed once the GPU's clocks have risen: a first profiled run after the GPU sat idle read
    // EfficientNet-B0 int8's kernels at 2.9–3.3 ms instead of 0.95–1.1 (H100).
    const profiled = flags.has('profile') ? { ...(await warmUpKernels(program, inputs)) } : undefined;
    const profile = profiled ? await program.run(inputs, { profile: true, profileRepeat: profiled.repeat }) : undefined;
    const report = runReport({
      model: positionals[0]!, adapter: adapterText, loadMs, results, wallMs: times, outputNames: outputNames(loaded.model!.module),
      options: { granularity, fusion: targetOptions.fusion, runs, inputs: flags.get('input') ?? 'random:1', profile: flags.has('profile') },
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
      if (profile && profiled) printProfile(profile, profiled.repeat, profiled.ms, io);
    }
    program.destroy();
    return 0;
  } finally {
    device.destroy();
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
