// Fused attention: matmul (q·kᵀ) → elementwise (scale, mask) → softmax over the keys → matmul (·v) →
// elementwise epilogue, as one kernel that never stores the scores. A workgroup takes 16 query rows
// of one batch (every head of every batch element is one); it walks the keys 16 at a time, keeping
// each row's running maximum and sum (the online softmax of Milakov & Gimelshein 2018, as flash
// attention does) and its 16×dv output block in registers. q, k and v are read through the matmuls'
// operand views (slices of a fused QKV projection, reshapes, transposes, scaling) as the tiled GEMM
// reads them; the scale or mask between q·kᵀ and the softmax is pulled per score.
import { type Operation, type Value, shapeToString } from '../../ir';
import { type KernelBuilder, KernelDecline, Scope, bindingDecls, convert, flatOffset, outputType } from '../wgsl/builder';
import { type GeneratedKernel, heavyOps, problemOf } from './gemm-kernel';
import { ctxOf, normAxis, when } from './helpers';

/** Query rows and keys per step; 256 threads, one (row, key) score each. */
const BQ = 16;
const BK = 16;
const THREADS = BQ * BK;
/** The largest head size (q·k depth and v width) the workgroup's tiles hold. */
const MAX_HEAD = 64;
const MAX_F32 = '3.4028234663852886e38f';

interface AttentionOps {
  readonly qk: Operation;
  readonly softmax: Operation;
  readonly pv: Operation;
}

/** The ops of an attention subgraph that `out` hangs off: two matmuls, the second reading the softmax of (a function of) the first. */
function attentionOps(b: KernelBuilder, out: Value): AttentionOps | undefined {
  const heavy = heavyOps(b, out);
  if (heavy.size !== 3) return undefined;
  const pv = [...heavy].find((op) => op.opName === 'matmul' && op.operands[0]!.definingOp?.opName === 'softmax' && heavy.has(op.operands[0]!.definingOp!));
  const softmax = pv?.operands[0]!.definingOp;
  const qk = [...heavy].find((op) => op.opName === 'matmul' && op !== pv);
  if (!pv || !softmax || !qk) return undefined;
  const scores = heavyOps(b, softmax.operands[0]!);
  if (scores.size !== 1 || !scores.has(qk) || heavyOps(b, pv.operands[1]!).size !== 0) return undefined;
  return { qk, softmax, pv };
}

/** The attention kernel writing `out`, or undefined when its subgraph is not attention; KernelDecline for attention this kernel cannot hold. */
export function attentionKernel(b: KernelBuilder, out: Value, outBinding: number, name: string): GeneratedKernel | undefined {
  const ops = attentionOps(b, out);
  if (!ops) return undefined;
  const { qk, softmax, pv } = ops;
  const decline = (why: string): never => {
    throw new KernelDecline(`attention (matmul → softmax → matmul) ${why}`);
  };
  if (out.type.element !== 'float32' || ![qk, softmax, pv].every((op) => [...op.operands, ...op.results].every((v) => v.type.element === 'float32'))) decline('is fused for float32 only');
  const scoreShape = qk.results[0]!.type.shape;
  const softIn = softmax.operands[0]!.type.shape;
  const rank = scoreShape.length;
  if (rank < 2 || qk.operands.some((v) => v.type.shape.length < 2) || pv.operands.some((v) => v.type.shape.length < 2)) decline('needs matrices (rank ≥ 2) on both products');
  if (softIn.length !== rank || softIn.some((d, i) => d !== scoreShape[i])) decline('needs the softmax input in the shape of q·kᵀ');
  if (normAxis(ctxOf(softmax).int('axis'), rank) !== rank - 1) decline('needs the softmax over the keys (the last axis)');
  const outShape = pv.results[0]!.type.shape;
  if (outShape.length !== out.type.shape.length || outShape.some((d, i) => d !== out.type.shape[i])) decline('needs an epilogue that keeps the output shape');
  const p1 = problemOf(b, qk);
  const p2 = problemOf(b, pv);
  if (!p1 || !p2) return undefined;
  const [Sq, Sk, D, DV] = [p1.M, p1.N, p1.K, p2.N];
  if (p1.batch !== p2.batch || p2.M !== Sq || p2.K !== Sk || Sq !== scoreShape[rank - 2]) decline('needs q·kᵀ and ·v over the same batch, queries and keys');
  if (D > MAX_HEAD || DV > MAX_HEAD || DV % 4 !== 0) decline(`holds heads of at most ${MAX_HEAD} (a multiple of 4 for v), not q·k over ${D} and v of ${DV}`);
  if (p1.batch > 65535) decline(`runs at most 65535 batch×heads, not ${p1.batch}`);
  const DV4 = DV / 4;
  const KD = D + 1; // k rows padded: the 16 keys of a row of threads read 16 different banks
  const body = new Scope('  ');
  /** A loop in which the workgroup's threads take elements e = t, t + 256, … below `count`. */
  const strided = (scope: Scope, count: number, each: (s: Scope) => void) => {
    scope.emit(`for (var e = t; e < ${count}i; e += ${THREADS}i) {`);
    const s = scope.child();
    each(s);
    scope.lines.push(...s.lines);
    scope.emit('}');
  };
  // The query block.
  strided(body, BQ * D, (s) => {
    s.emit(`let qr = q0 + e / ${D}i;`);
    s.emit(`let qi = e % ${D}i;`);
    s.emit('var qv = 0.0f;');
    when(s, `qr < ${Sq}i`, (inner) => inner.emit(`qv = ${p1.readA(inner, 'batch', 'qr', 'qi', inner)};`));
    s.emit('q_tile[e] = qv;');
  });
  body.emit(`var m_run = -${MAX_F32};`);
  body.emit('var l_run = 0.0f;');
  body.emit('var o = vec4<f32>(0.0f);');
  body.emit(`for (var k0 = 0i; k0 < ${Sk}i; k0 += ${BK}i) {`);
  const step = body.child();
  strided(step, BK * D, (s) => {
    s.emit(`let kc = e / ${D}i;`);
    s.emit(`let ki = e % ${D}i;`);
    s.emit('let key = k0 + kc;');
    s.emit('var kv = 0.0f;');
    when(s, `key < ${Sk}i`, (inner) => inner.emit(`kv = ${p1.readB(inner, 'batch', 'ki', 'key', inner)};`));
    s.emit(`k_tile[kc * ${KD}i + ki] = kv;`);
  });
  strided(step, BK * DV, (s) => {
    s.emit(`let key = k0 + e / ${DV}i;`);
    s.emit(`let vj = e % ${DV}i;`);
    s.emit('var vv = 0.0f;');
    when(s, `key < ${Sk}i`, (inner) => inner.emit(`vv = ${p2.readB(inner, 'batch', 'key', 'vj', inner)};`));
    s.emit('v_tile[e >> 2u][e & 3i] = vv;');
  });
  step.emit('workgroupBarrier();');
  // This thread's score: q row r · k row c, then whatever the softmax input adds to it (scale, mask),
  // pulled at in-range coordinates (a key past the end is masked out below).
  step.emit('var s = 0.0f;');
  step.emit(`for (var i = 0i; i < ${D}i; i++) { s = fma(q_tile[r * ${D}i + i], k_tile[c * ${KD}i + i], s); }`);
  step.emit(`let s_row = min(q0 + r, ${Sq - 1}i);`);
  step.emit(`let s_key = min(k0 + c, ${Sk - 1}i);`);
  const coords = p1.outCoords('batch', 's_row', 's_key').map((x) => {
    const v = b.fresh('sc');
    step.emit(`let ${v} = ${x};`);
    return v;
  });
  b.override(qk, () => ({ expr: 's', type: 'f32' }));
  const score = convert(b.value(softmax.operands[0]!, coords, step), 'f32');
  step.emit(`s_tile[t] = select(-${MAX_F32}, ${score}, k0 + c < ${Sk}i);`);
  step.emit('workgroupBarrier();');
  // The online softmax of row r (each of its 16 threads computes the same), and its 4 output columns.
  step.emit('var mx = m_run;');
  step.emit(`for (var j = 0i; j < ${BK}i; j++) { mx = max(mx, s_tile[r * ${BK}i + j]); }`);
  step.emit('let alpha = exp(m_run - mx);');
  step.emit('var psum = 0.0f;');
  step.emit('o = o * alpha;');
  step.emit(`for (var j = 0i; j < ${BK}i; j++) {`);
  step.emit(`  let p = exp(s_tile[r * ${BK}i + j] - mx);`);
  step.emit('  psum += p;');
  step.emit(`  o = fma(vec4<f32>(p), v_tile[j * ${DV4}i + min(c, ${DV4 - 1}i)], o);`);
  step.emit('}');
  step.emit('l_run = l_run * alpha + psum;');
  step.emit('m_run = mx;');
  step.emit('workgroupBarrier();');
  body.lines.push(...step.lines);
  body.emit('}');
  // The output: columns 4c … 4c+3 of row q0 + r, divided by the row's sum, through the epilogue.
  const type = outputType(out);
  body.emit(`if (q0 + r < ${Sq}i && c < ${DV4}i) {`);
  const write = body.child();
  write.emit('let o_row = q0 + r;');
  write.emit('let o_n = o / l_run;');
  for (let u = 0; u < 4; u++) {
    const col = write.child();
    const at = p2.outCoords('batch', 'o_row', `(c * 4i + ${u}i)`).map((x) => {
      const v = b.fresh('oc');
      col.emit(`let ${v} = ${x};`);
      return v;
    });
    b.override(pv, () => ({ expr: `o_n.${'xyzw'[u]}`, type: 'f32' }));
    col.emit(`out${outBinding}[${flatOffset(at, out.type.shape)}] = ${convert(b.value(out, at, col), type)};`);
    write.emit('{');
    write.lines.push(...col.lines);
    write.emit('}');
  }
  body.lines.push(...write.lines);
  body.emit('}');
  const wgsl = `// ${name}: ${shapeToString(out.type.shape)} through attention, ${p1.batch}×[${Sq}×${D}]·[${D}×${Sk}] → softmax → ·[${Sk}×${DV}], ${BQ} queries × ${BK} keys per step
${bindingDecls(b, out, outBinding)}

var<workgroup> q_tile: array<f32, ${BQ * D}>;
var<workgroup> k_tile: array<f32, ${BK * KD}>;
var<workgroup> v_tile: array<vec4<f32>, ${BK * DV4}>;
var<workgroup> s_tile: array<f32, ${THREADS}>;

@compute @workgroup_size(${THREADS})
fn main(@builtin(workgroup_id) wg: vec3<u32>, @builtin(local_invocation_index) lidx: u32) {
  let batch = i32(wg.y);
  let q0 = i32(wg.x) * ${BQ}i;
  let t = i32(lidx);
  let r = t / ${BK}i;
  let c = t % ${BK}i;
${body.lines.join('\n')}
}
`;
  return { wgsl, workgroups: [Math.ceil(Sq / BQ), p1.batch, 1] };
}
