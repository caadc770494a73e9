// A partition's kernels as an executable: one compute pipeline per kernel (created asynchronously,
// all at once, or one after another: PipelineCreation), with explicit bind group layouts, WGSL
// deduplicated by a hash of the code the device compiles (kernels that differ only in their size
// parameters and comments share a pipeline); the executable records its dispatches into a caller's
// compute pass for any set of bindings. Knows kernels only as KernelSpecs — generated
// (executable.ts) or recorded in a compiled program — so the runtime-only entry needs no generator.
import { CgcError, maxOf } from '../core';
import type { Operation } from '../ir/operation';
import type { ExecutableKernel, GpuExecutable, KernelTiers, PipelineCreation } from '../ir/target';
import { ATTR, FUNCTIONAL_DEFINITION, INVOKE, PARTITION, SUBGRAPH } from '../ir/structural';
import { type KernelSpec, deviceCode, resultBindings, specializeSizes } from './kernel-spec';
import { checkKernels, kernelsFromAttr } from './kernel-config';
import type { GpuProfile } from './limits';

/**
 * A kernel the device does not compile. The engine compiles again with its WGSL in
 * `KernelOptions.rejectedKernels`, so the subgraph goes to the next target.
 */
export class KernelCompileError extends CgcError {
  override name = 'KernelCompileError';
  constructor(readonly kernel: Pick<KernelSpec, 'name' | 'wgsl'>, readonly reason: string) {
    super('unsupported', `kernel ${kernel.name} does not compile: ${reason}\n${deviceCode(kernel.wgsl)}`);
  }
}

export interface KernelStep extends ExecutableKernel {
  readonly kernel: KernelSpec;
  readonly pipeline: GPUComputePipeline;
  readonly layout: GPUBindGroupLayout;
  /** For each binding of the kernel, the partition bind point it views. */
  readonly bindPoints: readonly number[];
  readonly subgraph: string;
}

/** A partition's WGSL kernels as pipelines: the target contract's GPU executable, its steps at hand. */
export interface PartitionExecutable extends GpuExecutable {
  readonly kernels: readonly KernelStep[];
}

/** FNV-1a over the WGSL: the cache key is derived from the source itself, never hand-built. */
export function hashWgsl(source: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < source.length; i++) h = Math.imul(h ^ source.charCodeAt(i), 0x01000193);
  return `${(h >>> 0).toString(16)}:${source.length}`;
}

/*
 * How pipelines are created (PipelineCreation). 'async' (createComputePipelineAsync, all at once)
 * keeps a browser's thread free and lets the driver compile in parallel: on an H100 through Dawn in
 * Node, 1.8 s for ResNet-50's 53 pipelines against 2.7–3.4 s one at a time. 'sync'
 * (createComputePipeline, one after another) was faster there only once the driver's shader cache
 * held them (docs/webgpu-target.md).
 */

/** The binding of a kernel's workspace: after its outputs. */
const workspaceBinding = (kernel: KernelSpec) => kernel.output + (kernel.outputs ?? 1);

/** Each device's pipeline caches, one per way of creating them: they live as long as the device. */
const deviceCaches = new WeakMap<GPUDevice, Map<PipelineCreation, PipelineCache>>();

/**
 * Pipelines by the WGSL the device compiles (comments removed) and bind group layout. One cache serves every load on a device (`PipelineCache.of`):
 * opening a model again, or another that shares kernels, creates no pipeline twice.
 */
export class PipelineCache {
  private pipelines = new Map<string, Promise<{ pipeline: GPUComputePipeline; layout: GPUBindGroupLayout }>>();
  constructor(private readonly device: GPUDevice, private readonly creation: PipelineCreation = 'async') {}

  /** The device's cache for `creation` (made on first use). */
  static of(device: GPUDevice, creation: PipelineCreation = 'async'): PipelineCache {
    let caches = deviceCaches.get(device);
    if (!caches) deviceCaches.set(device, (caches = new Map()));
    let cache = caches.get(creation);
    if (!cache) caches.set(creation, (cache = new PipelineCache(device, creation)));
    return cache;
  }

  get(kernel: KernelSpec): Promise<{ pipeline: GPUComputePipeline; layout: GPUBindGroupLayout }> {
    const key = pipelineKey(kernel);
    let p = this.pipelines.get(key);
    if (!p) {
      p = this.create(kernel);
      this.pipelines.set(key, p);
    }
    return p;
  }

  get size(): number {
    return this.pipelines.size;
  }

  private async create(kernel: KernelSpec): Promise<{ pipeline: GPUComputePipeline; layout: GPUBindGroupLayout }> {
    // Only the bindings the kernel uses: each buffer bound costs host time at every dispatch.
    const entries: GPUBindGroupLayoutEntry[] = kernel.bindings.map((binding) => ({ binding, visibility: GPUShaderStage.COMPUTE, buffer: { type: 'storage' } }));
    if (kernel.params) entries.push({ binding: kernel.paramsBinding!, visibility: GPUShaderStage.COMPUTE, buffer: { type: 'uniform' } });
    const layout = this.device.createBindGroupLayout({ label: `Executable.layout ${kernel.name}`, entries });
    // The scope is pushed and popped with nothing awaited between, so the scopes of pipelines created
    // concurrently cannot interleave (an error is pinned on its own kernel); an asynchronous creation
    // reports its errors by rejecting instead.
    this.device.pushErrorScope('validation');
    const module = this.device.createShaderModule({ label: `Executable.shader ${kernel.name}`, code: deviceCode(kernel.wgsl) });
    const descriptor: GPUComputePipelineDescriptor = {
      label: `Executable.pipeline ${kernel.name}`,
      layout: this.device.createPipelineLayout({ bindGroupLayouts: [layout] }),
      compute: { module, entryPoint: 'main' },
    };
    const made = this.creation === 'sync' ? this.device.createComputePipeline(descriptor) : undefined;
    const scope = this.device.popErrorScope();
    const pending = made ? Promise.resolve(made) : this.device.createComputePipelineAsync(descriptor);
    const error = await scope;
    if (error) {
      pending.catch(() => {});
      const messages = (await module.getCompilationInfo()).messages.filter((m) => m.type === 'error');
      const text = messages.length ? messages.map((m) => `${m.lineNum}:${m.linePos} ${m.message}`).join('; ') : error.message;
      throw new KernelCompileError(kernel, text);
    }
    try {
      return { pipeline: await pending, layout };
    } catch (e) {
      throw new KernelCompileError(kernel, e instanceof Error ? e.message : String(e));
    }
  }
}

/** What a kernel's pipeline is cached by: its device code's hash and its bind group layout (storage bindings, the size uniform's). */
export function pipelineKey(kernel: KernelSpec): string {
  return `${hashWgsl(deviceCode(kernel.wgsl))}|${kernel.bindings.join(',')}${kernel.params ? `|u${kernel.paramsBinding}` : ''}`;
}

/** A bind point that is the executable's workspace: a value between two kernels of one subgraph that the subgraph does not return (first-tier-parts.ts). */
export const WORKSPACE_POINT = -2;

/** A kernel of an isolated partition in dispatch order, with the partition bind point each of its bindings views. */
export interface PlannedKernel {
  readonly kernel: KernelSpec;
  readonly bindPoints: readonly number[];
  readonly subgraph: string;
}

/** One invoke of an isolated partition: the subgraph it calls, its functional definition, and the partition bind point of each of its arguments, then results. */
export interface PartitionInvoke {
  readonly callee: string;
  readonly subgraph: Operation;
  readonly def: Operation;
  readonly points: readonly number[];
}

/** The invokes of partition @`name` of an isolated module, in order. */
export function partitionInvokes(isolated: Operation, name: string): PartitionInvoke[] {
  const symbols = new Map(isolated.body().operations.filter((o) => o.symbolName).map((o) => [o.symbolName!, o]));
  const partition = symbols.get(name);
  if (partition?.name !== PARTITION) throw new CgcError('runtime', `no partition @${name} in the isolated module`);
  const args = partition.body().arguments;
  return partition.body().operations.filter((o) => o.name === INVOKE).map((invoke) => {
    const callee = (invoke.attr(ATTR.callee) as { name: string }).name;
    const sg = symbols.get(callee);
    const def = sg?.name === SUBGRAPH ? sg.body().operations.find((o) => o.name === FUNCTIONAL_DEFINITION) : undefined;
    if (!def) throw new CgcError('runtime', `partition @${name} invokes @${callee}, which is not a subgraph`);
    return { callee, subgraph: sg!, def, points: invoke.operands.map((v) => args.indexOf(v as never)) };
  });
}

/** planPartition with another kernel source: `kernelsOf` gives a subgraph's kernels from its functional definition (and its subgraph op). */
export function planPartitionWith(isolated: Operation, name: string, kernelsOf: (def: Operation, symbol: string, subgraph: Operation) => KernelSpec[]): PlannedKernel[] {
  const planned = new Map<string, KernelSpec[]>();
  return partitionInvokes(isolated, name).flatMap(({ callee, subgraph, def, points }) => {
    if (!planned.has(callee)) planned.set(callee, kernelsOf(def, callee, subgraph));
    return boundKernels(planned.get(callee)!, points, callee);
  });
}

/** A subgraph's kernels bound to the bind points `points` gives its arguments, then its results. */
export function boundKernels(kernels: readonly KernelSpec[], points: readonly number[], subgraph: string): PlannedKernel[] {
  return kernels.map((kernel) => ({
    kernel, subgraph,
    bindPoints: [...points.slice(0, kernel.inputs), ...new Array<number>(kernel.output - kernel.inputs).fill(-1), ...resultBindings(kernel).map((o) => points[o]!)],
  }));
}

/**
 * The kernels recorded on a subgraph (its specialization answer's configuration), checked against its
 * functional definition's arguments and results and, given `profile` (the device's, before loading),
 * against it; undefined where it records none.
 */
export function recordedKernels(subgraph: Operation, def: Operation, symbol: string, profile?: GpuProfile): KernelSpec[] | undefined {
  const recorded = subgraph.attr(ATTR.configuration);
  if (!recorded) return undefined;
  const kernels = kernelsFromAttr(recorded, symbol);
  const args = def.body().arguments.length;
  const results = def.body().operations.at(-1)!.operands.length;
  const bad = kernels.find((k) => k.inputs !== args || k.output < args || k.output + (k.outputs ?? 1) > args + results);
  if (bad) throw new CgcError('runtime', `@${symbol}: recorded kernel ${bad.name} reads ${bad.inputs} inputs and writes from binding ${bad.output}, but the subgraph has ${args} arguments and ${results} results`);
  const piece = kernels.flatMap((k) => (k.pieces ?? []).map((p) => ({ k, p }))).find(({ p }) => p.arg >= args || p.offset % 256 !== 0 || p.size % 4 !== 0);
  if (piece) throw new CgcError('runtime', `@${symbol}: recorded kernel ${piece.k.name} binds a piece of argument ${piece.p.arg} at byte ${piece.p.offset} (${piece.p.size} bytes): the subgraph has ${args} arguments, and pieces are 256-byte aligned and whole words`);
  // Recorded kernels may come from someone else's file: checked against the device before their WGSL reaches it.
  if (profile) checkKernels(kernels, profile);
  return kernels;
}

/** A kernel whose sizes are uniforms, specialized to them (wgsl/params.ts): its second tier. */
export function specializedKernel(kernel: KernelSpec): KernelSpec {
  if (!kernel.params) return kernel;
  const { params: _params, paramsBinding: _binding, ...rest } = kernel;
  return { ...rest, wgsl: specializeSizes(kernel.wgsl, kernel.params) };
}

/**
 * The executable of planned kernels: their pipelines (from `cache`), one workspace, bind groups made
 * once per set of bindings. With `tiers` 'tiered' it is ready once its first tier's pipelines are —
 * `quick`, a plan of kernels the driver compiles fast (docs/webgpu-target.md, "Kernel tiers"), or else
 * `planned` with its sizes as uniforms — and the final ones (`planned`, sizes specialized) are created
 * when `settle` is called and replace them as one. 'generic' runs the first tier alone, 'specialized'
 * the final one.
 */
export async function executableOf(
  device: GPUDevice, planned: readonly PlannedKernel[], name: string, cache: PipelineCache, tiers: KernelTiers = 'tiered', quick?: readonly PlannedKernel[],
): Promise<PartitionExecutable> {
  const stepOf = async (p: PlannedKernel): Promise<KernelStep> => {
    const { pipeline, layout } = await cache.get(p.kernel);
    return { ...p, pipeline, layout, name: p.kernel.name, writes: resultBindings(p.kernel).map((o) => p.bindPoints[o]!).filter((point) => point >= 0) };
  };
  const generic = quick ?? planned;
  const final = tiers === 'generic' ? generic : planned.map((p) => ({ ...p, kernel: specializedKernel(p.kernel) }));
  const twoTiers = tiers === 'tiered' && (final.length !== generic.length || final.some((p, i) => p.kernel !== generic[i]!.kernel));
  const firstPlan = twoTiers ? generic : final;
  const first = await Promise.all(firstPlan.map(stepOf));
  // One workspace serves every kernel that needs one, in either tier: kernels run one after another.
  const workspaceBytes = maxOf([...firstPlan, ...final].map((p) => p.kernel.workspace ?? 0), 0);
  const workspace = workspaceBytes ? device.createBuffer({ label: `Executable.workspace ${name}`, size: Math.ceil(workspaceBytes / 4) * 4, usage: GPUBufferUsage.STORAGE }) : undefined;
  const uniforms: { buffer?: GPUBuffer }[] = [];
  /** The steps dispatched now, their size uniforms, and their bind groups per set of bindings (made once, reused by every later dispatch). */
  const tier = (steps: KernelStep[]) => {
    const sizes = sizeUniforms(device, steps.map((s) => s.kernel), name);
    uniforms.push(sizes);
    return { steps, sizes, groups: new WeakMap<readonly GPUBufferBinding[], GPUBindGroup[]>() };
  };
  let current = tier(first);
  const bindGroups = (bindings: readonly GPUBufferBinding[]): GPUBindGroup[] => {
    const { steps, groups, sizes } = current;
    let bound = groups.get(bindings);
    if (!bound) {
      bound = steps.map((s, i) => device.createBindGroup({
        label: `Executable.bindGroup ${s.kernel.name}`,
        layout: s.layout,
        entries: [...(s.kernel.params ? [{ binding: s.kernel.paramsBinding!, resource: sizes.bindings[i]! }] : []), ...s.kernel.bindings.map((binding): GPUBindGroupEntry => {
          if (s.kernel.workspace && binding === workspaceBinding(s.kernel)) return { binding, resource: { buffer: workspace!, size: Math.ceil(s.kernel.workspace / 4) * 4 } };
          const piece = s.kernel.pieces?.find((p) => p.binding === binding);
          if (s.bindPoints[binding] === WORKSPACE_POINT) return { binding, resource: { buffer: workspace!, size: Math.ceil(s.kernel.workspace! / 4) * 4 } };
          if (!piece) return { binding, resource: bindings[s.bindPoints[binding]!]! };
          const whole = bindings[s.bindPoints[piece.arg]!]!;
          return { binding, resource: { buffer: whole.buffer, offset: (whole.offset ?? 0) + piece.offset, size: piece.size } };
        })],
      }));
      groups.set(bindings, bound);
    }
    return bound;
  };
  let destroyed = false;
  // The final tier, created when asked for (the runtime asks after a second run); if one of its
  // pipelines fails to compile the first tier stays (settle rejects with the reason, the executable runs on).
  // Its pipelines are asked for one after another (the driver compiles them nearly in sequence anyway),
  // so that an executable destroyed meanwhile stops asking: a page closed, or a program dropped, leaves
  // at most one compile behind it rather than every one of its final kernels.
  let settled: Promise<void> | undefined;
  const settleInOrder = async (): Promise<void> => {
    const steps: KernelStep[] = [];
    for (const p of final) {
      if (destroyed) return;
      steps.push(await stepOf(p));
    }
    if (!destroyed) current = tier(steps);
  };
  const settle = () => settled ??= twoTiers ? settleInOrder() : Promise.resolve();
  return {
    kind: 'gpu',
    name,
    get kernels() {
      return current.steps;
    },
    maxKernels: Math.max(firstPlan.length, final.length),
    get settled() {
      return !twoTiers || current.steps !== first;
    },
    pieced: [...new Set([...firstPlan, ...final].flatMap((s) => (s.kernel.pieces ?? []).map((p) => s.bindPoints[p.arg]!)))],
    settle,
    record(pass, bindings, from = 0, to = current.steps.length) {
      const bound = bindGroups(bindings);
      const { steps } = current;
      let pipeline: GPUComputePipeline | undefined;
      for (let i = from; i < to; i++) {
        const s = steps[i]!;
        if (s.pipeline !== pipeline) pass.setPipeline((pipeline = s.pipeline));
        pass.setBindGroup(0, bound[i]!);
        const [x, y, z] = s.kernel.workgroups;
        pass.dispatchWorkgroups(x, y, z);
      }
    },
    destroy() {
      destroyed = true;
      workspace?.destroy();
      for (const u of uniforms) u.buffer?.destroy();
    },
    recordEach(encoder, bindings, repeat, describe, after) {
      const bound = bindGroups(bindings);
      current.steps.forEach((s, i) => {
        const pass = encoder.beginComputePass(describe(s, i));
        pass.setPipeline(s.pipeline);
        pass.setBindGroup(0, bound[i]!);
        for (let r = 0; r < repeat; r++) pass.dispatchWorkgroups(...s.kernel.workgroups);
        pass.end();
        after?.(s, i);
      });
    },
  };
}

/**
 * The size parameters of an executable's kernels in one uniform buffer, written once at load: each
 * kernel's at an offset of its own (minUniformBufferOffsetAlignment apart), bound by its bind group,
 * so a run binds nothing more than before.
 */
function sizeUniforms(device: GPUDevice, kernels: readonly KernelSpec[], name: string): { buffer?: GPUBuffer; bindings: (GPUBufferBinding | undefined)[] } {
  const align = device.limits.minUniformBufferOffsetAlignment;
  const offsets: (number | undefined)[] = [];
  let bytes = 0;
  for (const k of kernels) {
    if (!k.params) {
      offsets.push(undefined);
      continue;
    }
    offsets.push(bytes);
    bytes += Math.ceil((k.params.length * 4) / align) * align;
  }
  if (!bytes) return { bindings: offsets.map(() => undefined) };
  const buffer = device.createBuffer({ label: `Executable.sizes ${name}`, size: bytes, usage: GPUBufferUsage.UNIFORM, mappedAtCreation: true });
  const words = new Int32Array(buffer.getMappedRange());
  kernels.forEach((k, i) => k.params && words.set(k.params, offsets[i]! / 4));
  buffer.unmap();
  return { buffer, bindings: kernels.map((k, i) => (k.params ? { buffer, offset: offsets[i]!, size: Math.ceil(k.params.length / 4) * 16 } : undefined)) };
}
