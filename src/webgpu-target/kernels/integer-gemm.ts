// Integer GEMM: int8 / uint8 operands widened to int32 with their zero points subtracted → int32 matmul
// or convolution → elementwise chain (ONNX MatMulInteger, ConvInteger, the cast, scale and bias a
// dynamically quantized model puts after them, QLinearConv's requantization)  ⇒  one kernel that reads
// the operands as packed bytes (a convolution's input gathered as its im2col) and multiplies four
// byte pairs per instruction (dot4I8Packed). (A kernel on int8 subgroup matrices, one subgroup per workgroup as
// their uniform offsets required, was correct on an H200 but 2–4× slower: docs/webgpu-target.md.)
//
// The kernel multiplies signed bytes. A uint8 operand is shifted to int8 as it is loaded (x − 128, one XOR per
// word), and every zero point is folded in after the product, so the K loop multiplies bytes only:
//   Σₖ (a − za)(b − zb) = Σₖ a′b′ + cb·Σₖ a′ + ca·Σₖ b′ + K·ca·cb,
// with a′ the stored byte as int8 and ca = (128 if A is uint8 else 0) − za (b′, cb likewise). The row
// sums of A′ and column sums of B′ are taken from the tiles in workgroup memory by one thread per row
// and column, and only where the other operand's correction can be non-zero. Arithmetic wraps modulo
// 2³², so the result is exact wherever the true sum fits in int32 (|a − za|, |b − zb| ≤ 255: K ≤ 33,025).
import { type Value } from '../../ir';
import { type KernelBuilder, Scope, bindingDecls, broadcastCoords, convert, elementKernel, outputType, perWord } from '../wgsl/builder';
import { type GeneratedKernel } from './gemm-kernel';
import { workgroupSums } from './helpers';
import { type IntegerOperand, type IntegerProblem, integerProblem } from './integer-problem';

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

/**
 * K bytes a product needs to be split along K, and bytes per slice at least where it is (one K tile
 * of 64). Measured on an H100, kernel sums of ResNet-50 / ResNet-18 / EfficientNet-B0 int8: slices
 * of 256 bytes at least (up to 16), 1.07 / 0.52 / 1.09 ms; of 128 (up to 32), 0.81 / 0.39 / 0.86;
 * of 64 (up to 64), 0.785 / 0.370 / 0.828 — the 3×3 layers' 100–150 workgroups each ran a chain of
 * k-tiles, latency-bound. Products of K 256–511 ran slower split than whole (0.018 → 0.026 ms) where
 * splitting cost them their direct byte stores and a summing dispatch, hence MIN_SPLIT_K; a product
 * whose results go through the workspace anyway (bytes that four columns do not make a word of)
 * splits from 128 bytes: 0.828 → 0.808, measured on EfficientNet's one-column squeeze-excitation
 * products before they took the one-column kernel.
 */
const MIN_SPLIT_K = 512;
const MIN_SPLIT_K_VIA_WORKSPACE = 128;
const MIN_SLICE = 64;
/** Most slices of K. */
const MAX_SLICES = 64;

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
  /** Words of K per row of A′ (its last one part padding where K is not a multiple of 4). */
  const kw = Math.ceil(p.K / 4);
  const flip = (o: IntegerOperand) => (o.unsigned ? ' ^ 0x80808080u' : '');
  // Zero-point corrections at row m / column n, and the product's value from the byte product.
  const correction = (o: IntegerOperand, coords: readonly string[], scope: Scope, kb = b) => {
    if (!o.zero) return o.unsigned ? '128i' : undefined;
    const z = kb.value(o.zero, broadcastCoords(coords, o.source.type.shape, o.zero.type.shape), scope).expr;
    return o.unsigned ? `(128i - ${z})` : `(-${z})`;
  };
  const needRowSums = p.b.unsigned || p.b.zero !== undefined;
  const needColSums = p.a.unsigned || p.a.zero !== undefined;
  const tiles64 = Math.ceil(p.M / TILE) * Math.ceil(p.N / TILE);
  // Byte results (a requantized product's) are gathered into words in workgroup memory and stored a
  // word at a time where four columns make a word (wordRuns); other results of less than a word are
  // packed by an element kernel after the product (one thread per word), from sums left in the workspace.
  const packed = perWord(out.type.element);
  const byteWords = packed === 4 && p.wordRuns;
  const packedAfter = packed > 1 && !byteWords;
  const wanted = tiles64 < FEW_TILES && p.K >= (packedAfter ? MIN_SPLIT_K_VIA_WORKSPACE : MIN_SPLIT_K) ? Math.max(1, Math.min(Math.ceil(FEW_TILES / tiles64), Math.floor(p.K / MIN_SLICE), MAX_SLICES)) : 1;
  const tile = wanted > 1 || tiles64 >= FEW_TILES ? TILE : SMALL_TILE;
  const per = tile / 16;
  const tk = KTILE[tile]!;
  /** K bytes per slice: a whole number of K tiles. */
  const slice = Math.ceil(p.K / wanted / tk) * tk;
  /** Slices of K: as many as `slice` needs (no empty ones where whole K tiles round the slices up). */
  const splits = Math.ceil(p.K / slice);
  const storesBytes = splits === 1 && byteWords;
  const viaWorkspace = splits > 1 || packedAfter;
  const elements = p.M * p.N;
  /**
   * Product element (m, n)'s byte product `dot` with the zero-point corrections from A′'s row sum and
   * B′'s column sum (K·ca·cb too where `constant`: a partial of a slice leaves it to the sum), bound to
   * a fresh name in `scope`.
   */
  const corrected = (scope: Scope, m: string, n: string, dot: string, rowSum: string, colSum: string, constant: boolean) => {
    const ca = correction(p.a, p.aZeroAt(m), scope);
    const cb = correction(p.b, p.bZeroAt(n), scope);
    const terms = [dot, ...(cb ? [`${cb} * ${rowSum}`] : []), ...(ca ? [`${ca} * ${colSum}`] : []), ...(ca && cb && constant ? [`${p.K}i * ${ca} * ${cb}`] : [])];
    const acc = b.fresh('acc');
    scope.emit(`let ${acc} = ${terms.join(' + ')};`);
    return acc;
  };
  /** Product element (m, n)'s result from its corrected sum `acc`: the bias added, the epilogue applied; with its offset in the result. */
  const finished = (scope: Scope, m: string, n: string, acc: string) => {
    const { coords, offset } = p.at(m, n);
    b.override(p.product, () => ({ expr: p.bias ? `(${acc} + ${b.value(p.bias, [m], scope).expr})` : acc, type: 'i32' }));
    return { v: b.value(out, coords, scope), offset };
  };
  /**
   * Stores product element (m, n) with accumulator `dot`, the tile's sums of row r and column c in
   * `sumA[r]` / `sumB[c]`: through the epilogue, or as this slice's partial.
   */
  const store = (scope: Scope, m: string, n: string, r: string, c: string, dot: string) => {
    const acc = corrected(scope, m, n, dot, `sumA[${r}]`, `sumB[${c}]`, !viaWorkspace);
    if (viaWorkspace) {
      scope.emit(`workspace[${splits > 1 ? `i32(wg.z) * ${elements}i + ` : ''}(${m}) * ${p.N}i + ${n}] = ${acc};`);
      return;
    }
    const { v, offset } = finished(scope, m, n, acc);
    if (storesBytes) {
      scope.emit(`atomicOr(&outWords[(${r}) * ${tile / 4}i + (${c}) / 4i], (u32(${v.expr}) & 0xffu) << (u32((${c}) & 3i) * 8u));`);
      return;
    }
    scope.emit(`out${outBinding}[${offset}] = ${convert(v, outputType(out))};`);
  };
  const decls = bindingDecls(b, out, outBinding);
  const inA = `in${p.a.binding}`;
  const inB = `in${p.b.binding}`;
  const header = `// ${name}: integer product ${p.M}×${p.N}×${p.K} (${p.a.unsigned ? 'u8' : 'i8'} × ${p.b.unsigned ? 'u8' : 'i8'} → i32) through dot4I8Packed`;
  // One column of B (a squeeze-and-excitation's 1×1 convolution on the pooled vector): matrix-vector
  // products, one dispatch, results stored a word at a time (4 rows per workgroup).
  if (p.column && p.K % 4 === 0 && (packed === 1 || packed === 4)) return [columnKernel()];
  const product = { wgsl: dot4Kernel(), workgroups: [Math.ceil(p.N / tile), Math.ceil(p.M / tile), splits] as [number, number, number] };
  if (!viaWorkspace) return [product];
  const workspace = splits * elements * 4;
  return [{ ...product, workspace }, { ...sumOfSlices(), workspace }];

  /**
   * Matrix-vector products for one column of B: a workgroup per 4 rows of A, its 256 threads striding
   * over the words of K (4 byte products per dot4I8Packed, with the row sums of A′ and the sum of B′
   * where a zero point needs them), a tree reduction in workgroup memory, then one thread per row
   * applies the zero-point corrections, the bias and the epilogue — bytes ORed into one word, stored
   * by the first thread.
   */
  function columnKernel(): GeneratedKernel {
    const rows = 4;
    const bytes = packed === 4;
    const sums = [
      ...Array.from({ length: rows }, (_, j) => `dot${j}`),
      ...(needRowSums ? Array.from({ length: rows }, (_, j) => `sa${j}`) : []),
      ...(needColSums ? ['sb'] : []),
    ];
    const body: string[] = [`    let bw = ${inB}[w]${flip(p.b)};`];
    if (needColSums) body.push('    sb += dot4I8Packed(bw, 0x01010101u);');
    for (let j = 0; j < rows; j++) {
      body.push(`    let aw${j} = ${inA}[row${j} * ${kw}i + w]${flip(p.a)};`, `    dot${j} += dot4I8Packed(aw${j}, bw);`);
      if (needRowSums) body.push(`    sa${j} += dot4I8Packed(aw${j}, 0x01010101u);`);
    }
    // The store of row m, from its dot product and the sums its zero-point corrections need.
    const st = new Scope('  ');
    const { v, offset } = finished(st, 'm', '0i', corrected(st, 'm', '0i', 'dot', 'sumA', 'sumB', true));
    st.emit(bytes ? `atomicOr(&outWord, (u32(${convert(v, 'i32')}) & 0xffu) << (u32(m & 3i) * 8u));` : `out${outBinding}[${offset}] = ${convert(v, outputType(out))};`);
    const at = (name: string) => sums.indexOf(name) * 256;
    const wgsl = `${header}, one column: matrix-vector products, ${rows} rows a workgroup
${decls}
var<workgroup> part: array<i32, ${sums.length * 256}>;
${bytes ? 'var<workgroup> outWord: atomic<u32>;\n' : ''}
fn store_row(m: i32, dot: i32, sumA: i32, sumB: i32) {
${st.lines.join('\n')}
}

@compute @workgroup_size(256)
fn main(@builtin(workgroup_id) wg: vec3<u32>, @builtin(local_invocation_index) lidx: u32) {
  let m0 = i32(wg.x) * ${rows}i;
${Array.from({ length: rows }, (_, j) => `  let row${j} = min(m0 + ${j}i, ${p.M - 1}i);`).join('\n')}
  ${sums.map((n) => `var ${n} = 0i;`).join(' ')}
  for (var w = i32(lidx); w < ${kw}i; w += 256i) {
${body.join('\n')}
  }
${workgroupSums('part', sums, 256)}
  let m = m0 + i32(lidx);
  if (lidx < ${rows}u && m < ${p.M}i) {
    store_row(m, part[lidx * 256u], ${needRowSums ? `part[${at('sa0')}u + lidx * 256u]` : '0i'}, ${needColSums ? `part[${at('sb')}u]` : '0i'});
  }${bytes ? `
  workgroupBarrier();
  if (lidx == 0u) { out${outBinding}[wg.x] = atomicLoad(&outWord); }` : ''}
}
`;
    return { wgsl, workgroups: [Math.ceil(p.M / rows), 1, 1] };
  }

  /** One thread per element (per word of packed results): the slices' partials summed, K·ca·cb and the bias added, the epilogue applied. */
  function sumOfSlices(): { wgsl: string; workgroups: [number, number, number] } {
    const rb = makeBuilder();
    rb.override(p.product, (_b, _op, at, scope) => {
      const [m, n] = p.mn(at, scope, rb);
      const acc = rb.fresh('acc');
      scope.emit(`var ${acc} = 0i;`);
      scope.emit(`for (var s = 0i; s < ${splits}i; s++) { ${acc} += workspace[s * ${elements}i + (${m}) * ${p.N}i + ${n}]; }`);
      const ca = correction(p.a, p.aZeroAt(m), scope, rb);
      const cb = correction(p.b, p.bZeroAt(n), scope, rb);
      const terms = [acc, ...(ca && cb ? [`${p.K}i * ${ca} * ${cb}`] : []), ...(p.bias ? [rb.value(p.bias, [m], scope).expr] : [])];
      return { expr: terms.length > 1 ? `(${terms.join(' + ')})` : acc, type: 'i32' };
    });
    const k = elementKernel(rb, out, outBinding, `${name} (${splits > 1 ? `sum of ${splits} K slices` : 'epilogue'})`);
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
    const bRow = (i: number) => `unpack4xU8(select(0u, ${inB}[((k + ${i}i) * ${p.N}i + n) >> 2u]${flip(p.b)}, k + ${i}i < ${p.K}i))`;
    const transposed = (c: string, kb: string, q: (i: number, lane: number) => string) => [0, 1, 2, 3]
      .map((j) => `tileB[(${c} + ${j}i) * ${stride}i + ${kb}] = pack4xU8(vec4<u32>(${[0, 1, 2, 3].map((i) => q(i, j)).join(', ')}));`);
    // Gathered, every thread loads one block (tk/4 · tile/4 = 256 blocks), at the columns found before the K loop.
    const bLoads = p.gather
      ? `    { // B gathered (im2col): this thread's 4×4 block
      let k = k0 + gkb * 4i;
${p.gather.block('k')}
      ${transposed('gnb * 4i', 'gkb', (i, j) => `g${i}${j}`).join('\n      ')}
    }`
      : `    ${threadStrided('e', blocks)}
      let kb = e / ${tile / 4}i;
      let nb = e % ${tile / 4}i;
      let k = k0 + kb * 4i;
      let n = n0 + nb * 4i;
      var q0 = vec4<u32>(0u);
      var q1 = vec4<u32>(0u);
      var q2 = vec4<u32>(0u);
      var q3 = vec4<u32>(0u);
      if (n < ${p.N}i) {
        q0 = ${bRow(0)};
        q1 = ${bRow(1)};
        q2 = ${bRow(2)};
        q3 = ${bRow(3)};
      }
      let c = nb * 4i;
      ${transposed('c', 'kb', (i, j) => `q${i}.${'xyzw'[j]}`).join('\n      ')}
    }`;
    return `    ${threadStrided('e', aWords)}
      let r = e / ${tw}i;
      let w = e % ${tw}i;
      let m = m0 + r;
      let kq = (k0 >> 2u) + w;
      var v = 0u;
      if (m < ${p.M}i && kq < ${kw}i) { ${aWord()} }
      tileA[r * ${stride}i + w] = v;
    }
${bLoads}`;
  }

  /** The tile's byte results, gathered in outWords (workgroup memory starts zeroed), stored a word per element of it. */
  function wordStores(): string {
    const words = tile * tile / 4;
    const { offset } = p.at('m', 'n');
    return `
  workgroupBarrier();
  ${threadStrided('q', words)}
    let m = m0 + q / ${tile / 4}i;
    let n = n0 + (q % ${tile / 4}i) * 4i;
    if (m < ${p.M}i && n < ${p.N}i) { out${outBinding}[(${offset}) >> 2u] = atomicLoad(&outWords[q]); }
  }`;
  }

  /**
   * Statements setting `v` to A′'s word kq of row m. Rows start at word boundaries where K is a
   * multiple of 4; otherwise the word is put together from the two it straddles, and the bytes of the
   * last word past K are cleared (after the uint8 shift), so that they add nothing.
   */
  function aWord(): string {
    if (p.K % 4 === 0) return `v = ${inA}[m * ${kw}i + kq]${flip(p.a)};`;
    const last = Math.ceil(p.M * p.K / 4) - 1;
    const tail = (2 ** (8 * (p.K % 4)) - 1) >>> 0;
    return `let at = m * ${p.K}i + kq * 4i;
        let sh = u32(at & 3i) * 8u;
        let lo = ${inA}[at >> 2u];
        let hi = ${inA}[min((at >> 2u) + 1i, ${last}i)];
        v = select(lo, (lo >> sh) | (hi << (32u - sh)), sh != 0u)${flip(p.a)};
        v = v & select(0xffffffffu, ${tail}u, kq == ${kw - 1}i);`;
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
    // A gathered B's byte in the padding: its zero point's, shifted as the bytes are (0 less 128 without one, for uint8).
    const pad = new Scope('  ');
    if (p.gather) {
      const z = p.b.zero ? `(u32(${b.value(p.b.zero, broadcastCoords(p.bZeroAt('0i'), p.b.source.type.shape, p.b.zero.type.shape), pad).expr}) & 0xffu)` : '0u';
      pad.emit(`let padB = ${z}${p.b.unsigned ? ' ^ 0x80u' : ''};`);
      if (tk / 4 * (tile / 4) !== 256) throw new Error(`a gathered B tile must be 256 blocks, one per thread (${tile}×${tk})`);
      pad.emit(`let gkb = t / ${tile / 4}i;`);
      pad.emit(`let gnb = t % ${tile / 4}i;`);
      pad.lines.push(p.gather.columns('n0 + gnb * 4i'));
    }
    return `${header}${splits > 1 ? `, K in ${splits} slices of ${slice}` : ''}
${decls}${viaWorkspace ? `\n@group(0) @binding(${outBinding + 1}) var<storage, read_write> workspace: array<i32>;` : ''}
var<workgroup> tileA: array<u32, ${tile * stride}>;
var<workgroup> tileB: array<u32, ${tile * stride}>;
${storesBytes ? `var<workgroup> outWords: array<atomic<u32>, ${tile * tile / 4}>;\n` : ''}${sumDecls()}
@compute @workgroup_size(16, 16, 1)
fn main(@builtin(workgroup_id) wg: vec3<u32>, @builtin(local_invocation_id) lid: vec3<u32>) {
  let m0 = i32(wg.y) * ${tile}i;
  let n0 = i32(wg.x) * ${tile}i;
  let tx = i32(lid.x);
  let ty = i32(lid.y);
  let t = ty * 16i + tx;
  ${accs}
${pad.lines.join('\n')}
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
${stores.lines.join('\n')}${storesBytes ? wordStores() : ''}
}
`;
  }
}

/**
 * The head of a loop giving `name` the values t, t + 256, … below `count` (t the thread's index in a
 * workgroup of 256), written as a counter from a constant so that Dawn's range analysis bounds `name`
 * and leaves the workgroup indices made from it unclamped (docs/webgpu-target.md, "Index clamps").
 */
export function threadStrided(name: string, count: number): string {
  const rounds = Math.ceil(count / 256);
  const guard = count % 256 === 0 ? '' : ` if (${name} >= ${count}i) { break; }`;
  return `for (var ${name}_r = 0i; ${name}_r < ${rounds}i; ${name}_r++) { let ${name} = t + ${name}_r * 256i;${guard}`;
}
