// The `webgpu-loop` target: cgc_op.loop — ONNX's Loop whose trip count or condition is computed at
// run time — iterating on the GPU. Its body's ops become the per-op fallback's kernels, recorded once
// per iteration against device buffers that hold the body's values; the carried values ping-pong
// between two sets of buffers, copied on the device, and never leave it. A run reads back the trip
// count and the first condition (one round trip), then:
//  - a body that hands its condition on unchanged (a for loop, the form of test_loop11 and of most
//    exported scans) runs every iteration with no further round trip: the iterations are recorded
//    back to back, ITERATIONS_PER_SUBMIT to a submit, each taking its iteration number from a table;
//  - a body that computes its condition reads that one scalar back after each iteration.
// Either way every target stops a loop at MAX_LOOP_ITERATIONS. A loop nested in the body runs per
// outer iteration between submits, reading and writing the outer body's buffers (its trip count read
// back each time); a body op the per-op kernels cannot compute declines the loop: the CPU reference
// runs it.
import { CgcError, align4 } from '../core';
import {
  CGC_VERSION, INTERFACES, Operation, type Target, type TargetCapabilities, type Value, byteSize, functionType, stringAttr, typeAttr,
} from '../ir';
import type { DeviceExecutable, DeviceRun, ExecutableKernel, KernelTiers, PartitionDescription } from '../ir/target';
import type { Block } from '../ir/operation';
import { cloneOp } from '../ir/clone';
import { MAX_LOOP_ITERATIONS } from '../ir/limits';
import { SUBGRAPH_INTERFACES, readDocument, readSpecializationRequest, specializationAnswer } from '../ir/exchange';
import { ATTR, FUNCTIONAL_DEFINITION, RETURN } from '../ir/structural';
import type { KernelOptions, KernelSpec } from './kernel-plan';
import { PipelineCache, type PlannedKernel, boundKernels, executableOf, partitionInvokes } from './partition-executable';
import { DEFAULT_GPU_PROFILE, type GpuProfile, gpuProfile } from './limits';
import { fallbackKernels } from './target';

export const LOOP_TARGET = 'webgpu-loop';

/** Iterations recorded into one command buffer when no condition is read back between them. */
export const ITERATIONS_PER_SUBMIT = 256;

/** A definition holding `op` alone, its distinct operands as arguments: what the per-op fallback plans kernels for. */
function opDefinition(op: Operation): { def: Operation; inputs: Value[] } {
  const inputs = [...new Set(op.operands)];
  const def = new Operation(FUNCTIONAL_DEFINITION, [], [], new Map([
    [ATTR.symName, stringAttr(`${op.opName}Functional`)],
    [ATTR.functionType, typeAttr(functionType(inputs.map((v) => v.type), op.results.map((r) => r.type)))],
  ]));
  const block = def.addRegion().addBlock();
  const map = new Map<Value, Value>(inputs.map((v) => [v, block.addArgument(v.type, v.nameHint)]));
  const clone = cloneOp(op, map);
  block.append(clone);
  block.append(new Operation(RETURN, [...clone.results], []));
  return { def, inputs };
}

/** The loop op of a subgraph definition the declaration matched (the loop alone). */
function loopOf(def: Operation, what: string): Operation {
  const loop = def.body().operations.find((o) => o.name === 'cgc_op.loop');
  if (!loop?.regions[0]?.blocks[0]) throw new CgcError('runtime', `${what} holds no cgc_op.loop with a body`);
  return loop;
}

/** Ops whose result holds its operand's bytes as they are: in a body, the same buffer, no kernel. */
const SAME_BYTES: ReadonlySet<string> = new Set(['identity', 'reshape', 'flatten', 'squeeze', 'unsqueeze']);

/** A stretch of a body: kernels recorded in one pass, or a loop nested in the body, run between submits. */
type BodyStep = { readonly kernels: PlannedKernel[] } | { readonly loop: Operation };

interface BodyPlan {
  /** Every kernel of the body (nested loops' excluded), in order. */
  readonly planned: PlannedKernel[];
  readonly steps: BodyStep[];
  /** The values with buffers of their own: the body's arguments, then op results (those an op views excluded). */
  readonly slots: Value[];
  /** The slot that holds `v` (a view's: its operand's). */
  slotOf(v: Value): number;
}

/** Every body op's kernels, bound to body value slots (arguments, then each op's results), or why the body cannot run on the GPU. */
function planBody(body: Block, symbol: string, profile: GpuProfile, options: KernelOptions): BodyPlan | string {
  const slots: Value[] = [...body.arguments];
  const views = new Map<Value, Value>();
  const slotOf = (v: Value) => slots.indexOf(views.get(v) ?? v);
  const planned: PlannedKernel[] = [];
  const steps: BodyStep[] = [];
  for (const op of body.operations) {
    if (op.name === RETURN) break;
    if (op.regions.length) {
      // A loop in the body: its own body planned alike, run per outer iteration between submits.
      const inner = op.opName === 'loop' && op.regions[0]?.blocks[0] ? planBody(op.regions[0].blocks[0], symbol, profile, options) : `${op.name} carries a region no GPU kernel runs`;
      if (typeof inner === 'string') return `its body holds a nested ${op.name}: ${inner}`;
      slots.push(...op.results);
      steps.push({ loop: op });
      continue;
    }
    if (SAME_BYTES.has(op.opName) && op.results[0]!.type.element === op.operands[0]!.type.element) {
      views.set(op.results[0]!, views.get(op.operands[0]!) ?? op.operands[0]!);
      continue;
    }
    const { def, inputs } = opDefinition(op);
    const kernels = fallbackKernels(def, profile, options);
    if (typeof kernels === 'string') return `its body's ${op.name} cannot run on WebGPU: ${kernels}`;
    slots.push(...op.results);
    const points = [...inputs, ...op.results].map(slotOf);
    // Named after the op's place in the body (the fallback plans each under one placeholder name).
    const at = body.operations.indexOf(op);
    const named = (kernels as KernelSpec[]).map((k, j, all) => ({ ...k, name: `${symbol}.${op.opName}${at}${all.length > 1 ? `.${j}` : ''}` }));
    const bound = boundKernels(named, points, symbol);
    planned.push(...bound);
    const last = steps.at(-1);
    if (last && 'kernels' in last) last.kernels.push(...bound);
    else steps.push({ kernels: [...bound] });
  }
  return { planned, steps, slots, slotOf };
}

export function createWebGpuLoopTarget(profile: GpuProfile = DEFAULT_GPU_PROFILE, options: KernelOptions = {}): Target {
  const declaration = `cgc.module attributes {cgc.interface = "${INTERFACES.CGC_SUBGRAPH_DECLARATION}", cgc.version = "${CGC_VERSION}"} {
  // a loop whose trip count or condition is computed at run time  ⇒  its body's kernels, iterated on the GPU
  cgc_pattern.pattern @run_time_loop attributes {benefit = 1, nodes = [{ops = ["loop"]}]}
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
      for (const { loop, symbol } of partitionLoops(readDocument(partition, `partition @${name}`), name)) {
        const body = planBody(loop.regions[0]!.blocks[0]!, symbol, profile, options);
        if (typeof body === 'string') notes[symbol] = `no kernels for this device: ${body}`;
        else kernels.push(...body.planned.map((p) => ({ name: p.kernel.name, subgraph: symbol, wgsl: p.kernel.wgsl, workgroups: p.kernel.workgroups })));
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
      const loop = loopOf(definition, 'the subgraph');
      // The loop's own operands and results are only copied (on the device) and the trip count and
      // condition read back: the body's ops are what kernels must compute.
      const body = planBody(loop.regions[0]!.blocks[0]!, 'body', profile, options);
      return typeof body === 'string' ? specializationAnswer(false, body) : specializationAnswer(true);
    },
  };
}

/** The loops of an isolated partition, in invoke order, with the partition bind point of each subgraph argument and result. */
function partitionLoops(isolated: Operation, name: string): { loop: Operation; symbol: string; points: readonly number[]; nArgs: number; def: Operation }[] {
  return partitionInvokes(isolated, name).map(({ callee, def, points }) => ({ loop: loopOf(def, `@${callee}`), symbol: callee, def, nArgs: def.body().arguments.length, points }));
}

interface LoopRunner {
  run(bindings: readonly GPUBufferBinding[]): Promise<DeviceRun>;
  readonly kernels: readonly ExecutableKernel[];
  /** Partition bind points of the loop's results. */
  readonly writes: readonly number[];
  readonly symbol: string;
  /** The trip count's bind point when nothing but the host reads it. */
  readonly hostRead?: number;
  destroy(): void;
}

async function loopExecutable(device: GPUDevice, isolated: Operation, name: string, cache: PipelineCache, options: KernelOptions): Promise<DeviceExecutable> {
  const profile = gpuProfile(device);
  const runners = await Promise.all(partitionLoops(isolated, name).map(({ loop, symbol, def, nArgs, points }) => {
    const defArgs = def.body().arguments;
    const returned = def.body().operations.at(-1)!.operands;
    const operandPoint = (i: number) => points[defArgs.indexOf(loop.operands[i] as never)]!;
    // A result the subgraph does not hand out (nothing reads it) is not written.
    const resultPoints = loop.results.map((r) => (returned.includes(r as never) ? points[nArgs + returned.indexOf(r as never)]! : undefined));
    const io: LoopIO = {
      operand: (bindings, i) => bindings[operandPoint(i)]!,
      result: (bindings, k) => (resultPoints[k] === undefined ? undefined : bindings[resultPoints[k]]),
      writes: resultPoints.filter((p) => p !== undefined),
      ...(loop.operands.slice(1).includes(loop.operands[0]!) ? {} : { hostRead: operandPoint(0) }),
    };
    return loopRunner(device, loop, symbol, io, cache, profile, options, 'specialized');
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

/** Where a loop's operands and results live in the binding array its run gets: a partition's bind points, or the slots of the body holding it. */
interface LoopIO {
  operand(bindings: readonly GPUBufferBinding[], i: number): GPUBufferBinding;
  result(bindings: readonly GPUBufferBinding[], k: number): GPUBufferBinding | undefined;
  /** Partition bind points of its results (a top-level loop's). */
  readonly writes: readonly number[];
  readonly hostRead?: number;
}

async function loopRunner(
  device: GPUDevice, loop: Operation, symbol: string, io: LoopIO, cache: PipelineCache, profile: GpuProfile, options: KernelOptions, tiers: KernelTiers,
): Promise<LoopRunner> {
  const body = loop.regions[0]!.blocks[0]!;
  const plan = planBody(body, symbol, profile, options);
  if (typeof plan === 'string') throw new CgcError('unsupported', `@${symbol}: ${plan}`);
  const carried = (loop.attr('carried') as { value: number }).value;
  const yields = body.operations.at(-1)!.operands;
  // Each step of the body: an executable of its kernels, or the runner of a nested loop reading and writing this body's slots.
  const steps = await Promise.all(plan.steps.map(async (step, i) => ('kernels' in step
    ? { exe: await executableOf(device, step.kernels, `${symbol} body ${i}`, cache, tiers) }
    : { inner: await loopRunner(device, step.loop, symbol, {
      operand: (slots, j) => slots[plan.slotOf(step.loop.operands[j]!)]!,
      result: (slots, k) => slots[plan.slotOf(step.loop.results[k]!)],
      writes: [],
    }, cache, profile, options, tiers) })));
  const nested = steps.some((s) => s.inner);
  // The condition handed on unchanged (itself, or a view of it): no iteration can end the loop.
  const conditionFixed = plan.slotOf(yields[0]!) === 1;

  const buffers: GPUBuffer[] = [];
  const buffer = (label: string, size: number, usage = GPUBufferUsage.STORAGE | GPUBufferUsage.COPY_DST | GPUBufferUsage.COPY_SRC) => {
    const b = device.createBuffer({ label: `Loop.${label} ${symbol}`, size: align4(size), usage });
    buffers.push(b);
    return b;
  };
  const whole = (b: GPUBuffer): GPUBufferBinding => ({ buffer: b, offset: 0, size: b.size });
  // The body's values: the iteration number, the condition (true while it runs), two sets of carried
  // values, and one buffer per op result; captured values are the partition's own bindings.
  const iteration = buffer('iteration', 8);
  const condition = device.createBuffer({ label: `Loop.condition ${symbol}`, size: 4, usage: GPUBufferUsage.STORAGE, mappedAtCreation: true });
  new Uint8Array(condition.getMappedRange()).set([1, 0, 0, 0]);
  condition.unmap();
  buffers.push(condition);
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
  const copy = (encoder: GPUCommandEncoder, from: GPUBufferBinding, to: GPUBufferBinding, bytes: number) =>
    encoder.copyBufferToBuffer(from.buffer, from.offset ?? 0, to.buffer, to.offset ?? 0, align4(bytes));
  /** Reads each of `from` (8 bytes or fewer) back into its 8-byte row (one submit, one map): the scalars a run decides by. */
  const readScalars = async (encoder: GPUCommandEncoder, from: readonly GPUBufferBinding[]): Promise<Uint8Array> => {
    from.forEach((b, i) => encoder.copyBufferToBuffer(b.buffer, b.offset ?? 0, readback, 8 * i, b.size!));
    device.queue.submit([encoder.finish()]);
    await readback.mapAsync(GPUMapMode.READ);
    const bytes = new Uint8Array(readback.getMappedRange()).slice();
    readback.unmap();
    return bytes;
  };
  const tooMany = () => new CgcError('runtime', `'cgc_op.loop' @${symbol} ran ${MAX_LOOP_ITERATIONS} iterations with its condition still true and its trip count not reached;`
    + ` every target stops a loop there (a model's loop that never ends would otherwise hold the page or process)`);

  return {
    symbol,
    kernels: steps.flatMap((s) => (s.exe ? s.exe.kernels.map((k) => ({ name: k.name, subgraph: symbol, writes: [] })) : s.inner!.kernels)),
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
        for (const step of steps) {
          if (step.exe) {
            const pass = encoder.beginComputePass({ label: `Loop.body ${symbol}` });
            step.exe.record(pass, slots(set));
            pass.end();
            dispatches += step.exe.kernels.length;
            continue;
          }
          device.queue.submit([encoder.finish()]);
          const ran = await step.inner!.run(slots(set));
          submits += 1 + ran.submits;
          dispatches += ran.dispatches;
          encoder = device.createCommandEncoder({ label: `Loop ${symbol}` });
        }
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
      for (const s of steps) (s.exe ?? s.inner)!.destroy();
      for (const b of buffers) b.destroy();
    },
  };
}
