// The workgroup-tiled GEMM core shared by matmul, gemm and convolution (implicit GEMM): for each batch,
// C = A·B over shared-memory tiles of A and B, each thread accumulating a 4×4 register block in f32.
// Operands arrive through read hooks and results leave through a write hook, so the caller decides
// the indexing (transposes, broadcasting, im2col) and the store (the fused epilogue).
import { Scope } from '../wgsl/builder';
import { when } from './helpers';

/** batch independent products of [M, K]·[K, N]. */
export interface GemmShape {
  readonly batch: number;
  readonly M: number;
  readonly N: number;
  readonly K: number;
}

/** Index arguments are i32 expressions, always in range; hooks may emit statements into `scope`. */
export interface GemmHooks {
  /** A(batch, m, k) as an f32 expression; code that depends on `m` (and `batch`) only may go into `hoisted`, which runs once per thread. */
  readA(scope: Scope, batch: string, m: string, k: string, hoisted: Scope): string;
  /** B(batch, k, n) as an f32 expression; code that depends on `n` (and `batch`) only may go into `hoisted`. */
  readB(scope: Scope, batch: string, k: string, n: string, hoisted: Scope): string;
  /** Emits the store of product element (batch, m, n), whose accumulator is the f32 expression `acc` (with split-K, the sum over K slice `split`, an i32 in scope). */
  write(scope: Scope, batch: string, m: string, n: string, acc: string): void;
}

export interface Tile {
  readonly tm: number;
  readonly tn: number;
  readonly tk: number;
  /** K is cut into this many slices, each summed by its own workgroups into a partial product (split-K). */
  readonly splits: number;
}

/**
 * Each thread computes a block of up to 4×4 results, sized so that every tile runs 16×16 = 256
 * threads: 64-wide tiles block 4 per thread, 32-wide 2, 16-wide 1. Small tiles keep many threads, so
 * each thread's share of the tile loads stays short (loads are what a small GEMM waits on).
 */
const block = (t: number) => Math.max(1, t / 16);

/**
 * Tile sizes: per dimension the smallest of 16, 32, 64 covering it (so a matrix-vector product does
 * not pay for 64 idle rows), then while fewer than 64 workgroups would run, the larger 64 is halved
 * (small problems need parallelism more than reuse). K is tiled by 16. The largest tile, 64×64 with
 * 256 threads and 8 KiB of workgroup memory, fits WebGPU's default limits.
 */
export function chooseTile(s: GemmShape): Tile {
  const fit = (d: number) => (d <= 16 ? 16 : d <= 32 ? 32 : 64);
  let tm = fit(s.M);
  let tn = fit(s.N);
  const groups = () => s.batch * Math.ceil(s.M / tm) * Math.ceil(s.N / tn);
  while (Math.max(tm, tn) === 64 && groups() < 64) {
    if (tm >= tn) tm /= 2;
    else tn /= 2;
  }
  return { tm, tn, tk: 16, splits: chooseSplits(s, groups()) };
}

/** Fewer workgroups than this leave a large GPU mostly idle. */
const TARGET_GROUPS = 512;
/** Each K slice keeps at least this much of the reduction, so the partial sums stay worth their traffic. */
const MIN_SLICE = 128;

/**
 * Split-K for thin products (few output tiles, long K — the late layers of a CNN at batch 1): cut K
 * so that about TARGET_GROUPS workgroups run, at most 32 slices of at least MIN_SLICE each.
 */
export function chooseSplits(s: GemmShape, groups: number): number {
  if (groups >= TARGET_GROUPS / 2 || s.K < 2 * MIN_SLICE) return 1;
  return Math.max(1, Math.min(32, Math.floor(s.K / MIN_SLICE), Math.ceil(TARGET_GROUPS / groups)));
}

/** The tiled kernel's `main` and workgroup variables (after the caller's binding declarations), or undefined past dispatch limits. */
export function gemmMain(s: GemmShape, hooks: GemmHooks, tile = chooseTile(s)): { code: string; workgroups: [number, number, number] } | undefined {
  const { tm, tn, tk, splits } = tile;
  // K slices of whole k-tiles; with one slice the loop runs over all of K.
  const slice = Math.ceil(Math.ceil(s.K / splits) / tk) * tk;
  const workgroups: [number, number, number] = [Math.ceil(s.N / tn), Math.ceil(s.M / tm), s.batch * splits];
  if (workgroups.some((w) => w > 65535)) return undefined;
  const rm = block(tm);
  const rn = block(tn);
  const threads = (tm / rm) * (tn / rn);
  if (threads % tk || threads % tn || (tm * tk) % threads || (tk * tn) % threads) throw new Error(`GEMM tile ${tm}×${tn}×${tk} does not split into ${threads}-thread load slots`);
  // A tile stored [k][m] and B tile [k][n]: in the inner loop consecutive threads read consecutive words.
  // Thread t loads A elements (m = t / tk + j·threads/tk, k = t % tk) and B elements (k = t / tn +
  // j·threads/tn, n = t % tn) for slots j: its k-independent index math (an output position's
  // coordinates, for a convolution) is computed once, before the K loop.
  const hoist = new Scope('  ');
  hoist.emit(`let a_kk = i32(lidx) % ${tk}i;`);
  hoist.emit(`let b_kk = i32(lidx) / ${tn}i;`);
  hoist.emit(`let b_n = tile_n0 + i32(lidx) % ${tn}i;`);
  const loadA = new Scope('    ');
  loadA.emit('let a_k = k0 + a_kk;');
  for (let j = 0; j < (tm * tk) / threads; j++) {
    const m = `a_m${j}`;
    hoist.emit(`let ${m} = tile_m0 + i32(lidx) / ${tk}i + ${(j * threads) / tk}i;`);
    const slot = loadA.child();
    slot.emit(`var a_val${j} = 0.0f;`);
    when(slot, inRange([m, s.M, tm], ['a_k', s.K, tk]), (inner) => inner.emit(`a_val${j} = ${hooks.readA(inner, 'batch', m, 'a_k', hoist)};`));
    slot.emit(`tile_a[a_kk * ${tm}i + ${m} - tile_m0] = a_val${j};`);
    loadA.emit('{');
    loadA.lines.push(...slot.lines);
    loadA.emit('}');
  }
  const loadB = new Scope('    ');
  for (let j = 0; j < (tk * tn) / threads; j++) {
    const k = `b_k${j}`;
    const slot = loadB.child();
    slot.emit(`let ${k} = k0 + b_kk + ${(j * threads) / tn}i;`);
    slot.emit(`var b_val${j} = 0.0f;`);
    when(slot, inRange([k, s.K, tk], ['b_n', s.N, tn]), (inner) => inner.emit(`b_val${j} = ${hooks.readB(inner, 'batch', k, 'b_n', hoist)};`));
    slot.emit(`tile_b[(b_kk + ${(j * threads) / tn}i) * ${tn}i + b_n - tile_n0] = b_val${j};`);
    loadB.emit('{');
    loadB.lines.push(...slot.lines);
    loadB.emit('}');
  }
  const store = new Scope('      ');
  store.emit(`let o_m = tile_m0 + ty + r * ${tm / rm}i;`);
  store.emit(`let o_n = tile_n0 + tx + c * ${tn / rn}i;`);
  when(store, inRange(['o_m', s.M, tm], ['o_n', s.N, tn]), (inner) => hooks.write(inner, 'batch', 'o_m', 'o_n', `acc[r * ${rn}i + c]`));
  const code = `var<workgroup> tile_a: array<f32, ${tm * tk}>;
var<workgroup> tile_b: array<f32, ${tk * tn}>;

// Tiled GEMM ${s.batch}×[${s.M}×${s.K}]·[${s.K}×${s.N}], tile ${tm}×${tn}×${tk}, ${rm}×${rn} per thread${splits > 1 ? `, K in ${splits} slices of ${slice}` : ''}.
@compute @workgroup_size(${tn / rn}, ${tm / rm})
fn main(@builtin(workgroup_id) wg: vec3<u32>, @builtin(local_invocation_id) lid: vec3<u32>, @builtin(local_invocation_index) lidx: u32) {
  let batch = i32(wg.z) / ${splits}i;
  let split = i32(wg.z) % ${splits}i;
  let k_begin = split * ${slice}i;
  let k_end = min(k_begin + ${slice}i, ${s.K}i);
  let tile_m0 = i32(wg.y) * ${tm}i;
  let tile_n0 = i32(wg.x) * ${tn}i;
  let tx = i32(lid.x);
  let ty = i32(lid.y);
  var acc: array<f32, ${rm * rn}>;
  var reg_a: array<f32, ${rm}>;
  var reg_b: array<f32, ${rn}>;
${hoist.lines.join('\n')}
  for (var k0 = k_begin; k0 < k_end; k0 += ${tk}i) {
${loadA.lines.join('\n')}
${loadB.lines.join('\n')}
    workgroupBarrier();
    for (var kk = 0i; kk < ${tk}i; kk++) {
      for (var r = 0i; r < ${rm}i; r++) { reg_a[r] = tile_a[kk * ${tm}i + ty + r * ${tm / rm}i]; }
      for (var c = 0i; c < ${rn}i; c++) { reg_b[c] = tile_b[kk * ${tn}i + tx + c * ${tn / rn}i]; }
      for (var r = 0i; r < ${rm}i; r++) {
        for (var c = 0i; c < ${rn}i; c++) { acc[r * ${rn}i + c] += reg_a[r] * reg_b[c]; }
      }
    }
    workgroupBarrier();
  }
  for (var r = 0i; r < ${rm}i; r++) {
    for (var c = 0i; c < ${rn}i; c++) {
${store.lines.join('\n')}
    }
  }
}
`;
  return { code, workgroups };
}

/** The bounds test for indices that may pass their extent (none when the tile divides it). */
function inRange(...checks: [string, number, number][]): string {
  const tests = checks.filter(([, extent, tile]) => extent % tile !== 0).map(([v, extent]) => `${v} < ${extent}i`);
  return tests.join(' && ') || 'true';
}
