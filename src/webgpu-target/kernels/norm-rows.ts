// A layer normalization with the values before it that the graph also reads, in one row kernel: one
// workgroup per row computes the row through the ops before the normalization into workgroup memory,
// writes each value the graph reads before the normalization (a residual stream), and normalizes the
// row there. Two subgraphs take it:
// - @product_norm: a product, its bias and residual adds, then the normalization (a transformer's
//   projection back into its residual stream, then the next block's normalization): the tiled GEMM
//   writes its K slices' partial products, and the row kernel sums them through the adds. That is the
//   dispatch of the sum a product that splits K takes anyway, so the normalization's own kernel, and its
//   read of the row from memory, are gone. A product that does not split K is declined (its own kernel
//   stores through its chain: two kernels either way).
// - @residual_norm: an add, its operands read through views (Swin's window reverse and reverse shift),
//   then the normalization, the sum also read elsewhere: one kernel where the add had its own.
import { type Operation, type Value, numElements, shapeToString } from '../../ir';
import { type KernelBuilder, KernelDecline, Scope, bindingDecls, convert, flatOffset, literal, outputDecl, outputType } from '../wgsl/builder';
import { size } from '../wgsl/params';
import type { SplitK } from '../../core';
import { type ForcedTile, chooseTile, gemmMain } from './gemm-core';
import { type GeneratedKernel, gemmProblemOf, heavyOps, opsFeeding, readSliceSums, unflatten } from './gemm-kernel';
import { GENERIC_ROW_THREADS } from './row-kernel';
import { ctxOf, normAxis, workgroupSums } from './helpers';

/** Threads of the row kernel: a power of two near a quarter of the row, from 32 to 256 (a first tier's: GENERIC_ROW_THREADS). */
const threadsForRow = (n: number) => Math.min(256, Math.max(32, 2 ** Math.ceil(Math.log2(Math.max(1, n / 4)))));

/**
 * The kernels writing every result (`outs`, at bindings `outBinding`, …) of a subgraph holding one
 * layer normalization of a value computed by elementwise ops and views from one matmul or gemm, or
 * (with two results or more) from the subgraph's arguments alone; undefined where the subgraph has
 * another shape. Throws KernelDecline where it has this shape but the kernels cannot take it (a
 * normalization over more than the last axis, a product of one row or that does not split K).
 * `makeBuilder(inside)` makes a builder computing the ops `inside` (all of the subgraph's unless given).
 */
export function normRowKernels(
  makeBuilder: (inside?: ReadonlySet<Operation>) => KernelBuilder, outs: readonly Value[], outBinding: number, name: string,
  workgroupStorage = 16_384, forced?: ForcedTile, splitK?: SplitK,
): GeneratedKernel[] | undefined {
  const b = makeBuilder();
  const norms = [...b.inside].filter((op) => op.opName === 'layer_normalization');
  if (norms.length !== 1) return undefined;
  const ln = norms[0]!;
  const x = ln.operands[0]!;
  const fromX = heavyOps(b, x);
  const anchor = [...fromX][0];
  if (fromX.size > 1 || (anchor && anchor.opName !== 'matmul' && anchor.opName !== 'gemm')) return undefined;
  // A single result without a product is the row kernel's (kernels/row-kernel.ts).
  if (!anchor && outs.length < 2) return undefined;
  if (outs.some((out) => [...heavyOps(b, out)].some((op) => op !== anchor && op !== ln))) return undefined;
  const decline = (why: string): never => {
    throw new KernelDecline(`the layer normalization of ${anchor ? 'a product\'s result' : 'a value the graph also reads'} takes ${why}`);
  };
  const xShape = x.type.shape;
  const rank = xShape.length;
  const N = xShape[rank - 1]!;
  const elements = numElements(xShape);
  const rows = elements / N;
  if (normAxis(ctxOf(ln).int('axis'), rank) !== rank - 1) decline('no normalization over more than the last axis');
  if ([ln, ...(anchor ? [anchor] : [])].some((op) => [...op.operands, ...op.results].some((v) => v.type.element !== 'float32'))) decline('float32 operands only');
  // Every result is rows of N in the normalized value's order (adds that broadcast nothing to it,
  // reshapes keeping rows of N): row r of each is row r of the normalized value (and of the product).
  for (const v of [...(anchor ? anchor.results : []), ...outs]) {
    if (numElements(v.type.shape) !== elements || v.type.shape.at(-1) !== N) decline(`no result of another size or row than the normalized value (${shapeToString(v.type.shape)} beside ${shapeToString(xShape)})`);
  }
  outs.forEach((out) => outputType(out));
  if (rows > 65535 * 65535) decline(`no more than 65535² rows (${rows})`);
  // A first-tier kernel (KernelBuilder.generic) keeps no row in workgroup memory: its code depends on
  // no extent, so the layers of one structure share its pipeline whatever their rows.
  const threads = b.generic ? GENERIC_ROW_THREADS : threadsForRow(N);
  if (!b.generic && 4 * (N + threads) > workgroupStorage) decline(`no rows of ${N} elements: ${4 * (N + threads)} bytes of workgroup memory, past ${workgroupStorage}`);
  const header = `// ${name}: ${outs.map((o) => shapeToString(o.type.shape)).join(', ')} through ${anchor ? `cgc_op.${anchor.opName} and ` : ''}cgc_op.layer_normalization`;
  if (!anchor) {
    const row = normalizedRows(makeBuilder(), ln, outs, outBinding, threads, rows);
    return [{ wgsl: `${header} (${rows} rows, normalized)\n${row.decls}\n${row.code}`, workgroups: rowGrid(rows) }];
  }
  const anchorShape = anchor.results[0]!.type.shape;

  // The product alone, its operands read through their views: ops the anchor is computed from.
  const gb = makeBuilder(new Set([anchor, ...opsFeeding(b, anchor.operands)]));
  const problem = gemmProblemOf(gb, anchor);
  if (!problem) return undefined;
  if (problem.M === 1 || problem.N === 1) decline('no matrix-vector product (it keeps its own kernel, the normalization another)');

  const wsBinding = outBinding + outs.length;
  const tile = chooseTile(problem, workgroupStorage, forced, splitK);
  // Unsplit, the product's own kernel stores through its chain: two kernels either way, and the
  // normalization's own kernel also takes an elementwise chain after it that reads the residual stream.
  // A first-tier kernel never splits K (QUICK_KERNELS): there its one slice goes through the workspace.
  if (tile.splits === 1 && !b.generic) decline(`no product whose K is not split (${problem.batch}×[${problem.M}×${problem.K}]·[${problem.K}×${problem.N}] in one slice: as many dispatches as its own kernel and the normalization's)`);
  /**
   * Product element (batch, m, n)'s offset in the anchor's result: row-major over (batch, m, n) where
   * the columns run along N (one expression of sizes, so the first tier's layers of any shape share
   * the kernel), else through its coordinates, each bound to a name in `scope`.
   */
  const offset = (scope: Scope, batch: string, m: string, n: string) => (problem.runsAlongN
    ? `(${batch} * ${size(problem.M)} + ${m}) * ${size(problem.N)} + ${n}`
    : flatOffset(problem.outCoords(batch, m, n).map((c) => {
      const v = gb.fresh('v');
      scope.emit(`let ${v} = ${c};`);
      return v;
    }), anchorShape));
  const main = gemmMain(problem, {
    readA: problem.readA,
    readB: problem.readB,
    write: (scope, batch, m, n, acc) => scope.emit(`workspace[split * ${size(elements)} + ${offset(scope, batch, m, n)}] = ${acc};`),
    // Runs of 4 columns as one vec4 where they are 4 consecutive words.
    ...(problem.runsAlongN ? {
      writeRun: (scope: Scope, batch: string, m: string, n: string, acc: string) => scope.emit(`workspace4[(split * ${size(elements)} + ${offset(scope, batch, m, n)}) >> 2u] = ${acc};`),
    } : {}),
  }, tile);
  if (!main) decline(`no product of ${problem.batch}×[${problem.M}×${problem.K}]·[${problem.K}×${N}] past the dispatch limits`);
  const wsDecl = (vec: boolean) => `@group(0) @binding(${wsBinding}) var<storage, read_write> ${vec ? 'workspace4: array<vec4<f32>>' : 'workspace: array<f32>'};`;
  const gemm = `${header} (the product's ${tile.splits} K slices)\n${bindingDecls(gb, outs[0]!, outBinding)}\n${wsDecl(main!.runStores)}\n${main!.code}`;

  // The row kernel, in a builder of every op: the anchor returns the sum of its slices, finished.
  const rb = makeBuilder();
  readSliceSums(rb, anchor, tile.splits);
  const row = normalizedRows(rb, ln, outs, outBinding, threads, rows);
  const sum = `${header} (the sum of ${tile.splits} K slices, normalized by rows)\n${row.decls}\n${wsDecl(false)}\n${row.code}`;
  const bytes = tile.splits * elements * 4;
  return [{ wgsl: gemm, workgroups: main!.workgroups, workspace: bytes }, { wgsl: sum, workgroups: rowGrid(rows), workspace: bytes }];
}

/** One workgroup per row: up to 65535 along x, then further rows along y. */
const rowGrid = (rows: number): [number, number, number] => [Math.min(rows, 65535), Math.ceil(rows / 65535), 1];

/**
 * The row kernel's declarations and code: one workgroup of `threads` per row of `ln`'s input, each
 * thread over every `threads`-th column — its value (through the ops before the normalization) into
 * `row_x`, the results not computed from the normalization stored, the row's sum; the mean, then the
 * variance about it from `row_x`; then the results computed from the normalization stored.
 */
function normalizedRows(rb: KernelBuilder, ln: Operation, outs: readonly Value[], outBinding: number, threads: number, rows: number): { decls: string; code: string } {
  const x = ln.operands[0]!;
  const xShape = x.type.shape;
  const rank = xShape.length;
  const N = xShape[rank - 1]!;
  // The row is kept in workgroup memory; a first-tier kernel computes it again in each pass instead.
  const kept = !rb.generic;
  /** The row's value at `at`, emitted into `scope`. */
  const xAt = (at: readonly string[], scope: Scope) => (kept ? `row_x[${at[rank - 1]}]` : convert(rb.value(x, at, scope), 'f32'));
  // The normalization reads the row from workgroup memory (a product's problem made it a prologue: replaced).
  const [, scale, bias] = ln.operands;
  rb.override(ln, (_b, _op, at, scope) => {
    let e = `(${xAt(at, scope)} - mean) * rstd * ${convert(rb.valueBroadcast(scale!, at, xShape, scope), 'f32')}`;
    if (bias) e = `${e} + ${convert(rb.valueBroadcast(bias, at, xShape, scope), 'f32')}`;
    return { expr: `(${e})`, type: 'f32' };
  });
  const normalized = new Set(outs.filter((out) => heavyOps(rb, out).has(ln)));
  /** A pass over the row's columns (this thread's: every `threads`-th); `at(shape)` the coordinates there of a value of `shape`. */
  const pass = (body: (scope: Scope, at: (shape: readonly number[]) => string[]) => void) => {
    const scope = new Scope('    ');
    body(scope, (shape) => [...unflatten('r_row', shape.slice(0, -1), rb.generic ? 'generic' : true), 'r_n']);
    return [`  for (var r_n = i32(lidx); r_n < ${size(N)}; r_n += ${threads}i) {`, ...scope.lines, '  }'].join('\n');
  };
  const store = (scope: Scope, at: (shape: readonly number[]) => string[], out: Value) => {
    const coords = at(out.type.shape);
    scope.emit(`out${outBinding + outs.indexOf(out)}[${flatOffset(coords, out.type.shape)}] = ${convert(rb.value(out, coords, scope), outputType(out))};`);
  };
  const first = pass((scope, at) => {
    for (const out of outs) if (!normalized.has(out)) store(scope, at, out);
    const v = convert(rb.value(x, at(xShape), scope), 'f32');
    if (kept) scope.emit(`row_x[r_n] = ${v};`);
    scope.emit(`part += ${v};`);
  });
  const second = pass((scope, at) => {
    scope.emit(`let dev = ${xAt(at(xShape), scope)} - mean;`);
    scope.emit('part += dev * dev;');
  });
  const third = pass((scope, at) => {
    for (const out of outs) if (normalized.has(out)) store(scope, at, out);
  });
  const decls = [bindingDecls(rb, outs[0]!, outBinding), ...outs.slice(1).map((o, r) => outputDecl(o, outBinding + 1 + r))].join('\n');
  const n = kept ? literal(N, 'f32') : `f32(${size(N)})`;
  const code = `${kept ? `var<workgroup> row_x: array<f32, ${N}>;\n` : ''}var<workgroup> row_sum: array<f32, ${threads}>;

// One row of ${N} per workgroup, ${threads} threads${kept ? '' : ', the row computed again in each pass'}.
@compute @workgroup_size(${threads})
fn main(@builtin(workgroup_id) wg: vec3<u32>, @builtin(local_invocation_index) lidx: u32) {
  // Rows past 65535 continue along y (rowGrid); the workgroups past the last row have none.
  let r_row = i32(wg.y) * 65535i + i32(wg.x);
  if (r_row >= ${size(rows)}) { return; }
  var part = 0.0f;
${first}
${workgroupSums('row_sum', ['part'], threads)}
  let mean = row_sum[0] / ${n};
  workgroupBarrier();
  part = 0.0f;
${second}
${workgroupSums('row_sum', ['part'], threads)}
  let rstd = 1.0f / sqrt(row_sum[0] / ${n} + ${literal(ctxOf(ln).float('epsilon'), 'f32')});
${third}
}
`;
  return { decls, code };
}
