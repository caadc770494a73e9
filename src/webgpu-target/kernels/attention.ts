// Attention as one kernel: q·kᵀ → elementwise ops (scale, additive mask or bias) → softmax over the
// keys → ·v (the @attention patterns). Flash-attention style: a workgroup takes a block of query rows
// of one batch entry, loads each tile of keys and values into workgroup memory once for all of them,
// and keeps an online softmax (running maximum and sum) per row, so the scores never reach memory.
import { type Operation, type Value, numElements, shapeToString } from '../../ir';
import { type KernelBuilder, KernelDecline, Scope, bindingDecls, convert, flatOffset } from '../wgsl/builder';
import type { GeneratedKernel } from './gemm-kernel';
import { heavyOps, unflatten } from './gemm-kernel';
import { ctxOf, normAxis } from './helpers';

/**
 * Query rows per workgroup, and threads per row: each computes every 16th score of its row's key tile,
 * that score's probability, and every 16th output column. Small blocks of many threads give a layer of
 * ViT-B/16 (12 heads of 197 queries) 300 workgroups of 128 threads; blocks of 16 rows of 4 threads
 * gave it 156 of 64, each thread looping over every key of its row alone, and measured slower than the
 * three kernels they replace (docs/webgpu-target.md, "Attention as one kernel").
 */
const ROWS = 8;
const THREADS_PER_ROW = 16;
const THREADS = ROWS * THREADS_PER_ROW;
/** Keys per tile, largest first: the largest whose tiles fit the device's workgroup memory. */
const KEY_TILES = [32, 16, 8, 4, 2, 1];
const MAX_F32 = '3.4028234663852886e38f';

/** The ops of an attention subgraph writing `out`, when `out` is (softmax(f(a·b)))·v with f elementwise or views. */
export interface AttentionOps {
  readonly scores: Operation;
  readonly softmax: Operation;
  readonly product: Operation;
}

/** The attention ops writing `out`, or undefined where the subgraph has another shape. */
export function attentionOps(b: KernelBuilder, out: Value): AttentionOps | undefined {
  const product = out.definingOp;
  if (!product || product.opName !== 'matmul' || !b.inside.has(product)) return undefined;
  const softmax = product.operands[0]!.definingOp;
  if (!softmax || softmax.opName !== 'softmax' || !b.inside.has(softmax)) return undefined;
  const heavy = heavyOps(b, out);
  const scores = [...heavy].find((op) => op !== product && op !== softmax);
  if (heavy.size !== 3 || !scores || scores.opName !== 'matmul') return undefined;
  // The softmax reads the scores through elementwise ops and views only, the scores feed nothing else.
  if (!heavyOps(b, softmax.operands[0]!).has(scores) || heavyOps(b, softmax.operands[0]!).size !== 1) return undefined;
  if (heavyOps(b, product.operands[1]!).size !== 0) return undefined;
  return { scores, softmax, product };
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
  const { scores, softmax, product } = ops;
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
  // Rows of q and k padded by a word: the threads of a row read different keys at one d without bank conflicts.
  const qStride = D + 1;
  const keyStride = D + 1;
  const words = (bk: number) => ROWS * qStride + bk * keyStride + bk * DV + 2 * ROWS * bk;
  const BK = KEY_TILES.find((bk) => bk <= Math.max(1, 2 ** Math.ceil(Math.log2(LK))) && words(bk) * 4 <= workgroupStorage);
  if (BK === undefined) return decline(`tiles of ${words(1) * 4} bytes for one key, past ${workgroupStorage} bytes of workgroup memory`);
  const columns = Math.ceil(DV / THREADS_PER_ROW);
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

  // The block's q rows, loaded once into workgroup memory by all threads.
  const qLoad = new Scope('    ');
  const qv = convert(b.value(a, operandCoords(a, 'q_row', 'ld_d'), qLoad), 'f32');
  // The key and value tiles, loaded by all threads of the workgroup.
  const kLoad = new Scope('      ');
  const kv = convert(b.value(bt, operandCoords(bt, 'ld_d', 'key_c'), kLoad), 'f32');
  const vLoad = new Scope('      ');
  const vv = convert(b.value(v, operandCoords(v, 'key_c', 'ld_d'), vLoad), 'f32');
  // One score through the ops between the product and the softmax (scale, mask, bias), the product
  // overridden to return the thread's dot product.
  const sLoop = new Scope('      ');
  b.override(scores, () => ({ expr: 'dot_acc', type: 'f32' }));
  const sv = convert(b.value(softmax.operands[0]!, [...batchCoords, 'row_c', 'key_c'], sLoop), 'f32');

  const code = `// ${name}: ${shapeToString(oShape)} through attention: softmax(f(${shapeToString(a.type.shape)}·${shapeToString(bt.type.shape)}))·${shapeToString(v.type.shape)}
${bindingDecls(b, out, outBinding)}
var<workgroup> q_tile: array<f32, ${ROWS * qStride}>;
var<workgroup> k_tile: array<f32, ${BK * keyStride}>;
var<workgroup> v_tile: array<f32, ${BK * DV}>;
var<workgroup> s_tile: array<f32, ${ROWS * BK}>;
var<workgroup> p_tile: array<f32, ${ROWS * BK}>;

// ${ROWS} query rows per workgroup, ${THREADS_PER_ROW} threads per row, tiles of ${BK} keys.
@compute @workgroup_size(${THREADS})
fn main(@builtin(workgroup_id) wg: vec3<u32>, @builtin(local_invocation_index) lidx: u32) {
  let batch = i32(wg.y);
${hoisted.lines.join('\n')}
  let r = i32(lidx) / ${THREADS_PER_ROW}i;
  let t = i32(lidx) % ${THREADS_PER_ROW}i;
  let row = i32(wg.x) * ${ROWS}i + r;
  let row_c = min(row, ${LQ - 1}i);
  ${strided('e', ROWS * D)}
    let ld_d = e % ${D}i;
    let q_row = min(i32(wg.x) * ${ROWS}i + e / ${D}i, ${LQ - 1}i);
${qLoad.lines.join('\n')}
    q_tile[(e / ${D}i) * ${qStride}i + ld_d] = ${qv};
  }
  var o: array<f32, ${columns}>;
  var m = -${MAX_F32};
  var l = 0.0f;
  for (var k0 = 0i; k0 < ${LK}i; k0 += ${BK}i) {
    ${strided('e', BK * D)}
      let ld_j = e / ${D}i;
      let ld_d = e % ${D}i;
      let key_c = min(k0 + ld_j, ${LK - 1}i);
${kLoad.lines.join('\n')}
      k_tile[ld_j * ${keyStride}i + ld_d] = ${kv};
    }
    ${strided('e', BK * DV)}
      let ld_j = e / ${DV}i;
      let ld_d = e % ${DV}i;
      let key_c = min(k0 + ld_j, ${LK - 1}i);
${vLoad.lines.join('\n')}
      v_tile[e] = select(0.0f, ${vv}, k0 + ld_j < ${LK}i);
    }
    workgroupBarrier();
    for (var j_r = 0i; j_r < ${keysPerThread}i; j_r++) {
      let j = t + j_r * ${THREADS_PER_ROW}i;
      if (j < ${BK}i) {
        var dot_acc = 0.0f;
        for (var d = 0i; d < ${D}i; d++) {
          dot_acc = fma(q_tile[r * ${qStride}i + d], k_tile[j * ${keyStride}i + d], dot_acc);
        }
        let key_c = min(k0 + j, ${LK - 1}i);
${sLoop.lines.join('\n')}
        s_tile[r * ${BK}i + j] = select(-inf_f32(), ${sv}, k0 + j < ${LK}i);
      }
    }
    workgroupBarrier();
    // The row's new maximum (every thread of the row reads all its scores), then each score's
    // probability computed once, by the thread that computed the score.
    var m_new = m;
    for (var j = 0i; j < ${BK}i; j++) { m_new = max(m_new, s_tile[r * ${BK}i + j]); }
    for (var j_r = 0i; j_r < ${keysPerThread}i; j_r++) {
      let j = t + j_r * ${THREADS_PER_ROW}i;
      if (j < ${BK}i) { p_tile[r * ${BK}i + j] = exp(s_tile[r * ${BK}i + j] - m_new); }
    }
    workgroupBarrier();
    let corr = exp(m - m_new);
    l *= corr;
    for (var c = 0i; c < ${columns}i; c++) { o[c] *= corr; }
    for (var j = 0i; j < ${BK}i; j++) {
      let p = p_tile[r * ${BK}i + j];
      l += p;
      for (var c = 0i; c < ${columns}i; c++) {
        o[c] = fma(p, v_tile[j * ${DV}i + min(t + c * ${THREADS_PER_ROW}i, ${DV - 1}i)], o[c]);
      }
    }
    m = m_new;
    workgroupBarrier();
  }
  if (row < ${LQ}i) {
    for (var c = 0i; c < ${columns}i; c++) {
      let col = t + c * ${THREADS_PER_ROW}i;
      if (col < ${DV}i) {
        out${outBinding}[${flatOffset([...batchCoords, 'row', 'col'], oShape)}] = o[c] / l;
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
