// Control flow: If, Loop, Scan, lowered at import into the one dataflow graph (docs/compiler.md,
// "Control flow"). If with a condition known at compile time is its branch; with a run-time one,
// both branches and a cgc_op.where per output when they are small, one cgc_op.if otherwise. Loop and Scan with a trip count known at compile time
// are unrolled: the body mapped once per iteration, the carried values threaded through. A Loop whose
// trip count or condition is computed at run time is one cgc_op.loop with the body as its region.
// Every op emitted for a node records where it came from in `cgc.region`: `["If i"]` for the
// selects, `["If i", "then_branch"]` inside a branch, `["Loop l", "iteration 3"]` inside an iteration.
import { numElements, type ShapedType, tensorType } from '../../../ir/types';
import { Block, type OpResult, Operation, type Value } from '../../../ir/operation';
import { RETURN } from '../../../ir/structural';
import { type HostTensor, allocTensor } from '../../../core';
import { type MapperTable, type NodeCtx, type Produced, isHost } from './context';
import { OnnxImportError } from './errors';
import { scalarTensor, toNumbers } from './host';

/** Iterations one Loop or Scan may unroll into; past it the importer refuses, naming the count. */
export const MAX_UNROLLED_ITERATIONS = 4096;

const typeText = (t: ShapedType): string => `${t.shape.join('x') || 'scalar'} ${t.element}`;
const sameType = (a: ShapedType, b: ShapedType): boolean =>
  a.element === b.element && a.shape.length === b.shape.length && a.shape.every((d, i) => d === b.shape[i]);

/** A one-element condition as a scalar, so that it broadcasts against any branch output. */
function scalarCondition(n: NodeCtx, cond: Produced, what: string): Produced {
  if (numElements(cond.type.shape) !== 1) n.fail(`${what} must hold one value, got shape [${cond.type.shape.join(', ')}]`);
  if (cond.type.element !== 'bool') n.fail(`${what} must be bool, got ${cond.type.element}`);
  return cond.type.shape.length === 0 ? cond : n.emit('reshape', [cond], { shape: [] });
}

/**
 * Branches under a run-time condition that together compute at most this many ops, of at most
 * SELECT_MAX_ELEMENTS result elements in all, both run, and a `where` per output picks: cheaper than
 * the round trip that reading the condition back costs (docs/compiler.md, "Control flow"). Larger
 * ones are one cgc_op.if, which runs the taken branch only.
 */
export const SELECT_MAX_OPS = 16;
export const SELECT_MAX_ELEMENTS = 1 << 16;

/** A branch under a run-time condition, mapped into a block of its own: it must build for these shapes even if it is never taken. */
function runTimeBranch(n: NodeCtx, name: 'then_branch' | 'else_branch'): { block: Block; outputs: Produced[] } {
  const block = new Block();
  try {
    const outputs = n.g.inBlock(block, () => n.inRegion(name, () => n.subgraph(name, [])));
    return { block, outputs };
  } catch (e) {
    if (e instanceof OnnxImportError) {
      e.message = `${e.message} — the If's condition is computed at run time, so both branches are compiled for the`
        + ` given shapes; give shapes that fit both branches, or the inputs the condition depends on as constants`;
    }
    throw e;
  }
}

/** Ops that hold their operand's bytes as they are: no work, not counted against SELECT_MAX_OPS. */
const VIEWS: ReadonlySet<string> = new Set(['cgc_op.reshape', 'cgc_op.identity', 'cgc_op.squeeze', 'cgc_op.unsqueeze', 'cgc_op.flatten']);

/** Whether two branches are small enough to run both and select (SELECT_MAX_OPS, SELECT_MAX_ELEMENTS). */
function selectPays(blocks: readonly Block[]): boolean {
  const ops = blocks.flatMap((b) => b.operations.filter((o) => !VIEWS.has(o.name)));
  const elements = ops.reduce((sum, o) => sum + o.results.reduce((s, r) => s + numElements(r.type.shape), 0), 0);
  return ops.length <= SELECT_MAX_OPS && elements <= SELECT_MAX_ELEMENTS && ops.every((o) => !o.regions.length);
}

function ifOp(n: NodeCtx): Produced[] {
  const cond = scalarCondition(n, n.input(0), `input 'cond'`);
  // cond known at compile time (a constant, or folded from shapes) ⇒ the taken branch, nothing else
  if (isHost(cond)) {
    const taken = toNumbers(cond)[0] ? 'then_branch' : 'else_branch';
    return n.inRegion(taken, () => n.subgraph(taken, []));
  }
  const thenBranch = runTimeBranch(n, 'then_branch');
  const elseBranch = runTimeBranch(n, 'else_branch');
  const [thenOut, elseOut] = [thenBranch.outputs, elseBranch.outputs];
  if (thenOut.length !== elseOut.length) n.fail(`then_branch has ${thenOut.length} outputs and else_branch ${elseOut.length}`);
  thenOut.forEach((t, i) => {
    const e = elseOut[i]!;
    if (!sameType(t.type, e.type)) {
      n.fail(`output #${i} is ${typeText(t.type)} in then_branch and ${typeText(e.type)} in else_branch; with a condition computed at run`
        + ' time both branches must give one type (static shapes)');
    }
    if ((!isHost(t) && n.g.extents.has(t)) || (!isHost(e) && n.g.extents.has(e))) {
      n.fail(`output #${i} has a length known only at run time (docs/dynamic-shapes.md); with a condition computed at run time each output keeps one type`);
    }
  });
  // small branches ⇒ both run, then where(cond, then, else) per output (the select form)
  if (selectPays([thenBranch.block, elseBranch.block])) {
    for (const op of [...thenBranch.block.operations, ...elseBranch.block.operations]) n.g.block.append(op);
    return thenOut.map((t, i) => (t === elseOut[i] ? t : n.emit('where', [cond, t, elseOut[i]!])));
  }
  // larger ones ⇒ one cgc_op.if: the condition read, the taken branch run (the readback form)
  const label = n.node.output[0] || 'if';
  [thenBranch, elseBranch].forEach(({ block, outputs }, b) => {
    block.append(new Operation(RETURN, outputs.map((v, k) => n.g.materialize(v, `${label}.${b ? 'else' : 'then'}_out${k}`)), []));
  });
  // Both regions take the same captured values: what either reads from outside, in one order.
  const captured = captureOuterValues([thenBranch.block, elseBranch.block]);
  const ifOp = (n.emitN('if', [cond, ...captured], { result_types: thenOut.map((t) => tensorType(t.type.shape, t.type.element)) }, false)[0] as OpResult).owner;
  for (const { block } of [thenBranch, elseBranch]) {
    const region = ifOp.addRegion();
    region.blocks.push(block);
    block.parent = region;
  }
  return ifOp.results;
}

/** Per-iteration values as one tensor, stacked along a new `axis` (negative counts from the end of the result). */
function stack(n: NodeCtx, parts: readonly Produced[], axis: number, what: string): Produced {
  const first = parts[0]!.type;
  parts.forEach((p, i) => {
    if (!sameType(p.type, first)) n.fail(`${what} is ${typeText(first)} at iteration 0 but ${typeText(p.type)} at iteration ${i}; stacked outputs need one type`);
  });
  const a = n.axis(axis, first.shape.length + 1, `the axis of ${what}`);
  const shape = [...first.shape.slice(0, a), 1, ...first.shape.slice(a)];
  const rows = parts.map((p) => n.emit('reshape', [p], { shape }));
  return n.emit('concat', rows, { axis: a });
}

/** x[…, i, …] along `axis`, that axis removed. */
function sliceAt(n: NodeCtx, x: Produced, axis: number, i: number): Produced {
  const row = n.emit('slice', [x], { starts: [i], ends: [i + 1], axes: [axis] });
  return n.emit('reshape', [row], { shape: x.type.shape.filter((_, k) => k !== axis) });
}

/** Refuses a loop past the unroll limit, or one whose copies so far pass the module's op limit (nested loops multiply). */
function checkIterations(n: NodeCtx, count: number): void {
  if (count > MAX_UNROLLED_ITERATIONS) {
    n.fail(`runs ${count} iterations; loops are unrolled at compile time, up to ${MAX_UNROLLED_ITERATIONS} iterations`);
  }
  const ops = n.g.block.operations.length;
  if (ops > n.g.maxOps) n.fail(`unrolled to ${ops} ops by iteration ${count - 1}, past the module's op limit of ${n.g.maxOps} (--max-ops)`);
}

function loop(n: NodeCtx): Produced[] {
  const body = n.attrGraph('body');
  const carriedCount = n.inputCount - 2;
  const scanCount = body.output.length - 1 - carriedCount;
  if (carriedCount < 0 || scanCount < 0) n.fail(`the body has ${body.output.length} outputs for ${Math.max(carriedCount, 0)} loop-carried values; it needs 1 + carried + scan outputs`);
  if (!n.has(0) && !n.has(1)) n.fail(`has neither a trip count 'M' nor a condition 'cond'; it would never end`);
  // a trip count or a first condition computed at run time ⇒ one cgc_op.loop, run per iteration
  if ((n.has(0) && !n.isConst(0)) || (n.has(1) && !isHost(n.input(1)))) return runTimeLoop(n, carriedCount, scanCount);
  const trips = n.has(0) ? n.constScalar(0, 'M') : undefined;
  if (trips !== undefined) checkIterations(n, trips);
  let cond: Produced | undefined = n.has(1) ? scalarCondition(n, n.input(1), `input 'cond'`) : undefined;
  let carried = Array.from({ length: carriedCount }, (_, k) => n.input(k + 2));
  const scans: Produced[][] = Array.from({ length: scanCount }, () => []);
  for (let i = 0; trips === undefined || i < trips; i++) {
    if (cond !== undefined) {
      if (!isHost(cond)) {
        n.fail(`its condition is computed at run time by iteration ${i - 1}, after a constant first condition; input 'cond' must be a constant at each iteration`
          + ' (a loop with a constant trip count and first condition is unrolled at compile time)');
      }
      if (!toNumbers(cond)[0]) break;
    }
    checkIterations(n, i + 1);
    const outs = n.inRegion(`iteration ${i}`, () => n.subgraph('body', [scalarTensor('int64', i), cond ?? scalarTensor('bool', 1), ...carried]));
    // without a 'cond' input the loop is a plain for loop: the body's condition output is ignored
    if (cond !== undefined) cond = scalarCondition(n, outs[0]!, `the body's condition output`);
    carried = outs.slice(1, 1 + carriedCount);
    outs.slice(1 + carriedCount).forEach((v, k) => scans[k]!.push(v));
  }
  return [...carried, ...scans.map((parts, k) => {
    if (!parts.length) n.fail(`scan output #${k} has no iteration to take its shape from (the loop runs 0 times)`);
    return stack(n, parts, 0, `scan output #${k}`);
  })];
}

/** ONNX's Loop without a trip count runs until its condition is false: int64's largest count stands for "no limit". */
const NO_TRIP_LIMIT: HostTensor = { type: tensorType([], 'int64'), data: BigInt64Array.of(2n ** 63n - 1n) };
const ALWAYS: HostTensor = { type: tensorType([], 'bool'), data: Uint8Array.of(1) };

/**
 * A Loop whose trip count or first condition is computed at run time: one cgc_op.loop whose region is
 * the body, mapped once. The body is isolated from above: every value it reads from outside (an
 * outer-scope name, a constant) becomes a captured operand and a block argument. Carried values keep
 * their type from iteration to iteration. A scan output, whose length is the iteration count, is a
 * bounded result (docs/dynamic-shapes.md): carried as a [bound, …] tensor whose row i the body writes
 * at iteration i, with the iteration count carried beside it as its count.
 */
function runTimeLoop(n: NodeCtx, carriedCount: number, scanCount: number): Produced[] {
  const both = `its trip count or condition is computed at run time, so it runs per iteration`;
  if (!carriedCount && !scanCount) n.fail(`has no outputs; ${both} and would compute nothing`);
  let trips: Produced = NO_TRIP_LIMIT;
  if (n.has(0)) {
    const m = n.input(0);
    if (m.type.element !== 'int64' || numElements(m.type.shape) !== 1) n.fail(`input 'M' must be one int64, got ${typeText(m.type)}`);
    trips = m.type.shape.length === 0 ? m : n.emit('reshape', [m], { shape: [] });
  }
  const bounds = Array.from({ length: scanCount }, (_, k) => scanBound(n, trips, carriedCount + k, both));
  const cond = n.has(1) ? scalarCondition(n, n.input(1), `input 'cond'`) : ALWAYS;
  const initial = Array.from({ length: carriedCount }, (_, k) => n.input(k + 2));
  const block = new Block();
  const iteration = block.addArgument(tensorType([], 'int64'), n.g.hint('iteration'));
  const condIn = block.addArgument(tensorType([], 'bool'), n.g.hint('condition'));
  const carriedIn = initial.map((v, k) => block.addArgument(tensorType(v.type.shape, v.type.element), n.g.hint(`carried${k}`)));
  const { results, rows } = n.g.inBlock(block, () => {
    const outs = n.subgraph('body', [iteration, condIn, ...carriedIn]);
    // without a 'cond' input the loop is a plain for loop: the body's condition output is ignored
    const next = n.has(1) ? scalarCondition(n, outs[0]!, `the body's condition output`) : condIn;
    const carriedOut = outs.slice(1, 1 + carriedCount).map((v, k) => {
      if (!sameType(v.type, carriedIn[k]!.type)) {
        n.fail(`loop-carried value #${k} is ${typeText(carriedIn[k]!.type)} going in but ${typeText(v.type)} out of the body; ${both}, so each carried value keeps one type`);
      }
      return v;
    });
    const scanned = outs.slice(1 + carriedCount);
    for (const v of [...carriedOut, ...scanned]) {
      if (!isHost(v) && n.g.extents.has(v)) n.fail(`a body output has a length known only at run time (docs/dynamic-shapes.md); ${both}, so each output keeps one type`);
    }
    if (!scanned.length) return { results: [next, ...carriedOut], rows: [] };
    // scan output k: row `iteration` of a [bound, …] tensor; the count: iteration + 1 (from the
    // iteration, not the carried count plus one: the same value, and one whose range is known, so
    // GPU kernels may compute it in 32 bits)
    block.addArgument(tensorType([], 'int64'), n.g.hint('count'));
    const one: HostTensor = { type: tensorType([], 'int64'), data: BigInt64Array.of(1n) };
    const scans = scanned.map((v, k) => {
      const bound = bounds[k]!;
      const acc = block.addArgument(tensorType([bound, ...v.type.shape], v.type.element), n.g.hint(`scan${k}`));
      const positions: HostTensor = { type: tensorType([bound], 'int64'), data: BigInt64Array.from({ length: bound }, (_, r) => BigInt(r)) };
      const mask = n.emit('reshape', [n.emit('equal', [positions, iteration])], { shape: [bound, ...v.type.shape.map(() => 1)] });
      return { acc, out: n.emit('where', [mask, n.emit('reshape', [v], { shape: [1, ...v.type.shape] }), acc]) };
    });
    return { results: [next, ...carriedOut, n.emit('add', [iteration, one]), ...scans.map((sc) => sc.out)], rows: scans.map((sc) => sc.acc.type) };
  });
  block.append(new Operation(RETURN, results.map((v, k) => n.g.materialize(v, `${n.node.output[0] || 'loop'}.body_out${k}`)), []));
  const captured = captureOuterValues([block]);
  // the count starts at 0 and each scan output at zeros: rows past the count stay 0
  const zeros = rows.map((t): HostTensor => ({ type: t, data: allocTensor(t.shape, t.element).data }));
  const start = rows.length ? [{ type: tensorType([], 'int64'), data: BigInt64Array.of(0n) } as HostTensor, ...zeros] : [];
  const loopOp = (n.emitN('loop', [trips, cond, ...initial, ...start, ...captured], { carried: carriedCount + start.length }, false)[0] as OpResult).owner;
  loopOp.addRegion().blocks.push(block);
  block.parent = loopOp.regions[0];
  const [carried, count, scans] = [loopOp.results.slice(0, carriedCount), loopOp.results[carriedCount], loopOp.results.slice(carriedCount + 1)];
  for (const s of scans) n.g.extents.set(s, { count: count!, axis: 0 });
  return [...carried, ...scans];
}

/**
 * The bound of scan output `output` of a run-time loop: the smaller of the trip count, when it is a
 * constant (PyTorch's while loops give int64's largest), and the length the graph declares for the
 * output; with neither the loop is refused.
 */
function scanBound(n: NodeCtx, trips: Produced, output: number, both: string): number {
  const name = n.node.output[output] ?? '';
  const known = [...(isHost(trips) && trips !== NO_TRIP_LIMIT ? [toNumbers(trips)[0]!] : []), ...[n.g.declared.get(name)?.[0]].filter((d) => d !== undefined)];
  if (known.length) return Math.max(1, Math.min(...known));
  return n.fail(`scan output '${name}' has a length that is the iteration count; ${both}, and neither a constant trip count nor a length the graph declares`
    + ` for '${name}' bounds it (docs/dynamic-shapes.md): declare its length in the model, or each of inputs 'M' and 'cond' must be a constant to unroll it`);
}

/**
 * Makes `blocks` isolated from above: each value their ops read from outside becomes a new argument of
 * every block, in one order (an If's two regions take the same captured values); returns those values.
 */
function captureOuterValues(blocks: readonly Block[]): Value[] {
  const local = new Set<Value>(blocks.flatMap((b) => [...b.arguments, ...b.operations.flatMap((op) => op.results)]));
  const outer = new Set<Value>();
  for (const op of blocks.flatMap((b) => b.operations)) for (const v of op.operands) if (!local.has(v)) outer.add(v);
  for (const block of blocks) {
    const args = new Map<Value, Value>([...outer].map((v) => [v, block.addArgument(tensorType(v.type.shape, v.type.element), v.nameHint)]));
    for (const op of block.operations) op.operands = op.operands.map((v) => args.get(v) ?? v);
  }
  return [...outer];
}

interface ScanAxes {
  readonly inputAxes: readonly number[];
  readonly inputReversed: readonly boolean[];
  readonly outputAxes: readonly number[];
  readonly outputReversed: readonly boolean[];
}

/** One scan over the sequence axis: the body per step, state threaded, scan outputs stacked. */
function scanSequence(n: NodeCtx, state: readonly Produced[], inputs: readonly Produced[], axes: ScanAxes): Produced[] {
  const bodyOutputs = n.attrGraph('body').output.length;
  const outCount = bodyOutputs - state.length;
  if (outCount < 0) n.fail(`the body has ${bodyOutputs} outputs for ${state.length} state values`);
  const lengths = inputs.map((x, j) => x.type.shape[n.axis(axes.inputAxes[j]!, x.type.shape.length, `scan input #${j}'s axis`)]!);
  const steps = lengths[0] ?? 0;
  if (lengths.some((l) => l !== steps)) n.fail(`the scan inputs have different sequence lengths [${lengths.join(', ')}]`);
  checkIterations(n, steps);
  let carried = [...state];
  const scans: Produced[][] = Array.from({ length: outCount }, () => []);
  for (let t = 0; t < steps; t++) {
    // a step's slices of the scan inputs belong to its iteration
    const outs = n.inRegion(`iteration ${t}`, () => {
      const slices = inputs.map((x, j) => {
        const axis = n.axis(axes.inputAxes[j]!, x.type.shape.length);
        return sliceAt(n, x, axis, axes.inputReversed[j] ? steps - 1 - t : t);
      });
      return n.subgraph('body', [...carried, ...slices]);
    });
    carried = outs.slice(0, state.length);
    outs.slice(state.length).forEach((v, k) => scans[k]!.push(v));
  }
  return [...carried, ...scans.map((parts, k) => {
    if (!parts.length) n.fail(`scan output #${k} has no step to take its shape from (the sequence is empty)`);
    return stack(n, axes.outputReversed[k] ? [...parts].reverse() : parts, axes.outputAxes[k]!, `scan output #${k}`);
  })];
}

function scan(n: NodeCtx): Produced[] {
  const k = n.attrInt('num_scan_inputs');
  const outCount = n.attrGraph('body').output.length;
  if (n.opset >= 9) {
    const stateCount = n.inputCount - k;
    if (stateCount < 0) n.fail(`num_scan_inputs is ${k} but the node has ${n.inputCount} inputs`);
    const scanOuts = outCount - stateCount;
    const inputs = Array.from({ length: n.inputCount }, (_, i) => n.input(i));
    const flags = (name: string, count: number): boolean[] => {
      const v = n.attrInts(name, new Array<number>(count).fill(0));
      if (v.length !== count) n.fail(`attribute '${name}' has ${v.length} entries for ${count} values`);
      return v.map((d) => d !== 0);
    };
    const ints = (name: string, count: number): number[] => {
      const v = n.attrInts(name, new Array<number>(count).fill(0));
      if (v.length !== count) n.fail(`attribute '${name}' has ${v.length} entries for ${count} values`);
      return v;
    };
    return scanSequence(n, inputs.slice(0, stateCount), inputs.slice(stateCount), {
      inputAxes: ints('scan_input_axes', k), inputReversed: flags('scan_input_directions', k),
      outputAxes: ints('scan_output_axes', Math.max(scanOuts, 0)), outputReversed: flags('scan_output_directions', Math.max(scanOuts, 0)),
    });
  }
  // opset 8: input 0 is sequence_lens; every input has a batch axis 0 and scan inputs a sequence axis 1
  if (n.has(0)) n.fail(`input 'sequence_lens' is not supported (every sequence runs its full length); leave it empty`);
  const stateCount = n.inputCount - 1 - k;
  if (stateCount < 0) n.fail(`num_scan_inputs is ${k} but the node has ${n.inputCount} inputs`);
  const inputs = Array.from({ length: n.inputCount - 1 }, (_, i) => n.input(i + 1));
  const batch = inputs[0]?.type.shape[0] ?? 0;
  if (inputs.some((x) => x.type.shape[0] !== batch)) n.fail('the inputs have different batch sizes (axis 0)');
  const directions = n.attrInts('directions', new Array<number>(k).fill(0)).map((d) => d !== 0);
  const scanOuts = Math.max(outCount - stateCount, 0);
  const perBatch: Produced[][] = [];
  for (let b = 0; b < batch; b++) {
    perBatch.push(n.inRegion(`batch ${b}`, () => {
      const rows = inputs.map((x) => sliceAt(n, x, 0, b));
      return scanSequence(n, rows.slice(0, stateCount), rows.slice(stateCount), {
        inputAxes: new Array<number>(k).fill(0), inputReversed: directions,
        outputAxes: new Array<number>(scanOuts).fill(0), outputReversed: new Array<boolean>(scanOuts).fill(false),
      });
    }));
  }
  if (!batch) n.fail('the batch (axis 0) is empty');
  return Array.from({ length: outCount }, (_, o) => stack(n, perBatch.map((outs) => outs[o]!), 0, `output #${o}`));
}

/** The node's ops, all under its own level of the region path (`If i`, `Loop l`, `Scan s`). */
const region = (mapper: (n: NodeCtx) => Produced[]) => (n: NodeCtx): Produced[] => n.inRegion(n.regionName, () => mapper(n));

export const CONTROL: MapperTable = { If: region(ifOp), Loop: region(loop), Scan: region(scan) };

