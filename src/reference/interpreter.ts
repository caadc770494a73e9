// The CPU reference interpreter: runs a cgc.entry_point of an Input IR module op by op on host
// tensors through the reference kernel table, and evaluates single ops for importers' constant
// folding. Every failure is an InterpreterError naming the place (file:line:col when known), op and rule.
import { CgcError } from '../core';
import type { Attribute } from '../ir/attributes';
import { IRError } from '../ir/diagnostics';
import type { Block, Operation, Region, Value } from '../ir/operation';
import { getOpDef, inferOp } from '../ir/registry';
import { CONSTANT, ENTRY_POINT, RETURN } from '../ir/structural';
import { trimResults } from '../ir/extents';
import { type ShapedType, numElements, shapeToString, tensorType, typeToString } from '../ir/types';
import './kernels';
import { getKernel, implement, KernelContext } from './registry';
import type { HostTensor } from '../core';

/** The largest result the reference allocates: 2^28 elements (1 GiB of float32). */
export const MAX_RESULT_ELEMENTS = 2 ** 28;

/** The most iterations the reference runs one cgc_op.loop for (2^20), as every target. */
export { MAX_LOOP_ITERATIONS } from '../ir/limits';
import { MAX_LOOP_ITERATIONS } from '../ir/limits';

export class InterpreterError extends CgcError {
  override name = 'InterpreterError';
  constructor(message: string) {
    super('runtime', message);
  }
}

const plain = (t: ShapedType): ShapedType => tensorType(t.shape, t.element);
const sameTensorType = (a: ShapedType, b: ShapedType): boolean =>
  a.element === b.element && a.shape.length === b.shape.length && a.shape.every((d, i) => d === b.shape[i]);

/**
 * Runs `cgc_op.<name>` (the dialect prefix is optional) on `inputs`: checks operands and attributes
 * against the declaration, infers the result types, refuses results past MAX_RESULT_ELEMENTS, runs
 * the kernel. `resultCount` is the number of results for ops whose count is not implied (split).
 */
export function evaluateOp(
  name: string,
  inputs: readonly HostTensor[],
  attrs: ReadonlyMap<string, Attribute> = new Map(),
  resultCount?: number,
  regions: readonly Region[] = [],
): HostTensor[] {
  const opName = name.startsWith('cgc_op.') ? name.slice('cgc_op.'.length) : name;
  const def = getOpDef(opName);
  if (!def) throw new InterpreterError(`unknown op 'cgc_op.${opName}'`);
  inputs.forEach((t, i) => {
    if (t.data.length !== numElements(t.type.shape)) {
      throw new InterpreterError(`'cgc_op.${def.name}' operand #${i} has ${t.data.length} elements but its type ${typeToString(t.type)} has ${numElements(t.type.shape)}`);
    }
  });
  const types = inputs.map((t) => plain(t.type));
  let results: ShapedType[];
  try {
    results = inferOp(def.name, types, attrs, resultCount);
  } catch (e) {
    if (e instanceof IRError) throw new InterpreterError(e.message);
    throw e;
  }
  for (const r of results) {
    if (numElements(r.shape) > MAX_RESULT_ELEMENTS) {
      throw new InterpreterError(`'cgc_op.${def.name}' result ${shapeToString(r.shape)} has ${numElements(r.shape)} elements,`
        + ` past the reference interpreter's limit of ${MAX_RESULT_ELEMENTS} (2^28)`);
    }
  }
  const kernel = getKernel(def.name);
  if (!kernel) throw new InterpreterError(`'cgc_op.${def.name}' has no reference implementation`);
  const outs = kernel([...inputs], new KernelContext(def, types, attrs, results, regions));
  outs.forEach((t, i) => {
    if (!results[i] || !sameTensorType(t.type, results[i]) || t.data.length !== numElements(t.type.shape)) {
      throw new Error(`reference kernel of 'cgc_op.${def.name}' returned ${typeToString(t.type)} for result #${i}, expected ${results[i] ? typeToString(results[i]) : 'nothing'}`);
    }
  });
  return outs;
}

/** Runs one cgc_op of a module on `inputs`, with its regions (cgc_op.loop's body, cgc_op.if's branches): what the interpreter and the CPU reference target's executable do. */
export function evaluateOperation(op: Operation, inputs: readonly HostTensor[]): HostTensor[] {
  return evaluateOp(op.opName, inputs, op.attributes, op.results.length, op.regions);
}

/**
 * cgc_op.loop: the body once per iteration while iteration < trip_count and the condition holds, the
 * carried values of one iteration the next one's; the captured values read by every iteration.
 */
implement('loop', (inputs, ctx) => {
  const body = ctx.regions[0]?.blocks[0];
  if (!body) throw new InterpreterError(`'cgc_op.loop' runs its body region; evaluated by name alone it has none`);
  const carried = ctx.int('carried');
  const trips = (inputs[0]!.data as BigInt64Array)[0]!;
  let condition = (inputs[1]!.data as Uint8Array)[0] !== 0;
  let state = inputs.slice(2, 2 + carried);
  const captured = inputs.slice(2 + carried);
  for (let i = 0n; i < trips && condition; i++) {
    if (i === BigInt(MAX_LOOP_ITERATIONS)) {
      throw new InterpreterError(`'cgc_op.loop' ran ${MAX_LOOP_ITERATIONS} iterations with its condition still true and its trip count not reached;`
        + ` the CPU reference stops a loop there (a model's loop that never ends would otherwise hold the page or process)`);
    }
    const iteration: HostTensor = { type: tensorType([], 'int64'), data: BigInt64Array.of(i) };
    const outs = runBlock(body, [iteration, { type: tensorType([], 'bool'), data: Uint8Array.of(1) }, ...state, ...captured], `'cgc_op.loop' body`);
    condition = (outs[0]!.data as Uint8Array)[0] !== 0;
    state = outs.slice(1);
  }
  return state.map((t, k) => ({ type: ctx.result(k), data: t.data.slice() }));
});

/** cgc_op.if: the then region (region 0) when the condition holds, the else region otherwise, on the captured values. */
implement('if', (inputs, ctx) => {
  const taken = (inputs[0]!.data as Uint8Array)[0] !== 0 ? 0 : 1;
  const branch = ctx.regions[taken]?.blocks[0];
  if (!branch) throw new InterpreterError(`'cgc_op.if' runs one of its two regions; evaluated by name alone it has none`);
  const outs = runBlock(branch, inputs.slice(1), `'cgc_op.if' ${taken ? 'else' : 'then'} region`);
  return outs.map((t, k) => ({ type: ctx.result(k), data: t.data.slice() }));
});

/** Runs a region's block (isolated from above) on its arguments; returns what its cgc.return gives. */
function runBlock(block: Block, args: readonly HostTensor[], label: string): HostTensor[] {
  const env = new Map<Value, HostTensor>();
  block.arguments.forEach((a, i) => env.set(a, args[i]!));
  for (const op of block.operations) {
    const ins = op.operands.map((v, i) => {
      const t = env.get(v);
      if (!t) throw new InterpreterError(`${where(op)}'${op.name}' operand #${i} has no value (defined outside the ${label}?)`);
      return t;
    });
    if (op.name === RETURN) return ins;
    if (op.dialect !== 'cgc_op') throw new InterpreterError(`${where(op)}'${op.name}' cannot appear in a ${label}`);
    const outs = evaluateOperation(op, ins);
    op.results.forEach((r, i) => env.set(r, outs[i]!));
  }
  throw new InterpreterError(`the ${label} has no cgc.return`);
}

/** `file:line:col: ` of an op parsed from text, for messages; empty otherwise. */
function where(op: Operation): string {
  return op.loc ? `${op.loc.file}:${op.loc.line}:${op.loc.col}: ` : '';
}

/** The entry point named `entry`, or the module's first. */
function findEntry(module: Operation, entry?: string): Operation {
  const entries = module.body().operations.filter((op) => op.name === ENTRY_POINT);
  const found = entry === undefined ? entries[0] : entries.find((op) => op.symbolName === entry);
  if (!found) {
    const names = entries.map((op) => `@${op.symbolName}`).join(', ') || 'none';
    throw new InterpreterError(entry === undefined ? 'the module has no cgc.entry_point'
      : `the module has no entry point @${entry} (it has: ${names})`);
  }
  return found;
}

/** Called with each op result the interpreter computes, in execution order (a numeric diff's reference values). */
export type ValueObserver = (value: Value, tensor: HostTensor) => void;

/**
 * Runs entry point `entry` (default: the first) of `module` on `inputs` (positional, or by argument
 * name without `%`), taking each `cgc.constant("name")` from `constants`. Returns the results of its
 * `cgc.return`, in order; `observe` sees every intermediate value too.
 */
export function runEntryPoint(
  module: Operation,
  inputs: ReadonlyMap<string, HostTensor> | readonly HostTensor[],
  constants: (name: string) => HostTensor | undefined,
  entry?: string,
  observe?: ValueObserver,
): HostTensor[] {
  const fn = findEntry(module, entry);
  const body = fn.body();
  const label = `entry point @${fn.symbolName}`;
  const env = new Map<Value, HostTensor>();
  const args = body.arguments;
  if (Array.isArray(inputs)) {
    if (inputs.length !== args.length) throw new InterpreterError(`${label} takes ${args.length} inputs, got ${inputs.length}`);
  } else {
    const names = new Set(args.map((a, i) => a.nameHint ?? `${i}`));
    const unknown = [...(inputs as ReadonlyMap<string, HostTensor>).keys()].filter((k) => !names.has(k));
    if (unknown.length) throw new InterpreterError(`${label} has no argument named ${unknown.map((k) => `%${k}`).join(', ')} (it has: ${[...names].map((k) => `%${k}`).join(', ')})`);
  }
  args.forEach((arg, i) => {
    const name = arg.nameHint ?? `${i}`;
    const t = Array.isArray(inputs) ? (inputs as readonly HostTensor[])[i] : (inputs as ReadonlyMap<string, HostTensor>).get(name);
    if (!t) throw new InterpreterError(`${label} input #${i} (%${name}) is missing`);
    if (!sameTensorType(t.type, arg.type)) {
      throw new InterpreterError(`${label} input #${i} (%${name}) must be ${typeToString(plain(arg.type))}, got ${typeToString(plain(t.type))}`);
    }
    env.set(arg, t);
  });
  const get = (op: Operation, v: Value, i: number): HostTensor => {
    const t = env.get(v);
    if (!t) throw new InterpreterError(`${where(op)}'${op.name}' operand #${i} has no value (defined outside ${label}?)`);
    return t;
  };
  for (const op of body.operations) {
    if (op.name === CONSTANT) {
      const attr = op.attr('name');
      const name = attr?.kind === 'string' ? attr.value : '';
      const t = constants(name);
      const want = op.results[0]!.type;
      if (!t) throw new InterpreterError(`${where(op)}cgc.constant("${name}"): no constant named "${name}" was given`);
      if (!sameTensorType(t.type, want)) {
        throw new InterpreterError(`${where(op)}cgc.constant("${name}") is declared ${typeToString(plain(want))} but the given tensor is ${typeToString(plain(t.type))}`);
      }
      env.set(op.results[0]!, t);
    } else if (op.name === RETURN) {
      return trimResults(fn, op.operands.map((v, i) => get(op, v, i)));
    } else if (op.dialect === 'cgc_op') {
      const ins = op.operands.map((v, i) => get(op, v, i));
      let outs: HostTensor[];
      try {
        outs = evaluateOperation(op, ins);
      } catch (e) {
        if (e instanceof Error) e.message = `${where(op)}${e.message}`;
        throw e;
      }
      op.results.forEach((r, i) => {
        if (!outs[i] || !sameTensorType(outs[i].type, r.type)) {
          throw new InterpreterError(`${where(op)}'${op.name}' result #${i} is declared ${typeToString(plain(r.type))} but evaluates to ${outs[i] ? typeToString(outs[i].type) : 'nothing'}`);
        }
        env.set(r, outs[i]);
        observe?.(r, outs[i]);
      });
    } else {
      throw new InterpreterError(`${where(op)}'${op.name}' cannot appear in ${label}`);
    }
  }
  throw new InterpreterError(`${label} has no cgc.return`);
}
