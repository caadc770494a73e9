// The workgroup-tiled GEMM core shared by matmul, gemm and convolution (implicit GEMM): for each batch,
// C = A·B over shared-memory tiles of A and B, each thread accumulating a register block (up to 8×8)
// in f32. Operands arrive through read hooks and results leave through a write hook, so the caller
// decides the indexing (transposes, broadcasting, im2col) and the store (the fused epilogue).
import { DEFAULT_SPLIT_K, type SplitK } from '../../core';
import { Scope } from '../wgsl/builder';
import { size } from '../wgsl/params';
import { when } from './helpers';

/** batch independent products of [M, K]·[K, N]. */
export interface GemmShape {
  readonly batch: number;
  readonly M: number;
  readonly N: number;
  readonly K: number;
  /** B's consecutive elements in memory run along K, not N (gemm's trans_b, a matmul reading a transposed weight): its tile is loaded k-fastest. */
  readonly bAlongK?: boolean;
  /** A's consecutive elements in memory run along M, not K (gemm's trans_a, a matmul reading a transposed A). */
  readonly aAcrossK?: boolean;
  /**
   * A's rows are normalized as they are read (a layer normalization in the prologue), their statistics
   * summed over whole rows by the threads that read them (`RowThreads`): K is then never split, as
   * every K slice would sum its rows whole again, and the tile leaves workgroup memory for the sums.
   */
  readonly rowStatistics?: boolean;
}

/**
 * The threads that read one row of A together, for hoisted code that reduces over the whole row (a
 * layer normalization's mean and variance, once per workgroup and row): `lanes` consecutive threads
 * by local index, this one `lane` among them. `sum` emits, at the kernel's top level (every thread
 * runs it), the sum of each thread's `value` over its row's lanes, in lane order, as `var name`.
 */
export interface RowThreads {
  readonly lane: string;
  readonly lanes: number;
  sum(scope: Scope, value: string, name: string): void;
}

/** Row sums through the workgroup array `row_part` (one f32 per thread), which the kernel declares where `used`. */
export function rowThreads(lane: string, lanes: number): RowThreads & { used: boolean } {
  return {
    lane, lanes, used: false,
    sum(scope, value, name) {
      this.used = true;
      scope.emit('workgroupBarrier();');
      scope.emit(`row_part[lidx] = ${value};`);
      scope.emit('workgroupBarrier();');
      scope.emit(`var ${name} = 0.0f;`);
      scope.emit(`for (var row_i = 0u; row_i < ${lanes}u; row_i++) { ${name} += row_part[lidx / ${lanes}u * ${lanes}u + row_i]; }`);
    },
  };
}

/** Workgroup memory the row sums take, in bytes: one f32 for each of a tile's 256 threads. */
const ROW_PART_BYTES = 4 * 256;

/** Index arguments are i32 expressions, always in range; hooks may emit statements into `scope`. */
export interface GemmHooks {
  /**
   * A(batch, m, k) as an f32 expression; code that depends on `m` (and `batch`) only may go into
   * `hoisted`, which runs once per thread at the kernel's top level, and may sum over row m with `rows`.
   */
  readA(scope: Scope, batch: string, m: string, k: string, hoisted: Scope, rows: RowThreads): string;
  /** B(batch, k, n) as an f32 expression; code that depends on `n` (and `batch`) only may go into `hoisted`. */
  readB(scope: Scope, batch: string, k: string, n: string, hoisted: Scope): string;
  /**
   * Emits the store of product element (batch, m, n), whose accumulator is the f32 expression `acc`
   * (with split-K, the sum over K slice `split`, an i32 in scope). The store runs in a function of
   * its own: it may use `batch`, `split`, `m`, `n` and `acc` only, with module-scope bindings.
   */
  write(scope: Scope, batch: string, m: string, n: string, acc: string): void;
  /**
   * Optional: the store of product elements (batch, m, n … n + 3), n a multiple of 4, from the
   * vec4<f32> expression `acc`, as one vec4 store. Used where the thread's columns come in runs of 4
   * and N is a multiple of 4 (a run never straddles N); the same constraints as `write`.
   */
  writeRun?(scope: Scope, batch: string, m: string, n: string, acc: string): void;
}

export interface Tile {
  readonly tm: number;
  readonly tn: number;
  readonly tk: number;
  /** K is cut into this many slices, each summed by its own workgroups into a partial product (split-K). */
  readonly splits: number;
  /**
   * Threads along M and along N (16 each where not given: 256 threads). Fewer threads give each a
   * larger register block: a 64×64 tile with 8 along M runs 128 threads of 8×4 elements each.
   */
  readonly threads?: readonly [number, number];
}

/**
 * Each thread computes a block of rows × columns sized so that every tile runs 16×16 = 256 threads:
 * 128-wide tiles block 8 per thread, 64-wide 4, 32-wide 2, 16-wide 1. Small tiles keep many
 * threads, so each thread's share of the tile loads stays short (loads are what a small GEMM waits
 * on); large blocks reuse each value read from workgroup memory more (what a large GEMM waits on).
 */
const block = (t: number, threads = THREADS_PER_SIDE) => Math.max(1, t / threads);

/** Threads along each side of a tile unless the tile says otherwise. */
const THREADS_PER_SIDE = 16;
/** A tile's threads along M and N. */
const threadsOf = (t: TileShape): readonly [number, number] => t.threads ?? [THREADS_PER_SIDE, THREADS_PER_SIDE];

/** 128-wide tiles only where at least this many workgroups remain: below it, 64-wide tiles fill the GPU better. */
const WIDE_TILE_GROUPS = 256;
/** A 64×128 tile over at most 256 rows stays where this many workgroups run with its K slices. */
const WIDE_SLICED_GROUPS = 384;

/** Register blocks of at least this many elements (8×8) have their k-tile's steps unrolled. */
const UNROLLED_BLOCK = 64;

/** A tile's shape, without the K split chosen for a problem. */
export type TileShape = Omit<Tile, 'splits'>;

/** WebGPU's default maxComputeWorkgroupStorageSize: what every device offers. */
export const DEFAULT_WORKGROUP_STORAGE = 16_384;

/** Bytes of workgroup memory the A and B tiles take (rows padded as gemmMain lays them out). */
export function tileBytes(t: TileShape, bAlongK = false): number {
  const [threadsM, threadsN] = threadsOf(t);
  return 4 * t.tk * (aStride(t.tm, threadsM) + bStride(t.tn, bAlongK, threadsN));
}

/**
 * Row strides of the tiles in workgroup memory, in f32. The A tile is stored [k][m] with its rows
 * padded by 4 when read as vec4: the loads write it k-fastest across threads, and an unpadded
 * power-of-two row would put those writes in one bank. B loaded k-fastest (it runs along K in
 * memory) is stored as A is, so its rows are padded too (by one word where it is read as scalars).
 */
const aStride = (tm: number, threads?: number) => (block(tm, threads) >= 4 ? tm + 4 : tm);
const bStride = (tn: number, alongK: boolean, threads?: number) => (alongK ? tn + (block(tn, threads) >= 4 ? 4 : 1) : tn);

/** A tile a benchmark's sweep forces (`cgc bench-kernels --tile`), with its K slices where given (capped at what K allows). */
export type ForcedTile = TileShape & { readonly splits?: number };

/**
 * Tile sizes, from measurements on an H100 (docs/webgpu-target.md has the sweep):
 * 1. per side the smallest of 16, 32, 64, 128 covering it (a matrix-vector product does not pay for
 *    64 idle rows);
 * 2. a 128-wide side is halved (the larger first) while fewer than WIDE_TILE_GROUPS workgroups run,
 *    except that 64×128 stays for at most 256 rows when its workgroups with their K slices number
 *    WIDE_SLICED_GROUPS (a transformer's projections at batch 1: ViT-B/16's QKV 0.0558 → 0.0509 ms,
 *    MLP up 0.0674 → 0.0629, MLP down 0.0566 → 0.0543 against 64×64);
 * 3. 64×64 narrows to 64×32 unless it already runs NARROW_BELOW workgroups (twice that when K is under
 *    MIN_SPLIT_K, where split-K adds none), or TARGET_GROUPS with its K slices: at batch 1 a CNN's layers
 *    have few output tiles, and narrower tiles beat deeper split-K (ResNet-50's convolutions 1.54 →
 *    1.19 ms in all), but a long K that fills the GPU with slices of 64×64 tiles runs faster so
 *    (ViT-B/16's 197×3072·3072×768: 0.057 ms against 0.074 at 64×32);
 * 4. 64×32 narrows to 32×32 when, split-K included, fewer than SMALL_TILE_WORK workgroups run
 *    (MobileNetV2's 1×1 convolutions with short K and few positions);
 * 5. a tile of 32 rows or fewer takes 32 columns, not 64, below WIDE_TILE_GROUPS workgroups
 *    (MobileNetV2's 24-channel layer: 10.2 µs at 32×32, 14.2 at 32×64);
 * 6. 64×32 narrows to 64×16 where K is too short to split and fewer than NARROW_BELOW workgroups
 *    run: twice the workgroups over the serial K (ViT-B/16's attention ·v, 12×[197×197]·[197×64]:
 *    17.3 → 14.0 µs per layer on an H200, 32×32 19.5; no CNN layer of the six models changes).
 * K is tiled by 16, or 8 for a 128×128 tile where 16 would not fit the device's workgroup memory
 * (WebGPU's default 16 KiB; 128×128×16 against ×8 on the H100: 34.0 against 33.1 TFLOP/s at 2048³,
 * 34.8 against 33.7 at 4096³).
 * `splitK` says which products may split K at all (`keepsKWhole`); the rules then see the others as
 * products whose K is too short to split. A `forced` tile (a benchmark's sweep) replaces all of this;
 * only its K slices are chosen where it gives none.
 */
export function chooseTile(s: GemmShape, workgroupStorage = DEFAULT_WORKGROUP_STORAGE, forced?: ForcedTile, splitK: SplitK = DEFAULT_SPLIT_K): Tile {
  const whole = keepsKWhole(s, splitK);
  const slices = (groups: number) => (whole ? 1 : chooseSplits(s, groups));
  if (forced) {
    // A forced tile's K slices stand, but for a product that sums A's rows (it cannot be split).
    const splits = s.rowStatistics ? 1 : forced.splits !== undefined ? Math.max(1, Math.min(forced.splits, Math.floor(s.K / forced.tk))) : slices(s.batch * Math.ceil(s.M / forced.tm) * Math.ceil(s.N / forced.tn));
    return { tm: forced.tm, tn: forced.tn, tk: forced.tk, splits, ...(forced.threads ? { threads: forced.threads } : {}) };
  }
  const fit = (d: number) => (d <= 16 ? 16 : d <= 32 ? 32 : d <= 64 ? 64 : 128);
  let tm = fit(s.M);
  let tn = fit(s.N);
  const groups = () => s.batch * Math.ceil(s.M / tm) * Math.ceil(s.N / tn);
  while (Math.max(tm, tn) === 128 && groups() < WIDE_TILE_GROUPS) {
    if (tm === 64 && tn === 128 && s.M <= 256 && groups() * slices(groups()) >= WIDE_SLICED_GROUPS) break;
    if (tm >= tn) tm /= 2;
    else tn /= 2;
  }
  const splitable = s.K >= MIN_SPLIT_K && !whole;
  if (tm === 64 && tn === 64 && groups() < (splitable ? NARROW_BELOW : 2 * NARROW_BELOW) && groups() * slices(groups()) < TARGET_GROUPS) tn = 32;
  if (tm === 64 && tn === 32 && groups() * slices(groups()) < SMALL_TILE_WORK) tm = 32;
  if (tm <= 32 && tn === 64 && groups() < WIDE_TILE_GROUPS) tn = 32;
  if (tm === 64 && tn === 32 && !splitable && groups() < NARROW_BELOW) tn = 16;
  const tk = tileBytes({ tm, tn, tk: 16 }, s.bAlongK) + (s.rowStatistics ? ROW_PART_BYTES : 0) <= workgroupStorage ? 16 : 8;
  return { tm, tn, tk, splits: slices(groups()) };
}

/**
 * Whether K stays whole: always with `off` and where A's rows are normalized as they are read (each
 * slice would sum its rows whole again); with `thin`, where the product has NARROW_BELOW output tiles
 * of 64×64 or more. ViT-B/16 at batch 1: its MLP up, 197×[768]·[768×3072], has 192 such tiles and one
 * kernel of them where `eager` split it into 6 slices of 96 tiles of 64×128 plus their sum (two
 * dispatches, 29 MB of partials written and read back); its output projection and MLP down (48 tiles,
 * K of 768 and 3072) still split.
 */
function keepsKWhole(s: GemmShape, splitK: SplitK): boolean {
  if (s.rowStatistics || splitK === 'off') return true;
  return splitK === 'thin' && s.batch * Math.ceil(s.M / 64) * Math.ceil(s.N / 64) >= NARROW_BELOW;
}

/** 64×64 tiles stay where at least this many run (with split-K possible; twice as many without). */
const NARROW_BELOW = 128;
/** 64×32 tiles stay where at least this many workgroups, times their K slices, run. */
const SMALL_TILE_WORK = 96;

/** Fewer workgroups than this leave a large GPU mostly idle. */
export const TARGET_GROUPS = 512;
/** Each K slice keeps at least this much of the reduction, so the partial sums stay worth their traffic. */
const MIN_SLICE = 64;
/**
 * K is split only from this length on: below it, the sum kernel split-K adds costs a dispatch more
 * than the slices save (H200: ResNet-50's [512×128]·[128×784] 11.1 µs in one kernel, 14.9 in two).
 */
const MIN_SPLIT_K = 256;

/**
 * Split-K for thin products (few output tiles, long K — the late layers of a CNN at batch 1): cut K
 * so that about TARGET_GROUPS workgroups run, at most 32 slices of at least MIN_SLICE each. Slices
 * of 64 rather than 128 (now that the partials are stored as vec4 runs) took the kernel sums on an
 * H200 from 2.466 to 2.430 ms (ViT-B/16), 0.660 → 0.617 (EfficientNet-B0), 0.396 → 0.369
 * (MobileNetV2), 0.269 → 0.240 (SqueezeNet 1.1), ResNet-50 and ResNet-18 within 1%; splitting K from
 * 128 on as well bought 1–23 µs more per model for 4–12 more dispatches, not worth their host time.
 */
export function chooseSplits(s: GemmShape, groups: number): number {
  if (groups >= TARGET_GROUPS / 2 || s.K < MIN_SPLIT_K || s.rowStatistics) return 1;
  return Math.max(1, Math.min(32, Math.floor(s.K / MIN_SLICE), Math.ceil(TARGET_GROUPS / groups)));
}

/**
 * One side (rows of A, or columns of B) of the thread's register block, over `threads` threads along
 * it. With a block of 4 or more, a thread owns runs of 4 adjacent elements, 4·threads apart (rows
 * 4·t … 4·t+3, 4·threads + 4·t …), read from workgroup memory as vec4; otherwise single elements
 * `threads` apart (t, t + threads, …), read as scalars.
 */
interface Side {
  readonly size: number;
  readonly block: number;
  readonly threads: number;
  readonly vec: boolean;
  /** Row stride of the tile in workgroup memory, in f32 (padded for A, see gemmMain). */
  readonly stride: number;
  /** The tile element (offset within the tile) of block element `i`, for thread coordinate `t`. */
  at(t: string, i: number): string;
}

function side(size: number, stride: number, threads: number): Side {
  const b = block(size, threads);
  const vec = b >= 4;
  return {
    size, block: b, threads, vec, stride,
    at: (t, i) => (vec ? `${4 * threads * Math.floor(i / 4) + (i % 4)}i + 4i * ${t}` : `${t} + ${i * threads}i`),
  };
}

/** The tiled kernel's `main` and workgroup variables (after the caller's binding declarations), or undefined past dispatch limits. */
export function gemmMain(s: GemmShape, hooks: GemmHooks, tile = chooseTile(s)): { code: string; workgroups: [number, number, number]; /** Whether the store takes runs of 4 columns (`writeRun`). */ runStores: boolean } | undefined {
  const { tm, tn, tk, splits } = tile;
  // K slices of whole k-tiles; with one slice the loop runs over all of K.
  const slice = Math.ceil(Math.ceil(s.K / splits) / tk) * tk;
  const workgroups: [number, number, number] = [Math.ceil(s.N / tn), Math.ceil(s.M / tm), s.batch * splits];
  if (workgroups.some((w) => w > 65535)) return undefined;
  const [threadsM, threadsN] = threadsOf(tile);
  const A = side(tm, aStride(tm, threadsM), threadsM);
  const B = side(tn, bStride(tn, s.bAlongK ?? false, threadsN), threadsN);
  const threads = (tm / A.block) * (tn / B.block);
  if (threads % tk || threads % tn || (tm * tk) % threads || (tk * tn) % threads) throw new Error(`GEMM tile ${tm}×${tn}×${tk} does not split into ${threads}-thread load slots`);
  // Thread t loads A elements (m = t / tk + j·threads/tk, k = t % tk) and B elements (k = t / tn +
  // j·threads/tn, n = t % tn) for slots j: consecutive threads read consecutive words of a row-major
  // A and B. Its k-independent index math (an output position's coordinates, for a convolution) is
  // computed once, before the K loop.
  const hoist = new Scope('  ');
  hoist.emit(`let a_kk = i32(lidx) % ${tk}i;`);
  // The tk threads loading a row's k-tile (a_kk = 0 … tk − 1) read the row together.
  const rows = rowThreads('a_kk', tk);
  if (s.bAlongK) {
    hoist.emit(`let b_kk = i32(lidx) % ${tk}i;`);
  } else {
    hoist.emit(`let b_kk = i32(lidx) / ${tn}i;`);
    hoist.emit(`let b_n = tile_n0 + i32(lidx) % ${tn}i;`);
  }
  // Fetching a k-tile reads its elements from global memory into registers (a_val, b_val);
  // storing it moves them into the workgroup tiles. The loop fetches the next k-tile before it
  // computes on the current one, so the global loads are in flight during the products.
  const fetch = new Scope('      ');
  const store = new Scope('      ');
  const fetched: string[] = [];
  fetch.emit('let a_k = k0 + a_kk;');
  for (let j = 0; j < (tm * tk) / threads; j++) {
    const m = `a_m${j}`;
    hoist.emit(`let ${m} = tile_m0 + i32(lidx) / ${tk}i + ${(j * threads) / tk}i;`);
    fetched.push(`a_val${j}`);
    const slot = fetch.child();
    slot.emit(`a_val${j} = 0.0f;`);
    when(slot, inRange([m, s.M, tm], ['a_k', s.K, tk]), (inner) => inner.emit(`a_val${j} = ${hooks.readA(inner, 'batch', m, 'a_k', hoist, rows)};`));
    hoist.emit(`let a_at${j} = a_kk * ${A.stride}i + i32(lidx) / ${tk}i + ${(j * threads) / tk}i;`);
    store.emit(`${wgStore('tile_a', A.vec, `a_at${j}`)} = a_val${j};`);
    fetch.emit('{');
    fetch.lines.push(...slot.lines);
    fetch.emit('}');
  }
  if (s.bAlongK) fetch.emit('let b_k = k0 + b_kk;');
  for (let j = 0; j < (tk * tn) / threads; j++) {
    fetched.push(`b_val${j}`);
    const slot = fetch.child();
    if (s.bAlongK) {
      // Thread t loads B element (k = t % tk, n = t / tk + j·threads/tk): consecutive threads read consecutive words of B's rows along K.
      const n = `b_n${j}`;
      hoist.emit(`let ${n} = tile_n0 + i32(lidx) / ${tk}i + ${(j * threads) / tk}i;`);
      slot.emit(`b_val${j} = 0.0f;`);
      when(slot, inRange(['b_k', s.K, tk], [n, s.N, tn]), (inner) => inner.emit(`b_val${j} = ${hooks.readB(inner, 'batch', 'b_k', n, hoist)};`));
      hoist.emit(`let b_at${j} = b_kk * ${B.stride}i + i32(lidx) / ${tk}i + ${(j * threads) / tk}i;`);
    } else {
      const k = `b_k${j}`;
      slot.emit(`let ${k} = k0 + b_kk + ${(j * threads) / tn}i;`);
      slot.emit(`b_val${j} = 0.0f;`);
      when(slot, inRange([k, s.K, tk], ['b_n', s.N, tn]), (inner) => inner.emit(`b_val${j} = ${hooks.readB(inner, 'batch', k, 'b_n', hoist)};`));
      hoist.emit(`let b_at${j} = (b_kk + ${(j * threads) / tn}i) * ${B.stride}i + i32(lidx) % ${tn}i;`);
    }
    store.emit(`${wgStore('tile_b', B.vec, `b_at${j}`)} = b_val${j};`);
    fetch.emit('{');
    fetch.lines.push(...slot.lines);
    fetch.emit('}');
  }
  // The product step for one k: the thread's A values (scalars) times its B values (vec4 runs or
  // scalars), accumulated into acc (vec4 per run of 4 columns, else f32 per column).
  const step: string[] = [];
  const aVals: string[] = [];
  for (let i = 0; i < A.block; i += A.vec ? 4 : 1) {
    const v = `a_r${i}`;
    step.push(`let ${v} = ${wgLoad('tile_a', A, 'ty', i)};`);
    if (A.vec) aVals.push(`${v}.x`, `${v}.y`, `${v}.z`, `${v}.w`);
    else aVals.push(v);
  }
  const bVals: string[] = [];
  for (let i = 0; i < B.block; i += B.vec ? 4 : 1) {
    const v = `b_r${i}`;
    step.push(`let ${v} = ${wgLoad('tile_b', B, 'tx', i)};`);
    bVals.push(v);
  }
  aVals.forEach((a, r) => bVals.forEach((b, c) => step.push(`acc[${r * bVals.length + c}] = fma(${B.vec ? `vec4<f32>(${a})` : a}, ${b}, acc[${r * bVals.length + c}]);`)));
  // With 8×8 blocks the k-tile's steps are unrolled, each with its k a constant: the workgroup-tile
  // indices differ by constants, and a loop (which the driver's compiler leaves rolled) pays its
  // counter, its branch and a bounds clamp per index at every step (128×128×16 at 4096³ on an H200:
  // 34.8 → 37.2 TFLOP/s). Smaller blocks, which the models' layers take, gained nothing from it, and
  // their longer code slowed a cold load (ResNet-50: shader modules 70–84 → 136–155 ms, pipelines
  // ready at 160–201 → 290–307 ms), so they keep the loop.
  const body = step.map((l) => `        ${l}`);
  const products = A.block * B.block >= UNROLLED_BLOCK
    ? Array.from({ length: tk }, (_, kk) => [`      {`, `        const kk = ${kk}i;`, ...body, `      }`].join('\n'))
    : [`      for (var kk = 0i; kk < ${tk}i; kk++) {`, ...body, `      }`];
  // The store: one call per block element, with constant accumulator indices (a loop over a
  // register array with the epilogue in its body can leave the array in local memory).
  // Runs of 4 columns stored whole where the hook takes them (coalesced 16-byte stores).
  const runs = Boolean(hooks.writeRun && B.vec && s.N % 4 === 0);
  const storeFn = runs ? 'store_run' : 'store_tile';
  const write = new Scope('  ');
  write.emit('let o_m = tile_m0 + dm;');
  write.emit('let o_n = tile_n0 + dn;');
  when(write, inRange(['o_m', s.M, tm], ['o_n', s.N, tn]), (inner) => (runs
    ? hooks.writeRun!(inner, 'batch', 'o_m', 'o_n', 'acc_v')
    : hooks.write(inner, 'batch', 'o_m', 'o_n', 'acc_v')));
  const calls: string[] = [];
  for (let r = 0; r < A.block; r++) {
    for (let c = 0; c < B.block; c += runs ? 4 : 1) {
      const slot = r * bVals.length + (B.vec ? c >> 2 : c);
      const acc = B.vec && !runs ? `acc[${slot}][${c % 4}]` : `acc[${slot}]`;
      calls.push(`  ${storeFn}(batch, split, tile_m0, tile_n0, ${A.at('ty', r)}, ${B.at('tx', c)}, ${acc});`);
    }
  }
  // Where the tile overhangs M or N, a thread whose first row (or column) lies past it has no
  // element to compute: it still loads and meets the barriers, but skips the products. The threads of
  // a warp hold neighbouring rows, so whole warps skip (ViT-B/16's 197 rows in 64-row tiles: the
  // last tile's 5 rows keep one warp of eight busy).
  const live = [`tile_m0 + ${A.at('ty', 0)} < ${size(s.M)}`, `tile_n0 + ${B.at('tx', 0)} < ${size(s.N)}`];
  const aWords = tk * A.stride;
  const bWords = tk * B.stride;
  const wgArray = (vec: boolean, words: number) => (vec ? `array<vec4<f32>, ${words / 4}>` : `array<f32, ${words}>`);
  const code = `var<workgroup> tile_a: ${wgArray(A.vec, aWords)};
var<workgroup> tile_b: ${wgArray(B.vec, bWords)};
${rows.used ? `var<workgroup> row_part: array<f32, ${threads}>;\n` : ''}
fn ${storeFn}(batch: i32, split: i32, tile_m0: i32, tile_n0: i32, dm: i32, dn: i32, acc_v: ${runs ? 'vec4<f32>' : 'f32'}) {
${write.lines.join('\n')}
}

// Tiled GEMM ${s.batch}×[${s.M}×${s.K}]·[${s.K}×${s.N}], tile ${tm}×${tn}×${tk}, ${A.block}×${B.block} per thread${tile.threads ? ` (${threads} threads)` : ''}${splits > 1 ? `, K in ${splits} slices of ${slice}` : ''}${s.bAlongK ? ', B loaded along K' : ''}.
@compute @workgroup_size(${tn / B.block}, ${tm / A.block})
fn main(@builtin(workgroup_id) wg: vec3<u32>, @builtin(local_invocation_id) lid: vec3<u32>, @builtin(local_invocation_index) lidx: u32) {
  let batch = i32(wg.z) / ${size(splits)};
  let split = i32(wg.z) % ${size(splits)};
  let k_begin = split * ${size(slice)};
  let k_end = min(k_begin + ${size(slice)}, ${size(s.K)});
  let tile_m0 = i32(wg.y) * ${tm}i;
  let tile_n0 = i32(wg.x) * ${tn}i;
  let tx = i32(lid.x);
  let ty = i32(lid.y);
  var acc: array<${B.vec ? 'vec4<f32>' : 'f32'}, ${aVals.length * bVals.length}>;
${hoist.lines.join('\n')}
  ${fetched.map((v) => `var ${v}: f32;`).join(' ')}
  // Pass k0 fetches k-tile k0 and computes on k-tile k0 − ${tk} (stored by the pass before).
  for (var k0 = k_begin; k0 < k_end + ${tk}i; k0 += ${tk}i) {
    if (k0 < k_end) {
${fetch.lines.join('\n')}
    }
    if (k0 > k_begin${live.map((c) => ` && ${c}`).join('')}) {
${products.join('\n')}
    }
    workgroupBarrier();
    if (k0 < k_end) {
${store.lines.join('\n')}
    }
    workgroupBarrier();
  }
${calls.join('\n')}
}
`;
  return { code, workgroups, runStores: runs };
}

/**
 * A workgroup tile element at f32 offset `at` (a non-negative i32) as a store target: a component of
 * a vec4 array, or an f32 array element. The component is `% 4`, not `& 3`: Dawn's range analysis
 * follows `%` and proves the component in bounds, so no clamp is added (docs/webgpu-target.md,
 * "Index clamps").
 */
function wgStore(name: string, vec: boolean, at: string): string {
  return vec ? `${name}[${at} >> 2u][u32(${at}) % 4u]` : `${name}[${at}]`;
}

/** Row kk of a workgroup tile at the thread's block element `i` (for a vec4 side, the run of 4 starting there). */
function wgLoad(name: string, side: Side, t: string, i: number): string {
  return side.vec ? `${name}[kk * ${side.stride / 4}i + ${side.threads * Math.floor(i / 4)}i + ${t}]` : `${name}[kk * ${side.stride}i + ${side.at(t, i)}]`;
}

/**
 * The bounds test for indices that may pass their extent. Every extent is tested, a tile dividing it
 * or not, so that products of one tile shape share their code (the extents are size parameters).
 */
function inRange(...checks: [string, number, number][]): string {
  return checks.map(([v, extent]) => `${v} < ${size(extent)}`).join(' && ');
}
