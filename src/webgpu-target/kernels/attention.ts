// Attention as one kernel: q·kᵀ → elementwise ops (scale, additive mask or bias) → softmax over the
// keys → ·v (the @attention patterns). Flash-attention style: a workgroup takes a block of query rows
// of one batch entry, loads each tile of keys and values into workgroup memory once for all of them,
// and keeps an online softmax (running maximum and sum) per row, so the scores never reach memory.
import { type Operation, type Value, numElements, sameShape, shapeToString } from '../../ir';
import { type KernelBuilder, KernelDecline, Scope, bindingDecls, convert, flatOffset } from '../wgsl/builder';
import type { GeneratedKernel } from './gemm-kernel';
import { heavyOps, unflatten } from './gemm-kernel';
import { ctxOf, normAxis } from './helpers';
import { size } from '../wgsl/params';

/**
 * Query rows per workgroup, and threads per row. A row's 16 threads share its scores (every 16th key
 * of a tile each) and its output (every 16th group of 4 columns each); q, k and v sit in workgroup
 * memory as vec4s, so a thread's dot product reads 4 elements of q and of each of its keys at once.
 */
const ROWS = 8;
const THREADS_PER_ROW = 16;
const THREADS = ROWS * THREADS_PER_ROW;
/** Keys per tile, largest first: the largest whose tiles fit the device's workgroup memory. */
const KEY_TILES = [64, 32, 16, 8, 4, 2, 1];
const MAX_F32 = '3.4028234663852886e38f';

/** The ops of an attention subgraph writing `out`, when `out` is (softmax(f(a·b)))·v with f elementwise or views. */
export interface AttentionOps {
  readonly scores: Operation;
  readonly softmax: Operation;
  readonly product: Operation;
  /** Where the probabilities are read as where(is_nan(p), zero, p): the one-element value `zero`. */
  readonly nanAs?: Value;
}

/** The attention ops writing `out`, or undefined where the subgraph has another shape. */
export function attentionOps(b: KernelBuilder, out: Value): AttentionOps | undefined {
  const product = out.definingOp;
  if (!product || product.opName !== 'matmul' || !b.inside.has(product)) return undefined;
  const guard = nanGuard(b, product.operands[0]!);
  const softmax = guard ? guard.p.definingOp : product.operands[0]!.definingOp;
  if (!softmax || softmax.opName !== 'softmax' || !b.inside.has(softmax)) return undefined;
  const heavy = heavyOps(b, out);
  const scores = [...heavy].find((op) => op !== product && op !== softmax);
  if (heavy.size !== 3 || !scores || scores.opName !== 'matmul') return undefined;
  // The softmax reads the scores through elementwise ops and views only, the scores feed nothing else.
  if (!heavyOps(b, softmax.operands[0]!).has(scores) || heavyOps(b, softmax.operands[0]!).size !== 1) return undefined;
  if (heavyOps(b, product.operands[1]!).size !== 0) return undefined;
  return { scores, softmax, product, ...(guard ? { nanAs: guard.zero } : {}) };
}

/**
 * `v` as where(is_nan(p), zero, p) inside the subgraph, `zero` one element from outside: PyTorch 2's
 * export of scaled dot-product attention, which zeroes the probabilities of a fully masked row.
 */
function nanGuard(b: KernelBuilder, v: Value): { p: Value; zero: Value } | undefined {
  const where = v.definingOp;
  if (!where || where.opName !== 'where' || !b.inside.has(where)) return undefined;
  const [cond, zero, p] = where.operands as [Value, Value, Value];
  const isNan = cond.definingOp;
  if (!isNan || isNan.opName !== 'is_nan' || !b.inside.has(isNan) || isNan.operands[0] !== p) return undefined;
  if ((zero.definingOp && b.inside.has(zero.definingOp)) || numElements(zero.type.shape) !== 1 || zero.type.element !== 'float32') return undefined;
  if (!sameShape(p.type.shape, v.type.shape)) return undefined;
  return { p, zero };
}

/** Head sizes past this would keep too many output columns in each thread's registers (16 at 256). */
const MAX_HEAD = 256;

/**
 * The attention kernel writing `out` (the ·v product's result, no epilogue), or undefined where the
 * subgraph is not attention. Attention this kernel cannot take (ranks below 3, a softmax not over the
 * keys, the scores of another shape than the softmax's input, heads past MAX_HEAD, tiles past
 * `workgroupStorage` bytes) is declined with the reason, so the compiler keeps the products apart.
 */
export function attentionKernel(b: KernelBuilder, out: Value, outBinding: number, name: string, workgroupStorage = 16_384): GeneratedKernel[] | undefined {
  const ops = attentionOps(b, out);
  if (!ops) return undefined;
  const decline = (why: string): never => {
    throw new KernelDecline(`the attention kernel takes no ${why}`);
  };
  const { scores, softmax, product, nanAs } = ops;
  const [a, bt] = scores.operands as [Value, Value];
  const v = product.operands[1]!;
  const sShape = scores.results[0]!.type.shape;
  const oShape = out.type.shape;
  const rank = oShape.length;
  if ([a, bt, v, scores.results[0]!, out].some((x) => x.type.element !== 'float32')) decline('element types but float32');
  if (rank < 3 || a.type.shape.length < 2 || bt.type.shape.length < 2 || v.type.shape.length < 2) decline(`result of rank ${rank} or vector operands (rank 3 or more: batch, rows, columns)`);
  if (sShape.length !== rank || softmax.operands[0]!.type.shape.join('x') !== sShape.join('x') || sShape.slice(0, -2).join('x') !== oShape.slice(0, -2).join('x')) {
    decline(`scores ${shapeToString(sShape)} that broadcast (softmax of ${shapeToString(softmax.operands[0]!.type.shape)}, result ${shapeToString(oShape)})`);
  }
  if (normAxis(ctxOf(softmax).int('axis'), rank) !== rank - 1) decline('softmax over an axis other than the keys (the last)');
  const batchShape = oShape.slice(0, -2);
  const [LQ, LK] = sShape.slice(-2) as [number, number];
  const D = a.type.shape.at(-1)!;
  const DV = oShape.at(-1)!;
  if (D > MAX_HEAD || DV > MAX_HEAD) decline(`heads of ${D} (keys) and ${DV} (values) elements: at most ${MAX_HEAD}`);
  const batches = numElements(batchShape);
  const blocks = Math.ceil(LQ / ROWS);
  if (batches > 65535 || blocks > 65535) decline(`grid of ${blocks}×${batches} workgroups (at most 65535 per dimension)`);
  // Heads in vec4s (the last one zero-padded past D and DV); k rows padded by one vec4, so the threads
  // of a row read different keys at one d without bank conflicts.
  const D4 = Math.ceil(D / 4);
  const DV4 = Math.ceil(DV / 4);
  const keyStride = D4 + 1;
  const words = (bk: number) => 4 * (ROWS * D4 + bk * keyStride + bk * DV4) + ROWS * bk + ROWS * THREADS_PER_ROW;
  // A first-tier kernel takes the largest tile whatever the keys, so that every length shares its code
  // (the lengths are sizes: uniforms there); the final one no larger a tile than the keys need.
  const BK = KEY_TILES.find((bk) => (b.generic || bk <= Math.max(1, 2 ** Math.ceil(Math.log2(LK)))) && words(bk) * 4 <= workgroupStorage);
  if (BK === undefined) return decline(`tiles of ${words(1) * 4} bytes for one key, past ${workgroupStorage} bytes of workgroup memory`);
  const columns = Math.ceil(DV4 / THREADS_PER_ROW);
  const keysPerThread = Math.ceil(BK / THREADS_PER_ROW);

  // The batch entry's coordinates, computed once per thread.
  const hoisted = new Scope('  ');
  const batchCoords = unflatten('batch', batchShape).map((c) => {
    if (/^\w+$/.test(c)) return c;
    const name = b.fresh('bc');
    hoisted.emit(`let ${name} = ${c};`);
    return name;
  });
  /** Coordinates in an operand of the batch entry (its batch dimensions aligned right, size 1 broadcast). */
  const operandCoords = (x: Value, i: string, j: string) => {
    const shape = x.type.shape;
    const lead = shape.slice(0, -2).map((d, k) => (d === 1 ? '0i' : batchCoords[batchShape.length - (shape.length - 2) + k]!));
    return [...lead, i, j];
  };
  /** Four consecutive elements along a head of `extent` (`at(e)` the coordinates of element e), zero past it. */
  const vec4Of = (x: Value, at: (e: string) => string[], extent: number, scope: Scope) => {
    const lanes = [0, 1, 2, 3].map((i) => {
      const e = `ld_d * 4i + ${i}i`;
      const value = convert(b.value(x, at(extent % 4 === 0 ? e : `min(${e}, ${extent - 1}i)`), scope), 'f32');
      return extent % 4 === 0 || i === 0 ? value : `select(0.0f, ${value}, ${e} < ${extent}i)`;
    });
    return `vec4<f32>(${lanes.join(', ')})`;
  };

  // The block's q rows, loaded once into workgroup memory by all threads.
  const qLoad = new Scope('    ');
  const qv = vec4Of(a, (e) => operandCoords(a, 'q_row', e), D, qLoad);
  // The key and value tiles, loaded by all threads of the workgroup.
  const kLoad = new Scope('      ');
  const kv = vec4Of(bt, (e) => operandCoords(bt, e, 'key_c'), D, kLoad);
  const vLoad = new Scope('      ');
  const vv = vec4Of(v, (e) => operandCoords(v, 'key_c', e), DV, vLoad);
  // One score through the ops between the product and the softmax (scale, mask, bias), the product
  // overridden to return the thread's dot product.
  const sLoop = new Scope('        ');
  b.override(scores, () => ({ expr: 'dot_acc', type: 'f32' }));
  const sv = convert(b.value(softmax.operands[0]!, [...batchCoords, 'row_c', 'key_c'], sLoop), 'f32');
  const lastKeys = LK % BK === 0 && !b.generic ? '' : ` && k0 + j < ${size(LK)}`;
  // where(is_nan(p), zero, p): a row whose probabilities are NaN (a NaN or +∞ score, or every key
  // masked by −∞) is zero times the sum of the values, which the threads keep beside their outputs.
  const zero = nanAs ? convert(b.value(nanAs, nanAs.type.shape.map(() => '0i'), hoisted), 'f32') : undefined;

  const code = `// ${name}: ${shapeToString(oShape)} through attention: softmax(f(${shapeToString(a.type.shape)}·${shapeToString(bt.type.shape)}))·${shapeToString(v.type.shape)}
${bindingDecls(b, out, outBinding)}
var<workgroup> q_tile: array<vec4<f32>, ${ROWS * D4}>;
var<workgroup> k_tile: array<vec4<f32>, ${BK * keyStride}>;
var<workgroup> v_tile: array<vec4<f32>, ${BK * DV4}>;
var<workgroup> p_tile: array<f32, ${ROWS * BK}>;
var<workgroup> red: array<f32, ${ROWS * THREADS_PER_ROW}>;

// ${ROWS} query rows per workgroup, ${THREADS_PER_ROW} threads per row, tiles of ${BK} keys.
@compute @workgroup_size(${THREADS})
fn main(@builtin(workgroup_id) wg: vec3<u32>, @builtin(local_invocation_index) lidx: u32) {
  let batch = i32(wg.y);
${hoisted.lines.join('\n')}
  let r = i32(lidx) / ${THREADS_PER_ROW}i;
  let t = i32(lidx) % ${THREADS_PER_ROW}i;
  let row = i32(wg.x) * ${ROWS}i + r;
  let row_c = min(row, ${size(LQ - 1)});
  ${strided('e', ROWS * D4)}
    let ld_d = e % ${D4}i;
    let q_row = min(i32(wg.x) * ${ROWS}i + e / ${D4}i, ${size(LQ - 1)});
${qLoad.lines.join('\n')}
    q_tile[e] = ${qv};
  }
  var o: array<vec4<f32>, ${columns}>;${zero ? `\n  var vs: array<vec4<f32>, ${columns}>;` : ''}
  var s: array<f32, ${keysPerThread}>;
  var m = -${MAX_F32};
  var l = 0.0f;${zero ? '\n  var nan_scores = 0.0f;' : ''}
  for (var k0 = 0i; k0 < ${size(LK)}; k0 += ${BK}i) {
    ${strided('e', BK * D4)}
      let ld_j = e / ${D4}i;
      let ld_d = e % ${D4}i;
      let key_c = min(k0 + ld_j, ${size(LK - 1)});
${kLoad.lines.join('\n')}
      k_tile[ld_j * ${keyStride}i + ld_d] = ${kv};
    }
    ${strided('e', BK * DV4)}
      let ld_j = e / ${DV4}i;
      let ld_d = e % ${DV4}i;
      let key_c = min(k0 + ld_j, ${size(LK - 1)});
${vLoad.lines.join('\n')}
      v_tile[e] = select(vec4<f32>(0.0f), ${vv}, k0 + ld_j < ${size(LK)});
    }
    workgroupBarrier();
    // The thread's scores (keys t, t + ${THREADS_PER_ROW}, …), and their maximum.
    var m_part = -${MAX_F32};
    for (var i = 0i; i < ${keysPerThread}i; i++) {
      let j = t + i * ${THREADS_PER_ROW}i;
      var dot4 = vec4<f32>(0.0f);
      for (var d = 0i; d < ${D4}i; d++) {
        dot4 = fma(q_tile[r * ${D4}i + d], k_tile[min(j, ${BK - 1}i) * ${keyStride}i + d], dot4);
      }
      let dot_acc = dot4.x + dot4.y + dot4.z + dot4.w;
      let key_c = min(k0 + j, ${size(LK - 1)});
      if (j < ${BK}i${lastKeys}) {
${sLoop.lines.join('\n')}
        s[i] = ${sv};${zero ? `
        // A NaN or +∞ score makes the row's probabilities NaN: told by its bits, as a compiler may
        // assume arithmetic sees neither (WGSL's finite math).
        let s_bits = bitcast<u32>(s[i]);
        if (s_bits == 0x7f800000u || (s_bits & 0x7fffffffu) > 0x7f800000u) { nan_scores = 1.0f; }` : ''}
      } else {
        s[i] = -inf_f32();
      }
      m_part = max(m_part, s[i]);
    }
    red[lidx] = m_part;
    workgroupBarrier();
    // The row's new maximum, and each of the thread's probabilities against it.
    var m_new = m;
    for (var u = 0i; u < ${THREADS_PER_ROW}i; u++) { m_new = max(m_new, red[r * ${THREADS_PER_ROW}i + u]); }
    let corr = exp(m - m_new);
    l *= corr;
    for (var i = 0i; i < ${keysPerThread}i; i++) {
      let j = t + i * ${THREADS_PER_ROW}i;
      let p = exp(s[i] - m_new);
      l += p;
      if (j < ${BK}i) { p_tile[r * ${BK}i + j] = p; }
    }
    for (var c = 0i; c < ${columns}i; c++) { o[c] *= corr; }
    m = m_new;
    workgroupBarrier();
    // Every probability of the row's tile times the thread's value columns.
    for (var j = 0i; j < ${BK}i; j++) {
      let p = p_tile[r * ${BK}i + j];
      for (var c = 0i; c < ${columns}i; c++) {
        let vv = v_tile[j * ${DV4}i + min(t + c * ${THREADS_PER_ROW}i, ${DV4 - 1}i)];
        o[c] = fma(vec4<f32>(p), vv, o[c]);${zero ? '\n        vs[c] += vv;' : ''}
      }
    }
    workgroupBarrier();
  }
  // The row's sum, from its threads' parts.
  red[lidx] = l;
  workgroupBarrier();
  var total = 0.0f;
  for (var u = 0i; u < ${THREADS_PER_ROW}i; u++) { total += red[r * ${THREADS_PER_ROW}i + u]; }${zero ? `
  // The row's probabilities are NaN where a thread met a NaN or +∞ score, or where every key is
  // masked by −∞ (the sum is then 0; the largest score's own term makes it at least 1 otherwise).
  workgroupBarrier();
  red[lidx] = nan_scores;
  workgroupBarrier();
  var nan_count = 0.0f;
  for (var u = 0i; u < ${THREADS_PER_ROW}i; u++) { nan_count += red[r * ${THREADS_PER_ROW}i + u]; }
  let nan_row = nan_count > 0.0f || total < 1.0f;` : ''}
  if (row < ${size(LQ)}) {
    for (var c = 0i; c < ${columns}i; c++) {
      let c4 = t + c * ${THREADS_PER_ROW}i;
      let ov = ${zero ? `select(o[c] / total, ${zero} * vs[c], nan_row)` : 'o[c] / total'};
      for (var lane = 0i; lane < 4i; lane++) {
        let col = c4 * 4i + lane;
        if (c4 < ${DV4}i && col < ${DV}i) {
          out${outBinding}[${flatOffset([...batchCoords, 'row', 'col'], oShape)}] = ov[lane];
        }
      }
    }
  }
}
`;
  return [{ wgsl: code, workgroups: [blocks, batches, 1] }];
}

/**
 * A loop over `count` elements, the workgroup's threads taking every THREADS-th from their own index:
 * counted from 0 with a constant bound, so Dawn's range analysis bounds the indices made from it
 * (docs/webgpu-target.md, "Index clamps"). Opens a block the caller closes.
 */
function strided(name: string, count: number): string {
  const guard = count % THREADS === 0 ? '' : ` if (${name} >= ${count}i) { break; }`;
  return `for (var ${name}_r = 0i; ${name}_r < ${Math.ceil(count / THREADS)}i; ${name}_r++) { let ${name} = i32(lidx) + ${name}_r * ${THREADS}i;${guard}`;
}
