// Matrix-vector products (a product with one output column, or one output row with B stored along
// K): workgroups of threads striding over K together, each workgroup a few rows, then a tree sum in
// workgroup memory; the same read and write hooks as the tiled GEMM core (gemm-core.ts).
import { Scope } from '../wgsl/builder';
import { size } from '../wgsl/params';
import { type GemmHooks, type GemmShape, TARGET_GROUPS, rowThreads } from './gemm-core';
import { workgroupSums } from './helpers';

/** Threads of a matrix-vector workgroup: they stride over K together, then sum their partial dot products. */
const GEMV_THREADS = 256;
/** Rows a matrix-vector workgroup computes at most (sharing each vector element it reads among them). */
const GEMV_MAX_ROWS = 8;

/**
 * A product with one output column (N = 1: a classifier's or a squeeze-and-excitation's 1×1
 * convolution on a 1×1 map) or one output row (M = 1 with B stored along K: gemm with trans_b) as
 * matrix-vector products: a workgroup per `rows` rows of the matrix side, its 256 threads striding
 * over K (consecutive threads read consecutive words of each row), each summing its share of every
 * row's dot product, then a tree reduction in workgroup memory and the store through the hook.
 * One dispatch however long K is, where the tiled kernel would split K into slices and sum them in a
 * second (each dispatch costs the host 10–14 µs, docs/webgpu-target.md). Undefined where the matrix
 * side's memory does not run along K (its reads would not coalesce) or past dispatch limits.
 */
export function gemvMain(s: GemmShape, hooks: GemmHooks): { code: string; workgroups: [number, number, number] } | undefined {
  const column = s.N === 1;
  if (column ? s.aAcrossK : !(s.M === 1 && s.bAlongK)) return undefined;
  const length = column ? s.M : s.N;
  // Enough workgroups to fill a large GPU where the rows allow it, each sharing its vector reads among up to 8 rows.
  const rows = Math.min(GEMV_MAX_ROWS, Math.max(1, Math.ceil(length / TARGET_GROUPS)));
  const workgroups: [number, number, number] = [Math.ceil(length / rows), s.batch, 1];
  if (workgroups.some((w) => w > 65535)) return undefined;
  const hoist = new Scope('  ');
  const body = new Scope('    ');
  const vector = body.child();
  // Every thread reads every row of A, striding over K.
  const together = rowThreads('i32(lidx)', GEMV_THREADS);
  const v = column ? hooks.readB(vector, 'batch', 'gv_k', '0i', hoist) : hooks.readA(vector, 'batch', '0i', 'gv_k', hoist, together);
  body.lines.push(...vector.lines);
  body.emit(`let gv_v = ${v};`);
  for (let j = 0; j < rows; j++) {
    const row = `gv_row${j}`;
    hoist.emit(`let ${row} = min(i32(wg.x) * ${rows}i + ${j}i, ${size(length - 1)});`);
    const inner = body.child();
    const x = column ? hooks.readA(inner, 'batch', row, 'gv_k', hoist, together) : hooks.readB(inner, 'batch', 'gv_k', row, hoist);
    body.emit('{');
    body.lines.push(...inner.lines);
    body.emit(`  gv_sum${j} = fma(${x}, gv_v, gv_sum${j});`);
    body.emit('}');
  }
  const write = new Scope('  ');
  hooks.write(write, 'batch', column ? 'm' : '0i', column ? '0i' : 'm', 'acc_v');
  const code = `var<workgroup> gv_part: array<f32, ${rows * GEMV_THREADS}>;
${together.used ? `var<workgroup> row_part: array<f32, ${GEMV_THREADS}>;\n` : ''}
fn store_row(batch: i32, m: i32, acc_v: f32) {
${write.lines.join('\n')}
}

// Matrix-vector products ${s.batch}×[${s.M}×${s.K}]·[${s.K}×${s.N}]: ${rows} ${column ? 'row' : 'column'}${rows > 1 ? 's' : ''} of ${column ? 'A' : 'B'} per workgroup, ${GEMV_THREADS} threads along K${column ? '' : ', B loaded along K'}.
@compute @workgroup_size(${GEMV_THREADS})
fn main(@builtin(workgroup_id) wg: vec3<u32>, @builtin(local_invocation_index) lidx: u32) {
  let batch = i32(wg.y);
${hoist.lines.join('\n')}
${Array.from({ length: rows }, (_, j) => `  var gv_sum${j} = 0.0f;`).join('\n')}
  for (var gv_k = i32(lidx); gv_k < ${size(s.K)}; gv_k += ${GEMV_THREADS}i) {
${body.lines.join('\n')}
  }
${workgroupSums('gv_part', Array.from({ length: rows }, (_, j) => `gv_sum${j}`), GEMV_THREADS)}
  let gv_m = i32(wg.x) * ${rows}i + i32(lidx);
  if (lidx < ${rows}u && gv_m < ${size(length)}) {
    store_row(batch, gv_m, gv_part[lidx * ${GEMV_THREADS}u]);
  }
}
`;
  return { code, workgroups };
}
