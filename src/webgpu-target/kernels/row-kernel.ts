// Row kernels for subgraphs anchored on an op that normalizes or reduces along some axes (softmax,
// log_softmax, layer and instance normalization, global pooling, float reductions) plus elementwise ops before and after it: one workgroup per row
// (the anchor's normalized axes, all other coordinates fixed). The threads stride over the row to
// accumulate each statistic, combine it through workgroup memory, and then each writes its share of
// the row, pulling the epilogue with the anchor overridden to read the statistics. Per-element
// generators (norm-softmax.ts) recompute the statistics for every element; this reads the row once
// (up to 16 elements per thread, kept in registers) or once per statistic and once for the write.
import { lookupTable } from '../../core';
import { type Operation, type Value, numElements, shapeToString } from '../../ir';
import { type KernelBuilder, Scope, type Typed, bindingDecls, convert, flatOffset, literal, outputDecl, outputType, perWord } from '../wgsl/builder';
import { type GeneratedKernel, heavyOps, unflatten } from './gemm-kernel';
import { size } from '../wgsl/params';
import { ctxOf, normAxis } from './helpers';
import { REDUCTIONS, type Reduction, reducedAxes } from './pool-reduce';

const MAX_F32 = '3.4028234663852886e38f';

/** One statistic of a row: its identity, how a value folds in, and how two partial results combine. */
interface Statistic {
  readonly init: string;
  /** The new partial from partial `acc` and row value `v` (earlier statistics are in scope by name). */
  fold(acc: string, v: string, earlier: readonly string[]): string;
  combine(a: string, b: string): string;
  /** The statistic from the combined value (e.g. sum → mean). */
  final?(total: string): string;
}

interface RowOp {
  /** The anchor's normalized (or reduced) axes of its input. */
  axes(op: Operation): number[];
  /** Whether each row becomes one element (global pooling, reductions), its reduced axes kept with size 1 … */
  readonly reduces?: boolean;
  /** … or dropped (a reduction's keep_dims = false). */
  dropsAxes?(op: Operation): boolean;
  stats(op: Operation, n: number): Statistic[];
  /** The anchor's value at `coords` given its statistics. */
  finish(b: KernelBuilder, op: Operation, coords: readonly string[], scope: Scope, stats: readonly string[], n: number): Typed;
}

const sum = (a: string, b: string) => `${a} + ${b}`;
const softmaxStats = (): Statistic[] => [
  { init: `-${MAX_F32}`, fold: (acc, v) => `max(${acc}, ${v})`, combine: (a, b) => `max(${a}, ${b})` },
  { init: '0.0f', fold: (acc, v, [mx]) => `${acc} + exp(${v} - ${mx})`, combine: sum },
];
/** Mean, then the variance around it: two passes, as exact as the per-element kernel. */
const momentStats = (op: Operation, n: number): Statistic[] => [
  { init: '0.0f', fold: (acc, v) => `${acc} + ${v}`, combine: sum, final: (t) => `${t} / f32(${size(n)})` },
  {
    init: '0.0f', fold: (acc, v, [mean]) => `${acc} + (${v} - ${mean}) * (${v} - ${mean})`, combine: sum,
    final: (t) => `inverseSqrt(${t} / f32(${size(n)}) + ${literal(ctxOf(op).float('epsilon'), 'f32')})`,
  },
];
const self = (b: KernelBuilder, op: Operation, coords: readonly string[], scope: Scope) => convert(b.value(op.operands[0]!, coords, scope), 'f32');

/**
 * A float reduction over its `axes` as a row op: one workgroup per output element instead of one
 * thread looping over the whole row (a full reduction of ViT-B/16's 197×3072 MLP activations, as
 * dynamic quantization takes its min and max, was 32 ms on one thread of an H200).
 */
function reduction(r: Reduction): RowOp {
  return {
    axes: reducedAxes,
    reduces: true,
    dropsAxes: (op) => !ctxOf(op).bool('keep_dims'),
    stats: (_op, n) => [{ init: r.init('f32'), fold: r.step, combine: r.combine, ...(r.finish ? { final: (t: string) => r.finish!(t, n) } : {}) }],
    finish: (_b, _op, _coords, _scope, [v]) => ({ expr: v!, type: 'f32' }),
  };
}

/** The reductions rows take (reduce_prod and reduce_log_sum_exp keep the element kernel). */
const ROW_REDUCTIONS = ['reduce_sum', 'reduce_mean', 'reduce_max', 'reduce_min', 'reduce_l1', 'reduce_l2', 'reduce_sum_square', 'reduce_log_sum'];

const ROW_OPS: Readonly<Record<string, RowOp>> = lookupTable({
  ...Object.fromEntries(ROW_REDUCTIONS.map((op) => [op, reduction(REDUCTIONS[op]!)])),
  softmax: {
    axes: (op) => [normAxis(ctxOf(op).int('axis'), op.operands[0]!.type.shape.length)],
    stats: softmaxStats,
    finish: (b, op, coords, scope, [mx, s]) => ({ expr: `(exp(${self(b, op, coords, scope)} - ${mx}) / ${s})`, type: 'f32' }),
  },
  log_softmax: {
    axes: (op) => [normAxis(ctxOf(op).int('axis'), op.operands[0]!.type.shape.length)],
    stats: softmaxStats,
    finish: (b, op, coords, scope, [mx, s]) => ({ expr: `(${self(b, op, coords, scope)} - ${mx} - log(${s}))`, type: 'f32' }),
  },
  layer_normalization: {
    axes(op) {
      const rank = op.operands[0]!.type.shape.length;
      return Array.from({ length: rank }, (_, i) => i).slice(normAxis(ctxOf(op).int('axis'), rank));
    },
    stats: momentStats,
    finish(b, op, coords, scope, [mean, rstd]) {
      const [, scale, bias] = op.operands;
      const shape = op.operands[0]!.type.shape;
      let e = `(${self(b, op, coords, scope)} - ${mean}) * ${rstd} * ${convert(b.valueBroadcast(scale!, coords, shape, scope), 'f32')}`;
      if (bias) e = `${e} + ${convert(b.valueBroadcast(bias, coords, shape, scope), 'f32')}`;
      return { expr: `(${e})`, type: 'f32' };
    },
  },
  global_average_pool: {
    axes: (op) => op.operands[0]!.type.shape.map((_, i) => i).slice(2),
    reduces: true,
    stats: (_op, n) => [{ init: '0.0f', fold: (acc, v) => `${acc} + ${v}`, combine: sum, final: (t) => `${t} / f32(${size(n)})` }],
    finish: (_b, _op, _coords, _scope, [mean]) => ({ expr: mean!, type: 'f32' }),
  },
  global_max_pool: {
    axes: (op) => op.operands[0]!.type.shape.map((_, i) => i).slice(2),
    reduces: true,
    stats: () => [{ init: `-${MAX_F32}`, fold: (acc, v) => `max(${acc}, ${v})`, combine: (a, b) => `max(${a}, ${b})` }],
    finish: (_b, _op, _coords, _scope, [mx]) => ({ expr: mx!, type: 'f32' }),
  },
  instance_normalization: {
    axes: (op) => op.operands[0]!.type.shape.map((_, i) => i).slice(2),
    stats: momentStats,
    finish(b, op, coords, scope, [mean, rstd]) {
      const [, scale, bias] = op.operands;
      const c = [coords[1]!];
      return { expr: `((${self(b, op, coords, scope)} - ${mean}) * ${rstd} * ${convert(b.value(scale!, c, scope), 'f32')} + ${convert(b.value(bias!, c, scope), 'f32')})`, type: 'f32' };
    },
  },
});

/** Rows shorter than this keep the one-thread-per-element kernel (its recomputation is cheap there). */
const MIN_ROW = 16;
/** Threads per row of a first-tier row kernel, whatever the row's length. */
export const GENERIC_ROW_THREADS = 64;

/** Rows up to this many elements per thread are read once and kept in registers; longer rows are read once per statistic and again for the write. */
const CACHED_PER_THREAD = 16;

/** From this many rows on, a row's threads each take about 16 elements instead of 4: the rows alone fill the GPU. */
const MANY_ROWS = 2048;

/**
 * Threads per row: a power of two from 32 to 256 (1024 for few long rows, below), about four
 * elements each — or sixteen with many rows, where fewer threads per row spend less on combining their partials (H100, layer
 * normalization of 5461×768: 336 GB/s at 4 per thread, 610 at 8, 737 at 16; ViT-B/16's 197 rows of
 * 768 take 3.5 µs each at 4, 5.0 at 16).
 */
function rowThreads(n: number, rows: number, maxThreads: number): number {
  // Few long rows: up to the device's workgroup size, each thread keeping its share in registers.
  const long = rows < FEW_ROWS && n > CACHED_PER_THREAD * 256;
  const per = rows >= MANY_ROWS || long ? CACHED_PER_THREAD : 4;
  const cap = long ? Math.max(256, Math.min(1024, maxThreads)) : 256;
  let t = 32;
  while (t < cap && t * per < n) t *= 2;
  return t;
}

/**
 * Below this many rows, each longer than 16 elements per thread at 256 threads, a row takes up to
 * 1024 threads where the device allows (EfficientNet-B0's first squeeze-and-excite pool, 32 rows
 * of 12544 on an H100: its global average pools 0.064 → 0.057 ms in all). Shorter rows keep 256 at
 * most: ViT-B/16's 197 rows of 768 took 4.1 µs per layer normalization at 512 threads, 3.5 at 256.
 */
const FEW_ROWS = 264;

/** The row op `out` hangs off, with its rows: its float32 input's `axes` (n elements each), the other (`kept`) axes counting the rows. */
interface RowAnchor {
  readonly anchor: Operation;
  readonly rowOp: RowOp;
  readonly x: Value;
  readonly shape: readonly number[];
  readonly result: readonly number[];
  readonly axes: number[];
  readonly kept: number[];
  readonly n: number;
  readonly rows: number;
}

/**
 * The one row op `out` depends on inside the subgraph, its epilogue of the op's shape; undefined
 * otherwise. Row kernels store float32 or int32 results (`anyResult`: found whatever `out`'s type).
 */
function rowAnchor(b: KernelBuilder, out: Value, anyResult = false): RowAnchor | undefined {
  if (!anyResult && out.type.element !== 'float32' && out.type.element !== 'int32') return undefined;
  const heavy = heavyOps(b, out);
  const [anchor] = heavy;
  const rowOp = anchor && ROW_OPS[anchor.opName];
  if (heavy.size !== 1 || !rowOp) return undefined;
  const result = anchor.results[0]!.type.shape;
  if (anchor.operands[0]!.type.element !== 'float32' || result.length !== out.type.shape.length || result.some((d, i) => d !== out.type.shape[i])) return undefined;
  // Rows run over the anchor's input; a reducing anchor writes one element per row.
  const x = anchor.operands[0]!;
  const shape = x.type.shape;
  const axes = rowOp.axes(anchor);
  const n = axes.reduce((k, a) => k * shape[a]!, 1);
  const kept = shape.map((_, i) => i).filter((i) => !axes.includes(i));
  return { anchor, rowOp, x, shape, result, axes, kept, n, rows: numElements(shape) / n };
}

/** Where a reducing anchor's one result of a row lies: at the row's kept coordinates, its reduced axes 0 or dropped. */
function reducedCoords(r: RowAnchor, rowCoords: readonly string[]): readonly string[] {
  return r.rowOp.dropsAxes?.(r.anchor) ? rowCoords : r.result.map((_, i) => (r.kept.includes(i) ? rowCoords[r.kept.indexOf(i)]! : '0i'));
}

/**
 * Every thread's `acc` combined into `total` in two levels, two barriers: the first 32 threads (or
 * all, if fewer) each combine a column of the partials in `red`, then every thread combines those
 * values from `red2` itself.
 */
function combined(stat: Statistic, threads: number, acc: string, total: string, grouped = false): string[] {
  const lanes = Math.min(32, threads);
  // Grouped (several rows a workgroup, `threads` each): group q combines in its own part of the arrays.
  const r = grouped ? `q * ${threads}i + ` : '';
  const r2 = grouped ? `q * ${lanes}i + ` : '';
  const lines = [`red[${r}t] = ${acc};`, 'workgroupBarrier();', `if (t < ${lanes}i) {`, `  var part = red[${r}t];`];
  for (let k = 1; k < threads / lanes; k++) lines.push(`  part = ${stat.combine('part', `red[${r}t + ${k * lanes}i]`)};`);
  lines.push(`  red2[${r2}t] = part;`, '}', 'workgroupBarrier();', `var ${total} = red2[${r2}0i];`, `for (var k = 1i; k < ${lanes}i; k++) { ${total} = ${stat.combine(total, `red2[${r2}k]`)}; }`);
  return lines;
}

/** The workgroup arrays `combined` uses, for `groups` rows at a time. */
const combineDecls = (threads: number, groups = 1) => `var<workgroup> red: array<f32, ${groups * threads}>;\nvar<workgroup> red2: array<f32, ${groups * Math.min(32, threads)}>;`;

/**
 * Why a row op with a float32 result and an epilogue narrowing it to less than a word per element is
 * not one kernel: row kernels store words, or bytes where each row reduces to one (below), and
 * computed per element the row would be folded by one thread per output word (EfficientNet's
 * quantized squeeze pooling, 32 rows of 12,544: 3.2 ms). The subgraph ending before the narrowing is
 * a row kernel, and the cast joins the elementwise kernel after it. Undefined where that does not apply.
 */
export function narrowedRowResult(b: KernelBuilder, out: Value): string | undefined {
  if (out.type.element === 'float32' || out.type.element === 'int32') return undefined;
  const r = rowAnchor(b, out, true);
  if (!r || r.n < MIN_ROW || r.anchor.results[0]!.type.element !== 'float32') return undefined;
  return `cgc_op.${r.anchor.opName}'s rows stored as !cgc.${out.type.element}: a row kernel stores float32 or int32, or bytes of rows reduced to one element`;
}

/** Results a reducing row kernel packs 4 to a word (a pooled activation quantized to bytes): a workgroup takes 4 rows at once. */
const isByte = (out: Value) => perWord(out.type.element) === 4;

/** The row kernel writing `out`, or undefined when its subgraph is not one row op plus elementwise ops. */
export function rowKernel(b: KernelBuilder, out: Value, outBinding: number, name: string, maxThreads = 256): { wgsl: string; workgroups: [number, number, number] } | undefined {
  // int8 / uint8 / bool results of a reducing anchor (one element per row) are stored as bytes: each
  // workgroup computes 4 consecutive rows at once and stores them as one word (EfficientNet int8's
  // quantized squeeze pooling, which otherwise took an element kernel of its own to narrow).
  const bytes = isByte(out);
  const r = rowAnchor(b, out, bytes);
  // A first-tier kernel (KernelBuilder.generic) takes rows of any length, GENERIC_ROW_THREADS threads
  // each striding over it, its sizes uniforms: one pipeline for every row length.
  const generic = b.generic && !bytes;
  if (!r || (r.n < MIN_ROW && !generic) || (bytes && !r.rowOp.reduces)) return undefined;
  const { anchor, rowOp, x, shape, result, axes, kept, n, rows } = r;
  // Bytes: the workgroup's threads in 4 groups, one row each.
  const threads = generic ? GENERIC_ROW_THREADS
    : bytes ? Math.min(rowThreads(n, Math.ceil(rows / 4), maxThreads / 4), Math.max(32, maxThreads / 4)) : rowThreads(n, rows, maxThreads);
  const sized = generic ? 'generic' : true;
  const type = bytes ? 'i32' : outputType(out);
  const body = new Scope('  ');
  // The row's kept coordinates once; in each pass over the row, element j's normalized ones.
  // The row's coordinates are found once per workgroup: their divisors are size parameters.
  const rowCoords = unflatten('row', kept.map((i) => shape[i]!), sized).map((c) => {
    const v = b.fresh('r');
    body.emit(`let ${v} = ${c};`);
    return v;
  });
  /** The coordinates of the row's element `j` (an i32 expression), emitted into `scope`. */
  const rowElement = (scope: Scope, j: string): string[] => {
    const inRow = unflatten(j, axes.map((i) => shape[i]!), generic && 'generic');
    return shape.map((_, i) => {
      const v = b.fresh('c');
      scope.emit(`let ${v} = ${kept.includes(i) ? rowCoords[kept.indexOf(i)] : inRow[axes.indexOf(i)]};`);
      return v;
    });
  };
  const overRow = (each: (loop: Scope, coords: string[]) => void): void => {
    body.emit(`for (var j = t; j < ${generic ? size(n) : `${n}i`}; j += ${threads}i) {`);
    const loop = body.child();
    each(loop, rowElement(loop, 'j'));
    body.lines.push(...loop.lines);
    body.emit('}');
  };
  // A row of at most CACHED_PER_THREAD elements per thread is read once: each thread keeps its
  // elements (the prologue applied) in registers for every statistic and for the write.
  const per = Math.ceil(n / threads);
  const cached = per <= CACHED_PER_THREAD && !generic ? Array.from({ length: per }, (_, i) => {
    const j = b.fresh('j');
    const guard = (i + 1) * threads > n ? b.fresh('inrow') : undefined;
    body.emit(`let ${j} = ${guard ? `min(t + ${i * threads}i, ${n - 1}i)` : `t + ${i * threads}i`};`);
    if (guard) body.emit(`let ${guard} = t + ${i * threads}i < ${n}i;`);
    const coords = rowElement(body, j);
    return { coords, guard, value: convert(b.value(x, coords, body), 'f32') };
  }) : undefined;
  const stats = rowOp.stats(anchor, n);
  const names: string[] = [];
  for (const stat of stats) {
    const acc = b.fresh('acc');
    body.emit(`var ${acc} = ${stat.init};`);
    if (cached) {
      for (const e of cached) {
        const folded = stat.fold(acc, e.value, names);
        body.emit(`${acc} = ${e.guard ? `select(${acc}, ${folded}, ${e.guard})` : folded};`);
      }
    } else {
      overRow((loop, coords) => loop.emit(`${acc} = ${stat.fold(acc, convert(b.value(x, coords, loop), 'f32'), names)};`));
    }
    const total = b.fresh('total');
    for (const line of combined(stat, threads, acc, total, bytes)) body.emit(line);
    const name = b.fresh('stat');
    body.emit(`let ${name} = ${stat.final ? stat.final(total) : total};`);
    names.push(name);
  }
  b.override(anchor, (_b, op, at, s) => rowOp.finish(b, op, at, s, names, n));
  if (rowOp.reduces) {
    // The row's one result, at its kept coordinates (the reduced axes are 0).
    body.emit(bytes ? 'if (t == 0i && live) {' : 'if (t == 0i) {');
    const one = body.child();
    const coords = reducedCoords(r, rowCoords);
    // A byte result: row 4·w + q is byte q of word w (a reduced row's flat offset is its row index).
    one.emit(bytes
      ? `atomicOr(&outWord, (u32(${convert(b.value(out, coords, one), 'i32')}) & 0xffu) << (u32(q) * 8u));`
      : `out${outBinding}[${flatOffset(coords, result)}] = ${convert(b.value(out, coords, one), type)};`);
    body.lines.push(...one.lines);
    body.emit('}');
  } else if (cached) {
    for (const e of cached) {
      const write = e.guard ? body.child() : new Scope(body.indent, body);
      write.emit(`out${outBinding}[${flatOffset(e.coords, shape)}] = ${convert(b.value(out, e.coords, write), type)};`);
      if (e.guard) body.emit(`if (${e.guard}) {`);
      body.lines.push(...write.lines);
      if (e.guard) body.emit('}');
    }
  } else {
    overRow((loop, coords) => loop.emit(`out${outBinding}[${flatOffset(coords, shape)}] = ${convert(b.value(out, coords, loop), type)};`));
  }
  const comment = `${name}: ${shapeToString(shape)} through cgc_op.${anchor.opName}, ${rows} rows of ${n}, ${threads} threads each`;
  if (bytes) return byteRowFrame(`${comment}, 4 rows a workgroup at once, stored as bytes`, bindingDecls(b, out, outBinding), threads, rows, body.lines.join('\n'), outBinding);
  return rowFrame(comment, bindingDecls(b, out, outBinding), threads, rows, body.lines.join('\n'));
}

/** A row kernel's WGSL around its body: a workgroup of `threads` per row (`row`, thread `t`), rows past 65535 in a second grid dimension. */
function rowFrame(comment: string, decls: string, threads: number, rows: number, body: string): { wgsl: string; workgroups: [number, number, number] } {
  const gx = Math.min(rows, 65535);
  const wgsl = `// ${comment}
${decls}

${combineDecls(threads)}

@compute @workgroup_size(${threads})
fn main(@builtin(workgroup_id) wg: vec3<u32>, @builtin(local_invocation_index) lid: u32) {
  let row = i32(wg.y) * ${size(gx)} + i32(wg.x);
  if (row >= ${size(rows)}) { return; }
  let t = i32(lid);
${body}
}
`;
  return { wgsl, workgroups: [gx, Math.ceil(rows / gx), 1] };
}

/**
 * The frame of a reducing row kernel with a byte result: workgroup w computes rows 4·w … 4·w + 3 at
 * once, `threads` threads each (group q, thread `t` within it), each group's first thread ORing its
 * row's byte into \`outWord\`; then the first thread stores the word. A group past the last row
 * computes that row again and stores nothing (\`live\`), so every barrier is reached by all.
 */
function byteRowFrame(comment: string, decls: string, threads: number, rows: number, body: string, outBinding: number): { wgsl: string; workgroups: [number, number, number] } {
  const words = Math.ceil(rows / 4);
  const gx = Math.min(words, 65535);
  const wgsl = `// ${comment}
${decls}

${combineDecls(threads, 4)}
var<workgroup> outWord: atomic<u32>;

@compute @workgroup_size(${4 * threads})
fn main(@builtin(workgroup_id) wg: vec3<u32>, @builtin(local_invocation_index) lid: u32) {
  let w = i32(wg.y * ${gx}u + wg.x);
  if (w >= ${words}i) { return; }
  let q = i32(lid) / ${threads}i;
  let t = i32(lid) % ${threads}i;
  let live = w * 4i + q < ${rows}i;
  let row = min(w * 4i + q, ${rows - 1}i);
${body}
  workgroupBarrier();
  if (lid == 0u) { out${outBinding}[w] = atomicLoad(&outWord); }
}
`;
  return { wgsl, workgroups: [gx, Math.ceil(words / gx), 1] };
}

/** A reduction's rows from this long on are split over workgroups (with few rows: see splitRowKernels). */
const SPLIT_FROM = 32_768;
/** Elements per workgroup of a split row: 256 threads, 16 each. */
const CHUNK = 4096;

/**
 * Few long rows of a reduction (one statistic), split: a workgroup per 4096-element chunk of a row
 * folds its chunk into a partial in the kernel workspace, then a workgroup per row combines the
 * partials, finishes the statistic and stores through the epilogue. A whole row on one workgroup
 * leaves the GPU idle but one SM: dynamic quantization's min and max of ViT-B/16's 197×3072
 * activations took 78 µs each so on an H200. Undefined where the subgraph is not such a reduction.
 */
export function splitRowKernels(b: KernelBuilder, out: Value, outBinding: number, name: string, makeBuilder: () => KernelBuilder): GeneratedKernel[] | undefined {
  const r = rowAnchor(b, out);
  // A first-tier kernel keeps each row on one workgroup: one kernel whatever the rows' length.
  if (b.generic || !r?.rowOp.reduces || r.rowOp.stats(r.anchor, r.n).length !== 1 || r.n < SPLIT_FROM || r.rows >= FEW_ROWS) return undefined;
  return reductionKernels(b, makeBuilder, [r], [out], outBinding, name);
}

/**
 * Reductions of one tensor over the same axes, each a subgraph result (a @sibling_reductions
 * subgraph: dynamic quantization's min and max of x): one pass over the tensor folds every
 * statistic, and each result is written to its own binding (`outBinding`, `outBinding + 1`, …) —
 * split as splitRowKernels splits one reduction where the rows are few and long, else a workgroup
 * per row. Undefined where the results are not such reductions.
 */
export function siblingReductionKernels(makeBuilder: () => KernelBuilder, outs: readonly Value[], outBinding: number, name: string): GeneratedKernel[] | undefined {
  const b = makeBuilder();
  const rs = outs.map((out) => rowAnchor(b, out));
  const [r] = rs;
  if (!r || outs.length < 2) return undefined;
  const same = (o: RowAnchor | undefined): o is RowAnchor => o !== undefined && o.rowOp.reduces === true && o.x === r.x
    && o.axes.length === r.axes.length && o.axes.every((a, i) => a === r.axes[i]) && Boolean(o.rowOp.dropsAxes?.(o.anchor)) === Boolean(r.rowOp.dropsAxes?.(r.anchor))
    && o.rowOp.stats(o.anchor, o.n).length === 1;
  if (!rs.every(same) || new Set(rs.map((o) => o.anchor)).size !== rs.length || r.n < MIN_ROW) return undefined;
  return reductionKernels(b, makeBuilder, rs as RowAnchor[], outs, outBinding, name);
}

/**
 * The kernels computing reductions `rs` (one statistic each, of one input over the same axes) in
 * one pass, result k written to binding `outBinding + k`: with few long rows split (partials of
 * every statistic in the workspace, [statistic][row][chunk], then a workgroup per row combining
 * them), else a workgroup per row.
 */
function reductionKernels(b: KernelBuilder, makeBuilder: () => KernelBuilder, rs: readonly RowAnchor[], outs: readonly Value[], outBinding: number, name: string): GeneratedKernel[] {
  const { x, shape, result, axes, kept, n, rows } = rs[0]!;
  const stats = rs.map((o) => o.rowOp.stats(o.anchor, n)[0]!);
  const outDecls = (builder: KernelBuilder) => [bindingDecls(builder, outs[0]!, outBinding), ...outs.slice(1).map((o, i) => outputDecl(o, outBinding + 1 + i))].join('\n');
  const rowCoords = unflatten('row', kept.map((i) => shape[i]!));
  const inRow = unflatten('j', axes.map((i) => shape[i]!));
  const coords = shape.map((_, i) => (kept.includes(i) ? rowCoords[kept.indexOf(i)]! : inRow[axes.indexOf(i)]!));
  /** Every statistic's partial (acc0, acc1, …) folded over the elements `j` the loop opened by `header` visits (those passing `guard`). */
  const fold = (scope: Scope, header: string, guard?: string) => {
    stats.forEach((s, k) => scope.emit(`var acc${k} = ${s.init};`));
    scope.emit(header);
    const inner = new Scope(`${scope.indent}  `, scope);
    if (guard) inner.emit(`if (!(${guard})) { continue; }`);
    const v = b.fresh('v');
    inner.emit(`let ${v} = ${convert(b.value(x, coords, inner), 'f32')};`);
    stats.forEach((s, k) => inner.emit(`acc${k} = ${s.fold(`acc${k}`, v, [])};`));
    scope.lines.push(...inner.lines);
    scope.emit('}');
  };
  /** Every statistic combined over the workgroup (total0, total1, …). */
  const combineAll = (threads: number) => stats.flatMap((s, k) => combined(s, threads, `acc${k}`, `total${k}`)).map((l) => `  ${l}`).join('\n');
  /** Each result of the row written: its statistic finished, its anchor's epilogue applied. */
  const writeAll = (builder: KernelBuilder) => {
    const scope = new Scope('    ');
    rs.forEach((o, k) => {
      const stat = builder.fresh('stat');
      scope.emit(`let ${stat} = ${stats[k]!.final ? stats[k]!.final!(`total${k}`) : `total${k}`};`);
      builder.override(o.anchor, (_b, op, at, s) => o.rowOp.finish(builder, op, at, s, [stat], n));
    });
    outs.forEach((out, k) => {
      const at = reducedCoords(rs[k]!, rowCoords);
      scope.emit(`out${outBinding + k}[${flatOffset(at, result)}] = ${convert(builder.value(out, at, scope), outputType(out))};`);
    });
    return scope.lines.join('\n');
  };
  const through = rs.map((o) => `cgc_op.${o.anchor.opName}`).join(', ');
  if (n < SPLIT_FROM || rows >= FEW_ROWS) {
    const threads = rowThreads(n, rows, 256);
    const body = new Scope('  ');
    fold(body, `for (var j = t; j < ${n}i; j += ${threads}i) {`);
    return [rowFrame(`${name}: ${shapeToString(shape)} through ${through}, ${rows} rows of ${n}, ${threads} threads each`, outDecls(b), threads, rows,
      `${body.lines.join('\n')}\n${combineAll(threads)}\n  if (t == 0i) {\n${writeAll(b)}\n  }`)];
  }
  const chunks = Math.ceil(n / CHUNK);
  const workspace = stats.length * rows * chunks * 4;
  const wsDecl = `@group(0) @binding(${outBinding + outs.length}) var<storage, read_write> workspace: array<f32>;`;
  const at = (k: number, c: string) => `workspace[${k * rows * chunks}i + row * ${chunks}i + ${c}]`;
  // Partials: workgroup (chunk, row); each thread folds 16 elements 256 apart.
  const body = new Scope('  ');
  fold(body, `for (var e = 0i; e < ${CHUNK / 256}i; e++) {\n${body.indent}  let j = chunk * ${CHUNK}i + e * 256i + t;`, `j < ${n}i`);
  const partials = `// ${name} (partials): ${shapeToString(shape)} through ${through}, ${rows} rows of ${n} in ${chunks} chunks of ${CHUNK}
${outDecls(b)}
${wsDecl}
${combineDecls(256)}

@compute @workgroup_size(256)
fn main(@builtin(workgroup_id) wg: vec3<u32>, @builtin(local_invocation_index) lid: u32) {
  let chunk = i32(wg.x);
  let row = i32(wg.y);
  let t = i32(lid);
${body.lines.join('\n')}
${combineAll(256)}
  if (t == 0i) { ${stats.map((_, k) => `${at(k, 'chunk')} = total${k};`).join(' ')} }
}
`;
  // Each row: every statistic's partials combined, finished, and written through its epilogue.
  const threads = Math.min(256, Math.max(32, 2 ** Math.ceil(Math.log2(chunks))));
  const rb = makeBuilder();
  const finishing = `// ${name}: ${rows} rows of ${chunks} partials${stats.length > 1 ? ` of ${stats.length} statistics` : ''}
${outDecls(rb)}
${wsDecl}
${combineDecls(threads)}

@compute @workgroup_size(${threads})
fn main(@builtin(workgroup_id) wg: vec3<u32>, @builtin(local_invocation_index) lid: u32) {
  let row = i32(wg.x);
  let t = i32(lid);
${stats.map((s, k) => `  var acc${k} = ${s.init};\n  for (var c = t; c < ${chunks}i; c += ${threads}i) { acc${k} = ${s.combine(`acc${k}`, at(k, 'c'))}; }`).join('\n')}
${combineAll(threads)}
  if (t == 0i) {
${writeAll(rb)}
  }
}
`;
  return [{ wgsl: partials, workgroups: [chunks, rows, 1], workspace }, { wgsl: finishing, workgroups: [rows, 1, 1], workspace }];
}
