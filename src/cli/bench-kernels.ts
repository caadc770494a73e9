// `cgc bench-kernels` (npm run bench:kernels): kernel microbenchmarks on Dawn. GEMMs at given sizes
// and every matmul/gemm/convolution kernel of given models report TFLOP/s against the device's f32
// peak; bandwidth-bound kernels (elementwise add, softmax, layer normalization) report GB/s against
// the copy bandwidth measured in the same run. Kernels are compiled by the normal pipeline and timed
// with GPU timestamps (each kernel in its own compute pass), median of the runs.
import { readFileSync, writeFileSync } from 'node:fs';
import { type Operation, CGC_VERSION, INTERFACES, byteSize, numElements, parseModule } from '../ir';
import { FUNCTIONAL_DEFINITION, SUBGRAPH } from '../ir/structural';
import { compile } from '../compiler/pipeline';
import { onnxGraphIo } from '../compiler/import/onnx';
import { type HostTensor } from '../core';
import { randomTensor } from '../reference/random';
import { type LoadedProgram, loadProgram } from '../runtime/runtime';
import { gpuProfile } from '../webgpu-target/limits';
import { defaultTargets } from '../engine/targets';
import { convParams, ctxOf } from '../webgpu-target/kernels/helpers';
import { type ForcedTile } from '../webgpu-target/kernels/gemm-core';
import { LIMIT_FLAGS, LIMITS_USAGE, limitsFromFlags, parseArgs, UsageError } from './args';
import { onnxShapes } from './bench';
import { median, validateRuns } from '../core';
import { BENCH_DAWN_FLAGS, openCliDevice, useDawn } from './gpu';
import { loadModel } from './load';
import type { CliIO } from './main';

export const BENCH_KERNELS_USAGE = `cgc bench-kernels [--gemm 1024,2048,4096] [--model FILE…] [--runs N] [--tile auto,TMxTNxTK[/S]…] [--peak-tflops X] [--no-bandwidth] [--elements N] [--json FILE] ${LIMITS_USAGE}`;

/** Dense f32 (non-tensor-core) peaks, TFLOP/s, by adapter description. */
const F32_PEAKS: readonly [RegExp, number][] = [[/H200/i, 66.9], [/H100/i, 66.9], [/A100/i, 19.5], [/L4\b/i, 30.3], [/RTX 4090/i, 82.6]];

type Forced = ForcedTile | undefined;

/**
 * `--tile auto,128x128x8,64x128x16/4,64x64x16@8x16,…`: the tiles every GEMM is compiled with in turn
 * (auto: the compiler's choice; /S: K in S slices; @TMxTN: threads along M and N, 16 each otherwise).
 */
export function parseTiles(text: string | undefined): Forced[] {
  if (!text) return [undefined];
  return text.split(',').map((t) => {
    if (t === 'auto') return undefined;
    const m = /^(16|32|64|128|256)x(16|32|64|128|256)x(8|16|32)(?:\/([1-9]\d*))?(?:@(8|16|32)x(8|16|32))?$/.exec(t);
    if (!m) throw new UsageError(`--tile takes auto or TMxTNxTK[/SPLITS][@THREADS_MxTHREADS_N] with TM, TN in 16, 32, 64, 128, 256, TK 8, 16 or 32, SPLITS the K slices and the threads along M and N 8, 16 or 32 (like 128x128x8, 64x128x16/4 or 64x64x16@8x16), not '${t}'`);
    const tm = Number(m[1]);
    const tn = Number(m[2]);
    const threads = m[5] ? [Number(m[5]), Number(m[6])] as const : undefined;
    if (threads && (threads[0] > tm || threads[1] > tn)) throw new UsageError(`--tile ${t}: a tile of ${tm}×${tn} takes at most ${tm} threads along M and ${tn} along N`);
    return { tm, tn, tk: Number(m[3]), ...(m[4] ? { splits: Number(m[4]) } : {}), ...(threads ? { threads } : {}) };
  });
}

const tileName = (t: Forced) => (t ? ` [tile ${t.tm}×${t.tn}×${t.tk}${t.splits ? `, K in ${t.splits}` : ''}${t.threads ? `, ${t.threads[0]}×${t.threads[1]} threads` : ''}]` : '');

export interface KernelRow {
  readonly kind: 'gemm' | 'model' | 'bandwidth';
  readonly name: string;
  readonly ms: number;
  readonly flops?: number;
  readonly tflops?: number;
  readonly bytes?: number;
  readonly gbps?: number;
  /** Share of the f32 peak (compute-bound rows) or of the measured copy bandwidth. */
  readonly ofPeak?: number;
  /** The rate's unit where it is not TFLOP/s: integer products count operations. */
  readonly unit?: 'TOPS';
}

/**
 * An int8 product as a dynamically quantized model writes one: uint8 A less a scalar zero point,
 * int8 B, widened to int32 and multiplied (ONNX MatMulInteger; one integer product kernel).
 */
function integerProductModule(n: number): Operation {
  const t = (d: string) => `!cgc.tensor<${d}>`;
  const [a, b, w] = [t(`${n}x${n}x!cgc.uint8`), t(`${n}x${n}x!cgc.int8`), t(`${n}x${n}x!cgc.int32`)];
  const text = `cgc.module attributes {cgc.interface = "${INTERFACES.CGC_INPUT}", cgc.version = "${CGC_VERSION}"} {
  cgc.entry_point @main(%a: ${a}, %b: ${b}, %za: ${t('!cgc.int32')}) -> ${w} {
    %0 = cgc_op.cast(%a) {to = !cgc.int32} : (${a}) -> ${w}
    %1 = cgc_op.sub(%0, %za) : (${w}, ${t('!cgc.int32')}) -> ${w}
    %2 = cgc_op.cast(%b) {to = !cgc.int32} : (${b}) -> ${w}
    %3 = cgc_op.matmul(%1, %2) : (${w}, ${w}) -> ${w}
    cgc.return %3 : ${w}
  }
}
`;
  return parsed(text);
}

/** A benchmark's module from its text (which the harness writes: failing to parse is a bug here). */
function parsed(text: string): Operation {
  const r = parseModule(text);
  if (!r.module) throw new Error(`benchmark module does not parse: ${r.diagnostics.map((d) => d.message).join('; ')}`);
  return r.module;
}

/** One-entry-point module text over f32 arguments. */
function moduleText(args: readonly (readonly number[])[], body: string, result: readonly number[]): Operation {
  const t = (s: readonly number[]) => `!cgc.tensor<${s.join("x")}x!cgc.float32>`;
  const text = `cgc.module attributes {cgc.interface = "7FC4F23F-2474-4AE8-AE7A-2722118B350E", cgc.version = "0.1.0"} {
  cgc.entry_point @main(${args.map((s, i) => `%a${i}: ${t(s)}`).join(', ')}) -> ${t(result)} {
    %r = ${body} : (${args.map(t).join(', ')}) -> ${t(result)}
    cgc.return %r : ${t(result)}
  }
}
`;
  return parsed(text);
}

/** 2·M·N·K (multiply-adds count twice) of every matmul, gemm and convolution in a functional definition. */
export function definitionFlops(def: Operation): number {
  let flops = 0;
  for (const op of def.body().operations) {
    const out = op.results[0]?.type.shape ?? [];
    if (op.name === 'cgc_op.matmul') {
      const a = op.operands[0]!.type.shape;
      flops += 2 * numElements(out) * a[a.length - 1]!;
    } else if (op.name === 'cgc_op.gemm') {
      const a = op.operands[0]!.type.shape;
      flops += 2 * numElements(out) * (ctxOf(op).bool('trans_a') ? a[0]! : a[1]!);
    } else if (op.name === 'cgc_op.convolution') {
      const w = op.operands[1]!.type.shape;
      flops += 2 * numElements(out) * numElements(w.slice(1));
    }
  }
  return flops;
}

/**
 * Warm-up: at least WARMUP_MS, then until the kernels have not sped up by 2% for SETTLED_MS (at most
 * MAX_WARMUP_MS). A GPU sets its clocks from how busy it has been: an H100 left mostly idle (a 4096²
 * GEMM's run is 7.5 ms of GPU work beside 0.1 s of uploading and reading back 192 MB) ran at
 * 500–1100 MHz instead of 1980, which halved GEMM rates; REPEAT keeps each run's GPU work the
 * larger part.
 */
const WARMUP_MS = 300;
const SETTLED_MS = 500;
const MAX_WARMUP_MS = 4000;

/** Each kernel is dispatched at least this many times in its timed pass: a pass costs microseconds of its own, and the GPU stays busy. */
const REPEAT = 50;
/**
 * More dispatches, up to MAX_REPEAT, where a run's kernels would take less GPU time than this: a
 * bandwidth kernel over 64 MB takes 0.05 ms a dispatch, and 50 of them beside the run's 190 MB of
 * uploads and read-backs left the GPU idle most of the time, clocked down (H200: a 16M-element add
 * 0.119 ms at 50 dispatches, 0.084–0.107 at 100 ms of GPU time per run, 0.049 at 400 ms, as in
 * back-to-back passes of resident buffers; softmax 4096×4096 0.134 → 0.035, layer normalization
 * 0.178 → 0.039).
 */
const MIN_RUN_GPU_MS = 400;
const MAX_REPEAT = 5000;

/**
 * Profiled runs of `program` until its kernels stop speeding up (see WARMUP_MS), each dispatching
 * every kernel REPEAT or more times (see MIN_RUN_GPU_MS); returns the dispatches per kernel the
 * timed runs should use and how long the warm-up took. On `device`'s fallback adapter, one run.
 */
export async function warmUpKernels(program: LoadedProgram, inputs: readonly HostTensor[], device?: GPUDevice): Promise<{ repeat: number; ms: number }> {
  const w0 = performance.now();
  // A fallback adapter (a CPU implementation: SwiftShader) has no clocks to raise, and its "GPU time"
  // is host time: one profiled run, each kernel once, gives what its timings can say.
  if (device?.adapterInfo?.isFallbackAdapter) {
    await program.run(inputs, { profile: true });
    return { repeat: 1, ms: performance.now() - w0 };
  }
  let best = Infinity;
  let lastGain = w0;
  let repeat = REPEAT;
  for (;;) {
    const { kernelTimings } = await program.run(inputs, { profile: true, profileRepeat: repeat });
    const sum = kernelTimings.reduce((t, k) => t + k.ms, 0);
    const now = performance.now();
    if (sum < best * 0.98) lastGain = now;
    best = Math.min(best, sum);
    if (best > 0) repeat = Math.max(repeat, Math.min(MAX_REPEAT, Math.ceil(MIN_RUN_GPU_MS / best)));
    // No kernel timings (no timestamp-query): nothing to settle.
    if (kernelTimings.length === 0 || (now - w0 >= WARMUP_MS && now - lastGain >= SETTLED_MS) || now - w0 >= MAX_WARMUP_MS) return { repeat, ms: now - w0 };
  }
}

/** Kernel times (ms, median over runs; each the mean of REPEAT or more back-to-back dispatches) of `module` by kernel name, after the warm-up. */
async function timeKernels(device: GPUDevice, module: Operation, runs: number, constant: (n: string) => Uint8Array | undefined = () => undefined, tile?: Forced) {
  // Compiled against the device's limits, as `cgc bench` and the app compile (its storage-buffer limit decides which epilogues fit one kernel).
  const targets = defaultTargets(gpuProfile(device), { tile });
  const state = compile(module, targets);
  // The final kernels, whose times these are (not a first tier's).
  const program = await loadProgram(device, state.output!, constant, { targets, tiers: 'specialized' });
  try {
    const inputs: HostTensor[] = program.inputTypes.map((t, i) => randomTensor(t, 7 + i));
    const { repeat } = await warmUpKernels(program, inputs, device);
    const samples = new Map<string, { subgraph: string; ms: number[] }>();
    for (let r = 0; r < runs; r++) {
      const { kernelTimings } = await program.run(inputs, { profile: true, profileRepeat: repeat });
      if (!kernelTimings.length) throw new UsageError('the adapter has no timestamp-query: kernel timings need GPU timestamps');
      // By position in the run: identical subgraphs share a definition and so a kernel name.
      kernelTimings.forEach((k, i) => {
        const key = `${i}:${k.kernel}`;
        const s = samples.get(key) ?? { subgraph: k.subgraph, ms: [] };
        s.ms.push(k.ms);
        samples.set(key, s);
      });
    }
    return { state, kernels: [...samples].map(([key, s]) => ({ kernel: key.slice(key.indexOf(':') + 1), subgraph: s.subgraph, ms: median(s.ms) })) };
  } finally {
    program.destroy();
  }
}

/** Dispatches per timed pass of the copy, and passes dropped first: the GPU kept busy at its clocks before the passes that count. */
const COPY_REPEAT = 200;
const COPY_PASS_MS = 10;
const COPY_WARMUP_PASSES = 3;

/**
 * Copy bandwidth (GB/s, bytes read + written) of a vec4 copy kernel over `bytes` of random data
 * (a buffer never written reads as zeros, which a GPU may move compressed), median of `runs` passes.
 */
async function copyBandwidth(device: GPUDevice, bytes: number, runs: number): Promise<number> {
  const src = device.createBuffer({ size: bytes, usage: GPUBufferUsage.STORAGE | GPUBufferUsage.COPY_DST });
  const dst = device.createBuffer({ size: bytes, usage: GPUBufferUsage.STORAGE });
  const noise = new Uint32Array(bytes / 4);
  for (let i = 0, x = 0x9e3779b9; i < noise.length; i++) noise[i] = x = (Math.imul(x, 1664525) + 1013904223) >>> 0;
  device.queue.writeBuffer(src, 0, noise);
  const module = device.createShaderModule({
    code: `@group(0) @binding(0) var<storage, read> src: array<vec4<f32>>;
@group(0) @binding(1) var<storage, read_write> dst: array<vec4<f32>>;
@compute @workgroup_size(256) fn main(@builtin(global_invocation_id) g: vec3<u32>, @builtin(num_workgroups) n: vec3<u32>) {
  let i = g.x + g.y * n.x * 256u;
  if (i < arrayLength(&src)) { dst[i] = src[i]; }
}`,
  });
  const pipeline = await device.createComputePipelineAsync({ layout: 'auto', compute: { module, entryPoint: 'main' } });
  const group = device.createBindGroup({ layout: pipeline.getBindGroupLayout(0), entries: [{ binding: 0, resource: { buffer: src } }, { binding: 1, resource: { buffer: dst } }] });
  const groups = Math.ceil(bytes / 16 / 256);
  const gx = Math.min(groups, 65535);
  const passes = (count: number, repeat: number) => timedPasses(device, count, (pass) => {
    pass.setPipeline(pipeline);
    pass.setBindGroup(0, group);
    for (let r = 0; r < repeat; r++) pass.dispatchWorkgroups(gx, Math.ceil(groups / gx));
  });
  // Passes of about COPY_PASS_MS where the device is fast enough (a CPU adapter takes one dispatch a pass).
  const [once] = await passes(1, 1);
  const repeat = Math.max(1, Math.min(COPY_REPEAT, Math.ceil(COPY_PASS_MS / once!)));
  const ms = (await passes(runs + COPY_WARMUP_PASSES, repeat)).slice(COPY_WARMUP_PASSES).map((t) => t / repeat);
  for (const b of [src, dst]) b.destroy();
  return (2 * bytes) / (median(ms) * 1e6);
}

/** GPU time (ms) of each of `count` compute passes, recorded by `record` between timestamps and run one at a time. */
export async function timedPasses(device: GPUDevice, count: number, record: (pass: GPUComputePassEncoder) => void): Promise<number[]> {
  const query = device.createQuerySet({ type: 'timestamp', count: 2 });
  const resolve = device.createBuffer({ size: 16, usage: GPUBufferUsage.QUERY_RESOLVE | GPUBufferUsage.COPY_SRC });
  const read = device.createBuffer({ size: 16, usage: GPUBufferUsage.MAP_READ | GPUBufferUsage.COPY_DST });
  const ms: number[] = [];
  for (let r = 0; r < count; r++) {
    const encoder = device.createCommandEncoder();
    const pass = encoder.beginComputePass({ timestampWrites: { querySet: query, beginningOfPassWriteIndex: 0, endOfPassWriteIndex: 1 } });
    record(pass);
    pass.end();
    encoder.resolveQuerySet(query, 0, 2, resolve, 0);
    encoder.copyBufferToBuffer(resolve, 0, read, 0, 16);
    device.queue.submit([encoder.finish()]);
    await read.mapAsync(GPUMapMode.READ);
    const ns = new BigInt64Array(read.getMappedRange().slice(0));
    read.unmap();
    ms.push(Number(ns[1]! - ns[0]!) / 1e6);
  }
  for (const b of [resolve, read]) b.destroy();
  query.destroy();
  return ms;
}

export async function benchKernelsCommand(argv: readonly string[], io: CliIO): Promise<number> {
  const { positionals, flags } = parseArgs(argv, { gemm: true, model: true, runs: true, tile: true, 'peak-tflops': true, 'no-bandwidth': false, elements: true, json: true, ...LIMIT_FLAGS });
  const models = [...(flags.has('model') ? flags.get('model')!.split(',') : []), ...positionals];
  const runs = validateRuns(flags.get('runs') ?? 10, '--runs');
  const sizes = (flags.get('gemm') ?? (models.length ? '' : '1024,2048,4096')).split(',').filter((s) => s).map(Number);
  if (sizes.some((n) => !Number.isInteger(n) || n < 1)) throw new UsageError('--gemm takes sizes like 1024,2048,4096');
  const tiles = parseTiles(flags.get('tile'));
  await useDawn((l) => io.stderr(l), BENCH_DAWN_FLAGS);
  const { device, info } = await openCliDevice((l) => io.stderr(l));
  if (!device.features.has('timestamp-query')) {
    device.destroy();
    io.stderr('cgc bench-kernels: the adapter has no timestamp-query; kernel timings need GPU timestamps');
    return 1;
  }
  const described = [info.vendor, info.architecture, info.device, info.description].filter((s) => s).join(' / ');
  const peak = flags.has('peak-tflops') ? Number(flags.get('peak-tflops')) : F32_PEAKS.find(([re]) => re.test(described))?.[1];
  const rows: KernelRow[] = [];
  /** Every kernel of every model, in dispatch order (the JSON's `models`). */
  const perModel: { model: string; tile: Forced | null; kernels: { kernel: string; subgraph: string; ops: string; ms: number }[] }[] = [];
  const compute = (kind: KernelRow['kind'], name: string, ms: number, flops: number): KernelRow => {
    const tflops = flops / (ms * 1e9);
    return { kind, name, ms, flops, tflops, ...(peak ? { ofPeak: tflops / peak } : {}) };
  };
  try {
    for (const n of sizes) {
      for (const tile of tiles) {
        const { kernels } = await timeKernels(device, moduleText([[n, n], [n, n]], 'cgc_op.matmul(%a0, %a1)', [n, n]), runs, undefined, tile);
        rows.push(compute('gemm', `matmul ${n}×${n}×${n}${tileName(tile)}`, kernels.reduce((s, k) => s + k.ms, 0), 2 * n ** 3));
      }
    }
    // The same sizes as int8 products (their own kernel: --tile does not apply), in TOPS.
    for (const n of sizes) {
      const { kernels } = await timeKernels(device, integerProductModule(n), runs);
      const ms = kernels.reduce((t, k) => t + k.ms, 0);
      rows.push({ kind: 'gemm', name: `int8 matmul ${n}×${n}×${n} (u8 − zero point · i8 → i32)`, ms, flops: 2 * n ** 3, tflops: (2 * n ** 3) / (ms * 1e9), unit: 'TOPS' });
    }
    // Each tile compiles from a freshly loaded module: compile() canonicalizes the module it is given in place.
    for (const file of models) for (const tile of tiles) {
      const shapes = file.endsWith('.onnx') ? onnxShapes(onnxGraphIo(new Uint8Array(readFileSync(file))), file, undefined) : undefined;
      const loaded = loadModel(file, { limits: limitsFromFlags(flags), ...(shapes ? { shapes } : {}) });
      if (!loaded.module) throw new UsageError(`${file}: ${loaded.diagnostics.map((d) => d.message).join('; ')}`);
      const { state, kernels } = await timeKernels(device, loaded.module, runs, (name) => loaded.weights?.get(name)?.data, tile);
      const defs = new Map<string, Operation>();
      for (const op of state.output!.walk()) if (op.name === SUBGRAPH && op.symbolName) defs.set(op.symbolName, [...op.walk()].find((o) => o.name === FUNCTIONAL_DEFINITION)!);
      // Distinct layers by their GEMM signature: the median kernel time of each, and how many share it.
      // A split-K invocation is its partial kernel(s) and then the sum: their times add up.
      const distinct = new Map<string, { ms: number[]; flops: number }>();
      let pending = 0;
      for (const k of kernels) {
        if (/\.partial\d+$/.test(k.kernel)) {
          pending += k.ms;
          continue;
        }
        const ms = k.ms + pending;
        pending = 0;
        const def = defs.get(k.subgraph);
        const flops = def ? definitionFlops(def) : 0;
        if (!def || !flops) continue;
        const sig = signature(def);
        const d = distinct.get(sig) ?? { ms: [], flops };
        d.ms.push(ms);
        distinct.set(sig, d);
      }
      for (const [sig, d] of distinct) rows.push(compute('model', `${file.split('/').pop()} ${sig}${d.ms.length > 1 ? ` (×${d.ms.length})` : ''}${tileName(tile)}`, median(d.ms), d.flops));
      const total = kernels.reduce((s, k) => s + k.ms, 0);
      const flops = [...distinct.values()].reduce((s, d) => s + d.flops * d.ms.length, 0);
      io.stdout(`${file}${tileName(tile)}: ${kernels.length} kernels, ${total.toFixed(3)} ms of GPU time (sum of kernels), ${(flops / 1e9).toFixed(2)} GFLOP in matmul/gemm/convolution kernels`);
      // Where the time goes: the slowest kernels with the ops they run, then the time by those ops.
      const opsOf = (subgraph: string) => {
        const def = defs.get(subgraph);
        return def ? def.body().operations.filter((o) => o.name.startsWith('cgc_op.')).map((o) => o.name.slice(7)).join('→') : '?';
      };
      for (const k of [...kernels].sort((a, b) => b.ms - a.ms).slice(0, 8)) {
        const def = defs.get(k.subgraph);
        io.stdout(`  ${k.ms.toFixed(4)} ms  ${k.kernel}  ${opsOf(k.subgraph)}  ${def ? def.body().operations.at(-1)!.operands.map((v) => v.type.shape.join('×')).join(', ') : ''}`);
      }
      const byOps = new Map<string, { ms: number; kernels: number }>();
      for (const k of kernels) {
        const ops = opsOf(k.subgraph);
        const g = byOps.get(ops) ?? { ms: 0, kernels: 0 };
        g.ms += k.ms;
        g.kernels++;
        byOps.set(ops, g);
      }
      const top = [...byOps].sort((a, b) => b[1].ms - a[1].ms);
      io.stdout(`  by ops: ${top.slice(0, 10).map(([ops, g]) => `${ops} ${g.ms.toFixed(3)} ms (${g.kernels})`).join('; ')}${top.length > 10 ? `; ${top.length - 10} more` : ''}`);
      perModel.push({ model: file, tile: tile ?? null, kernels: kernels.map((k) => ({ ...k, ops: opsOf(k.subgraph) })) });
    }
    let copy = 0;
    if (!flags.has('no-bandwidth')) {
      const elements = Number(flags.get('elements') ?? 16 * 1024 * 1024);
      if (!Number.isInteger(elements) || elements < 1024) throw new UsageError('--elements must be an integer ≥ 1024');
      copy = await copyBandwidth(device, elements * 4, runs);
      const bandwidth = async (name: string, args: number[][], body: string, result: number[], bytes: number) => {
        const { kernels } = await timeKernels(device, moduleText(args, body, result), runs);
        const ms = kernels.reduce((s, k) => s + k.ms, 0);
        const gbps = bytes / (ms * 1e6);
        rows.push({ kind: 'bandwidth', name, ms, bytes, gbps, ofPeak: gbps / copy });
      };
      const f = 4;
      rows.push({ kind: 'bandwidth', name: `copy ${elements} f32 (vec4)`, ms: (2 * elements * f) / (copy * 1e6), bytes: 2 * elements * f, gbps: copy, ofPeak: 1 });
      await bandwidth(`add ${elements} f32`, [[elements], [elements]], 'cgc_op.add(%a0, %a1)', [elements], 3 * elements * f);
      const softmaxRows = Math.max(1, Math.floor(elements / 4096));
      await bandwidth(`softmax ${softmaxRows}×4096`, [[softmaxRows, 4096]], 'cgc_op.softmax(%a0) {axis = -1}', [softmaxRows, 4096], 2 * softmaxRows * 4096 * f);
      const tokens = Math.max(1, Math.floor(elements / 768));
      await bandwidth(`layer_normalization ${tokens}×768`, [[tokens, 768], [768], [768]], 'cgc_op.layer_normalization(%a0, %a1, %a2) {axis = -1}', [tokens, 768], (2 * tokens * 768 + 2 * 768) * f);
    }
    const out: string[] = [`adapter: ${described}; f32 peak ${peak ? `${peak} TFLOP/s` : 'unknown (pass --peak-tflops)'}${copy ? `; copy bandwidth ${copy.toPrecision(3)} GB/s` : ''}`];
    out.push('| kernel | ms (median) | rate | of peak |', '|---|---|---|---|');
    for (const r of rows) {
      const rate = r.tflops !== undefined ? `${r.tflops.toPrecision(3)} ${r.unit ?? 'TFLOP/s'}` : `${r.gbps!.toPrecision(3)} GB/s`;
      out.push(`| ${r.name} | ${r.ms.toFixed(4)} | ${rate} | ${r.ofPeak !== undefined ? `${(100 * r.ofPeak).toFixed(1)}%` : '—'} |`);
    }
    io.stdout(out.join('\n'));
    if (flags.has('json')) writeFileSync(flags.get('json')!, JSON.stringify({ adapter: described, peakTflops: peak ?? null, copyGBps: copy || null, runs, rows, models: perModel }, null, 2));
    return 0;
  } finally {
    device.destroy();
  }
}

/** A GEMM-bearing definition's name for the table: its first matmul/gemm/convolution with operand shapes and strides. */
function signature(def: Operation): string {
  const op = def.body().operations.find((o) => ['cgc_op.matmul', 'cgc_op.gemm', 'cgc_op.convolution'].includes(o.name))!;
  const shapes = op.operands.slice(0, 2).map((v) => v.type.shape.join('×')).join(' · ');
  const conv = op.name === 'cgc_op.convolution' ? convParams(op) : undefined;
  const stride = conv && conv.strides.some((s) => s !== 1) ? ` stride ${conv.strides.join('×')}` : '';
  const g = conv && conv.groups > 1 ? ` groups ${conv.groups}` : '';
  const epilogue = def.body().operations.filter((o) => o.name.startsWith('cgc_op.') && o !== op).map((o) => o.name.slice(7));
  return `${op.name.slice(7)} ${shapes}${stride}${g}${epilogue.length ? ` +${epilogue.join('+')}` : ''} (${byteSize(op.results[0]!.type) / 4} out)`;
}
