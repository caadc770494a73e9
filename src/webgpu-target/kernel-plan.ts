// Kernels for a concrete subgraph: one WGSL compute kernel per result, each pulling its value
// through the subgraph's ops (so a whole fused subgraph is one kernel per output), or a tiled GEMM when
// the result hangs off one matmul, gemm or convolution (kernels/gemm-kernel.ts). A subgraph the
// generators cannot express is declined with the reason, which is what specialization answers.
import { type Operation, byteSize, numElements } from '../ir';
import { WGSL_HELPERS } from './kernels/elementwise';
import './kernels';
import { type GeneratedKernel, tiledKernel } from './kernels/gemm-kernel';
import { integerGemmKernel } from './kernels/integer-gemm';
import { type RecurrenceMode, isRecurrent, recurrentKernels } from './kernels/recurrent';
import { unpoolKernels } from './kernels/max-unpool';
import { dataDependentKernel, isDataDependent } from './kernels/data-dependent';
import { narrowedRowResult, rowKernel, siblingReductionKernels, splitRowKernels } from './kernels/row-kernel';
import { concatChunkKernels } from './kernels/concat-chunks';
import { attentionKernel } from './kernels/attention';
import { projectionKernels } from './kernels/projections';
import { normRowKernels } from './kernels/norm-rows';
import { KernelBuilder, KernelDecline, type Pieces, elementKernel, hasGenerator } from './wgsl/builder';
import { DEFAULT_GPU_PROFILE, type GpuProfile } from './limits';
import { literalSizes, parameterize } from './wgsl/params';
import { DEFAULT_WORKGROUP_STORAGE, type ForcedTile } from './kernels/gemm-core';
import type { KernelSpec, Piece } from './kernel-spec';
import type { SplitK } from '../core';

export { type KernelSpec, type Piece, resultBindings } from './kernel-spec';

/** How kernels are generated beyond what the device's profile decides. */
export interface KernelOptions {
  /** Every GEMM tiled so (a benchmark's tile sweep, `cgc bench-kernels --tile`), matrix-vector products included. */
  readonly tile?: ForcedTile;
  /** Where tiled GEMMs split K into partial products and their sum (core/options.ts; the default `thin`); an A/B of split-K. */
  readonly splitK?: SplitK;
  /** Every recurrence run so (a benchmark or test comparing the two), instead of by its size. */
  readonly recurrence?: RecurrenceMode;
  /**
   * Kernels the device did not compile, by their WGSL, with its message: a subgraph that would
   * dispatch one is declined with that reason, and the next target takes it (KernelCompileError).
   */
  readonly rejectedKernels?: ReadonlyMap<string, string>;
  /**
   * true: sizes that do not shape a kernel's code are read from a uniform, so layers differing only in
   * sizes share one pipeline (fewer pipelines to create: a faster cold start). false (the default):
   * they are literals, as the steady state measured fastest (docs/webgpu-target.md, "Sizes as uniforms").
   */
  readonly sizeUniforms?: boolean;
  /**
   * true: first-tier kernels (executable.ts, QUICK_KERNELS) whose code depends on as few sizes as it
   * can — a convolution's window read from sizes like its other extents, every element kernel on
   * one workgroup size — so that more layers share a pipeline, at some speed a first run can spare.
   */
  readonly generic?: boolean;
}


/**
 * Kernels for the functional definition `def` on a device with `profile`'s limits (tiles sized to its
 * workgroup memory) and `options`; throws KernelDecline when one cannot be generated.
 */
export function planKernels(def: Operation, symbol = 'subgraph', profile: GpuProfile = DEFAULT_GPU_PROFILE, options: KernelOptions = {}): KernelSpec[] {
  const block = def.body();
  const ops = block.operations.filter((o) => o.name.startsWith('cgc_op.'));
  for (const op of ops) if (!hasGenerator(op.opName)) throw new KernelDecline(`no WebGPU kernel for 'cgc_op.${op.opName}'`);
  const ret = block.operations.at(-1)!;
  const args = block.arguments;
  const maxBuffers = profile.limits.maxStorageBuffersPerShaderStage ?? DEFAULT_GPU_PROFILE.limits.maxStorageBuffersPerShaderStage!;
  const pieces = piecedArguments(def, profile);
  /** A builder of a kernel computing the ops `inside` (all of the subgraph's unless said). */
  const builderOf = (inside: ReadonlySet<Operation> = new Set(ops)) => new KernelBuilder(args, inside, pieces.byArg, options.generic);
  const kernels: KernelSpec[] = [];
  /** The kernels writing the results from binding `output` on (`outputs` of them), the last named `name`, those before it its partials. */
  const add = (generated: readonly GeneratedKernel[], name: string, output: number, outputs = 1) => generated.forEach(({ wgsl, workgroups, workspace }, i) => {
    const last = i === generated.length - 1;
    const text = withHelpers(wgsl);
    const bindings = usedBindings(text);
    const ranges = pieceRanges(pieces, bindings);
    kernels.push({
      name: last ? name : `${name}.partial${i}`, ...sized(text, options.sizeUniforms), workgroups, inputs: args.length, output,
      ...(outputs > 1 ? { outputs } : {}), ...(workspace ? { workspace } : {}), bindings, ...(ranges.length ? { pieces: ranges } : {}),
    });
  });
  // A recurrence (rnn, gru, lstm): its input product, its steps and its final states, writing every result it returns.
  if (ops.length === 1 && isRecurrent(ops[0]!)) {
    const op = ops[0]!;
    const results = op.results.map((r) => (ret.operands.includes(r as never) ? args.length + ret.operands.indexOf(r as never) : undefined));
    const { kernels: generated, workspace } = recurrentKernels(op, { results, workspace: args.length + ret.operands.length }, symbol, {
      workgroupStorage: profile.limits.maxComputeWorkgroupStorageSize ?? DEFAULT_WORKGROUP_STORAGE,
      maxBinding: profile.limits.maxStorageBufferBindingSize ?? DEFAULT_GPU_PROFILE.limits.maxStorageBufferBindingSize!,
    }, options.recurrence);
    return generated.map((k) => {
      const text = withHelpers(k.wgsl);
      return { name: k.name, ...sized(text, options.sizeUniforms), workgroups: k.workgroups, inputs: args.length, output: args.length, ...(ret.operands.length > 1 ? { outputs: ret.operands.length } : {}), workspace, bindings: usedBindings(text) };
    });
  }
  // A data-dependent op (non_zero, compress, non_max_suppression, unique): one kernel writing its bounded results and count.
  if (ops.length === 1 && isDataDependent(ops[0]!)) {
    const op = ops[0]!;
    const results = op.results.map((r) => (ret.operands.includes(r as never) ? args.length + ret.operands.indexOf(r as never) : undefined));
    add([dataDependentKernel(op, args, { results, workspace: args.length + ret.operands.length }, `${symbol}.0`)], `${symbol}.0`, args.length, ret.operands.length);
    return kernels;
  }
  // Products of one A with consecutive column ranges of one B (a @projections subgraph): one GEMM (with split-K, its partials and their sum) writing every result.
  const projections = ret.operands.length > 1
    ? projectionKernels(builderOf(), ret.operands, args.length, `${symbol}.0`, () => builderOf(), profile.limits.maxComputeWorkgroupStorageSize, options.tile, options.splitK)
    : undefined;
  if (projections) {
    add(projections, `${symbol}.0`, args.length, ret.operands.length);
    return kernels;
  }
  // Reductions of one tensor (a @sibling_reductions subgraph): one pass writing every result.
  const siblings = ret.operands.length > 1 ? siblingReductionKernels(() => builderOf(), ret.operands, args.length, `${symbol}.0`) : undefined;
  if (siblings) {
    add(siblings, `${symbol}.0`, args.length, ret.operands.length);
    return kernels;
  }
  // A product, its chain and the layer normalization of the result (a @product_norm subgraph): the GEMM's slices, then their sum normalized by rows.
  const normed = ret.operands.every((out) => numElements(out.type.shape) > 0)
    ? normRowKernels(builderOf, ret.operands, args.length, `${symbol}.0`, profile.limits.maxComputeWorkgroupStorageSize, options.tile, options.splitK)
    : undefined;
  if (normed) {
    add(normed, `${symbol}.0`, args.length, ret.operands.length);
    return kernels;
  }
  ret.operands.forEach((out, r) => {
    if (numElements(out.type.shape) === 0) return;
    const inside = new Set(ops);
    const builder = () => builderOf(inside);
    const b = builder();
    const binding = args.length + r;
    const name = `${symbol}.${r}`;
    // q·kᵀ → scale, mask → softmax → ·v  ⇒  one attention kernel;
    // matmul / gemm / convolution → elementwise chain  ⇒  one tiled GEMM with the chain in its store
    // (two kernels with split-K), or an integer one reading packed bytes; elementwise → softmax / normalization → elementwise  ⇒  a workgroup per row;
    // a concat of more inputs than a kernel may bind  ⇒  a kernel per slice of its result;
    // max_unpool → elementwise chain  ⇒  a scatter through a workspace, then an element kernel
    const generated = attentionKernel(b, out, binding, name, profile.limits.maxComputeWorkgroupStorageSize) ?? unpoolKernels(b, out, binding, name) ?? integerGemmKernel(b, out, binding, name, builder) ?? tiledKernel(b, out, binding, name, builder, profile.limits.maxComputeWorkgroupStorageSize, options.tile, options.splitK) ?? splitRowKernels(b, out, binding, name, builder)
      ?? concatChunkKernels(builder, out, binding, name, maxBuffers);
    const row = generated ? undefined : rowKernel(b, out, binding, name, profile.limits.maxComputeInvocationsPerWorkgroup);
    const narrowed = generated || row ? undefined : narrowedRowResult(b, out);
    if (narrowed) throw new KernelDecline(narrowed);
    add(generated ?? [row ?? elementKernel(b, out, binding, name)], name, binding);
  });
  return kernels;
}

/**
 * The arguments of `def` larger than one binding may view (maxStorageBufferBindingSize), each cut into
 * pieces of the largest size within it that keeps their offsets aligned (minStorageBufferOffsetAlignment):
 * the first piece at the argument's own binding, the others after every result and workspace binding.
 */
function piecedArguments(def: Operation, profile: GpuProfile): { byArg: Map<number, Pieces>; bytes: (arg: number) => number } {
  const args = def.body().arguments;
  const maxBinding = profile.limits.maxStorageBufferBindingSize ?? DEFAULT_GPU_PROFILE.limits.maxStorageBufferBindingSize!;
  const alignment = profile.limits.minStorageBufferOffsetAlignment ?? DEFAULT_GPU_PROFILE.limits.minStorageBufferOffsetAlignment!;
  const pieceBytes = Math.max(alignment, Math.floor(maxBinding / alignment) * alignment);
  const bytes = (arg: number) => Math.ceil(byteSize(args[arg]!.type) / 4) * 4;
  let free = args.length + def.body().operations.at(-1)!.operands.length + 1;
  const byArg = new Map<number, Pieces>();
  args.forEach((_, i) => {
    const count = Math.ceil(bytes(i) / pieceBytes);
    if (bytes(i) > maxBinding) byArg.set(i, { words: pieceBytes / 4, bindings: [i, ...Array.from({ length: count - 1 }, () => free++)] });
  });
  return { byArg, bytes };
}

/** The ranges the pieced arguments' `bindings` view. */
function pieceRanges(pieces: ReturnType<typeof piecedArguments>, bindings: readonly number[]): Piece[] {
  const ranges: Piece[] = [];
  for (const [arg, { words, bindings: at }] of pieces.byArg) {
    at.forEach((binding, k) => {
      if (!bindings.includes(binding)) return;
      const offset = k * words * 4;
      ranges.push({ binding, arg, offset, size: Math.min(words * 4, pieces.bytes(arg) - offset) });
    });
  }
  return ranges.sort((a, b) => a.binding - b.binding);
}


/**
 * The bindings `wgsl` declares and names anywhere past its declaration, ascending. A name in a
 * comment counts as a use: binding a buffer the shader does not read is harmless, leaving out one
 * it reads is not.
 */
export function usedBindings(wgsl: string): number[] {
  const used: number[] = [];
  for (const m of wgsl.matchAll(/@binding\((\d+)\)\s*var<[^>]*>\s*(\w+)\s*:/g)) {
    const uses = wgsl.match(new RegExp(`\\b${m[2]}\\b`, 'g'))?.length ?? 0;
    if (uses > 1) used.push(Number(m[1]));
  }
  return used.sort((a, b) => a - b);
}

/** The kernel's WGSL with its marked sizes read from its uniform, and their values (wgsl/params.ts). */
function sized(wgsl: string, uniforms = false): Pick<KernelSpec, 'wgsl' | 'params' | 'paramsBinding'> {
  if (!uniforms) return { wgsl: literalSizes(wgsl) };
  const { wgsl: text, params, paramsBinding } = parameterize(wgsl);
  return params ? { wgsl: text, params, paramsBinding } : { wgsl: text };
}

/** Appends the helper functions the code calls, and those they call in turn. */
function withHelpers(wgsl: string): string {
  const used = new Set<string>();
  let text = wgsl;
  for (let grew = true; grew;) {
    grew = false;
    for (const [fn, code] of Object.entries(WGSL_HELPERS)) {
      if (!used.has(fn) && text.includes(`${fn}(`)) {
        used.add(fn);
        text += `\n${code}\n`;
        grew = true;
      }
    }
  }
  return text;
}

export { KernelDecline };
