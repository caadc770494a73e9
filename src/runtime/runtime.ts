// The DXCGC runtime: loads Output IR and its constants, compiles every partition with its target
// (WebGPU pipelines, or host execution for the CPU reference), allocates inputs, outputs, constant
// buffers and scratch arenas once, binds bind points to buffer ranges, and runs the program —
// every GPU partition recorded into one command encoder, submitted once per run. int64 values GPU
// kernels read are checked against the int32 range they compute in, where they are uploaded.
import { type Operation, type ShapedType, type Value, byteSize } from '../ir';
import { ATTR, CONSTANT, INVOKE, PROGRAM, SUBGRAPH, VIEW_MEMREF } from '../ir/structural';
import { isolatePartition } from '../compiler/partition/isolate';
import { type HostTensor, tensorBytes, tensorFromBytes } from '../reference/tensor';
import { type PartitionExecutable, PipelineCache, compilePartition, planPartition } from '../webgpu-target/executable';
import { type HostPartition, hostPartition } from './host-partition';

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
}

export interface RunResult {
  readonly outputs: HostTensor[];
  readonly timings: PartitionTiming[];
  /** Per-kernel GPU times, when profiling on a device with timestamp-query. */
  readonly kernelTimings: KernelTiming[];
  /** Queue submissions this run made (1 when every partition runs on the GPU). */
  readonly submits: number;
  readonly dispatches: number;
}

export interface LoadedProgram {
  readonly inputTypes: readonly ShapedType[];
  readonly outputTypes: readonly ShapedType[];
  /** GPU dispatches per run. */
  readonly dispatchCount: number;
  readonly partitions: readonly { name: string; target: string; kernels: number }[];
  run(inputs: readonly HostTensor[], options?: RunOptions): Promise<RunResult>;
  /**
   * Records the whole program into the caller's `encoder` (the spec's DispatchGraph inside a command
   * list), reading inputs from and writing outputs to the caller's buffer ranges. Only for programs
   * whose partitions all run on the GPU; the caller submits.
   */
  record(encoder: GPUCommandEncoder, io: { inputs: readonly GPUBufferBinding[]; outputs: readonly GPUBufferBinding[] }): void;
  destroy(): void;
}

const align4 = (n: number) => Math.max(4, Math.ceil(n / 4) * 4);

type Runner = { kind: 'gpu'; exe: PartitionExecutable; target: string } | { kind: 'host'; part: HostPartition; target: string };

/** Loads `output` (verified Output IR); `constant(name)` gives each named constant's bytes. */
export async function loadProgram(device: GPUDevice, output: Operation, constant: (name: string) => Uint8Array | undefined): Promise<LoadedProgram> {
  const program = output.body().operations.find((o) => o.name === PROGRAM);
  if (!program) throw new Error('the output IR has no cgc.program');
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
  args.forEach((a, i) => {
    const kind = i < nIn ? 'input' : i < nIn + nOut ? 'output' : 'scratch';
    const buffer = makeBuffer(`Runtime.${kind}${i}`, byteSize(a.type), GPUBufferUsage.STORAGE | GPUBufferUsage.COPY_DST | GPUBufferUsage.COPY_SRC);
    binding.set(a, { buffer, offset: 0, size: align4(byteSize(a.type)) });
  });
  const cache = new PipelineCache(device);
  const runners = new Map<string, Promise<Runner>>();
  const invokes: { op: Operation; name: string }[] = [];
  const int64Constants: { value: Value; name: string; data: Uint8Array }[] = [];
  for (const op of block.operations) {
    if (op.name === CONSTANT) {
      const name = (op.attr(ATTR.constantName) as { value: string }).value;
      const data = constant(name);
      const want = byteSize(op.results[0]!.type);
      if (!data || data.length !== want) throw new Error(`constant "${name}" ${data ? `has ${data.length} bytes; ${want} expected` : 'is missing from the weights'}`);
      const buffer = makeBuffer(`Runtime.constant ${name}`, want, GPUBufferUsage.STORAGE | GPUBufferUsage.COPY_DST | GPUBufferUsage.COPY_SRC);
      device.queue.writeBuffer(buffer, 0, padded(data));
      binding.set(op.results[0]!, { buffer, offset: 0, size: align4(want) });
      if (op.results[0]!.type.element === 'int64') int64Constants.push({ value: op.results[0]!, name, data });
    } else if (op.name === VIEW_MEMREF) {
      const src = binding.get(op.operands[0]!)!;
      const offset = (op.attr(ATTR.offset) as { value: number }).value;
      binding.set(op.results[0]!, { buffer: src.buffer, offset, size: align4(byteSize(op.results[0]!.type)) });
    } else if (op.name === INVOKE) {
      const name = (op.attr(ATTR.callee) as { name: string }).name;
      invokes.push({ op, name });
      if (!runners.has(name)) runners.set(name, makeRunner(device, output, name, cache));
    }
  }
  const compiled = new Map<string, Runner>();
  for (const [name, p] of runners) compiled.set(name, await p);
  const calls = invokes.map(({ op, name }) => {
    const bindings = op.operands.map((v) => binding.get(v)!);
    validateBindings(name, op, bindings);
    return { runner: compiled.get(name)!, bindings, name };
  });
  const inputs = args.slice(0, nIn);
  const outputs = args.slice(nIn, nIn + nOut);
  // int64 values GPU kernels read (as int32: WGSL has no 64-bit integers), by the first GPU partition reading each: checked where they are uploaded.
  const narrowed = new Map<Value, string>();
  calls.forEach((c, k) => {
    if (c.runner.kind !== 'gpu') return;
    for (const v of invokes[k]!.op.operands) if (v.type.element === 'int64' && !narrowed.has(v)) narrowed.set(v, `@${c.name}`);
  });
  const checkNarrowing = (what: string, v: Value, data: Uint8Array) => {
    const reader = narrowed.get(v);
    if (reader) checkInt32Range(what, reader, data);
  };
  for (const c of int64Constants) checkNarrowing(`int64 constant "${c.name}"`, c.value, c.data);
  const timestamps = device.features.has('timestamp-query') ? device.createQuerySet({ label: 'Runtime.timestamps', type: 'timestamp', count: 2 * calls.length }) : undefined;
  const dispatchCount = calls.reduce((n, c) => n + (c.runner.kind === 'gpu' ? c.runner.exe.steps.length : 0), 0);
  const kernelQueries = timestamps && dispatchCount ? device.createQuerySet({ label: 'Runtime.kernelTimestamps', type: 'timestamp', count: 2 * dispatchCount }) : undefined;

  return {
    inputTypes: inputs.map((a) => a.type),
    outputTypes: outputs.map((a) => a.type),
    dispatchCount,
    partitions: [...compiled].map(([name, r]) => ({ name, target: r.target, kernels: r.kind === 'gpu' ? r.exe.steps.length : 0 })),
    async run(values, options = {}) {
      const profile = options.profile === true && kernelQueries !== undefined;
      const kernels: { partition: string; subgraph: string; kernel: string }[] = [];
      if (values.length !== inputs.length) throw new Error(`the program takes ${inputs.length} input(s), got ${values.length}`);
      values.forEach((v, i) => {
        const want = inputs[i]!.type;
        if (v.type.element !== want.element || v.type.shape.join('x') !== want.shape.join('x')) {
          throw new Error(`input #${i} is ${v.type.shape.join('x')} ${v.type.element}; the program takes ${want.shape.join('x')} ${want.element}`);
        }
        const bytes = tensorBytes(v);
        checkNarrowing(`int64 input #${i}${inputs[i]!.nameHint ? ` (%${inputs[i]!.nameHint})` : ''}`, inputs[i]!, bytes);
        device.queue.writeBuffer(binding.get(inputs[i]!)!.buffer, 0, padded(bytes));
      });
      device.pushErrorScope('validation');
      let encoder = device.createCommandEncoder({ label: 'Runtime.run' });
      let submits = 0;
      const hostTimes: PartitionTiming[] = [];
      for (const [k, call] of calls.entries()) {
        if (call.runner.kind === 'gpu' && profile) {
          call.runner.exe.dispatchEach(encoder, call.bindings, (step) => {
            const q = kernels.push({ partition: call.name, subgraph: step.subgraph, kernel: step.kernel.name }) - 1;
            return { label: `Runtime.kernel ${step.kernel.name}`, timestampWrites: { querySet: kernelQueries!, beginningOfPassWriteIndex: 2 * q, endOfPassWriteIndex: 2 * q + 1 } };
          });
          continue;
        }
        if (call.runner.kind === 'gpu') {
          const pass = encoder.beginComputePass({
            label: `Runtime.partition ${call.name}`,
            ...(timestamps ? { timestampWrites: { querySet: timestamps, beginningOfPassWriteIndex: 2 * k, endOfPassWriteIndex: 2 * k + 1 } } : {}),
          });
          call.runner.exe.dispatch(pass, call.bindings);
          pass.end();
          continue;
        }
        // A host partition: submit what came before, read its inputs back, compute, upload its results.
        const part = call.runner.part;
        const staged = part.reads.map((p) => stage(device, encoder, call.bindings[p]!));
        device.queue.submit([encoder.finish()]);
        submits++;
        const bytes = new Map<number, Uint8Array>();
        await Promise.all(staged.map(async (s, i) => bytes.set(part.reads[i]!, await s.read())));
        const t0 = performance.now();
        const results = part.run((p) => bytes.get(p) ?? new Uint8Array(call.bindings[p]!.size!));
        for (const [p, data] of results) {
          const b = call.bindings[p]!;
          const v = invokes[k]!.op.operands[p]!;
          checkNarrowing(`int64 result ${v.nameHint ? `%${v.nameHint}` : `#${p}`} of @${call.name} (CPU reference)`, v, data);
          device.queue.writeBuffer(b.buffer, b.offset ?? 0, padded(data));
        }
        hostTimes.push({ partition: call.name, target: call.runner.target, ms: performance.now() - t0, source: 'host' });
        encoder = device.createCommandEncoder({ label: 'Runtime.run' });
      }
      const staged = outputs.map((o) => stage(device, encoder, binding.get(o)!));
      let resolve: GPUBuffer | undefined;
      if (timestamps && !profile) {
        resolve = device.createBuffer({ label: 'Runtime.timestampResolve', size: 16 * calls.length, usage: GPUBufferUsage.QUERY_RESOLVE | GPUBufferUsage.COPY_SRC });
        encoder.resolveQuerySet(timestamps, 0, 2 * calls.length, resolve, 0);
      }
      const tsStage = resolve && !profile ? stage(device, encoder, { buffer: resolve, offset: 0, size: 16 * calls.length }) : undefined;
      let kernelResolve: GPUBuffer | undefined;
      if (profile && kernels.length) {
        kernelResolve = device.createBuffer({ label: 'Runtime.kernelTimestampResolve', size: 16 * kernels.length, usage: GPUBufferUsage.QUERY_RESOLVE | GPUBufferUsage.COPY_SRC });
        encoder.resolveQuerySet(kernelQueries!, 0, 2 * kernels.length, kernelResolve, 0);
      }
      const kStage = kernelResolve ? stage(device, encoder, { buffer: kernelResolve, offset: 0, size: 16 * kernels.length }) : undefined;
      device.queue.submit([encoder.finish()]);
      submits++;
      const invalid = await device.popErrorScope();
      if (invalid) throw new Error(`the run failed GPU validation: ${invalid.message}`);
      const outs = await Promise.all(staged.map(async (s, i) => tensorFromBytes({ ...outputs[i]!.type, kind: 'tensor' }, (await s.read()).subarray(0, byteSize(outputs[i]!.type)))));
      const timings: PartitionTiming[] = [...hostTimes];
      if (tsStage) {
        const ns = new BigUint64Array((await tsStage.read()).slice().buffer);
        calls.forEach((c, k) => {
          if (c.runner.kind === 'gpu') timings.push({ partition: c.name, target: c.runner.target, ms: Number(ns[2 * k + 1]! - ns[2 * k]!) / 1e6, source: 'gpu-timestamp' });
        });
      }
      const kernelTimings: KernelTiming[] = [];
      if (kStage) {
        const ns = new BigUint64Array((await kStage.read()).slice().buffer);
        kernels.forEach((k, i) => kernelTimings.push({ ...k, ms: Number(ns[2 * i + 1]! - ns[2 * i]!) / 1e6 }));
        kernelResolve!.destroy();
        // Per-partition time while profiling: the sum of its kernels.
        for (const c of calls) {
          if (c.runner.kind !== 'gpu') continue;
          const ms = kernelTimings.filter((k) => k.partition === c.name).reduce((n, k) => n + k.ms, 0);
          timings.push({ partition: c.name, target: c.runner.target, ms, source: 'gpu-timestamp' });
        }
      }
      if (!profile) resolve?.destroy();
      return { outputs: outs, timings, kernelTimings, submits, dispatches: dispatchCount };
    },
    record(encoder, io) {
      if (io.inputs.length !== inputs.length || io.outputs.length !== outputs.length) {
        throw new Error(`the program binds ${inputs.length} input(s) and ${outputs.length} output(s); got ${io.inputs.length} and ${io.outputs.length}`);
      }
      const host = calls.find((c) => c.runner.kind === 'host');
      if (host) throw new Error(`partition @${host.name} runs on the CPU reference: record() needs a program that runs entirely on the GPU; use run()`);
      const swap = new Map<GPUBuffer, GPUBufferBinding>();
      inputs.forEach((a, i) => swap.set(binding.get(a)!.buffer, io.inputs[i]!));
      outputs.forEach((a, i) => swap.set(binding.get(a)!.buffer, io.outputs[i]!));
      for (const call of calls) {
        if (call.runner.kind !== 'gpu') continue;
        const bindings = call.bindings.map((b) => swap.get(b.buffer) ?? b);
        validateBindings(call.name, invokes[calls.indexOf(call)]!.op, bindings);
        const pass = encoder.beginComputePass({ label: `Runtime.partition ${call.name}` });
        call.runner.exe.dispatch(pass, bindings);
        pass.end();
      }
    },
    destroy() {
      for (const b of buffers) b.destroy();
      timestamps?.destroy();
      kernelQueries?.destroy();
    },
  };
}

/** The target that runs an isolated partition: where the runtime runs it (GPU or host), checked. */
function partitionTarget(isolated: Operation, name: string): { kind: 'gpu' | 'host'; target: string } {
  const origins = isolated.body().operations.filter((o) => o.name === SUBGRAPH).map((o) => (o.attr(ATTR.origin) as { value: string }).value);
  const target = origins[0] ?? 'none';
  if (origins.some((o) => o !== target)) throw new Error(`partition @${name} mixes targets ${[...new Set(origins)].join(', ')}`);
  if (target === 'cpu-reference') return { kind: 'host', target };
  if (target !== 'webgpu' && target !== 'webgpu-fallback') throw new Error(`partition @${name} has target '${target}', which this runtime cannot run`);
  return { kind: 'gpu', target };
}

async function makeRunner(device: GPUDevice, output: Operation, name: string, cache: PipelineCache): Promise<Runner> {
  const isolated = isolatePartition(output, name);
  const { kind, target } = partitionTarget(isolated, name);
  if (kind === 'host') return { kind, part: hostPartition(isolated, name), target };
  return { kind, exe: await compilePartition(device, isolated, name, cache), target };
}

/**
 * What a run of `output` will do, without a device: GPU dispatches (every kernel of every GPU
 * partition invocation) and queue submits (one per CPU-reference partition invocation, which reads
 * its inputs back first, plus the final one) — the counts `run()` reports.
 */
export function plannedRunCounts(output: Operation): { dispatches: number; submits: number } {
  const program = output.body().operations.find((o) => o.name === PROGRAM);
  if (!program) throw new Error('the output IR has no cgc.program');
  const perPartition = new Map<string, { kind: 'gpu' | 'host'; kernels: number }>();
  let dispatches = 0;
  let submits = 1;
  for (const op of program.body().operations.filter((o) => o.name === INVOKE)) {
    const name = (op.attr(ATTR.callee) as { name: string }).name;
    if (!perPartition.has(name)) {
      const isolated = isolatePartition(output, name);
      const { kind } = partitionTarget(isolated, name);
      perPartition.set(name, { kind, kernels: kind === 'gpu' ? planPartition(isolated, name).length : 0 });
    }
    const p = perPartition.get(name)!;
    if (p.kind === 'host') submits++;
    else dispatches += p.kernels;
  }
  return { dispatches, submits };
}

/** Thrown where an int64 tensor a GPU kernel reads holds a value outside the int32 range the kernels compute in. */
export class Int64RangeError extends Error {
  override name = 'Int64RangeError';
}

/** Checks that every int64 in `data` (little-endian) fits in int32: WebGPU kernels read int64 tensors as int32. */
function checkInt32Range(what: string, reader: string, data: Uint8Array): void {
  const aligned = data.byteOffset % 4 === 0 ? new Int32Array(data.buffer, data.byteOffset, data.byteLength >> 2) : new Int32Array(data.slice().buffer);
  for (let i = 0; i < aligned.length; i += 2) {
    if (aligned[i + 1] !== aligned[i]! >> 31) {
      const value = new DataView(data.buffer, data.byteOffset + 4 * i, 8).getBigInt64(0, true);
      throw new Int64RangeError(`${what} holds ${value} at element ${i / 2}, outside the int32 range [-2147483648, 2147483647] `
        + `that partition ${reader} computes in on the GPU (WGSL has no 64-bit integers); `
        + 'run the model without the WebGPU targets (CPU reference) for int64 values this large');
    }
  }
}

/** The validation layer: every bind point's range is 4-byte sized, 256-byte aligned, and big enough. */
function validateBindings(partition: string, invoke: Operation, bindings: readonly GPUBufferBinding[]): void {
  invoke.operands.forEach((v, i) => {
    const b = bindings[i];
    const need = byteSize(v.type);
    const name = v.nameHint ? `%${v.nameHint}` : `#${i}`;
    if (!b) throw new Error(`@${partition} bind point ${name}: nothing bound`);
    if ((b.offset ?? 0) % 256) throw new Error(`@${partition} bind point ${name}: offset ${b.offset} is not 256-byte aligned`);
    const size = b.size ?? b.buffer.size - (b.offset ?? 0);
    if (size < need) throw new Error(`@${partition} bind point ${name}: ${size} bytes bound, ${need} needed`);
    if ((b.offset ?? 0) + size > b.buffer.size) throw new Error(`@${partition} bind point ${name}: range runs past its ${b.buffer.size}-byte buffer`);
  });
}

/** `data` as writeBuffer wants it: 4-byte sized and aligned, backed by a plain ArrayBuffer (Dawn rejects shared ones). */
function padded(data: Uint8Array): Uint8Array<ArrayBuffer> {
  if (data.length % 4 === 0 && data.byteOffset % 4 === 0 && data.buffer instanceof ArrayBuffer) return data as Uint8Array<ArrayBuffer>;
  const out = new Uint8Array(align4(data.length));
  out.set(data);
  return out;
}

/** Copies a binding's range to a mappable buffer in `encoder`; `read` maps it after submission. */
function stage(device: GPUDevice, encoder: GPUCommandEncoder, b: GPUBufferBinding): { read: () => Promise<Uint8Array> } {
  const size = b.size ?? b.buffer.size;
  const staging = device.createBuffer({ label: 'Runtime.readback', size, usage: GPUBufferUsage.MAP_READ | GPUBufferUsage.COPY_DST });
  encoder.copyBufferToBuffer(b.buffer, b.offset ?? 0, staging, 0, size);
  return {
    read: async () => {
      await staging.mapAsync(GPUMapMode.READ);
      const copy = new Uint8Array(staging.getMappedRange()).slice();
      staging.destroy();
      return copy;
    },
  };
}
