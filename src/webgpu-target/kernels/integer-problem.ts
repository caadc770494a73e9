// The products the integer GEMM kernel takes (integer-gemm.ts): int8 / uint8 tensors widened to int32
// (less their zero points) into an int32 matmul or convolution, described as an M×N×K GEMM of packed
// bytes — where each operand's bytes lie, where its zero points are read, where each result lands, and
// how a convolution's input is gathered as its im2col.
import { type Operation, type Value, numElements, sameShape } from '../../ir';
import { type KernelBuilder, type Scope, flatOffset } from '../wgsl/builder';
import { heavyOps, unflatten } from './gemm-kernel';
import { convParams } from './helpers';

/** One side of the product: the int8 / uint8 argument it widens, read as packed bytes, and its zero point. */
export interface IntegerOperand {
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
  return { source, binding: b.wholeBinding(source), unsigned: e === 'uint8', ...(zero ? { zero } : {}) };
}

/**
 * The one product this kernel family takes, as an M×N×K GEMM of A′ and B′: a matmul (A [..., M′, K]
 * with its leading axes folded into M, times B [K, N]) or a convolution as an implicit GEMM (A the
 * filter [M, C·taps], B the input's im2col [C·taps, images·positions], gathered byte by byte).
 */
export interface IntegerProblem {
  readonly product: Operation;
  readonly a: IntegerOperand;
  readonly b: IntegerOperand;
  readonly M: number;
  readonly N: number;
  readonly K: number;
  /** Coordinates in A's source of row m's zero point (and B's of column n's): zero points vary along M and N only. */
  aZeroAt(m: string): string[];
  bZeroAt(n: string): string[];
  /** The result coordinates of product element (m, n), and its offset in the result. */
  at(m: string, n: string): { coords: string[]; offset: string };
  /**
   * Whether results (m, n) … (m, n + 3), n a multiple of 4, are four consecutive elements from a
   * multiple of 4 (rows of N a multiple of 4): a byte result's word, which the kernel can store whole.
   */
  readonly wordRuns: boolean;
  /** Product element (m, n) of result coordinates `at`: expressions, statements into `scope`. */
  mn(at: readonly string[], scope: Scope, b: KernelBuilder): [string, string];
  /** Added to the product per row (a convolution's int32 bias). */
  readonly bias?: Value;
  /** How B's bytes are gathered; undefined where B's rows are words of 4 columns in memory ([K, N] row-major, N a multiple of 4). */
  readonly gather?: Gather;
  /** B is one column whose K bytes lie in order from the start of its source (a 1×1 convolution of a 1×1 map): matrix-vector products. */
  readonly column?: boolean;
}

/**
 * A convolution's im2col read byte by byte, for one 4×4 block of B′ per thread: what its four columns
 * need (their input positions) once, before the K loop; its four rows' channels and taps per K tile.
 */
interface Gather {
  /** Statements computing what columns n … n + 3 need (`n` the block's first column). */
  columns(n: string): string;
  /**
   * Statements setting `g{i}{j}`: B′'s byte (k + i, n + j), shifted to int8 where B is uint8, 0 past
   * K or N, `padB` (the zero point's byte, shifted) in the padding.
   */
  block(k: string): string;
}

/** A matmul of two widened byte tensors (A of rank ≥ 2, B of rank 2, N a multiple of 4: B's rows start at word boundaries). */
function matmulProblem(b: KernelBuilder, product: Operation): IntegerProblem | undefined {
  const a = integerOperand(b, product.operands[0]!);
  const bo = integerOperand(b, product.operands[1]!);
  if (!a || !bo) return undefined;
  const aShape = a.source.type.shape;
  const bShape = bo.source.type.shape;
  if (aShape.length < 2 || bShape.length !== 2 || bShape[0] !== aShape.at(-1)) return undefined;
  const K = bShape[0]!;
  const N = bShape[1]!;
  if (N % 4 !== 0) return undefined;
  // A zero point varies along M (A) or N (B) at most: it is read once per row or column.
  const za = a.zero?.type.shape;
  if (za && za.length > 0 && za.at(-1) !== 1) return undefined;
  const zb = bo.zero?.type.shape;
  if (zb && zb.length === 2 && zb[0] !== 1) return undefined;
  const lead = aShape.slice(0, -1);
  return {
    product, a, b: bo, M: numElements(aShape) / K, N, K,
    aZeroAt: (m) => [...unflatten(m, lead), '0i'],
    bZeroAt: (n) => ['0i', n],
    at: (m, n) => ({ coords: [...unflatten(m, lead), n], offset: `(${m}) * ${N}i + ${n}` }),
    wordRuns: true,
    mn: (at, scope, kb) => {
      const m = kb.fresh('m');
      scope.emit(`let ${m} = ${at.length > 1 ? flatOffset(at.slice(0, -1), lead) : '0i'};`);
      return [m, at.at(-1)!];
    },
  };
}

/**
 * A convolution (one group) of two widened byte tensors, x's zero point one value and the filter's
 * one per output channel at most: M output channels, K = input channels × taps, N = images ×
 * positions. A 1×1 unstrided, unpadded convolution of one image reads its input as [C, positions]
 * words where positions are a multiple of 4; any other gathers B's bytes (Gather).
 */
function convProblem(b: KernelBuilder, product: Operation): IntegerProblem | undefined {
  const { x, w, groups, kernel, strides, dilations, startPadding } = convParams(product);
  const xo = integerOperand(b, x);
  const wo = integerOperand(b, w);
  if (!xo || !wo || groups !== 1 || (xo.zero && numElements(xo.zero.type.shape) !== 1)) return undefined;
  if (wo.zero && wo.zero.type.shape.some((d, i) => d !== 1 && !(i === 0 && wo.zero!.type.shape.length === w.type.shape.length))) return undefined;
  const [images, C, ...input] = x.type.shape as [number, number, ...number[]];
  const M = w.type.shape[0]!;
  const spatial = product.results[0]!.type.shape.slice(2);
  const positions = numElements(spatial);
  const taps = numElements(kernel);
  const K = C * taps;
  const N = images * positions;
  const direct = taps === 1 && images === 1 && positions % 4 === 0 && strides.every((v) => v === 1) && startPadding.every((v) => v === 0)
    && input.every((d, i) => d === spatial[i]);
  // Gathered, the padding takes x's zero point as a byte (so that it adds nothing): widened here from a byte of x's type.
  const zeroCast = xo.zero?.definingOp;
  if (!direct && xo.zero && !(zeroCast && b.inside.has(zeroCast) && zeroCast.opName === 'cast' && zeroCast.operands[0]!.type.element === xo.source.type.element)) return undefined;
  const flip = xo.unsigned ? ' ^ 0x80u' : '';
  // im2col: row k = (channel, tap), column n = (image, output position).
  const volume = numElements(input);
  const gather: Gather = {
    columns: (n) => [0, 1, 2, 3].map((j) => {
      const at = `gp${j}`;
      const out = unflatten(at, spatial);
      return [
        `  let gn${j} = ${n} + ${j}i;`,
        `  let ${at} = ${images === 1 ? `gn${j}` : `gn${j} % ${positions}i`};`,
        `  let gbase${j} = ${images === 1 ? '0i' : `(gn${j} / ${positions}i) * ${C * volume}i`};`,
        ...input.map((_, d) => `  let gy${j}_${d} = ${out[d]} * ${strides[d]}i - ${startPadding[d]}i;`),
      ].join('\n');
    }).join('\n'),
    block: (k) => {
      const lines: string[] = [];
      for (let i = 0; i < 4; i++) {
        lines.push(`      let rk${i} = ${k} + ${i}i;`, `      let rt${i} = rk${i} % ${taps}i;`, `      let rc${i} = rk${i} / ${taps}i;`);
        unflatten(`rt${i}`, kernel).forEach((t, d) => lines.push(`      let ry${i}_${d} = ${t} * ${dilations[d]}i;`));
      }
      for (let i = 0; i < 4; i++) {
        for (let j = 0; j < 4; j++) {
          const y = input.map((_, d) => `gy${j}_${d} + ry${i}_${d}`);
          lines.push(`      var g${i}${j} = 0u;`,
            `      if (rk${i} < ${K}i && gn${j} < ${N}i) {`,
            ...input.map((_, d) => `        let y${d} = ${y[d]};`),
            `        g${i}${j} = padB;`,
            `        if (${input.map((dim, d) => `y${d} >= 0i && y${d} < ${dim}i`).join(' && ')}) {`,
            `          let at = gbase${j} + rc${i} * ${volume}i + ${flatOffset(input.map((_, d) => `y${d}`), input)};`,
            `          g${i}${j} = ((in${xo.binding}[at >> 2u] >> (u32(at & 3i) * 8u)) & 0xffu)${flip};`,
            '        }',
            '      }');
        }
      }
      return lines.join('\n');
    },
  };
  const image = (n: string) => (images === 1 ? '0i' : `(${n}) / ${positions}i`);
  const position = (n: string) => (images === 1 ? n : `(${n}) % ${positions}i`);
  return {
    product, a: wo, b: xo, M, N, K,
    aZeroAt: (m) => [m, ...new Array<string>(w.type.shape.length - 1).fill('0i')],
    bZeroAt: () => x.type.shape.map(() => '0i'),
    at: (m, n) => ({
      coords: [image(n), m, ...unflatten(position(n), spatial)],
      offset: images === 1 ? `(${m}) * ${positions}i + ${n}` : `(${image(n)} * ${M}i + ${m}) * ${positions}i + ${position(n)}`,
    }),
    wordRuns: positions % 4 === 0,
    mn: (at) => [at[1]!, images === 1 ? flatOffset(at.slice(2), spatial) : `${at[0]} * ${positions}i + ${flatOffset(at.slice(2), spatial)}`],
    ...(product.operands[2] ? { bias: product.operands[2] } : {}),
    ...(direct ? {} : { gather }),
    ...(images === 1 && positions === 1 && taps === 1 && input.every((d) => d === 1) && startPadding.every((v) => v === 0) ? { column: true } : {}),
  };
}

/**
 * The integer product `out` hangs off, or undefined where the subgraph is not one: an int32 matmul or
 * convolution of widened byte tensors (see matmulProblem, convProblem), K a multiple of 4 (A's rows
 * start at word boundaries), and an elementwise epilogue of the product's shape.
 */
export function integerProblem(b: KernelBuilder, out: Value): IntegerProblem | undefined {
  const heavy = [...heavyOps(b, out)];
  const product = heavy[0];
  if (heavy.length !== 1 || product!.results[0]!.type.element !== 'int32' || !sameShape(product!.results[0]!.type.shape, out.type.shape)) return undefined;
  const p = product!.opName === 'matmul' ? matmulProblem(b, product!) : product!.opName === 'convolution' ? convProblem(b, product!) : undefined;
  return p && p.K > 0 && p.K <= 33_025 ? p : undefined;
}
