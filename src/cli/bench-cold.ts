// `cgc bench --cold MODEL… [--vs ort] [--runs N] [--warm-up on|off] [--json FILE]`: the first result of a model never
// seen before. Each model runs in a fresh process whose driver shader cache is a new empty folder —
// NVIDIA's (__GL_SHADER_DISK_CACHE_PATH) and Mesa's (MESA_SHADER_CACHE_DIR) drivers let a process
// choose it; SwiftShader keeps none between processes; another driver's cache is left as it is, and
// the table says so. The process times each phase from the file: import, compile, load (pipeline
// creation and weight upload), first run, and counts the distinct shader modules and pipelines it
// created. With `--vs ort`, onnxruntime-web's WebGPU backend does the same in a fresh process of its
// own: session creation (its import, compile and pipelines) and its first run. `--runs N` repeats
// each process N times (fresh each time) and reports each phase's median.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CgcError, median, validateRuns, validateSizeUniforms } from '../core';
import { randomTensor } from '../reference/random';
import { gpuProfile } from '../webgpu-target/limits';
import { onnxGraphIo } from '../compiler/import/onnx';
import { isSoftwareAdapter, warmUpFirstTier } from '../engine/warm-up';
import { ENTRY_POINT } from '../ir/structural';
import { LIMIT_FLAGS, limitsFromFlags, parseArgs, UsageError } from './args';
import { BENCH_DAWN_FLAGS, openCliDevice, settleOrStay, useDawn } from './gpu';
import { loadModel } from './load';
import { readModelFile } from './files';
import { resolveLimits } from '../ir/limits';
import { loadOnnxruntimeWeb } from './onnxruntime';
import { onnxShapes } from './bench';
import type { CliIO } from './main';

/** One cold process's figures, ms (ours, or onnxruntime-web's where `side` says so). */
export interface ColdFigures {
  readonly model: string;
  readonly side: 'ours' | 'onnxruntime-web';
  readonly deviceMs: number;
  /** Ours: reading the file into CGC Input IR. */
  readonly importMs?: number;
  /** Ours: the compiler; onnxruntime-web: session creation (its import, compile and pipelines together). */
  readonly compileMs: number;
  /** Ours: after the compile, the wait for the weights still being read (cli/files.ts, readModelFile); part of loadMs. */
  readonly readWaitMs?: number;
  /** Ours: partitions compiled (pipelines created) and weights uploaded, from the compile's end. */
  readonly loadMs?: number;
  readonly firstRunMs: number;
  /** From the file to the first result (the device excluded). */
  readonly totalMs: number;
  /** Distinct shader modules and pipelines created by the first result. */
  readonly shaderModules?: number;
  readonly pipelines?: number;
  /** Ours: from the first result until every kernel runs its final form (a tiered load's specialized tier), and the pipelines by then. */
  readonly settledMs?: number;
  readonly settledPipelines?: number;
  /** Where this process's driver shader cache was: a new empty folder, or not redirected. */
  readonly shaderCache: string;
  /**
   * Ours with the first tier's common pipelines created when the device opened (engine/warm-up.ts,
   * compiled in the device phase, its pipelines issued before the counts above start): its kernels,
   * and ms from the device's creation until they were ready; absent with --warm-up off, or on a
   * software adapter, which warms nothing up.
   */
  readonly warmUp?: { readonly kernels: number; readonly readyMs: number; readonly error?: string };
}

const CHILD_FLAG = 'cold-child';

/**
 * The script that starts this CLI, for the cold processes: the one this process was started with
 * (`bin/cgc.mjs`, `src/cli/cgc.ts` under tsx, or the package's `lib/cli.js`), else — when the CLI
 * runs inside another program, a test say — the package's `bin/cgc.mjs`, found above this module.
 */
function cliEntry(): string {
  const started = process.argv[1] ?? '';
  if (/(cgc\.mjs|cgc\.ts|cli\.js)$/.test(started)) return started;
  for (let dir = dirname(fileURLToPath(import.meta.url)); dir !== dirname(dir); dir = dirname(dir)) {
    if (existsSync(join(dir, 'bin/cgc.mjs'))) return join(dir, 'bin/cgc.mjs');
  }
  throw new CgcError('usage', 'cgc bench --cold starts the cgc command in fresh processes, and cannot find it (bin/cgc.mjs) from here');
}

/** The environment of a cold process: its driver shader caches in `dir`, empty. */
function coldEnv(dir: string): NodeJS.ProcessEnv {
  return {
    ...process.env,
    __GL_SHADER_DISK_CACHE: '1',
    __GL_SHADER_DISK_CACHE_PATH: dir,
    __GL_SHADER_DISK_CACHE_SKIP_CLEANUP: '1',
    MESA_SHADER_CACHE_DIR: dir,
  };
}

/** What a cold process can say of its shader cache, from the adapter it got. */
function cacheNote(vendor: string, description: string): string {
  const text = `${vendor} ${description}`.toLowerCase();
  if (/nvidia/.test(text)) return 'empty (NVIDIA: __GL_SHADER_DISK_CACHE_PATH)';
  if (/swiftshader/.test(text)) return 'none kept between processes (SwiftShader)';
  if (/mesa|radv|intel|amd|llvmpipe/.test(text)) return 'empty (Mesa: MESA_SHADER_CACHE_DIR)';
  return `not redirected: ${vendor || 'this driver'} keeps its own, so figures may be warm`;
}

export async function benchColdCommand(argv: readonly string[], io: CliIO): Promise<number> {
  const { positionals, flags } = parseArgs(argv, { cold: false, [CHILD_FLAG]: true, vs: true, runs: true, json: true, 'size-uniforms': true, 'warm-up': true, ...LIMIT_FLAGS });
  const warmUp = flags.get('warm-up') ?? 'on';
  if (warmUp !== 'on' && warmUp !== 'off') throw new UsageError(`--warm-up takes on or off, not '${warmUp}'`);
  if (flags.has(CHILD_FLAG)) return coldChild(positionals[0]!, flags.get(CHILD_FLAG) as 'ours' | 'ort', io, flags);
  if (!positionals.length) throw new UsageError('expected at least one model: cgc bench --cold MODEL… [--vs ort] [--runs N] [--warm-up on|off] [--json FILE]');
  const vs = flags.get('vs');
  if (vs !== undefined && vs !== 'ort') throw new UsageError(`--vs takes 'ort' (onnxruntime-web's WebGPU backend), not '${vs}'`);
  const runs = validateRuns(flags.get('runs') ?? 1, '--runs');
  // A model that is not there is the caller's mistake, said once here, not a failure of each fresh process.
  const missing = positionals.filter((m) => !existsSync(m));
  if (missing.length) throw new CgcError('usage', `no such model file: ${missing.join(', ')}`);
  const sides: ('ours' | 'ort')[] = vs ? ['ours', 'ort'] : ['ours'];
  const rows: ColdFigures[] = [];
  const entry = cliEntry();
  for (const model of positionals) {
    for (const side of sides) {
      const samples: ColdFigures[] = [];
      for (let r = 0; r < runs; r++) {
        const cache = mkdtempSync(join(tmpdir(), 'cgc-shader-cache-'));
        try {
          const limits = argv.filter((a, i) => a.startsWith('--max-') || a.startsWith('--compile-timeout') || (i > 0 && (argv[i - 1]!.startsWith('--max-') || argv[i - 1]!.startsWith('--compile-timeout'))));
          const child = spawnSync(process.execPath, [...(entry.endsWith('.ts') ? process.execArgv : []), entry, 'bench', '--cold', `--${CHILD_FLAG}`, side, model, ...limits, ...(flags.has('size-uniforms') ? ['--size-uniforms', flags.get('size-uniforms')!] : []), '--warm-up', warmUp], { env: coldEnv(cache), encoding: 'utf8', maxBuffer: 1 << 24 });
          const line = child.stdout.split('\n').find((l) => l.startsWith('{'));
          if (child.status !== 0 || !line) {
            io.stderr(`${model} (${side === 'ours' ? 'ours' : 'onnxruntime-web'}): the cold process failed (exit ${child.status}): ${(child.stderr || child.stdout).trim().split('\n').slice(-3).join(' · ')}`);
            break;
          }
          samples.push(JSON.parse(line) as ColdFigures);
        } finally {
          rmSync(cache, { recursive: true, force: true });
        }
      }
      if (samples.length) rows.push(medianFigures(samples));
    }
  }
  for (const line of coldTable(rows, runs)) io.stdout(line);
  const json = flags.get('json');
  if (json) writeFileSync(json, JSON.stringify({ runs, rows }, null, 2));
  return rows.length === positionals.length * sides.length ? 0 : 1;
}

/** Each phase's median over fresh processes. */
function medianFigures(samples: readonly ColdFigures[]): ColdFigures {
  const m = (f: (s: ColdFigures) => number | undefined) => {
    const xs = samples.map(f).filter((x): x is number => x !== undefined);
    return xs.length ? median(xs) : undefined;
  };
  const first = samples[0]!;
  return {
    ...first,
    deviceMs: m((s) => s.deviceMs)!, compileMs: m((s) => s.compileMs)!, firstRunMs: m((s) => s.firstRunMs)!, totalMs: m((s) => s.totalMs)!,
    ...(first.importMs !== undefined ? { importMs: m((s) => s.importMs)! } : {}),
    ...(first.loadMs !== undefined ? { loadMs: m((s) => s.loadMs)! } : {}),
    ...(first.readWaitMs !== undefined ? { readWaitMs: m((s) => s.readWaitMs)! } : {}),
    ...(first.settledMs !== undefined ? { settledMs: m((s) => s.settledMs)! } : {}),
    ...(first.warmUp ? { warmUp: { ...first.warmUp, readyMs: m((s) => s.warmUp?.readyMs)! } } : {}),
  };
}

export function coldTable(rows: readonly ColdFigures[], runs: number): string[] {
  const ms = (x: number | undefined) => (x === undefined ? '—' : x < 10 ? x.toFixed(1) : x.toFixed(0));
  const out = [`cold first result, ms (a fresh process per ${runs > 1 ? `figure, median of ${runs}` : 'figure'}; total is from the file: the device's creation not included)`,
    'model                          side             device   import   compile  (read wait)     load  first run     total  modules  pipelines  settled (+pipelines)  warm-up (ready)  shader cache'];
  for (const r of rows) {
    out.push(`${r.model.split('/').pop()!.padEnd(30)} ${r.side.padEnd(15)} ${ms(r.deviceMs).padStart(7)} ${ms(r.importMs).padStart(7)} ${ms(r.compileMs).padStart(9)} ${ms(r.readWaitMs).padStart(12)} ${ms(r.loadMs).padStart(8)} ${ms(r.firstRunMs).padStart(10)} ${ms(r.totalMs).padStart(9)} ${String(r.shaderModules ?? '—').padStart(8)} ${String(r.pipelines ?? '—').padStart(10)}  ${(r.settledMs === undefined ? '—' : `${ms(r.settledMs)} (+${r.settledPipelines! - r.pipelines!})`).padStart(20)}  ${(r.warmUp ? (r.warmUp.error ? 'failed' : `${r.warmUp.kernels} (${ms(r.warmUp.readyMs)})`) : '—').padStart(15)}  ${r.shaderCache}`);
  }
  out.push('warm-up: the first tier\'s common kernels (engine/warm-up.ts) compiled as the device opened (in "device") and their pipelines created in the background: their number, and ms until ready; "pipelines" counts the model\'s others. --warm-up off for none.');
  out.push('import: the file\'s structure read and imported; a large ONNX model\'s weights are read meanwhile, and "read wait" is how long the load then waited for the rest (within "load").');
  out.push('settled: after the first result (on the first tier\'s quick kernels), until every kernel runs its final form: +pipelines created then.');
  out.push('onnxruntime-web: "compile" is its WebGPU session creation (import, graph optimization, kernels), after a throwaway CPU session paid its WebAssembly start-up; its pipelines are made during the first run.');
  return out;
}

/** The cold process: one model, one side, timed from the file; prints its figures as one JSON line. */
async function coldChild(file: string, side: 'ours' | 'ort', io: CliIO, flags: ReadonlyMap<string, string>): Promise<number> {
  await useDawn(() => {}, BENCH_DAWN_FLAGS);
  const d0 = performance.now();
  const ort = side === 'ort' ? await loadOnnxruntimeWeb() : undefined;
  const { device, info } = await openCliDevice(() => {});
  // The first tier's common pipelines, issued as the device opens (their compile is part of the device
  // phase; their pipelines are issued now, before the model's are counted below).
  const warming = side === 'ours' && flags.get('warm-up') !== 'off' && !isSoftwareAdapter(info) ? warmUpFirstTier(device) : undefined;
  const deviceMs = performance.now() - d0;
  const shaderCache = cacheNote(info.vendor, info.description);
  if (ort) {
    const bytes = new Uint8Array(readFileSync(file));
    const graph = onnxGraphIo(bytes);
    const shapes = onnxShapes(graph, file, undefined);
    // Its WebAssembly start-up (~34 s in a fresh Node process, a one-time cost a page pays once per
    // visit, not per model) is paid first by a throwaway CPU session, then the WebGPU session is timed.
    // It opens its own device on the same navigator.gpu; the first run creates its pipelines.
    await (await ort.InferenceSession.create(bytes, { executionProviders: ['wasm'] })).release();
    const s0 = performance.now();
    const session = await ort.InferenceSession.create(bytes, { executionProviders: ['webgpu'] });
    const s1 = performance.now();
    // The inputs' types as our importer reads them (after the timed phases: not part of either).
    const loaded = loadModel(file, { ...(shapes ? { shapes } : {}) });
    const entry = loaded.module!.body().operations.find((o) => o.name === ENTRY_POINT)!;
    const feeds = Object.fromEntries(graph.inputs.map((name, i) => {
      const t = randomTensor(entry.body().arguments[i]!.type, 1 + i);
      return [name, new ort.Tensor(t.type.element as 'float32', t.data as Float32Array, [...t.type.shape])];
    }));
    const r0 = performance.now();
    await session.run(feeds);
    const r1 = performance.now();
    await session.release();
    io.stdout(JSON.stringify({ model: file, side: 'onnxruntime-web', deviceMs, compileMs: s1 - s0, firstRunMs: r1 - r0, totalMs: (s1 - s0) + (r1 - r0), shaderCache } satisfies ColdFigures));
    return 0;
  }
  const codes = new Set<string>();
  let pipelines = 0;
  const createModule = device.createShaderModule.bind(device);
  device.createShaderModule = (d: GPUShaderModuleDescriptor) => { codes.add(d.code); return createModule(d); };
  const createAsync = device.createComputePipelineAsync.bind(device);
  device.createComputePipelineAsync = (d: GPUComputePipelineDescriptor) => { pipelines++; return createAsync(d); };
  const createSync = device.createComputePipeline.bind(device);
  device.createComputePipeline = (d: GPUComputePipelineDescriptor) => { pipelines++; return createSync(d); };
  const t0 = performance.now();
  // Read once: the import's weights are views of these bytes. A large ONNX model's weights arrive while its structure is imported and compiled.
  const { bytes, arrived } = await readModelFile(file, resolveLimits(limitsFromFlags(flags)));
  const shapes = file.endsWith('.onnx') ? onnxShapes(onnxGraphIo(bytes), file, undefined) : undefined;
  const loaded = loadModel(file, { bytes, limits: limitsFromFlags(flags), ...(shapes ? { shapes } : {}) });
  if (!loaded.model) throw new CgcError('import', `${file} did not import: ${loaded.diagnostics.map((d) => d.message).join('; ')}`);
  const t1 = performance.now();
  const compiled = loaded.model.compile({ gpu: gpuProfile(device), limits: limitsFromFlags(flags), sizeUniforms: validateSizeUniforms(flags.get('size-uniforms'), '--size-uniforms') });
  const t2 = performance.now();
  await arrived;
  const readWaitMs = performance.now() - t2;
  const program = await compiled.load(device);
  const t3 = performance.now();
  await program.run(program.inputTypes.map((t, i) => randomTensor(t, 1 + i)));
  const t4 = performance.now();
  const [firstModules, firstPipelines] = [codes.size, pipelines];
  const warmed = warming ? await warming : undefined;
  // A tiered load's second tier (kernels specialized to their sizes), created after the first result.
  await settleOrStay(program, (l) => io.stderr(`${file}: ${l}`));
  const t5 = performance.now();
  program.destroy();
  io.stdout(JSON.stringify({
    model: file, side: 'ours', deviceMs, importMs: t1 - t0, compileMs: t2 - t1, readWaitMs, loadMs: t3 - t2, firstRunMs: t4 - t3, totalMs: t4 - t0,
    shaderModules: firstModules, pipelines: firstPipelines, settledMs: t5 - t4, settledPipelines: pipelines, shaderCache,
    ...(warmed ? { warmUp: { kernels: warmed.kernels, readyMs: warmed.ms, ...(warmed.error ? { error: warmed.error } : {}) } } : {}),
  } satisfies ColdFigures));
  return 0;
}
