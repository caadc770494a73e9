// Control flow: If, Loop, Scan, lowered at import into the one dataflow graph (docs/compiler.md,
// "Control flow"). If with a condition known at compile time is its branch; with a run-time one,
// both branches and a cgc_op.where per output. Loop and Scan with a trip count known at compile time
// are unrolled: the body mapped once per iteration, the carried values threaded through. Every op
// emitted for a node records where it came from in `cgc.region`: `["If i"]` for the selects,
// `["If i", "then_branch"]` inside a branch, `["Loop l", "iteration 3"]` inside an iteration.
import { numElements, type ShapedType } from '../../../ir/types';
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

/** A branch under a run-time condition: it must build for these shapes even if it is never taken. */
function runTimeBranch(n: NodeCtx, name: 'then_branch' | 'else_branch'): Produced[] {
  try {
    return n.inRegion(name, () => n.subgraph(name, []));
  } catch (e) {
    if (e instanceof OnnxImportError) {
      e.message = `${e.message} — the If's condition is computed at run time, so both branches are compiled for the`
        + ` given shapes; give shapes that fit both branches, or the inputs the condition depends on as constants`;
    }
    throw e;
  }
}

function ifOp(n: NodeCtx): Produced[] {
  const cond = scalarCondition(n, n.input(0), `input 'cond'`);
  // cond known at compile time (a constant, or folded from shapes) ⇒ the taken branch, nothing else
  if (isHost(cond)) {
    const taken = toNumbers(cond)[0] ? 'then_branch' : 'else_branch';
    return n.inRegion(taken, () => n.subgraph(taken, []));
  }
  // cond computed at run time ⇒ both branches, then where(cond, then, else) per output
  const thenOut = runTimeBranch(n, 'then_branch');
  const elseOut = runTimeBranch(n, 'else_branch');
  if (thenOut.length !== elseOut.length) n.fail(`then_branch has ${thenOut.length} outputs and else_branch ${elseOut.length}`);
  return thenOut.map((t, i) => {
    const e = elseOut[i]!;
    if (!sameType(t.type, e.type)) {
      n.fail(`output #${i} is ${typeText(t.type)} in then_branch and ${typeText(e.type)} in else_branch; with a condition computed at run`
        + ' time both branches must give one type (static shapes)');
    }
    return t === e ? t : n.emit('where', [cond, t, e]);
  });
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
  const trips = n.has(0) ? n.constScalar(0, 'M') : undefined;
  if (trips !== undefined) checkIterations(n, trips);
  let cond: Produced | undefined = n.has(1) ? scalarCondition(n, n.input(1), `input 'cond'`) : undefined;
  if (trips === undefined && cond === undefined) n.fail(`has neither a trip count 'M' nor a condition 'cond'; it would never end`);
  let carried = Array.from({ length: carriedCount }, (_, k) => n.input(k + 2));
  const scans: Produced[][] = Array.from({ length: scanCount }, () => []);
  for (let i = 0; trips === undefined || i < trips; i++) {
    if (cond !== undefined) {
      if (!isHost(cond)) {
        n.fail(`its condition is computed at run time${i ? ` (by iteration ${i - 1})` : ''}; input 'cond' must be a constant at each iteration`
          + ' (loops run unrolled, with their trip count known at compile time)');
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

