// `cgc check MODEL.onnx [--shape …] [--input NAME=FILE.bin …] [--backend cpu] [--atol X] [--seed N]`:
// runs the model on seeded random inputs (integers within what they index) or given ones through our
// importer + the CPU reference or WebGPU and through onnxruntime-web, and compares every output:
// PASS when the largest absolute error is at most atol.
import { readFileSync } from 'node:fs';
import { onnxGraphIo } from '../compiler/import/onnx';
import { ENTRY_POINT } from '../ir/structural';
import { formatDiagnostic } from '../ir';
import { CgcError, type HostTensor, ON_OFF, tensorFromBytes, validateFusion, validateSeed, validateSizeUniforms, validateSplitK } from '../core';
import { DISABLE_PATTERNS_USAGE, disabledPatternsFromFlag, enabledPatternsFromFlag } from './targets';
import { LIMIT_FLAGS, LIMITS_USAGE, limitsFromFlags, parseArgs, parseShapes, UsageError } from './args';
import { type Comparison, compareTensors, describeComparison } from './compare-tensors';
import { loadModel } from './load';
import type { CliIO } from './main';
import { type RunStats, backendName, openBackend } from './backends';
import { runOnnxruntime } from './onnxruntime';
import { runEntryPoint } from '../reference';
import { integerBounds } from './input-ranges';
import { checkInputNames, inputSpec, readInputTensor } from './inputs';
import { randomInputs } from './random-inputs';

export const CHECK_USAGE = `cgc check MODEL.onnx|MODEL.mlir|MODEL.mlirbc [--shape NAME=DxD…] [--input NAME=FILE.bin[,…]] [--backend webgpu|cpu] [--fusion ${ON_OFF.join('|')}] ${DISABLE_PATTERNS_USAGE} [--atol X] [--seed N] ${LIMITS_USAGE}`;

/** The default tolerance: the largest absolute error allowed in any output element. */
export const CHECK_ATOL = 1e-4;

function positiveNumber(flag: string, value: string | undefined, def: number): number {
  if (value === undefined) return def;
  const v = Number(value);
  if (!Number.isFinite(v) || v < 0) throw new UsageError(`--${flag} expects a non-negative number, got '${value}'`);
  return v;
}

export async function checkCommand(argv: readonly string[], io: CliIO): Promise<number> {
  const { positionals, flags } = parseArgs(argv, { shape: true, input: true, backend: true, fusion: true, 'disable-patterns': true, 'enable-patterns': true, 'split-k': true, 'size-uniforms': true, atol: true, seed: true, ...LIMIT_FLAGS });
  if (positionals.length !== 1) throw new UsageError(`expected one model\nusage: ${CHECK_USAGE}`);
  const file = positionals[0]!;
  // An ONNX model is checked against onnxruntime; an IR model (text or bytecode) against the CPU reference.
  const onnx = file.endsWith('.onnx');
  const backendChoice = backendName(flags.get('backend'), 'webgpu');
  if (!onnx && backendChoice === 'cpu') throw new UsageError(`${file} is an IR model, which is checked against the CPU reference: --backend cpu would compare the reference with itself`);
  const atol = positiveNumber('atol', flags.get('atol'), CHECK_ATOL);
  const seed = validateSeed(flags.get('seed'), '--seed');
  const shapes = parseShapes(flags.get('shape'));
  const fusion = validateFusion(flags.get('fusion'), '--fusion');
  const disabledPatterns = disabledPatternsFromFlag(flags.get('disable-patterns'));
  const enabledPatterns = enabledPatternsFromFlag(flags.get('enable-patterns'));
  const splitK = validateSplitK(flags.get('split-k'), '--split-k');
  const sizeUniforms = validateSizeUniforms(flags.get('size-uniforms'), '--size-uniforms');

  const loaded = loadModel(file, { limits: limitsFromFlags(flags), ...(shapes ? { shapes } : {}) });
  for (const d of loaded.diagnostics) io.stderr(formatDiagnostic(d));
  if (!loaded.module) return 1;
  const entry = loaded.module.body().operations.find((op) => op.name === ENTRY_POINT);
  if (!entry) {
    io.stderr(`error: ${file} is a compiled program (CGC Output IR), which holds no model to check: check the model it was compiled from`);
    return 1;
  }
  const args = entry.body().arguments;
  const bytes = readFileSync(file);
  let names: { inputs: readonly string[]; outputs: readonly string[] };
  try {
    names = onnx ? onnxGraphIo(bytes) : { inputs: args.map((a, i) => a.nameHint ?? `#${i}`), outputs: [] };
  } catch (e) {
    if (e instanceof CgcError) io.stderr(`error: ${file}: ${e.message}`);
    else throw e;
    return 1;
  }

  checkInputNames(flags.get('input'), names.inputs, file);
  // Random values first, from one stream (a file given for one input leaves the others' values as they were).
  const inputs = randomInputs(args.map((a) => a.type), seed, integerBounds(loaded.module));
  const given: string[] = [];
  args.forEach((a, i) => {
    const spec = inputSpec(flags.get('input'), names.inputs, i, false);
    if (spec === undefined) return;
    if (spec.startsWith('random')) throw new UsageError(`cgc check draws its random inputs with --seed; --input takes files (NAME=FILE.bin), not '${spec}'`);
    inputs[i] = readInputTensor(spec, a.type, i);
    given.push(`'${names.inputs[i] ?? i}' from ${spec}`);
  });
  const constants = new Map<string, HostTensor>();
  const constant = (name: string): HostTensor | undefined => {
    const w = loaded.weights?.get(name);
    if (w && !constants.has(name)) constants.set(name, tensorFromBytes(w.type, w.data));
    return constants.get(name);
  };
  let ours: HostTensor[];
  let stats: RunStats | undefined;
  let firstResult: readonly HostTensor[] | undefined;
  const start = performance.now();
  try {
    const backend = await openBackend(backendChoice, (l) => io.stderr(l), { fusion, disabledPatterns, enabledPatterns, splitK, sizeUniforms });
    try {
      ours = await backend.run(loaded.module, inputs, constant);
      stats = backend.stats;
      firstResult = backend.firstResult;
    } finally {
      backend.close();
    }
  } catch (e) {
    if (!(e instanceof CgcError)) throw e;
    io.stderr(`error: ${file}: ${backendChoice === 'cpu' ? 'CPU reference' : 'WebGPU'}: ${e.message}`);
    return 1;
  }
  const oursMs = performance.now() - start;

  let theirs: { outputs: ReadonlyMap<string, HostTensor>; ms: number; name: string };
  try {
    if (onnx) {
      const r = await runOnnxruntime(bytes, new Map(names.inputs.map((n, i) => [n, inputs[i]!])), loaded.externalFiles);
      theirs = { outputs: r.outputs, ms: r.ms, name: `onnxruntime-web ${r.version} (wasm)` };
    } else {
      const t0 = performance.now();
      const want = runEntryPoint(loaded.module, inputs, constant);
      theirs = { outputs: new Map(want.map((t, i) => [`#${i}`, t])), ms: performance.now() - t0, name: 'the CPU reference' };
    }
  } catch (e) {
    if (!(e instanceof CgcError) && !onnx) throw e;
    io.stderr(`error: ${file}: ${onnx ? 'onnxruntime' : 'CPU reference'}: ${(e as Error).message ?? String(e)}`);
    return 1;
  }
  const drawn = `${inputs.length - given.length} random input(s) (seed ${seed})${given.length ? `, ${given.join(', ')}` : ''}`;
  io.stdout(`check ${file}: ${drawn}; ${backendChoice === 'cpu' ? 'CPU reference' : 'WebGPU (compile, load, run)'} ${oursMs.toFixed(0)} ms,`
    + ` ${theirs.name} ${theirs.ms.toFixed(0)} ms`);
  if (stats) {
    const targets = [...new Set(stats.partitions)].map((t) => `${stats.partitions.filter((p) => p === t).length} ${t}`);
    io.stdout(`WebGPU${fusion ? '' : ' (fusion off)'}: ${stats.dispatches} dispatches and ${stats.submits} submit(s) per run; partitions: ${targets.join(', ')}`);
  }

  let worst = 0;
  let ok = true;
  const failed: number[] = [];
  ours.forEach((t, i) => {
    const name = names.outputs[i] ?? `#${i}`;
    const expected = theirs.outputs.get(name);
    if (!expected) {
      io.stdout(`output '${name}': ${theirs.name} did not produce it`);
      ok = false;
      return;
    }
    const c = compareTensors(t, expected, { atol, rtol: 0 });
    const scale = c.mismatch ? '' : ` (max |expected| ${c.scale.toExponential(2)})`;
    io.stdout(`output '${name}' [${t.type.shape.join(', ')}] ${t.type.element}: ${describeComparison(c, t.data.length)}${scale}`);
    ok &&= c.ok;
    if (!c.ok && !c.mismatch) failed.push(i);
    worst = Math.max(worst, c.mismatch ? Infinity : c.maxAbs);
  });
  // The first run's outputs (first-tier kernels, before the program settled): checked alike.
  if (firstResult) {
    let firstWorst = 0;
    firstResult.forEach((t, i) => {
      const name = names.outputs[i] ?? `#${i}`;
      const expected = theirs.outputs.get(name);
      if (!expected) return;
      const c = compareTensors(t, expected, { atol, rtol: 0 });
      if (!c.ok) io.stdout(`first tier: output '${name}': ${describeComparison(c, t.data.length)}`);
      ok &&= c.ok;
      firstWorst = Math.max(firstWorst, c.mismatch ? Infinity : c.maxAbs);
    });
    io.stdout(`first tier (the first run, before the program settled): max abs err ${firstWorst.toExponential(2)}`);
    worst = Math.max(worst, firstWorst);
  }
  if (failed.length && onnx && backendChoice === 'webgpu') {
    arbitrate(failed.map((i) => ({ index: i, name: names.outputs[i] ?? `#${i}`, ours: ours[i]!, theirs: theirs.outputs.get(names.outputs[i] ?? `#${i}`)! })),
      () => runEntryPoint(loaded.module!, inputs, constant), io);
  }
  io.stdout(`${ok ? 'PASS' : 'FAIL'}: max abs err ${worst.toExponential(2)} ${ok ? '≤' : '>'} atol ${atol.toExponential(1)}`);
  return ok ? 0 : 1;
}

interface Disagreement {
  /** The output's position among the model's outputs. */
  index: number;
  name: string;
  ours: HostTensor;
  theirs: HostTensor;
}

/** When WebGPU and onnxruntime disagree, a third opinion says which side is off: the CPU reference,
 *  which accumulates every sum in double and rounds once per op (so it is closer to exact than either
 *  float32 implementation, not a copy of ours: its kernels are written apart from the WGSL ones). The
 *  verdict stays the comparison with onnxruntime; this only tells the user where to look. */
function arbitrate(outputs: readonly Disagreement[], reference: () => HostTensor[], io: CliIO): void {
  const start = performance.now();
  let want: HostTensor[];
  try {
    want = reference();
  } catch (e) {
    if (!(e instanceof CgcError)) throw e;
    io.stdout(`the CPU reference could not run the model to say which side is off: ${e.message}`);
    return;
  }
  const ms = performance.now() - start;
  for (const o of outputs) {
    const ref = want[o.index];
    if (!ref) continue;
    io.stdout(describeArbitration(o.name, compareTensors(o.ours, ref, { atol: 0, rtol: 0 }), compareTensors(o.theirs, ref, { atol: 0, rtol: 0 }), ms));
  }
}

/** One line: how far WebGPU and onnxruntime each are from the CPU reference, and which one that makes the outlier. */
export function describeArbitration(name: string, ours: Comparison, theirs: Comparison, ms: number): string {
  const head = `output '${name}' against the CPU reference (double-precision sums, ${ms.toFixed(0)} ms):`;
  if (ours.mismatch || theirs.mismatch) return `${head} not comparable (${ours.mismatch ?? theirs.mismatch})`;
  const [a, b] = [ours.maxAbs, theirs.maxAbs];
  const figures = `WebGPU ${a.toExponential(2)}, onnxruntime-web ${b.toExponential(2)}`;
  // A side is the outlier when it is ten times further from the reference than the other.
  if (b > 10 * a) return `${head} ${figures}: onnxruntime-web is the outlier (WebGPU and the CPU reference agree)`;
  if (a > 10 * b) return `${head} ${figures}: WebGPU is the outlier (onnxruntime-web and the CPU reference agree)`;
  return `${head} ${figures}: no side is clearly off`;
}
