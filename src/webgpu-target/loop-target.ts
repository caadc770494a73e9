// The `webgpu-loop` target: cgc_op.loop — ONNX's Loop whose trip count or condition is computed at
// run time — iterating on the GPU. Its body's ops become the per-op fallback's kernels, recorded once
// per iteration against device buffers that hold the body's values; the carried values ping-pong
// between two sets of buffers, copied on the device, and never leave it. A run reads back the trip
// count and the first condition (one round trip), then:
//  - a body that hands its condition on unchanged (a for loop, the form of test_loop11 and of most
//    exported scans) runs every iteration with no further round trip: the iterations are recorded
//    back to back, ITERATIONS_PER_SUBMIT to a submit, each taking its iteration number from a table;
//  - a body that computes its condition reads that one scalar back after each iteration.
// Either way every target stops a loop at MAX_LOOP_ITERATIONS. cgc_op.if — ONNX's If under a run-time
// condition with branches too large to run both — reads its condition back (one round trip) and
// records the taken region's kernels only, on the captured values, its results copied out. A loop or
// if nested in a body or branch runs between submits, reading and writing the enclosing region's
// buffers; a region op the per-op kernels cannot compute declines the op: the CPU reference runs it.
import { CgcError, align4 } from '../core';
import { CGC_VERSION, INTERFACES, type Operation, type Target, type TargetCapabilities, byteSize } from '../ir';
import type { DeviceExecutable, DeviceRun, ExecutableKernel, KernelTiers, PartitionDescription } from '../ir/target';
import { MAX_LOOP_ITERATIONS } from '../ir/limits';
import { SUBGRAPH_INTERFACES, readDocument, readSpecializationRequest, specializationAnswer } from '../ir/exchange';
import type { KernelOptions } from './kernel-plan';
import { PipelineCache, executableOf, partitionInvokes } from './partition-executable';
import { DEFAULT_GPU_PROFILE, type GpuProfile, gpuProfile } from './limits';
import { type BodyPlan, controlOf, planBody, planRegions, regionBlocks, regionLabel } from './region-plan';

export const LOOP_TARGET = 'webgpu-loop';

/** Iterations recorded into one command buffer when no condition is read back between them. */
export const ITERATIONS_PER_SUBMIT = 256;

export function createWebGpuLoopTarget(profile: GpuProfile = DEFAULT_GPU_PROFILE, options: KernelOptions = {}): Target {
  const declaration = `cgc.module attributes {cgc.interface = "${INTERFACES.CGC_SUBGRAPH_DECLARATION}", cgc.version = "${CGC_VERSION}"} {
  // a loop whose trip count or condition is computed at run time  ⇒  its body's kernels, iterated on the GPU
  cgc_pattern.pattern @run_time_loop attributes {benefit = 1, nodes = [{ops = ["loop"]}]}
  // an if whose condition is computed at run time  ⇒  the condition read back, the taken branch's kernels
  cgc_pattern.pattern @run_time_if attributes {benefit = 1, nodes = [{ops = ["if"]}]}
}
`;
  return {
    name: LOOP_TARGET,
    open(device, openOptions = {}) {
      const cache = PipelineCache.of(device, openOptions.pipelines);
      return {
        compilePartition: async (partition, name) => loopExecutable(device, readDocument(partition, `partition @${name}`), name, cache, options),
      };
    },
    describe(partition, name) {
      const kernels: PartitionDescription['kernels'][number][] = [];
      const notes: Record<string, string> = {};
      for (const { control, symbol } of partitionControls(readDocument(partition, `partition @${name}`), name)) {
        const plans = planRegions(control, symbol, profile, options);
        if (typeof plans === 'string') notes[symbol] = `no kernels for this device: ${plans}`;
        else kernels.push(...plans.flatMap((body, r) => body.planned.map((p) => ({ name: p.kernel.name, subgraph: symbol, wgsl: p.kernel.wgsl, workgroups: p.kernel.workgroups, region: regionLabel(control, r) }))));
      }
      return { where: 'device', kernels, ...(Object.keys(notes).length ? { notes } : {}) };
    },
    capabilities: (): TargetCapabilities => ({
      name: LOOP_TARGET, tier: 1, interfaces: [INTERFACES.CGC_INPUT, INTERFACES.CGC_OUTPUT, ...SUBGRAPH_INTERFACES],
      features: [...profile.features], limits: { ...profile.limits },
    }),
    exchange(request) {
      if (request.interface === INTERFACES.CGC_SUBGRAPH_DECLARATION_REQUEST) return { interface: INTERFACES.CGC_SUBGRAPH_DECLARATION, text: declaration };
      const { definition } = readSpecializationRequest(request);
      const control = controlOf(definition, 'the subgraph');
      // The op's own operands and results are only copied (on the device) and its trip count and
      // condition read back: the regions' ops are what kernels must compute.
      const plans = planRegions(control, 'body', profile, options);
      return typeof plans === 'string' ? specializationAnswer(false, plans) : specializationAnswer(true);
    },
  };
}

/** The control ops of an isolated partition, in invoke order, with the partition bind point of each subgraph argument and result. */
function partitionControls(isolated: Operation, name: string): { control: Operation; symbol: string; points: readonly number[]; nArgs: number; def: Operation }[] {
  return partitionInvokes(isolated, name).map(({ callee, def, points }) => ({ control: controlOf(def, `@${callee}`), symbol: callee, def, nArgs: def.body().arguments.length, points }));
}

interface ControlRunner {
  run(bindings: readonly GPUBufferBinding[]): Promise<DeviceRun>;
  readonly kernels: readonly ExecutableKernel[];
  /** Partition bind points of the loop's results. */
  readonly writes: readonly number[];
  readonly symbol: string;
  /** The trip count's or the if's condition's bind point when nothing but the host reads it. */
  readonly hostRead?: number;
  destroy(): void;
}

async function loopExecutable(device: GPUDevice, isolated: Operation, name: string, cache: PipelineCache, options: KernelOptions): Promise<DeviceExecutable> {
  const profile = gpuProfile(device);
  const runners = await Promise.all(partitionControls(isolated, name).map(({ control, symbol, def, nArgs, points }) => {
    const defArgs = def.body().arguments;
    const returned = def.body().operations.at(-1)!.operands;
    const operandPoint = (i: number) => points[defArgs.indexOf(control.operands[i] as never)]!;
    // A result the subgraph does not hand out (nothing reads it) is not written.
    const resultPoints = control.results.map((r) => (returned.includes(r as never) ? points[nArgs + returned.indexOf(r as never)]! : undefined));
    const io: ControlIO = {
      operand: (bindings, i) => bindings[operandPoint(i)]!,
      result: (bindings, k) => (resultPoints[k] === undefined ? undefined : bindings[resultPoints[k]]),
      writes: resultPoints.filter((p) => p !== undefined),
      ...(control.operands.slice(1).includes(control.operands[0]!) ? {} : { hostRead: operandPoint(0) }),
    };
    return controlRunner(device, control, symbol, io, cache, profile, options, 'specialized');
  }));
  return {
    kind: 'device',
    name,
    kernels: runners.flatMap((r) => r.kernels),
    writes: runners.flatMap((r) => r.writes),
    writers: new Map(runners.flatMap((r) => r.writes.map((p) => [p, r.symbol] as const))),
    hostReads: runners.flatMap((r) => (r.hostRead === undefined ? [] : [r.hostRead])),
    async run(bindings) {
      let submits = 0;
      let dispatches = 0;
      for (const r of runners) {
        const done = await r.run(bindings);
        submits += done.submits;
        dispatches += done.dispatches;
      }
      return { submits, dispatches };
    },
    destroy() {
      for (const r of runners) r.destroy();
    },
  };
}

/** Where a control op's operands and results live in the binding array its run gets: a partition's bind points, or the slots of the region holding it. */
interface ControlIO {
  operand(bindings: readonly GPUBufferBinding[], i: number): GPUBufferBinding;
  result(bindings: readonly GPUBufferBinding[], k: number): GPUBufferBinding | undefined;
  /** Partition bind points of its results (a top-level loop's). */
  readonly writes: readonly number[];
  readonly hostRead?: number;
}

const whole = (b: GPUBuffer): GPUBufferBinding => ({ buffer: b, offset: 0, size: b.size });
const copy = (encoder: GPUCommandEncoder, from: GPUBufferBinding, to: GPUBufferBinding, bytes: number) =>
  encoder.copyBufferToBuffer(from.buffer, from.offset ?? 0, to.buffer, to.offset ?? 0, align4(bytes));

/** Reads each of `from` (8 bytes or fewer) back into its 8-byte row of `readback` (one submit, one map): the scalars a run decides by. */
async function readBack(device: GPUDevice, readback: GPUBuffer, encoder: GPUCommandEncoder, from: readonly GPUBufferBinding[]): Promise<Uint8Array> {
  from.forEach((b, i) => encoder.copyBufferToBuffer(b.buffer, b.offset ?? 0, readback, 8 * i, b.size!));
  device.queue.submit([encoder.finish()]);
  await readback.mapAsync(GPUMapMode.READ);
  const bytes = new Uint8Array(readback.getMappedRange()).slice();
  readback.unmap();
  return bytes;
}

type Runner = (
  device: GPUDevice, op: Operation, symbol: string, io: ControlIO, cache: PipelineCache, profile: GpuProfile, options: KernelOptions, tiers: KernelTiers,
) => Promise<ControlRunner>;

/** The runner of a loop or an if. */
const controlRunner: Runner = (device, op, ...rest) => (op.opName === 'if' ? ifRunner : loopRunner)(device, op, ...rest);

/** A region's steps: an executable of its kernels, or the runner of a nested control op reading and writing the region's slots. */
async function regionSteps(
  device: GPUDevice, plan: BodyPlan, label: string, symbol: string, cache: PipelineCache, profile: GpuProfile, options: KernelOptions, tiers: KernelTiers,
) {
  return Promise.all(plan.steps.map(async (step, i) => ('kernels' in step
    ? { exe: await executableOf(device, step.kernels, `${symbol} ${label} ${i}`, cache, tiers) }
    : { inner: await controlRunner(device, step.control, symbol, {
      operand: (slots, j) => slots[plan.slotOf(step.control.operands[j]!)]!,
      result: (slots, k) => slots[plan.slotOf(step.control.results[k]!)],
      writes: [],
    }, cache, profile, options, tiers) })));
}

type RegionSteps = Awaited<ReturnType<typeof regionSteps>>;

/** The kernels of a region's steps, nested control ops' included, as the executable lists them. */
const stepKernels = (steps: RegionSteps, symbol: string): ExecutableKernel[] =>
  steps.flatMap((s) => (s.exe ? s.exe.kernels.map((k) => ({ name: k.name, subgraph: symbol, writes: [] })) : s.inner!.kernels));

const destroySteps = (steps: RegionSteps): void => {
  for (const s of steps) (s.exe ?? s.inner)!.destroy();
};

/**
 * Records a region's steps on `slots` after what `encoder` holds: each stretch of kernels in a pass; a
 * nested loop or if after a submit of what came before, its own submits and read-backs, then a new
 * encoder. Returns the encoder to record on, and the submits and dispatches made.
 */
async function recordSteps(device: GPUDevice, steps: RegionSteps, slots: GPUBufferBinding[], encoder: GPUCommandEncoder, label: string): Promise<{ encoder: GPUCommandEncoder } & DeviceRun> {
  let submits = 0;
  let dispatches = 0;
  for (const step of steps) {
    if (step.exe) {
      const pass = encoder.beginComputePass({ label });
      step.exe.record(pass, slots);
      pass.end();
      dispatches += step.exe.kernels.length;
      continue;
    }
    device.queue.submit([encoder.finish()]);
    const ran = await step.inner!.run(slots);
    submits += 1 + ran.submits;
    dispatches += ran.dispatches;
    encoder = device.createCommandEncoder({ label });
  }
  return { encoder, submits, dispatches };
}

/** Buffers a runner owns, labelled `PREFIX.label symbol`, destroyed together. */
function ownedBuffers(device: GPUDevice, prefix: string, symbol: string) {
  const buffers: GPUBuffer[] = [];
  return {
    buffer(label: string, size: number, usage = GPUBufferUsage.STORAGE | GPUBufferUsage.COPY_DST | GPUBufferUsage.COPY_SRC, mappedAtCreation = false): GPUBuffer {
      const b = device.createBuffer({ label: `${prefix}.${label} ${symbol}`, size: align4(size), usage, mappedAtCreation });
      buffers.push(b);
      return b;
    },
    destroy(): void {
      for (const b of buffers) b.destroy();
    },
  };
}

const loopRunner: Runner = async (device, loop, symbol, io, cache, profile, options, tiers) => {
  const body = loop.regions[0]!.blocks[0]!;
  const plan = planBody(body, symbol, profile, options);
  if (typeof plan === 'string') throw new CgcError('unsupported', `@${symbol}: ${plan}`);
  const carried = (loop.attr('carried') as { value: number }).value;
  const yields = body.operations.at(-1)!.operands;
  const steps = await regionSteps(device, plan, 'body', symbol, cache, profile, options, tiers);
  const nested = steps.some((s) => s.inner);
  // The condition handed on unchanged (itself, or a view of it): no iteration can end the loop.
  const conditionFixed = plan.slotOf(yields[0]!) === 1;

  const { buffer, destroy: destroyBuffers } = ownedBuffers(device, 'Loop', symbol);
  // The body's values: the iteration number, the condition (true while it runs), two sets of carried
  // values, and one buffer per op result; captured values are the partition's own bindings.
  const iteration = buffer('iteration', 8);
  const condition = buffer('condition', 4, GPUBufferUsage.STORAGE, true);
  new Uint8Array(condition.getMappedRange()).set([1, 0, 0, 0]);
  condition.unmap();
  const sets = [0, 1].map((s) => body.arguments.slice(2, 2 + carried).map((a, k) => buffer(`carried${k}.${s}`, byteSize(a.type))));
  const results = new Map(plan.slots.slice(body.arguments.length).map((v, i) => [v, buffer(`value${i}`, byteSize(v.type))]));
  const table = buffer('iterations', 8 * ITERATIONS_PER_SUBMIT, GPUBufferUsage.COPY_SRC | GPUBufferUsage.COPY_DST);
  const readback = buffer('readback', 16, GPUBufferUsage.MAP_READ | GPUBufferUsage.COPY_DST);

  /** The slot bindings of an iteration reading carried set `s`, per partition binding array (made once each). */
  const slotSets = new WeakMap<readonly GPUBufferBinding[], GPUBufferBinding[][]>();
  const slotsFor = (bindings: readonly GPUBufferBinding[], s: number): GPUBufferBinding[] => {
    let both = slotSets.get(bindings);
    if (!both) {
      both = [0, 1].map((set) => plan.slots.map((v, i) => {
        if (i === 0) return whole(iteration);
        if (i === 1) return whole(condition);
        if (i < 2 + carried) return whole(sets[set]![i - 2]!);
        if (i < body.arguments.length) return io.operand(bindings, i);
        return whole(results.get(v)!);
      }));
      slotSets.set(bindings, both);
    }
    return both[s]!;
  };
  const readScalars = (encoder: GPUCommandEncoder, from: readonly GPUBufferBinding[]) => readBack(device, readback, encoder, from);
  const tooMany = () => new CgcError('runtime', `'cgc_op.loop' @${symbol} ran ${MAX_LOOP_ITERATIONS} iterations with its condition still true and its trip count not reached;`
    + ` every target stops a loop there (a model's loop that never ends would otherwise hold the page or process)`);

  return {
    symbol,
    kernels: stepKernels(steps, symbol),
    writes: io.writes,
    ...(io.hostRead === undefined ? {} : { hostRead: io.hostRead }),
    async run(bindings) {
      const slots = (s: number) => slotsFor(bindings, s);
      // The trip count (int64) and the first condition (a bool in a word), read back together.
      const [tripBinding, condBinding] = [io.operand(bindings, 0), io.operand(bindings, 1)];
      const first = await readScalars(device.createCommandEncoder({ label: 'Loop.start' }), [{ ...tripBinding, size: 8 }, { ...condBinding, size: 4 }]);
      let submits = 1;
      const trips = new BigInt64Array(first.buffer, 0, 1)[0]!;
      let going = first[8] !== 0;
      const limit = trips < 0n ? 0 : trips > BigInt(MAX_LOOP_ITERATIONS) ? MAX_LOOP_ITERATIONS + 1 : Number(trips);
      if (going && conditionFixed && limit > MAX_LOOP_ITERATIONS) throw tooMany();
      let encoder = device.createCommandEncoder({ label: `Loop ${symbol}` });
      // Carried values in, into set 0.
      for (let k = 0; k < carried; k++) copy(encoder, io.operand(bindings, 2 + k), whole(sets[0]![k]!), byteSize(body.arguments[2 + k]!.type));
      let set = 0;
      let done = 0;
      let dispatches = 0;
      /**
       * One iteration: its number from the table's `row`, the body's kernels (a nested loop between
       * them runs after a submit of what came before), the carried values out into the other set.
       */
      const iterate = async (row: number) => {
        encoder.copyBufferToBuffer(table, 8 * row, iteration, 0, 8);
        const ran = await recordSteps(device, steps, slots(set), encoder, `Loop ${symbol}`);
        ({ encoder } = ran);
        submits += ran.submits;
        dispatches += ran.dispatches;
        const from = slots(set);
        for (let k = 0; k < carried; k++) copy(encoder, from[plan.slotOf(yields[1 + k]!)]!, whole(sets[1 - set]![k]!), byteSize(body.arguments[2 + k]!.type));
        set = 1 - set;
      };
      while (going && done < limit) {
        if (!conditionFixed && done === MAX_LOOP_ITERATIONS) throw tooMany();
        // Iterations back to back, up to a submit's worth, where no read-back comes between them.
        const n = conditionFixed && !nested ? Math.min(ITERATIONS_PER_SUBMIT, limit - done) : 1;
        device.queue.writeBuffer(table, 0, BigInt64Array.from({ length: n }, (_, i) => BigInt(done + i)));
        for (let i = 0; i < n; i++) await iterate(i);
        done += n;
        if (conditionFixed) {
          device.queue.submit([encoder.finish()]);
        } else {
          // The condition the iteration computed (the set it read holds the yields' sources).
          const cond = slots(1 - set)[plan.slotOf(yields[0]!)]!;
          going = (await readScalars(encoder, [{ ...cond, size: 4 }]))[0] !== 0;
        }
        submits++;
        encoder = device.createCommandEncoder({ label: `Loop ${symbol}` });
      }
      // The last carried values out, into the loop's results.
      loop.results.forEach((r, k) => {
        const to = io.result(bindings, k);
        if (to) copy(encoder, whole(sets[set]![k]!), to, byteSize(r.type));
      });
      device.queue.submit([encoder.finish()]);
      return { submits: submits + 1, dispatches };
    },
    destroy() {
      destroySteps(steps);
      destroyBuffers();
    },
  };
};


/**
 * cgc_op.if: the condition read back (one round trip), then the taken region's kernels recorded on the
 * captured values, its results copied into the op's. Each region's values have buffers of their own.
 */
const ifRunner: Runner = async (device, op, symbol, io, cache, profile, options, tiers) => {
  const plans = planRegions(op, symbol, profile, options);
  if (typeof plans === 'string') throw new CgcError('unsupported', `@${symbol}: ${plans}`);
  const { buffer, destroy: destroyBuffers } = ownedBuffers(device, 'If', symbol);
  const readback = buffer('readback', 8, GPUBufferUsage.MAP_READ | GPUBufferUsage.COPY_DST);
  const branches = await Promise.all(plans.map(async (plan, r) => {
    const block = regionBlocks(op)[r]!;
    const label = regionLabel(op, r);
    const values = new Map(plan.slots.slice(block.arguments.length).map((v, i) => [v, buffer(`${label}.value${i}`, byteSize(v.type))]));
    /** The region's slot bindings per partition binding array (made once each): captured values are the op's operands. */
    const slotSets = new WeakMap<readonly GPUBufferBinding[], GPUBufferBinding[]>();
    const slotsFor = (bindings: readonly GPUBufferBinding[]): GPUBufferBinding[] => {
      let slots = slotSets.get(bindings);
      if (!slots) slotSets.set(bindings, (slots = plan.slots.map((v, i) => (i < block.arguments.length ? io.operand(bindings, 1 + i) : whole(values.get(v)!)))));
      return slots;
    };
    return { plan, slotsFor, yields: block.operations.at(-1)!.operands, steps: await regionSteps(device, plan, label, symbol, cache, profile, options, tiers) };
  }));
  return {
    symbol,
    kernels: branches.flatMap((b) => stepKernels(b.steps, symbol)),
    writes: io.writes,
    ...(io.hostRead === undefined ? {} : { hostRead: io.hostRead }),
    async run(bindings) {
      const cond = io.operand(bindings, 0);
      const taken = branches[(await readBack(device, readback, device.createCommandEncoder({ label: 'If.condition' }), [{ ...cond, size: 4 }]))[0] !== 0 ? 0 : 1]!;
      const slots = taken.slotsFor(bindings);
      const { encoder, submits, dispatches } = await recordSteps(device, taken.steps, slots, device.createCommandEncoder({ label: `If ${symbol}` }), `If ${symbol}`);
      op.results.forEach((r, k) => {
        const to = io.result(bindings, k);
        if (to) copy(encoder, slots[taken.plan.slotOf(taken.yields[k]!)]!, to, byteSize(r.type));
      });
      device.queue.submit([encoder.finish()]);
      // The condition's read-back, the branch's own submits, and the last one.
      return { submits: 1 + submits + 1, dispatches };
    },
    destroy() {
      for (const b of branches) destroySteps(b.steps);
      destroyBuffers();
    },
  };
};
