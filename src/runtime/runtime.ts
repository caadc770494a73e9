// The DXCGC runtime: loads Output IR and its constants, compiles every partition with its target
// through the target contract (an executable that records GPU commands, or one that runs on the
// host: the runtime knows no target by name), allocates inputs, outputs, constant
// buffers and scratch arenas once, binds bind points to buffer ranges, and runs the program — its
// GPU partitions recorded and submitted in growing chunks (the GPU starts on the first while the
// rest is recorded), with no round trip to the host until the outputs are read. int64 values GPU
// kernels read are checked against the int32 range they compute in, where they are uploaded.
// Specific IR modules, never the IR's index: the runtime-only entry must not pull in the op registry's definitions.
import { type Executable, type KernelTiers, type PipelineCreation, type Target, type TargetSession, targetNamed } from '../ir/target';
import type { Operation, Value } from '../ir/operation';
import { type ShapedType, byteSize } from '../ir/types';
import { INTERFACES } from '../ir/interfaces';
import { documentOf } from '../ir/exchange';
import { ATTR, INVOKE, PROGRAM, VIEW_MEMREF } from '../ir/structural';
import { trimResults, visibleResults } from '../ir/extents';
import { isolatePartition } from '../ir/isolate';
import { CgcError, type HostTensor, align4, tensorBytes, tensorFromBytes } from '../core';
import { StagingPool, padded, stage, stageAll } from './staging';
import { type ProgramConstants, uploadConstants } from './shared-constants';
import { SubmitChunks } from './submit-chunks';
import { type ResidentIo, residentRuns } from './resident';
import { partitionOrigin } from './run-counts';
import { bytesText, checkBufferSize, checkInt32Range, validateBindings } from './checks';

export interface PartitionTiming {
  readonly partition: string;
  readonly target: string;
  /** Milliseconds; GPU timestamps when the device has timestamp-query, else host wall time. */
  readonly ms: number;
  readonly source: 'gpu-timestamp' | 'host';
}

export interface KernelTiming {
  readonly partition: string;
  readonly subgraph: string;
  readonly kernel: string;
  readonly ms: number;
}

export interface RunOptions {
  /** Time every kernel (GPU timestamps, each kernel in its own pass); needs timestamp-query. */
  readonly profile?: boolean;
  /**
   * While profiling, each kernel runs this many times back to back in its pass and its time is the
   * pass's divided by the count (default 1): a pass and its timestamps cost some microseconds, which
   * a single small kernel does not outweigh. For timing only: a kernel the memory plan runs in place
   * (its output over its input) computes from its own result on each repeat, so outputs may differ.
   */
  readonly profileRepeat?: number;
  /**
   * A debug run that also reads back every subgraph result as it is written, before the memory plan
   * reuses its scratch bytes: each GPU kernel in its own pass followed by a copy of the range it
   * wrote, and each CPU-reference result as computed. Slower than a plain run, and without
   * per-partition GPU times (unless profiling); for numeric diffs of intermediate values.
   */
  readonly intermediates?: boolean;
}

/** A subgraph result read back by a debug run (`intermediates`). */
export interface IntermediateValue {
  /**
   * The Output IR program value the result was written to: a scratch view carries the name of the
   * Input IR value it holds (`%add1`); a program output is `%out` / `%outN`, with `output` set.
   */
  readonly value: string;
  /** Program output index, when the result is one. */
  readonly output?: number;
  readonly partition: string;
  readonly subgraph: string;
  readonly tensor: HostTensor;
}

export interface RunResult {
  readonly outputs: HostTensor[];
  readonly timings: PartitionTiming[];
  /** Per-kernel GPU times, when profiling on a device with timestamp-query. */
  readonly kernelTimings: KernelTiming[];
  /** With `intermediates`: every subgraph result, in the order first written (the last write of each). */
  readonly intermediates?: IntermediateValue[];
  /** Queue submissions this run made (growing chunks of dispatches, plus one per CPU-reference partition; 1 for a profiling or debug run on the GPU). */
  readonly submits: number;
  readonly dispatches: number;
  /**
   * Host milliseconds this run spent working rather than waiting, until its outputs' read-back was
   * submitted: writing inputs, recording and submitting commands (and any CPU-reference partition's
   * work); the waits for read-backs are left out. What the host costs per run beside the GPU's time.
   */
  readonly recordMs: number;
}

export interface LoadedProgram {
  readonly inputTypes: readonly ShapedType[];
  readonly outputTypes: readonly ShapedType[];
  /** GPU dispatches a run records now (a tiered load's first tier until it settles). */
  readonly dispatchCount: number;
  /** Whether every partition runs its final kernels: false until a tiered load has settled (docs/webgpu-target.md, "Kernel tiers"). */
  readonly settled: boolean;
  /**
   * Why the program stays on its first tier: the message of a settle that rejected (the kernel whose
   * final form the device refused, and the device's words), the one run in the background after the
   * second run included. Undefined while settling and once settled.
   */
  readonly settleFailure?: string;
  /** Each partition with its kernels (a run-time loop's: one iteration's). */
  readonly partitions: readonly { name: string; target: string; kernels: number }[];
  /**
   * Creates the final pipelines of kernels loaded in a first tier (LoadOptions.tiers 'tiered') and
   * resolves once they have replaced the first ones; a run calls it once its results are read. It
   * rejects naming a kernel whose specialized form the device refused, which keeps its generic form.
   */
  settle(): Promise<void>;
  run(inputs: readonly HostTensor[], options?: RunOptions): Promise<RunResult>;
  /**
   * Records the whole program into the caller's `encoder` (the spec's DispatchGraph inside a command
   * list), reading inputs from and writing outputs to the caller's buffer ranges. Only for programs
   * whose partitions all run on the GPU; the caller submits.
   */
  record(encoder: GPUCommandEncoder, io: ResidentIo): void;
  /**
   * As `record`, but recorded and submitted to the device's queue by the runtime, in growing chunks as
   * `run` submits (the GPU starts on the first while the rest is recorded); the number of submits.
   * Nothing is read back: the caller waits for the queue (`onSubmittedWorkDone`) or reads its outputs.
   */
  submit(io: ResidentIo): number;
  destroy(): void;
}

/** A partition's executable and the name of the target that compiled it. */
type Runner = { exe: Executable; target: string };

export interface LoadOptions {
  /** The targets that run the program's partitions, found by each partition's origin. */
  readonly targets: readonly Target[];
  /** How GPU targets create their kernels' pipelines (default 'async'). */
  readonly pipelines?: PipelineCreation;
  /** Which form of kernels with uniform sizes GPU targets run (default 'tiered': generic first, specialized once created). */
  readonly tiers?: KernelTiers;
}

/** The bind point among `writes` whose range holds bind point `p`'s (one buffer), and `p`'s offset in it. */
function writtenAround(bindings: readonly GPUBufferBinding[], writes: readonly number[], p: number): { point: number; offset: number }[] {
  const b = bindings[p]!;
  const [start, size] = [b.offset ?? 0, b.size ?? b.buffer.size - (b.offset ?? 0)];
  const around: { point: number; offset: number }[] = [];
  for (const q of writes) {
    const w = bindings[q]!;
    const [wStart, wSize] = [w.offset ?? 0, w.size ?? w.buffer.size - (w.offset ?? 0)];
    if (q !== p && w.buffer === b.buffer && start >= wStart && start + size <= wStart + wSize) around.push({ point: q, offset: start - wStart });
  }
  return around;
}

/** Loads `output` (verified Output IR); `constant(name)` gives each named constant's bytes. */
export async function loadProgram(device: GPUDevice, output: Operation, constant: (name: string) => Uint8Array | undefined, options: LoadOptions): Promise<LoadedProgram> {
  const program = output.body().operations.find((o) => o.name === PROGRAM);
  if (!program) throw new CgcError('runtime', 'the output IR has no cgc.program');
  const block = program.body();
  const nIn = (program.attr(ATTR.programInputs) as { value: number } | undefined)?.value ?? 0;
  const nOut = (program.attr(ATTR.programOutputs) as { value: number } | undefined)?.value ?? 0;
  const args = block.arguments;
  const buffers: GPUBuffer[] = [];
  const makeBuffer = (label: string, size: number, usage: number) => {
    const b = device.createBuffer({ label, size: align4(size), usage });
    buffers.push(b);
    return b;
  };
  const binding = new Map<Value, GPUBufferBinding>();
  const invokes = block.operations.filter((op) => op.name === INVOKE).map((op) => ({ op, name: (op.attr(ATTR.callee) as { name: string }).name }));
  // Executables first: a GPU target's driver compiles pipelines on its own threads while the constants upload below.
  const sessions = new Map<Target, TargetSession>();
  const session = (target: Target) => {
    let open = sessions.get(target);
    if (!open) sessions.set(target, (open = target.open(device, { ...(options.pipelines ? { pipelines: options.pipelines } : {}), ...(options.tiers ? { tiers: options.tiers } : {}) })));
    return open;
  };
  const runners = new Map<string, Promise<Runner>>();
  for (const { name } of invokes) {
    if (runners.has(name)) continue;
    const runner = makeRunner(output, name, options.targets, session);
    runner.catch(() => {}); // awaited (and its failure reported) below, after the uploads
    runners.set(name, runner);
  }
  /** On a failed load: every runner settled, and the workspaces of those that compiled destroyed. */
  const discardRunners = async () => {
    for (const r of await Promise.allSettled(runners.values())) if (r.status === 'fulfilled') r.value.exe.destroy();
  };
  // Every buffer in error scopes: an allocation past the device's memory or limits fails the load
  // with its reason, instead of an uncaptured error and a program that cannot run.
  device.pushErrorScope('out-of-memory');
  device.pushErrorScope('validation');
  let failed: unknown;
  // Constants another live program on this device uploaded from the same bytes are bound, not uploaded
  // again (shared-constants.ts); this program's own are shared once it has loaded.
  let constants: ProgramConstants | undefined;
  try {
    constants = uploadConstants(device, block.operations, constant);
    for (const [v, b] of constants.bindings) binding.set(v, b);
    args.forEach((a, i) => {
      const kind = i < nIn ? 'input' : i < nIn + nOut ? 'output' : 'scratch';
      const label = `Runtime.${kind}${i}`;
      checkBufferSize(device, `${kind === 'scratch' ? 'the scratch arena' : `${kind} %${a.nameHint ?? i}`} (${label})`, byteSize(a.type));
      const buffer = makeBuffer(label, byteSize(a.type), GPUBufferUsage.STORAGE | GPUBufferUsage.COPY_DST | GPUBufferUsage.COPY_SRC);
      binding.set(a, { buffer, offset: 0, size: align4(byteSize(a.type)) });
    });
    for (const op of block.operations) {
      if (op.name !== VIEW_MEMREF) continue;
      const src = binding.get(op.operands[0]!)!;
      const offset = (op.attr(ATTR.offset) as { value: number }).value;
      binding.set(op.results[0]!, { buffer: src.buffer, offset, size: align4(byteSize(op.results[0]!.type)) });
    }
  } catch (e) {
    failed = e;
  }
  const invalid = await device.popErrorScope();
  const oom = await device.popErrorScope();
  /** This load's buffers gone: its own destroyed, and its hold on shared constants dropped (its own constants are not shared until it has loaded). */
  const release = () => {
    for (const b of buffers) b.destroy();
    constants?.release();
  };
  if (failed || oom || invalid) {
    await discardRunners();
    release();
    if (failed) throw failed;
    const all = [...buffers, ...constants!.created];
    const total = all.reduce((n, b) => n + b.size, 0);
    throw oom
      ? new CgcError('device', `the GPU is out of memory for this program's buffers (${bytesText(total)} in ${all.length} buffers: inputs, outputs, constants, scratch arena): ${oom.message}`)
      : new Error(`allocating the program's buffers failed GPU validation: ${invalid!.message}`);
  }
  const compiled = new Map<string, Runner>();
  let calls: { runner: Runner; bindings: GPUBufferBinding[]; name: string; invoke: Operation }[];
  try {
    for (const [name, p] of runners) compiled.set(name, await p);
    calls = invokes.map(({ op, name }) => {
      const bindings = op.operands.map((v) => binding.get(v)!);
      const exe = compiled.get(name)!.exe;
      validateBindings(name, op, bindings, device.limits.maxStorageBufferBindingSize, exe.kind === 'gpu' ? exe.pieced : []);
      return { runner: compiled.get(name)!, bindings, name, invoke: op };
    });
  } catch (e) {
    // A pipeline that failed to compile (or an out-of-range binding): nothing of this load stays allocated.
    await discardRunners();
    release();
    throw e;
  }
  // Loaded: its constants serve later loads of the same bytes.
  constants!.share();
  const inputs = args.slice(0, nIn);
  const outputs = args.slice(nIn, nIn + nOut);
  // int64 values GPU kernels read (as int32: WGSL has no 64-bit integers), by the first GPU partition reading each: checked where they are uploaded.
  const narrowed = new Map<Value, string>();
  calls.forEach((c, k) => {
    const exe = c.runner.exe;
    if (exe.kind === 'host') return;
    invokes[k]!.op.operands.forEach((v, p) => {
      if (v.type.element === 'int64' && !narrowed.has(v) && !(exe.kind === 'device' && exe.hostReads.includes(p))) narrowed.set(v, `@${c.name}`);
    });
  });
  const checkNarrowing = (what: string, v: Value, data: Uint8Array) => {
    const reader = narrowed.get(v);
    if (reader) checkInt32Range(what, reader, data);
  };
  for (const c of constants!.int64) checkNarrowing(`int64 constant "${c.name}"`, c.value, c.data);
  const timestamps = device.features.has('timestamp-query') ? device.createQuerySet({ label: 'Runtime.timestamps', type: 'timestamp', count: 2 * calls.length }) : undefined;
  /** The kernels the GPU partitions record per run now (a tiered executable's change when it settles). */
  const recordedCount = () => calls.reduce((n, c) => n + (c.runner.exe.kind === 'gpu' ? c.runner.exe.kernels.length : 0), 0);
  // Room for a profiling run's timestamps in whichever tier runs.
  const kernelCapacity = calls.reduce((n, c) => n + (c.runner.exe.kind === 'gpu' ? Math.max(c.runner.exe.kernels.length, c.runner.exe.maxKernels ?? 0) : 0), 0);
  const kernelQueries = timestamps && kernelCapacity ? device.createQuerySet({ label: 'Runtime.kernelTimestamps', type: 'timestamp', count: 2 * kernelCapacity }) : undefined;

  /** The captured subgraph results as host tensors named by their program value; a bind point written twice keeps its last write. */
  const readCaptures = async (captures: readonly { call: number; point: number; subgraph: string; read: () => Promise<Uint8Array> | Uint8Array }[]): Promise<IntermediateValue[]> => {
    const bytes = await Promise.all(captures.map((c) => c.read()));
    const last = new Map<string, IntermediateValue>();
    captures.forEach((c, i) => {
      const value = invokes[c.call]!.op.operands[c.point]!;
      const output = outputs.indexOf(value as never);
      last.set(`${c.call}:${c.point}`, {
        value: `%${value.nameHint ?? '?'}`, ...(output >= 0 ? { output } : {}), partition: calls[c.call]!.name, subgraph: c.subgraph,
        tensor: tensorFromBytes({ ...value.type, kind: 'tensor' } as ShapedType, bytes[i]!.subarray(0, byteSize(value.type))),
      });
    });
    return [...last.values()];
  };

  // Per-run buffers kept across runs: creating and destroying them each run costs more host time than
  // small models take on a fast GPU.
  const staging = new StagingPool(device);
  let partitionResolve: GPUBuffer | undefined;
  let kernelResolveBuffer: GPUBuffer | undefined;
  const resident = residentRuns(device, () => calls, inputs, outputs, binding);

  let settling: Promise<void> | undefined;
  let settleFailure: string | undefined;
  let completedRuns = 0;
  /** The second tier of every GPU executable, asked for once; a refusal is kept as settleFailure. */
  const settle = () => settling ??= Promise.all([...compiled.values()].map((r) => (r.exe.kind === 'gpu' ? r.exe.settle?.() : undefined))).then(() => {}, (e: unknown) => {
    settleFailure = e instanceof Error ? e.message : String(e);
    throw e;
  });

  return {
    inputTypes: inputs.map((a) => a.type),
    outputTypes: outputs.slice(0, visibleResults(program, nOut)).map((a) => a.type),
    get dispatchCount() {
      return recordedCount();
    },
    get settleFailure() {
      return settleFailure;
    },
    get settled() {
      return calls.every((c) => c.runner.exe.kind !== 'gpu' || c.runner.exe.settled !== false);
    },
    settle,
    get partitions() {
      return [...compiled].map(([name, r]) => ({ name, target: r.target, kernels: r.exe.kind === 'host' ? 0 : r.exe.kernels.length }));
    },
    async run(values, options = {}) {
      const profile = options.profile === true && kernelQueries !== undefined;
      const debug = options.intermediates === true;
      /** Each kernel in its own pass: to time it, or to copy its result out before the next kernel. */
      const eachKernel = profile || debug;
      const repeat = profile ? Math.max(1, Math.floor(options.profileRepeat ?? 1)) : 1;
      const captures: { call: number; point: number; subgraph: string; read: () => Promise<Uint8Array> | Uint8Array }[] = [];
      const kernels: { partition: string; subgraph: string; kernel: string }[] = [];
      if (values.length !== inputs.length) throw new CgcError('runtime', `the program takes ${inputs.length} input(s), got ${values.length}`);
      const started = performance.now();
      /** Host time spent waiting within the run (read-backs before host partitions, run-time loops): not recording. */
      let waitedMs = 0;
      values.forEach((v, i) => {
        const want = inputs[i]!.type;
        if (v.type.element !== want.element || v.type.shape.join('x') !== want.shape.join('x')) {
          throw new CgcError('runtime', `input #${i} is ${v.type.shape.join('x')} ${v.type.element}; the program takes ${want.shape.join('x')} ${want.element}`);
        }
        const bytes = tensorBytes(v);
        checkNarrowing(`int64 input #${i}${inputs[i]!.nameHint ? ` (%${inputs[i]!.nameHint})` : ''}`, inputs[i]!, bytes);
        device.queue.writeBuffer(binding.get(inputs[i]!)!.buffer, 0, padded(bytes));
      });
      device.pushErrorScope('validation');
      let encoder = device.createCommandEncoder({ label: 'Runtime.run' });
      let submits = 0;
      /** GPU dispatches: the recorded ones, and those device-driven partitions (loops) made this run. */
      let dispatches = recordedCount();
      const chunks = new SubmitChunks();
      const hostTimes: PartitionTiming[] = [];
      for (const [k, call] of calls.entries()) {
        const exe = call.runner.exe;
        if (exe.kind === 'gpu' && eachKernel) {
          exe.recordEach(encoder, call.bindings, repeat, (kernel) => {
            if (!profile) return { label: `Runtime.kernel ${kernel.name}` };
            const q = kernels.push({ partition: call.name, subgraph: kernel.subgraph, kernel: kernel.name }) - 1;
            return { label: `Runtime.kernel ${kernel.name}`, timestampWrites: { querySet: kernelQueries!, beginningOfPassWriteIndex: 2 * q, endOfPassWriteIndex: 2 * q + 1 } };
          }, debug ? (kernel) => {
            // Every result the kernel writes (several for sibling reductions).
            for (const point of kernel.writes) captures.push({ call: k, point, subgraph: kernel.subgraph, read: stage(device, encoder, call.bindings[point]!) });
          } : undefined);
          continue;
        }
        if (exe.kind === 'gpu') {
          // In chunks (SubmitChunks): the first commands reach the GPU while the rest are recorded. A
          // partition cut across submits is several passes; its timestamps open the first and close the last.
          const n = exe.kernels.length;
          for (const { from, to, submit } of chunks.cut(n, calls[k + 1]?.runner.exe.kind === 'gpu')) {
            const pass = encoder.beginComputePass({
              label: `Runtime.partition ${call.name}`,
              ...(timestamps && (from === 0 || to === n)
                ? { timestampWrites: { querySet: timestamps, ...(from === 0 ? { beginningOfPassWriteIndex: 2 * k } : {}), ...(to === n ? { endOfPassWriteIndex: 2 * k + 1 } : {}) } }
                : {}),
            });
            exe.record(pass, call.bindings, from, to);
            pass.end();
            if (submit) {
              device.queue.submit([encoder.finish()]);
              submits++;
              encoder = device.createCommandEncoder({ label: 'Runtime.run' });
            }
          }
          continue;
        }
        if (exe.kind === 'device') {
          // It drives the device itself (a run-time loop): submit what came before, let it run, record on.
          device.queue.submit([encoder.finish()]);
          submits++;
          const t0 = performance.now();
          const done = await exe.run(call.bindings);
          waitedMs += performance.now() - t0;
          submits += done.submits;
          dispatches += done.dispatches;
          hostTimes.push({ partition: call.name, target: call.runner.target, ms: performance.now() - t0, source: 'host' });
          encoder = device.createCommandEncoder({ label: 'Runtime.run' });
          if (debug) for (const p of exe.writes) captures.push({ call: k, point: p, subgraph: exe.writers.get(p) ?? '?', read: stage(device, encoder, call.bindings[p]!) });
          chunks.restart();
          continue;
        }
        // A host partition: submit what came before, read its inputs back, compute, upload its results.
        const part = exe;
        const readBack = stageAll(device, encoder, part.reads.map((p) => call.bindings[p]!));
        device.queue.submit([encoder.finish()]);
        submits++;
        const w0 = performance.now();
        const read = await readBack();
        waitedMs += performance.now() - w0;
        const bytes = new Map(part.reads.map((p, i) => [p, read[i]!]));
        const t0 = performance.now();
        const results = part.run((p) => bytes.get(p) ?? new Uint8Array(call.bindings[p]!.size!), (p) => writtenAround(call.bindings, part.writes, p));
        for (const [p, data] of results) {
          const b = call.bindings[p]!;
          const v = invokes[k]!.op.operands[p]!;
          checkNarrowing(`int64 result ${v.nameHint ? `%${v.nameHint}` : `#${p}`} of @${call.name} (CPU reference)`, v, data);
          device.queue.writeBuffer(b.buffer, b.offset ?? 0, padded(data));
          if (debug) captures.push({ call: k, point: p, subgraph: part.writers.get(p) ?? '?', read: () => data });
        }
        hostTimes.push({ partition: call.name, target: call.runner.target, ms: performance.now() - t0, source: 'host' });
        encoder = device.createCommandEncoder({ label: 'Runtime.run' });
        chunks.restart();
      }
      // Outputs and timestamps come back through one staging buffer and one map: each map is a round
      // trip to the device, which on a fast GPU costs more than the model.
      // The resolve buffers live as long as the program: runs submitted back to back each resolve and
      // copy out in their own command buffer, in queue order.
      let resolve: GPUBuffer | undefined;
      const regions: GPUBufferBinding[] = outputs.map((o) => binding.get(o)!);
      if (timestamps && !eachKernel) {
        resolve = partitionResolve ??= device.createBuffer({ label: 'Runtime.timestampResolve', size: 16 * calls.length, usage: GPUBufferUsage.QUERY_RESOLVE | GPUBufferUsage.COPY_SRC });
        encoder.resolveQuerySet(timestamps, 0, 2 * calls.length, resolve, 0);
        regions.push({ buffer: resolve, offset: 0, size: 16 * calls.length });
      }
      let kernelResolve: GPUBuffer | undefined;
      if (profile && kernels.length) {
        kernelResolve = kernelResolveBuffer ??= device.createBuffer({ label: 'Runtime.kernelTimestampResolve', size: 16 * kernelCapacity, usage: GPUBufferUsage.QUERY_RESOLVE | GPUBufferUsage.COPY_SRC });
        encoder.resolveQuerySet(kernelQueries!, 0, 2 * kernels.length, kernelResolve, 0);
        regions.push({ buffer: kernelResolve, offset: 0, size: 16 * kernels.length });
      }
      const readBack = stageAll(device, encoder, regions, staging);
      device.queue.submit([encoder.finish()]);
      submits++;
      const recordMs = performance.now() - started - waitedMs;
      const [invalid, parts] = await Promise.all([device.popErrorScope(), readBack().catch((e: unknown) => e as Error)]);
      if (invalid) throw new CgcError('device', `the run failed GPU validation: ${invalid.message}`);
      if (parts instanceof Error) throw parts;
      const outs = outputs.map((o, i) => tensorFromBytes({ ...o.type, kind: 'tensor' }, parts[i]!.subarray(0, byteSize(o.type))));
      const tsBytes = resolve ? parts[outputs.length] : undefined;
      const kernelBytes = kernelResolve ? parts[outputs.length] : undefined;
      const timings: PartitionTiming[] = [...hostTimes];
      if (tsBytes) {
        const ns = new BigUint64Array(tsBytes.slice().buffer);
        calls.forEach((c, k) => {
          if (c.runner.exe.kind === 'gpu') timings.push({ partition: c.name, target: c.runner.target, ms: Number(ns[2 * k + 1]! - ns[2 * k]!) / 1e6, source: 'gpu-timestamp' });
        });
      }
      const kernelTimings: KernelTiming[] = [];
      if (kernelBytes) {
        const ns = new BigUint64Array(kernelBytes.slice().buffer);
        kernels.forEach((k, i) => kernelTimings.push({ ...k, ms: Number(ns[2 * i + 1]! - ns[2 * i]!) / 1e6 / repeat }));
        // Per-partition time while profiling: the sum of its kernels.
        for (const c of calls) {
          if (c.runner.exe.kind !== 'gpu') continue;
          const ms = kernelTimings.filter((k) => k.partition === c.name).reduce((n, k) => n + k.ms, 0);
          timings.push({ partition: c.name, target: c.runner.target, ms, source: 'gpu-timestamp' });
        }
      }
      const intermediates = debug ? await readCaptures(captures) : undefined;
      // A second result is in: a program that runs again is worth its final kernels, so those loaded in a
      // first tier get their final form in the background, after the caller has the result (a task of
      // its own, not ahead of the caller's continuation). A program run once never pays for them; a
      // caller that wants them sooner calls settle() (`cgc run` does, before its runs).
      if (++completedRuns >= 2 && !settling) setTimeout(() => { settle().catch(() => {}); }, 0); // a refusal: settleFailure
      return { outputs: trimResults(program, outs), timings, kernelTimings, submits, dispatches, recordMs, ...(intermediates ? { intermediates } : {}) };
    },
    record: (encoder, io) => resident.record(encoder, io),
    submit: (io) => resident.submit(io),
    destroy() {
      release();
      for (const c of calls) c.runner.exe.destroy();
      timestamps?.destroy();
      kernelQueries?.destroy();
      partitionResolve?.destroy();
      kernelResolveBuffer?.destroy();
      staging.destroy();
    },
  };
}

async function makeRunner(output: Operation, name: string, targets: readonly Target[], session: (t: Target) => TargetSession): Promise<Runner> {
  const isolated = isolatePartition(output, name);
  const target = targetNamed(targets, partitionOrigin(isolated, name), `partition @${name}`);
  const exe = await session(target).compilePartition(documentOf(INTERFACES.CGC_SUBGRAPH_PARTITION, isolated), name);
  return { exe, target: target.name };
}
