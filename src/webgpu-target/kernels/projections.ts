// Projections of one value as one GEMM (a @projections subgraph: q, k and v, each with its bias):
// matmuls reading one A, and as B consecutive column ranges of one argument (their weights
// concatenated when the model was opened)  ⇒  one tiled GEMM over all the columns, whose store writes
// each range through its own epilogue to its own result. One dispatch reads A once where three did.
import { type Operation, type Value, sameShape, shapeToString } from '../../ir';
import { type KernelBuilder, KernelDecline, Scope, bindingDecls, convert, flatOffset, outputDecl, outputType, threadKernel } from '../wgsl/builder';
import { size } from '../wgsl/params';
import type { SplitK } from '../../core';
import { type ForcedTile, chooseTile, gemmMain } from './gemm-core';
import { gemvMain } from './gemv-core';
import { type GeneratedKernel, type GemmProblem, gemmProblemOf, heavyOps, innermostAxis } from './gemm-kernel';
import { ctxOf, normAxis } from './helpers';

/** A product's B as columns [start, end) of the 2-D argument `source`, all of its rows. */
interface ColumnRange {
  readonly op: Operation;
  readonly source: Value;
  readonly start: number;
  readonly end: number;
}

/**
 * The kernels writing every result of a subgraph whose results (`outs`, at bindings `outBinding`, …)
 * each hang off one of two or more matmuls, or undefined where they do not; throws KernelDecline
 * where such matmuls cannot be one product (another A, B not consecutive column ranges of one
 * value). One kernel, or with split-K two: the slices' partial products of the whole product into
 * the workspace, then one thread per element summing them and writing through its range.
 */
export function projectionKernels(
  b: KernelBuilder, outs: readonly Value[], outBinding: number, name: string, makeBuilder: () => KernelBuilder,
  workgroupStorage?: number, forced?: ForcedTile, splitK?: SplitK,
): GeneratedKernel[] | undefined {
  const anchorOf = anchorsOf(b, outs);
  if (!anchorOf) return undefined;
  const anchors = [...new Set(anchorOf)];
  const a = anchors[0]!.operands[0]!;
  if (anchors.some((op) => op.operands[0] !== a)) throw new KernelDecline('the products of a @projections subgraph read different A operands');
  if (anchors.some((op) => op.operands.concat(op.results).some((v) => v.type.element !== 'float32'))) {
    throw new KernelDecline('the products of a @projections subgraph are float32 ones only');
  }
  const found = anchors.map((op) => columnRange(b, op));
  const ranges = found.filter((r): r is ColumnRange => r !== undefined).sort((x, y) => x.start - y.start);
  const first = ranges[0]!;
  if (ranges.length < found.length || ranges.some((r, i) => r.source !== first.source || (i > 0 && r.start !== ranges[i - 1]!.end))) {
    throw new KernelDecline('the products of a @projections subgraph do not read consecutive column ranges of one weight as B');
  }
  const base = gemmProblemOf(b, first.op);
  if (!base) return undefined;
  if (base.batch !== 1) throw new KernelDecline('the products of a @projections subgraph are a batch of products, not one');
  const w = first.source;
  const width = ranges.at(-1)!.end - first.start;
  const column = (n: string) => (first.start ? `(${n} + ${first.start}i)` : n);
  const problem: GemmProblem = {
    ...base,
    N: width,
    bAlongK: innermostAxis(b, w) === 0,
    readB: (scope, _batch, k, n) => convert(b.value(w, [k, column(n)], scope), 'f32'),
  };
  const decls = (builder: KernelBuilder) => [bindingDecls(builder, outs[0]!, outBinding), ...outs.slice(1).map((o, r) => outputDecl(o, outBinding + 1 + r))].join('\n');
  const header = `// ${name}: ${outs.map((o) => shapeToString(o.type.shape)).join(', ')} through one cgc_op.matmul of ${width} columns`;
  const write = rangeWriter(b, base, outs, outBinding, ranges, anchorOf);
  const gemv = forced || problem.M !== 1 ? undefined : gemvMain(problem, { readA: problem.readA, readB: problem.readB, write });
  if (gemv) return [{ wgsl: `${header}\n${decls(b)}\n${gemv.code}`, workgroups: gemv.workgroups }];
  const tile = chooseTile(problem, workgroupStorage, forced, splitK);
  const elements = problem.M * width;
  const main = gemmMain(problem, {
    readA: problem.readA,
    readB: problem.readB,
    write: tile.splits === 1 ? write : (scope, _batch, m, n, acc) => scope.emit(`workspace[split * ${size(elements)} + ${m} * ${size(width)} + ${n}] = ${acc};`),
  }, tile);
  if (!main) throw new KernelDecline(`one product of ${problem.M}×${width} has no tiled kernel within the dispatch limits`);
  if (tile.splits === 1) return [{ wgsl: `${header}\n${decls(b)}\n${main.code}`, workgroups: main.workgroups }];
  const wsDecl = `@group(0) @binding(${outBinding + outs.length}) var<storage, read_write> workspace: array<f32>;`;
  const bytes = tile.splits * elements * 4;
  // The sum, in a fresh builder: each element of the whole product from its slices, then through its range.
  const sb = makeBuilder();
  const sum = new Scope('  ');
  sum.emit(`let s_m = idx / ${size(width)};`);
  sum.emit(`let s_n = idx % ${size(width)};`);
  sum.emit('var s_acc = 0.0f;');
  sum.emit(`for (var s = 0i; s < ${size(tile.splits)}; s++) { s_acc += workspace[s * ${size(elements)} + idx]; }`);
  rangeWriter(sb, gemmProblemOf(sb, first.op)!, outs, outBinding, ranges, anchorOf)(sum, '0i', 's_m', 's_n', 's_acc');
  const reduce = threadKernel(`${header} (sum of ${tile.splits} K slices)\n${decls(sb)}\n${wsDecl}`, elements, sum);
  return [{ wgsl: `${header}\n${decls(b)}\n${wsDecl}\n${main.code}`, workgroups: main.workgroups, workspace: bytes }, { ...reduce, workspace: bytes }];
}

/** The matmul each result hangs off (through elementwise ops and views, its shape), where each hangs off one and there are two or more. */
function anchorsOf(b: KernelBuilder, outs: readonly Value[]): Operation[] | undefined {
  const anchorOf = outs.map((out) => {
    const heavy = [...heavyOps(b, out)];
    const op = heavy.length === 1 && heavy[0]!.opName === 'matmul' ? heavy[0]! : undefined;
    return op && out.type.element === 'float32' && sameShape(out.type.shape, op.results[0]!.type.shape) ? op : undefined;
  });
  if (anchorOf.some((op) => !op) || new Set(anchorOf).size < 2) return undefined;
  return anchorOf as Operation[];
}

/**
 * The store of element (batch, m, n) of the whole product, from `acc`: in the range holding column n,
 * its anchor's value (the accumulator, finished as `base`, the first range's problem, finishes it)
 * through the epilogue to each result hanging off it.
 */
function rangeWriter(
  b: KernelBuilder, base: GemmProblem, outs: readonly Value[], outBinding: number, ranges: readonly ColumnRange[], anchorOf: readonly Operation[],
): (scope: Scope, batch: string, m: string, n: string, acc: string) => void {
  const from = ranges[0]!.start;
  return (scope, batch, m, n, acc) => {
    ranges.forEach(({ op, start, end }, i) => {
      const inner = scope.child();
      const local = b.fresh('n');
      inner.emit(`let ${local} = ${n} - ${start - from}i;`);
      const coords = base.outCoords(batch, m, local).map((c) => {
        const v = b.fresh('v');
        inner.emit(`let ${v} = ${c};`);
        return v;
      });
      const accumulator = b.fresh('acc');
      inner.emit(`let ${accumulator} = ${acc};`);
      b.override(op, (_b, _op, at, s) => base.finish(accumulator, at, s));
      outs.forEach((out, r) => {
        if (anchorOf[r] !== op) return;
        const v = b.value(out, coords, inner);
        inner.emit(`out${outBinding + r}[${flatOffset(coords, out.type.shape)}] = ${convert(v, outputType(out))};`);
      });
      scope.emit(i === 0 ? `if (${n} < ${end - from}i) {` : i === ranges.length - 1 ? '} else {' : `} else if (${n} < ${end - from}i) {`);
      scope.lines.push(...inner.lines);
    });
    scope.emit('}');
  };
}

/** `op`'s B as a column range of a 2-D value from outside the subgraph: a slice inside it along axis 1 only, step 1. */
function columnRange(b: KernelBuilder, op: Operation): ColumnRange | undefined {
  const slice = op.operands[1]!.definingOp;
  if (!slice || !b.inside.has(slice) || slice.opName !== 'slice') return undefined;
  const source = slice.operands[0]!;
  const shape = source.type.shape;
  const rows = slice.results[0]!.type.shape;
  if (shape.length !== 2 || rows[0] !== shape[0] || (source.definingOp && b.inside.has(source.definingOp))) return undefined;
  const ctx = ctxOf(slice);
  const axes = (slice.attributes.has('axes') ? ctx.ints('axes') : [0, 1]).map((x) => normAxis(x, 2));
  const starts = ctx.ints('starts');
  const steps = slice.attributes.has('steps') ? ctx.ints('steps') : axes.map(() => 1);
  if (steps.some((s) => s !== 1)) return undefined;
  const startOf = (axis: number) => {
    const k = axes.indexOf(axis);
    if (k < 0) return 0;
    const s = starts[k]!;
    return Math.min(Math.max(s < 0 ? s + shape[axis]! : s, 0), shape[axis]!);
  };
  if (startOf(0) !== 0) return undefined;
  const start = startOf(1);
  return { op, source, start, end: start + rows[1]! };
}
