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
import {
  CGC_VERSION, INTERFACES, Operation, type Target, type TargetCapabilities, type Value, byteSize, functionType, stringAttr, typeAttr,
} from '../ir';
import type { DeviceExecutable, DeviceRun, ExecutableKernel, KernelTiers, PartitionDescription } from '../ir/target';
import type { Block } from '../ir/operation';
import { cloneOp } from '../ir/clone';
import { MAX_LOOP_ITERATIONS } from '../ir/limits';
import { SUBGRAPH_INTERFACES, readDocument, readSpecializationRequest, specializationAnswer } from '../ir/exchange';
import { ATTR, FUNCTIONAL_DEFINITION, RETURN } from '../ir/structural';
import { getOpDef } from '../ir/registry';
import type { KernelOptions, KernelSpec } from './kernel-plan';
import { PipelineCache, type PlannedKernel, boundKernels, executableOf, partitionInvokes } from './partition-executable';
import { DEFAULT_GPU_PROFILE, type GpuProfile, gpuProfile } from './limits';
import { fallbackKernels } from './target';

export const LOOP_TARGET = 'webgpu-loop';

/** Iterations recorded into one command buffer when no condition is read back between them. */
export const ITERATIONS_PER_SUBMIT = 256;

/** A definition holding `ops` (in order), the values they read from outside as arguments, returning the last one's results: what the kernel planners take. */
function opsDefinition(ops: readonly Operation[]): { def: Operation; inputs: Value[] } {
  const inside = new Set<Value>(ops.flatMap((o) => o.results));
  const inputs = [...new Set(ops.flatMap((o) => o.operands).filter((v) => !inside.has(v)))];
  const last = ops.at(-1)!;
  const def = new Operation(FUNCTIONAL_DEFINITION, [], [], new Map([
    [ATTR.symName, stringAttr(`${last.opName}Functional`)],
    [ATTR.functionType, typeAttr(functionType(inputs.map((v) => v.type), last.results.map((r) => r.type)))],
  ]));
  const block = def.addRegion().addBlock();
  const map = new Map<Value, Value>(inputs.map((v) => [v, block.addArgument(v.type, v.nameHint)]));
  let clone: Operation | undefined;
  for (const op of ops) {
    clone = cloneOp(op, map);
    op.results.forEach((r, i) => map.set(r, clone!.results[i]!));
    block.append(clone);
  }
  block.append(new Operation(RETURN, [...clone!.results], []));
  return { def, inputs };
}

/**
 * The ops from `body.operations[at]` that one kernel may compute: the op, then each next op that is
 * elementwise and reads the previous one's result as its only use (conv → relu, matmul → add → gelu),
 * as the fused target's epilogues and chains do. Views end it (they are not kernels).
 */
function fusedRun(ops: readonly Operation[], at: number, uses: ReadonlyMap<Value, number>): Operation[] {
  const run = [ops[at]!];
  for (let j = at + 1; j < ops.length; j++) {
    const head = run.at(-1)!;
    const next = ops[j]!;
    if (head.results.length !== 1 || uses.get(head.results[0]!) !== 1 || next.name === RETURN || next.regions.length || next.results.length !== 1) break;
    if (SAME_BYTES.has(next.opName) || !getOpDef(next.opName)?.traits.includes('elementwise') || !next.operands.includes(head.results[0]!)) break;
    run.push(next);
  }
  return run;
}

/** The ops this target runs: each region's ops are kernels the device records, the op itself drives them. */
const CONTROL_OPS: ReadonlySet<string> = new Set(['loop', 'if']);

/** The control op of a subgraph definition the declaration matched (the op alone), with its regions. */
function controlOf(def: Operation, what: string): Operation {
  const op = def.body().operations.find((o) => o.dialect === 'cgc_op' && CONTROL_OPS.has(o.opName));
  if (!op || !op.regions.length || op.regions.some((r) => !r.blocks[0])) throw new CgcError('runtime', `${what} holds no cgc_op.loop or cgc_op.if with its regions`);
  return op;
}

/** Each region's block of a control op: a loop's body, an if's then and else branches. */
const regionBlocks = (op: Operation): Block[] => op.regions.map((r) => r.blocks[0]!);

/** What a control op's region `r` is called: a loop's `body`, an if's `then` and `else`. */
const regionLabel = (op: Operation, r: number): string => (op.opName === 'if' ? (r ? 'else' : 'then') : 'body');

/** Plans every region of a control op: its plans, or why one cannot run on the GPU. */
function planRegions(op: Operation, symbol: string, profile: GpuProfile, options: KernelOptions): BodyPlan[] | string {
  const plans: BodyPlan[] = [];
  for (const [r, block] of regionBlocks(op).entries()) {
    const plan = planBody(block, symbol, profile, options);
    if (typeof plan === 'string') return op.opName === 'if' ? plan.replace(/^its body/, `its ${regionLabel(op, r)} region`) : plan;
    plans.push(plan);
  }
  return plans;
}

/** Ops whose result holds its operand's bytes as they are: in a body, the same buffer, no kernel. */
const SAME_BYTES: ReadonlySet<string> = new Set(['identity', 'reshape', 'flatten', 'squeeze', 'unsqueeze']);

/** A stretch of a body: kernels recorded in one pass, or a loop or if nested in the body, run between submits. */
type BodyStep = { readonly kernels: PlannedKernel[] } | { readonly control: Operation };

interface BodyPlan {
  /** Every kernel of the body (nested control ops' excluded), in order. */
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
  const uses = new Map<Value, number>();
  for (const op of body.operations) for (const v of op.operands) uses.set(v, (uses.get(v) ?? 0) + 1);
  const { operations } = body;
  /** Kernels for `group` bound to body slots, or why there are none. */
  const kernelsFor = (group: readonly Operation[]): PlannedKernel[] | string => {
    const { def, inputs } = opsDefinition(group);
    const kernels = fallbackKernels(def, profile, options);
    if (typeof kernels === 'string') return kernels;
    const last = group.at(-1)!;
    // Its results take the next slots (pushed once the group is chosen).
    const points = [...inputs.map(slotOf), ...last.results.map((_, k) => slots.length + k)];
    // Named after the first op's place in the body (the planners name each kernel under one placeholder).
    const at = operations.indexOf(group[0]!);
    const ops = group.length > 3 ? [group[0]!.opName, '…', group.at(-1)!.opName] : group.map((o) => o.opName);
    const name = `${symbol}.${ops.join('+')}${at}`;
    return boundKernels((kernels as KernelSpec[]).map((k, j, all) => ({ ...k, name: `${name}${all.length > 1 ? `.${j}` : ''}` })), points, symbol);
  };
  for (let i = 0; i < operations.length;) {
    const op = operations[i]!;
    if (op.name === RETURN) break;
    if (op.regions.length) {
      // A loop or if in the body: its own regions planned alike, run per outer iteration between submits.
      const inner = CONTROL_OPS.has(op.opName) && op.regions.every((r) => r.blocks[0]) ? planRegions(op, symbol, profile, options) : `${op.name} carries a region no GPU kernel runs`;
      if (typeof inner === 'string') return `its body holds a nested ${op.name}: ${inner}`;
      slots.push(...op.results);
      steps.push({ control: op });
      i++;
      continue;
    }
    if (SAME_BYTES.has(op.opName) && op.results[0]!.type.element === op.operands[0]!.type.element) {
      views.set(op.results[0]!, views.get(op.operands[0]!) ?? op.operands[0]!);
      i++;
      continue;
    }
    // The op with the elementwise ops after it in one kernel where the planner takes them; alone otherwise.
    const run = fusedRun(operations, i, uses);
    let group = run;
    let bound = run.length > 1 ? kernelsFor(run) : undefined;
    if (bound === undefined || typeof bound === 'string') {
      group = [op];
      bound = kernelsFor(group);
    }
    if (typeof bound === 'string') return `its body's ${op.name} cannot run on WebGPU: ${bound}`;
    // Only the group's last result has a buffer: the values inside it never leave the kernel.
    slots.push(...group.at(-1)!.results);
    planned.push(...bound);
    const last = steps.at(-1);
    if (last && 'kernels' in last) last.kernels.push(...bound);
    else steps.push({ kernels: [...bound] });
    i += group.length;
  }
  return { planned, steps, slots, slotOf };
}

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

  const buffers: GPUBuffer[] = [];
  const buffer = (label: string, size: number, usage = GPUBufferUsage.STORAGE | GPUBufferUsage.COPY_DST | GPUBufferUsage.COPY_SRC) => {
    const b = device.createBuffer({ label: `Loop.${label} ${symbol}`, size: align4(size), usage });
    buffers.push(b);
    return b;
  };
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
  const readScalars = (encoder: GPUCommandEncoder, from: readonly GPUBufferBinding[]) => readBack(device, readback, encoder, from);
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
};


/**
 * cgc_op.if: the condition read back (one round trip), then the taken region's kernels recorded on the
 * captured values, its results copied into the op's. Each region's values have buffers of their own.
 */
const ifRunner: Runner = async (device, op, symbol, io, cache, profile, options, tiers) => {
  const plans = planRegions(op, symbol, profile, options);
  if (typeof plans === 'string') throw new CgcError('unsupported', `@${symbol}: ${plans}`);
  const buffers: GPUBuffer[] = [];
  const buffer = (label: string, size: number, usage = GPUBufferUsage.STORAGE | GPUBufferUsage.COPY_DST | GPUBufferUsage.COPY_SRC) => {
    const b = device.createBuffer({ label: `If.${label} ${symbol}`, size: align4(size), usage });
    buffers.push(b);
    return b;
  };
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
    kernels: branches.flatMap((b) => b.steps.flatMap((s) => (s.exe ? s.exe.kernels.map((k) => ({ name: k.name, subgraph: symbol, writes: [] })) : s.inner!.kernels))),
    writes: io.writes,
    ...(io.hostRead === undefined ? {} : { hostRead: io.hostRead }),
    async run(bindings) {
      const cond = io.operand(bindings, 0);
      const taken = branches[(await readBack(device, readback, device.createCommandEncoder({ label: 'If.condition' }), [{ ...cond, size: 4 }]))[0] !== 0 ? 0 : 1]!;
      let submits = 1;
      let dispatches = 0;
      const slots = taken.slotsFor(bindings);
      let encoder = device.createCommandEncoder({ label: `If ${symbol}` });
      for (const step of taken.steps) {
        if (step.exe) {
          const pass = encoder.beginComputePass({ label: `If.branch ${symbol}` });
          step.exe.record(pass, slots);
          pass.end();
          dispatches += step.exe.kernels.length;
          continue;
        }
        device.queue.submit([encoder.finish()]);
        const ran = await step.inner!.run(slots);
        submits += 1 + ran.submits;
        dispatches += ran.dispatches;
        encoder = device.createCommandEncoder({ label: `If ${symbol}` });
      }
      op.results.forEach((r, k) => {
        const to = io.result(bindings, k);
        if (to) copy(encoder, slots[taken.plan.slotOf(taken.yields[k]!)]!, to, byteSize(r.type));
      });
      device.queue.submit([encoder.finish()]);
      return { submits: submits + 1, dispatches };
    },
    destroy() {
      for (const b of branches) for (const s of b.steps) (s.exe ?? s.inner)!.destroy();
      for (const b of buffers) b.destroy();
    },
  };
};
