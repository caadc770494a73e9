// Kernels for a concrete subgraph: one WGSL compute kernel per result, each pulling its value
// through the subgraph's ops (so a whole fused subgraph is one kernel per output), or a tiled GEMM when
// the result hangs off one matmul, gemm or convolution (kernels/gemm-kernel.ts). A subgraph the
// generators cannot express is declined with the reason, which is what specialization answers.
import { type Operation, numElements } from '../ir';
import { WGSL_HELPERS } from './kernels/elementwise';
import './kernels';
import { type GeneratedKernel, tiledKernel } from './kernels/gemm-kernel';
import { integerGemmKernel } from './kernels/integer-gemm';
import { unpoolKernels } from './kernels/max-unpool';
import { narrowedRowResult, rowKernel, siblingReductionKernels, splitRowKernels } from './kernels/row-kernel';
import { KernelBuilder, KernelDecline, elementKernel, hasGenerator } from './wgsl/builder';
import { DEFAULT_GPU_PROFILE, type GpuProfile } from './limits';
import { type ForcedTile } from './kernels/gemm-core';

/** How kernels are generated beyond what the device's profile decides. */
export interface KernelOptions {
  /** Every GEMM tiled so (a benchmark's tile sweep, `cgc bench-kernels --tile`), matrix-vector products included. */
  readonly tile?: ForcedTile;
}

export interface KernelSpec {
  readonly name: string;
  readonly wgsl: string;
  readonly workgroups: readonly [number, number, number];
  /** Bind points read (the functional definition's arguments, bindings 0…n−1). */
  readonly inputs: number;
  /** The bind point written: argument count + result index (also its binding number). */
  readonly output: number;
  /** How many results it writes, at bind points `output`, `output + 1`, … (1 where absent). */
  readonly outputs?: number;
  /** Kernel-private f32 scratch at the binding after its outputs, shared with the next kernel of the same result (split-K partial sums). */
  readonly workspace?: number;
  /**
   * The bindings its WGSL uses, ascending: what its bind group layout holds. A kernel declares every
   * argument of its subgraph but binds only those it reads (a split-K partial reads neither its
   * epilogue's side inputs nor its result), each bound buffer costing host time per dispatch.
   */
  readonly bindings: readonly number[];
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
  const kernels: KernelSpec[] = [];
  /** The kernels writing the results from binding `output` on (`outputs` of them), the last named `name`, those before it its partials. */
  const add = (generated: readonly GeneratedKernel[], name: string, output: number, outputs = 1) => generated.forEach(({ wgsl, workgroups, workspace }, i) => {
    const last = i === generated.length - 1;
    const text = withHelpers(wgsl);
    kernels.push({
      name: last ? name : `${name}.partial${i}`, wgsl: text, workgroups, inputs: args.length, output,
      ...(outputs > 1 ? { outputs } : {}), ...(workspace ? { workspace } : {}), bindings: usedBindings(text),
    });
  });
  // Reductions of one tensor (a @sibling_reductions subgraph): one pass writing every result.
  const siblings = ret.operands.length > 1 ? siblingReductionKernels(() => new KernelBuilder(args, new Set(ops)), ret.operands, args.length, `${symbol}.0`) : undefined;
  if (siblings) {
    add(siblings, `${symbol}.0`, args.length, ret.operands.length);
    return kernels;
  }
  ret.operands.forEach((out, r) => {
    if (numElements(out.type.shape) === 0) return;
    const inside = new Set(ops);
    const builder = () => new KernelBuilder(args, inside);
    const b = builder();
    const binding = args.length + r;
    const name = `${symbol}.${r}`;
    // matmul / gemm / convolution → elementwise chain  ⇒  one tiled GEMM with the chain in its store
    // (two kernels with split-K), or an integer one reading packed bytes; elementwise → softmax / normalization → elementwise  ⇒  a workgroup per row
    // max_unpool → elementwise chain  ⇒  a scatter through a workspace, then an element kernel
    const generated = unpoolKernels(b, out, binding, name) ?? integerGemmKernel(b, out, binding, name, builder) ?? tiledKernel(b, out, binding, name, builder, profile.limits.maxComputeWorkgroupStorageSize, options.tile) ?? splitRowKernels(b, out, binding, name, builder);
    const row = generated ? undefined : rowKernel(b, out, binding, name, profile.limits.maxComputeInvocationsPerWorkgroup);
    const narrowed = generated || row ? undefined : narrowedRowResult(b, out);
    if (narrowed) throw new KernelDecline(narrowed);
    add(generated ?? [row ?? elementKernel(b, out, binding, name)], name, binding);
  });
  return kernels;
}

/** The bind points a kernel writes its results to: `output`, `output + 1`, …. */
export function resultBindings(kernel: KernelSpec): number[] {
  return Array.from({ length: kernel.outputs ?? 1 }, (_, o) => kernel.output + o);
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
