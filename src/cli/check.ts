// `cgc check MODEL.onnx [--shape …] [--input NAME=FILE.bin …] [--backend cpu] [--atol X] [--seed N]`:
// runs the model on seeded random inputs (integers within what they index) or given ones through our
// importer + the CPU reference or WebGPU and through onnxruntime-web, and compares every output:
// PASS when the largest absolute error is at most atol.
import { readFileSync } from 'node:fs';
import { onnxGraphIo } from '../compiler/import/onnx';
import { ENTRY_POINT } from '../ir/structural';
import { formatDiagnostic } from '../ir';
import { CgcError, type HostTensor, ON_OFF, tensorFromBytes, validateFusion, validateSeed, validateSizeUniforms, validateSplitK } from '../core';
import { DISABLE_PATTERNS_USAGE, disabledPatternsFromFlag } from './targets';
import { LIMIT_FLAGS, LIMITS_USAGE, limitsFromFlags, parseArgs, parseShapes, UsageError } from './args';
import { compareTensors, describeComparison } from './compare-tensors';
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
  const { positionals, flags } = parseArgs(argv, { shape: true, input: true, backend: true, fusion: true, 'disable-patterns': true, 'split-k': true, 'size-uniforms': true, atol: true, seed: true, ...LIMIT_FLAGS });
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
  const start = performance.now();
  try {
    const backend = await openBackend(backendChoice, (l) => io.stderr(l), { fusion, disabledPatterns, splitK, sizeUniforms });
    try {
      ours = await backend.run(loaded.module, inputs, constant);
      stats = backend.stats;
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
    worst = Math.max(worst, c.mismatch ? Infinity : c.maxAbs);
  });
  io.stdout(`${ok ? 'PASS' : 'FAIL'}: max abs err ${worst.toExponential(2)} ${ok ? '≤' : '>'} atol ${atol.toExponential(1)}`);
  return ok ? 0 : 1;
}
