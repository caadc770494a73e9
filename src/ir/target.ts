// The target contract, whole: what the spec asks of a driver — declare (a declaration document),
// specialize (a specialization document, or a reject with its reason), compile an isolated partition
// into an executable (CreateStateObject) and record it against bind-point bindings (DispatchGraph).
// The compiler speaks to a target through `exchange` only; the runtime runs any target through
// `open(…).compilePartition` and knows none by name.
import { CgcError } from '../core';
import type { CompileTarget, IRDocument } from './exchange';

/** A kernel of a GPU executable, in dispatch order. */
export interface ExecutableKernel {
  readonly name: string;
  /** The subgraph symbol it computes (a part of). */
  readonly subgraph: string;
  /** The partition bind points it writes: what a debug run reads back after it. */
  readonly writes: readonly number[];
}

/** An executable that records GPU commands. Bindings are the partition's bind points, in order. */
export interface GpuExecutable {
  readonly kind: 'gpu';
  readonly name: string;
  readonly kernels: readonly ExecutableKernel[];
  /** Bind points its kernels bind only in ranges, each within maxStorageBufferBindingSize (a weight larger than one binding may view). */
  readonly pieced?: readonly number[];
  /** Records kernels `from` … `to` − 1 (default: all) into `pass`. */
  record(pass: GPUComputePassEncoder, bindings: readonly GPUBufferBinding[], from?: number, to?: number): void;
  /**
   * As `record`, each kernel in its own compute pass (`pass` describes it: a label, timestamp
   * writes), dispatched `repeat` times there; `after` runs once a kernel's pass has ended, to record
   * commands between kernels (copying a result out).
   */
  recordEach(
    encoder: GPUCommandEncoder, bindings: readonly GPUBufferBinding[], repeat: number,
    pass: (kernel: ExecutableKernel, index: number) => GPUComputePassDescriptor, after?: (kernel: ExecutableKernel, index: number) => void,
  ): void;
  destroy(): void;
  /** The most kernels it dispatches in any tier (its first tier may plan fewer than its final one): what a profiling run must have room for. */
  readonly maxKernels?: number;
  /** false while it runs a first tier whose final kernels have not replaced it (KernelTiers); true or absent otherwise. */
  readonly settled?: boolean;
  /**
   * Creates the kernels' final pipelines where the executable runs a first tier (KernelTiers), and
   * resolves once they have replaced the first ones; resolved at once for a one-tier executable.
   * Called again, it returns the same promise.
   */
  settle?(): Promise<void>;
}

/** An executable that runs on the host, between the runtime's transfers of the bind points it reads and writes. */
export interface HostExecutable {
  readonly kind: 'host';
  readonly name: string;
  /** Partition bind points it reads (from the GPU, before it runs) and writes (to the GPU, after). */
  readonly reads: readonly number[];
  readonly writes: readonly number[];
  /** The subgraph symbol that writes each written bind point. */
  readonly writers: ReadonlyMap<number, string>;
  /**
   * `read(i)` gives bind point i's bytes as they were before the partition ran; `within(i)`, where
   * bind point i's memory lies inside bind points the partition writes, names each of them and the
   * byte offset (a view of a value it computes: once that value is computed, the read must see it).
   * Where memory is reused, several values the partition computes occupy those bytes in turn: the
   * read must see the one written last before it. Returns the bytes of each written bind point.
   */
  run(read: (point: number) => Uint8Array, within?: (point: number) => readonly { readonly point: number; readonly offset: number }[]): Map<number, Uint8Array>;
  destroy(): void;
}

/** What a run of a DeviceExecutable did. */
export interface DeviceRun {
  readonly submits: number;
  readonly dispatches: number;
}

/**
 * An executable that drives the device itself between the runtime's submits: a loop whose trip count
 * or condition is computed at run time, iterating on the GPU with its state in device memory and
 * reading back only the scalars that decide whether to go on. The runtime submits what it recorded
 * before, awaits `run`, and records on after; the bind points never leave the device.
 */
export interface DeviceExecutable {
  readonly kind: 'device';
  readonly name: string;
  /** The kernels of its regions, in order: a loop body's (dispatched once per iteration), an if's two branches (one of which runs). */
  readonly kernels: readonly ExecutableKernel[];
  /** Partition bind points it writes: what a debug run reads back after it. */
  readonly writes: readonly number[];
  /** The subgraph symbol that writes each written bind point. */
  readonly writers: ReadonlyMap<number, string>;
  /** Bind points only the host reads, whole (a trip count): their int64 values need not fit in 32 bits. */
  readonly hostReads: readonly number[];
  run(bindings: readonly GPUBufferBinding[]): Promise<DeviceRun>;
  destroy(): void;
}

export type Executable = GpuExecutable | HostExecutable | DeviceExecutable;

/** What a partition will run, known without a device: each kernel with its source, or why it has none. */
export interface PartitionDescription {
  /** 'device': a DeviceExecutable, whose kernels are one iteration's or one branch's and whose submits depend on the run. */
  readonly where: 'gpu' | 'host' | 'device';
  readonly kernels: readonly {
    readonly name: string; readonly subgraph: string; readonly wgsl: string; readonly workgroups: readonly [number, number, number];
    /** A device executable's: the region the kernel runs in — a loop's `body` (once per iteration), an if's `then` or `else` (one of which runs). */
    readonly region?: string;
  }[];
  /** Per subgraph symbol, why it has no kernels (it runs on the host, say). */
  readonly notes?: Readonly<Record<string, string>>;
}

export type PipelineCreation = 'async' | 'sync';

/**
 * Which form of a kernel whose sizes are uniforms a load runs. 'tiered' (the default): the generic
 * form (sizes read from a uniform: layers share a pipeline, fewer to create) until the specialized
 * form (sizes as literals: faster in steady state), created in the background, replaces it; the
 * first run waits only for the first. 'generic' or 'specialized': that form alone.
 */
export type KernelTiers = 'tiered' | 'generic' | 'specialized';

/** How a target session makes its executables. */
export interface OpenOptions {
  readonly pipelines?: PipelineCreation;
  readonly tiers?: KernelTiers;
}

/** One program load's use of a target on a device: its partitions share what the target caches (pipelines). */
export interface TargetSession {
  /** CreateStateObject: a CGC_SUBGRAPH_PARTITION document (`name` its partition) → an executable. */
  compilePartition(partition: IRDocument, name: string): Promise<Executable>;
}

/** A target the compiler can compile for and the runtime can run. */
export interface Target extends CompileTarget {
  open(device: GPUDevice, options?: OpenOptions): TargetSession;
  /** The kernels a partition will dispatch (the plan view, dispatch counts, `cgc info`), without a device. */
  describe(partition: IRDocument, name: string): PartitionDescription;
}

/** The target named `name` among `targets`, or an error that names it and the targets at hand. */
export function targetNamed(targets: readonly Target[], name: string, what: string): Target {
  const target = targets.find((t) => t.name === name);
  if (!target) throw new TargetMissing(`${what} has target '${name}', which is not among the loaded targets (${targets.map((t) => t.name).join(', ') || 'none'})`);
  return target;
}

export class TargetMissing extends CgcError {
  override name = 'TargetMissing';
  constructor(message: string) {
    super('runtime', message);
  }
}
