// Integer GEMM: int8 / uint8 operands widened to int32 with their zero points subtracted → int32 matmul
// → elementwise chain (ONNX MatMulInteger, and the cast, scale and bias a dynamically quantized model
// puts after it)  ⇒  one kernel that reads the operands as packed bytes and multiplies four byte pairs
// per instruction (dot4I8Packed). (A kernel on int8 subgroup matrices, one subgroup per workgroup as
// their uniform offsets required, was correct on an H200 but 2–4× slower: docs/webgpu-target.md.)
//
// The kernel multiplies signed bytes. A uint8 operand is shifted to int8 as it is loaded (x − 128, one XOR per
// word), and every zero point is folded in after the product, so the K loop multiplies bytes only:
//   Σₖ (a − za)(b − zb) = Σₖ a′b′ + cb·Σₖ a′ + ca·Σₖ b′ + K·ca·cb,
// with a′ the stored byte as int8 and ca = (128 if A is uint8 else 0) − za (b′, cb likewise). The row
// sums of A′ and column sums of B′ are taken from the tiles in workgroup memory by one thread per row
// and column, and only where the other operand's correction can be non-zero. Arithmetic wraps modulo
// 2³², so the result is exact wherever the true sum fits in int32 (|a − za|, |b − zb| ≤ 255: K ≤ 33,025).
import { type Operation, type Value, numElements, sameShape } from '../../ir';
import { type KernelBuilder, Scope, bindingDecls, broadcastCoords, convert, elementKernel, flatOffset, outputType } from '../wgsl/builder';
import { type GeneratedKernel, heavyOps, unflatten } from './gemm-kernel';

/** One side of the product: the int8 / uint8 argument it widens, read as packed bytes, and its zero point. */
interface IntegerOperand {
  readonly source: Value;
  readonly binding: number;
  readonly unsigned: boolean;
  readonly zero?: Value;
}

/** `v` as cast(x) or sub(cast(x), zero point), x an int8 / uint8 argument of `v`'s shape. */
function integerOperand(b: KernelBuilder, v: Value): IntegerOperand | undefined {
  const inside = (x: Value) => x.definingOp !== undefined && b.inside.has(x.definingOp);
  let widened = v;
  let zero: Value | undefined;
  if (inside(v) && v.definingOp!.opName === 'sub') [widened, zero] = v.definingOp!.operands as [Value, Value];
  const cast = widened.definingOp;
  if (!inside(widened) || cast!.opName !== 'cast') return undefined;
  const source = cast!.operands[0]!;
  const e = source.type.element;
  if (inside(source) || (e !== 'int8' && e !== 'uint8') || !sameShape(source.type.shape, v.type.shape)) return undefined;
  return { source, binding: b.bindingOf(source), unsigned: e === 'uint8', ...(zero ? { zero } : {}) };
}

/** The shapes of the one product this kernel family takes: A [..., M′, K] (leading axes folded into M) times B [K, N]. */
interface IntegerProblem {
  readonly matmul: Operation;
  readonly a: IntegerOperand;
  readonly b: IntegerOperand;
  readonly M: number;
  readonly N: number;
  readonly K: number;
  /** A's shape without K: the result is [...lead, N]. */
  readonly lead: readonly number[];
}

/**
 * The integer product `out` hangs off, or undefined where the subgraph is not one: an int32 matmul of
 * two widened byte tensors (A of rank ≥ 2, B of rank 2, K and N multiples of 4 so that rows start at
 * word boundaries), zero points constant along K, and an elementwise epilogue of the product's shape.
 */
function integerProblem(b: KernelBuilder, out: Value): IntegerProblem | undefined {
  if (out.type.element !== 'float32' && out.type.element !== 'int32') return undefined;
  const heavy = [...heavyOps(b, out)];
  const matmul = heavy[0];
  if (heavy.length !== 1 || matmul!.opName !== 'matmul' || matmul!.results[0]!.type.element !== 'int32') return undefined;
  const a = integerOperand(b, matmul!.operands[0]!);
  const bo = integerOperand(b, matmul!.operands[1]!);
  if (!a || !bo) return undefined;
  const aShape = a.source.type.shape;
  const bShape = bo.source.type.shape;
  if (aShape.length < 2 || bShape.length !== 2 || bShape[0] !== aShape.at(-1)) return undefined;
  const K = bShape[0]!;
  const N = bShape[1]!;
  if (K % 4 !== 0 || N % 4 !== 0 || K === 0 || K > 33_025) return undefined;
  if (!sameShape(matmul!.results[0]!.type.shape, out.type.shape)) return undefined;
  // A zero point varies along M (A) or N (B) at most: it is read once per row or column.
  const za = a.zero?.type.shape;
  if (za && za.length > 0 && za.at(-1) !== 1) return undefined;
  const zb = bo.zero?.type.shape;
  if (zb && zb.length === 2 && zb[0] !== 1) return undefined;
  return { matmul: matmul!, a, b: bo, M: numElements(aShape) / K, N, K, lead: aShape.slice(0, -1) };
}

/**
 * Tile edge: rows of A and columns of B per workgroup of 256 threads (4×4 products each at 64, 2×2 at
 * 32). Products that would make fewer than FEW_TILES workgroups of 64 split K, or take 32 where K is
 * too short to split: a transformer's 197-row projections leave most of a large GPU idle otherwise
 * (ViT-B/16's 197×768×3072 fills 48 workgroups at 64).
 */
const TILE = 64;
const SMALL_TILE = 32;
const FEW_TILES = 264;
/** Bytes of K per tile by tile edge: 2 × 64 × 17 words or 2 × 32 × 33 words of workgroup memory, under WebGPU's 16 KiB. */
const KTILE: Readonly<Record<number, number>> = { [TILE]: 64, [SMALL_TILE]: 128 };

/** K bytes per slice at least, where a product is split along K. */
const MIN_SLICE = 256;
/** Most slices of K. */
const MAX_SLICES = 16;

/**
 * The kernels writing `out` when its subgraph is an integer product (see integerProblem), else
 * undefined. Where 64×64 tiles would make fewer than FEW_TILES workgroups and K is long, K is split
 * into slices: each slice's workgroups store their int32 partial products (zero-point corrections for
 * their part of K included) in the kernel workspace, and an element kernel sums the slices, adds
 * K·ca·cb and applies the epilogue. Otherwise one kernel, with 32×32 tiles where 64×64 ones would be
 * too few.
 */
export function integerGemmKernel(b: KernelBuilder, out: Value, outBinding: number, name: string, makeBuilder: () => KernelBuilder): GeneratedKernel[] | undefined {
  const found = integerProblem(b, out);
  if (!found) return undefined;
  const p: IntegerProblem = found;
  const kw = p.K / 4;
  const flip = (o: IntegerOperand) => (o.unsigned ? ' ^ 0x80808080u' : '');
  // Zero-point corrections at row m / column n, and the product's value from the byte product.
  const correction = (o: IntegerOperand, coords: readonly string[], shape: readonly number[], scope: Scope, kb = b) => {
    if (!o.zero) return o.unsigned ? '128i' : undefined;
    const z = kb.value(o.zero, broadcastCoords(coords, shape, o.zero.type.shape), scope).expr;
    return o.unsigned ? `(128i - ${z})` : `(-${z})`;
  };
  const needRowSums = p.b.unsigned || p.b.zero !== undefined;
  const needColSums = p.a.unsigned || p.a.zero !== undefined;
  const type = outputType(out);
  const tiles64 = Math.ceil(p.M / TILE) * Math.ceil(p.N / TILE);
  const splits = tiles64 < FEW_TILES ? Math.max(1, Math.min(Math.ceil(FEW_TILES / tiles64), Math.floor(p.K / MIN_SLICE), MAX_SLICES)) : 1;
  const tile = splits > 1 || tiles64 >= FEW_TILES ? TILE : SMALL_TILE;
  const per = tile / 16;
  const tk = KTILE[tile]!;
  /** K bytes per slice: a whole number of K tiles. */
  const slice = Math.ceil(p.K / splits / tk) * tk;
  const elements = p.M * p.N;
  /**
   * Stores product element (m, n) with accumulator `dot`, the tile's sums of row r and column c in
   * `sumA[r]` / `sumB[c]`: through the epilogue, or as this slice's partial.
   */
  const store = (scope: Scope, m: string, n: string, r: string, c: string, dot: string) => {
    const leadCoords = unflatten(m, p.lead);
    const ca = correction(p.a, [...leadCoords, '0i'], [...p.lead, p.K], scope);
    const cb = correction(p.b, ['0i', n], [p.K, p.N], scope);
    const terms = [dot];
    if (cb) terms.push(`${cb} * sumA[${r}]`);
    if (ca) terms.push(`${ca} * sumB[${c}]`);
    if (ca && cb && splits === 1) terms.push(`${p.K}i * ${ca} * ${cb}`);
    const acc = b.fresh('acc');
    scope.emit(`let ${acc} = ${terms.join(' + ')};`);
    if (splits > 1) {
      scope.emit(`workspace[i32(wg.z) * ${elements}i + (${m}) * ${p.N}i + ${n}] = ${acc};`);
      return;
    }
    b.override(p.matmul, () => ({ expr: acc, type: 'i32' }));
    const coords = [...leadCoords, n];
    const v = b.value(out, coords, scope);
    scope.emit(`out${outBinding}[(${m}) * ${p.N}i + ${n}] = ${convert(v, type)};`);
  };
  const decls = bindingDecls(b, out, outBinding);
  const inA = `in${p.a.binding}`;
  const inB = `in${p.b.binding}`;
  const header = `// ${name}: integer product ${p.M}×${p.N}×${p.K} (${p.a.unsigned ? 'u8' : 'i8'} × ${p.b.unsigned ? 'u8' : 'i8'} → i32) through dot4I8Packed`;
  const product = { wgsl: dot4Kernel(), workgroups: [Math.ceil(p.N / tile), Math.ceil(p.M / tile), splits] as [number, number, number] };
  if (splits === 1) return [product];
  const workspace = splits * elements * 4;
  return [{ ...product, workspace }, { ...sumOfSlices(), workspace }];

  /** One thread per element: the slices' partials summed, K·ca·cb added, the epilogue applied. */
  function sumOfSlices(): { wgsl: string; workgroups: [number, number, number] } {
    const rb = makeBuilder();
    rb.override(p.matmul, (_b, _op, at, scope) => {
      const m = rb.fresh('m');
      scope.emit(`let ${m} = ${at.slice(0, -1).length ? flatOffset(at.slice(0, -1), p.lead) : '0i'};`);
      const n = at.at(-1)!;
      const acc = rb.fresh('acc');
      scope.emit(`var ${acc} = 0i;`);
      scope.emit(`for (var s = 0i; s < ${splits}i; s++) { ${acc} += workspace[s * ${elements}i + ${m} * ${p.N}i + ${n}]; }`);
      const ca = correction(p.a, [...at.slice(0, -1), '0i'], [...p.lead, p.K], scope, rb);
      const cb = correction(p.b, ['0i', n], [p.K, p.N], scope, rb);
      return { expr: ca && cb ? `(${acc} + ${p.K}i * ${ca} * ${cb})` : acc, type: 'i32' };
    });
    const k = elementKernel(rb, out, outBinding, `${name} (sum of ${splits} K slices)`);
    return { wgsl: `${k.wgsl}@group(0) @binding(${outBinding + 1}) var<storage, read_write> workspace: array<i32>;\n`, workgroups: k.workgroups };
  }

  /**
   * Loads of one K tile of `tk` bytes: A's rows as they lie (words along K, uint8 shifted to int8),
   * B's 4×4 byte blocks transposed so that each word holds 4 K-steps of one column (`stride` words
   * between columns, and between rows of A). Out-of-range words are 0, which adds nothing.
   */
  function tileLoads(tk: number, stride: number): string {
    const tw = tk / 4;
    const aWords = tile * tw;
    const blocks = tw * (tile / 4);
    const bRow = (i: number) => `select(0u, ${inB}[((k + ${i}i) * ${p.N}i + n) >> 2u]${flip(p.b)}, k + ${i}i < ${p.K}i)`;
    return `    for (var e = t; e < ${aWords}i; e += 256i) {
      let r = e / ${tw}i;
      let w = e % ${tw}i;
      let m = m0 + r;
      let kq = (k0 >> 2u) + w;
      var v = 0u;
      if (m < ${p.M}i && kq < ${kw}i) { v = ${inA}[m * ${kw}i + kq]${flip(p.a)}; }
      tileA[r * ${stride}i + w] = v;
    }
    for (var e = t; e < ${blocks}i; e += 256i) {
      let kb = e / ${tile / 4}i;
      let nb = e % ${tile / 4}i;
      let k = k0 + kb * 4i;
      let n = n0 + nb * 4i;
      var q0 = vec4<u32>(0u);
      var q1 = vec4<u32>(0u);
      var q2 = vec4<u32>(0u);
      var q3 = vec4<u32>(0u);
      if (n < ${p.N}i) {
        q0 = unpack4xU8(${bRow(0)});
        q1 = unpack4xU8(${bRow(1)});
        q2 = unpack4xU8(${bRow(2)});
        q3 = unpack4xU8(${bRow(3)});
      }
      let c = nb * 4i;
      tileB[c * ${stride}i + kb] = pack4xU8(vec4<u32>(q0.x, q1.x, q2.x, q3.x));
      tileB[(c + 1i) * ${stride}i + kb] = pack4xU8(vec4<u32>(q0.y, q1.y, q2.y, q3.y));
      tileB[(c + 2i) * ${stride}i + kb] = pack4xU8(vec4<u32>(q0.z, q1.z, q2.z, q3.z));
      tileB[(c + 3i) * ${stride}i + kb] = pack4xU8(vec4<u32>(q0.w, q1.w, q2.w, q3.w));
    }`;
  }

  /** Thread t < tile sums row t of the A tile and column t of the B tile (where needed). */
  function tileSums(tw: number, stride: number): string {
    const sum = (to: string, tileName: string) => `for (var w = 0i; w < ${tw}i; w++) { ${to} += dot4I8Packed(${tileName}[t * ${stride}i + w], 0x01010101u); }`;
    const lines = [...(needRowSums ? [sum('rowSum', 'tileA')] : []), ...(needColSums ? [sum('colSum', 'tileB')] : [])];
    return lines.length ? `    if (t < ${tile}i) {\n      ${lines.join('\n      ')}\n    }` : '';
  }

  function sumDecls(): string {
    return `${needRowSums ? `var<workgroup> sumA: array<i32, ${tile}>;\n` : ''}${needColSums ? `var<workgroup> sumB: array<i32, ${tile}>;\n` : ''}`;
  }

  function publishSums(): string {
    const lines = [...(needRowSums ? ['sumA[t] = rowSum;'] : []), ...(needColSums ? ['sumB[t] = colSum;'] : [])];
    return `${lines.length ? `  if (t < ${tile}i) { ${lines.join(' ')} }\n` : ''}  workgroupBarrier();`;
  }

  /**
   * 16×16 threads, each per×per products at rows ty + 16i and columns tx + 16j; K tiles of KTILE
   * bytes, tile rows padded by a word (an odd stride: no two threads of a row read one bank).
   */
  function dot4Kernel(): string {
    const stride = tk / 4 + 1;
    const products: string[] = [];
    const range = Array.from({ length: per }, (_, i) => i);
    for (const i of range) products.push(`      let a${i} = tileA[(ty + ${16 * i}i) * ${stride}i + w];`);
    for (const j of range) products.push(`      let b${j} = tileB[(tx + ${16 * j}i) * ${stride}i + w];`);
    for (const i of range) for (const j of range) products.push(`      acc${i}${j} += dot4I8Packed(a${i}, b${j});`);
    const stores = new Scope('  ');
    for (const i of range) {
      for (const j of range) {
        const s = stores.child();
        store(s, `m0 + ty + ${16 * i}i`, `n0 + tx + ${16 * j}i`, `ty + ${16 * i}i`, `tx + ${16 * j}i`, `acc${i}${j}`);
        stores.emit(`if (m0 + ty + ${16 * i}i < ${p.M}i && n0 + tx + ${16 * j}i < ${p.N}i) {`);
        stores.lines.push(...s.lines);
        stores.emit('}');
      }
    }
    const accs = range.flatMap((i) => range.map((j) => `var acc${i}${j} = 0i;`)).join(' ');
    return `${header}${splits > 1 ? `, K in ${splits} slices of ${slice}` : ''}
${decls}${splits > 1 ? `\n@group(0) @binding(${outBinding + 1}) var<storage, read_write> workspace: array<i32>;` : ''}
var<workgroup> tileA: array<u32, ${tile * stride}>;
var<workgroup> tileB: array<u32, ${tile * stride}>;
${sumDecls()}
@compute @workgroup_size(16, 16, 1)
fn main(@builtin(workgroup_id) wg: vec3<u32>, @builtin(local_invocation_id) lid: vec3<u32>) {
  let m0 = i32(wg.y) * ${tile}i;
  let n0 = i32(wg.x) * ${tile}i;
  let tx = i32(lid.x);
  let ty = i32(lid.y);
  let t = ty * 16i + tx;
  ${accs}
  var rowSum = 0i;
  var colSum = 0i;
  for (var k0 = ${splits > 1 ? `i32(wg.z) * ${slice}i` : '0i'}; k0 < ${splits > 1 ? `min(i32(wg.z) * ${slice}i + ${slice}i, ${p.K}i)` : `${p.K}i`}; k0 += ${tk}i) {
${tileLoads(tk, stride)}
    workgroupBarrier();
${tileSums(tk / 4, stride)}
    for (var w = 0i; w < ${tk / 4}i; w++) {
${products.join('\n')}
    }
    workgroupBarrier();
  }
${publishSums()}
${stores.lines.join('\n')}
}
`;
  }
}
