// Planning the regions of a run-time control op (cgc_op.loop's body, cgc_op.if's branches) for the
// `webgpu-loop` target, without a device: each region op's kernels from the per-op fallback (an op and
// the elementwise ops after it that read only its result as one kernel), bound to slots — the region's
// arguments, then the results of the ops that need a buffer (a reshape is a view of its operand's) —
// and the loops and ifs nested in it, which run between submits. A region op no kernel computes makes
// the whole op decline, with the reason.
import { Operation, type Value, functionType, stringAttr, typeAttr } from '../ir';
import type { Block } from '../ir/operation';
import { cloneOp } from '../ir/clone';
import { CgcError } from '../core';
import { ATTR, FUNCTIONAL_DEFINITION, RETURN } from '../ir/structural';
import { getOpDef } from '../ir/registry';
import type { KernelOptions, KernelSpec } from './kernel-plan';
import { type PlannedKernel, boundKernels } from './partition-executable';
import type { GpuProfile } from './limits';
import { fallbackKernels } from './target';

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

/** The ops `webgpu-loop` runs: each region's ops are kernels the device records, the op itself drives them. */
const CONTROL_OPS: ReadonlySet<string> = new Set(['loop', 'if']);

/** The control op of a subgraph definition the declaration matched (the op alone), with its regions. */
export function controlOf(def: Operation, what: string): Operation {
  const op = def.body().operations.find((o) => o.dialect === 'cgc_op' && CONTROL_OPS.has(o.opName));
  if (!op || !op.regions.length || op.regions.some((r) => !r.blocks[0])) throw new CgcError('runtime', `${what} holds no cgc_op.loop or cgc_op.if with its regions`);
  return op;
}

/** Each region's block of a control op: a loop's body, an if's then and else branches. */
export const regionBlocks = (op: Operation): Block[] => op.regions.map((r) => r.blocks[0]!);

/** What a control op's region `r` is called: a loop's `body`, an if's `then` and `else`. */
export const regionLabel = (op: Operation, r: number): string => (op.opName === 'if' ? (r ? 'else' : 'then') : 'body');

/** Plans every region of a control op: its plans, or why one cannot run on the GPU. */
export function planRegions(op: Operation, symbol: string, profile: GpuProfile, options: KernelOptions): BodyPlan[] | string {
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

export interface BodyPlan {
  /** Every kernel of the body (nested control ops' excluded), in order. */
  readonly planned: PlannedKernel[];
  readonly steps: BodyStep[];
  /** The values with buffers of their own: the body's arguments, then op results (those an op views excluded). */
  readonly slots: Value[];
  /** The slot that holds `v` (a view's: its operand's). */
  slotOf(v: Value): number;
}

/** Every body op's kernels, bound to body value slots (arguments, then each op's results), or why the body cannot run on the GPU. */
export function planBody(body: Block, symbol: string, profile: GpuProfile, options: KernelOptions): BodyPlan | string {
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
