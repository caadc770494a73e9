// Reference kernels of the broadcasting binary and ternary elementwise cgc_ops. Floats compute in
// double from their float32 (or exactly widened float16) values and round once on store; that is
// exactly float32 (and float16) IEEE arithmetic for + − × ÷. Integers are exact: int32/int8/uint8
// as JS numbers wrapped by the typed-array store (Math.imul for products), int64 as BigInt.
import { implement, type KernelContext } from '../registry';
import { CgcError, type HostTensor } from '../../core';
import { fromBigInts, fromNumbers, isBig, isFloat, isSmallInt, readBigInts, readNumbers } from './common';
import { broadcastMap } from './indexing';

type NumFn = (a: number, b: number) => number;
type BigFn = (a: bigint, b: bigint) => bigint | number;

interface BinaryFns {
  /** Floats (and, unless `int` is given, int32/int8/uint8 and bool). */
  num: NumFn;
  /** int32/int8/uint8 when they need their own rule (wrapping products, integer division). */
  int?: NumFn;
  /** int64 and uint64 (uint64's values stay unsigned). Returning a number means a bool result. */
  big?: BigFn;
}

/**
 * Applies `fns` to a and b broadcast to the result shape, in the domain of a's element type
 * (BigInt for int64 and uint64 unless `numbers` forces doubles).
 */
function broadcastBinary(a: HostTensor, b: HostTensor, ctx: KernelContext, fns: BinaryFns, numbers = false): HostTensor {
  const out = ctx.result();
  const n = out.shape.reduce((x, y) => x * y, 1);
  const ma = broadcastMap(a.type.shape, out.shape);
  const mb = broadcastMap(b.type.shape, out.shape);
  if (isBig(a.type.element) && !numbers) {
    if (!fns.big) throw new CgcError('unsupported', `reference: 'cgc_op.${ctx.def.name}' has no ${a.type.element} rule`);
    const x = readBigInts(a);
    const y = readBigInts(b);
    const res = new Array<bigint | number>(n);
    for (let i = 0; i < n; i++) res[i] = fns.big(x[ma ? ma[i]! : i]!, y[mb ? mb[i]! : i]!);
    if (typeof res[0] === 'bigint') {
      // Each rule's result is exact; storing it wraps to the result's 64 bits (uint64 sums past 2^64, int64 past 2^63).
      return fromBigInts(out.shape, out.element, BigInt64Array.from(res as bigint[], (v) => BigInt.asIntN(64, v)));
    }
    return fromNumbers(out.shape, out.element, res as number[]);
  }
  const f = isSmallInt(a.type.element) && fns.int ? fns.int : fns.num;
  const x = readNumbers(a);
  const y = readNumbers(b);
  const res = new Float64Array(n);
  if (!ma && !mb) for (let i = 0; i < n; i++) res[i] = f(x[i]!, y[i]!);
  else for (let i = 0; i < n; i++) res[i] = f(x[ma ? ma[i]! : i]!, y[mb ? mb[i]! : i]!);
  return fromNumbers(out.shape, out.element, res);
}

function binary(name: string, fns: BinaryFns | ((ctx: KernelContext) => BinaryFns)): void {
  implement(name, ([a, b], ctx) => [broadcastBinary(a!, b!, ctx, typeof fns === 'function' ? fns(ctx) : fns)]);
}

const b2n = (v: boolean): number => (v ? 1 : 0);

binary('add', { num: (a, b) => a + b, big: (a, b) => a + b });
binary('sub', { num: (a, b) => a - b, big: (a, b) => a - b });
binary('mul', { num: (a, b) => a * b, int: Math.imul, big: (a, b) => a * b });
// Integer division by zero is undefined in ONNX (a C crash); the reference answers 0.
binary('div', {
  num: (a, b) => a / b,
  // Exact: the true quotient is at least 1/|a| ≥ 2^-31 (relative) away from an integer, far above double rounding.
  int: (a, b) => (b === 0 ? 0 : Math.trunc(a / b)),
  big: (a, b) => (b === 0n ? 0n : a / b),
});
binary('max', { num: (a, b) => (Number.isNaN(a) || Number.isNaN(b) ? NaN : a > b ? a : b), big: (a, b) => (a > b ? a : b) });
binary('min', { num: (a, b) => (Number.isNaN(a) || Number.isNaN(b) ? NaN : a < b ? a : b), big: (a, b) => (a < b ? a : b) });
binary('mod', (ctx) => {
  // fmod: C fmod, the sign of the dividend (JS % is exactly that, for doubles too). Otherwise the
  // sign of the divisor, as Python's %. Integer mod by zero answers 0, like division.
  if (ctx.bool('fmod')) return { num: (a, b) => a % b, int: (a, b) => (b === 0 ? 0 : a % b), big: (a, b) => (b === 0n ? 0n : a % b) };
  return {
    num: (a, b) => {
      if (b === 0) return 0;
      const r = a % b;
      return r !== 0 && r < 0 !== b < 0 ? r + b : r;
    },
    big: (a, b) => {
      if (b === 0n) return 0n;
      const r = a % b;
      return r !== 0n && r < 0n !== b < 0n ? r + b : r;
    },
  };
});

// Comparisons on float16 compare the decoded values, so −0 = +0 and NaN ≠ NaN, as in IEEE.
binary('equal', { num: (a, b) => b2n(a === b), big: (a, b) => b2n(a === b) });
binary('less', { num: (a, b) => b2n(a < b), big: (a, b) => b2n(a < b) });
binary('less_or_equal', { num: (a, b) => b2n(a <= b), big: (a, b) => b2n(a <= b) });
binary('greater', { num: (a, b) => b2n(a > b), big: (a, b) => b2n(a > b) });
binary('greater_or_equal', { num: (a, b) => b2n(a >= b), big: (a, b) => b2n(a >= b) });

binary('and', { num: (a, b) => a & b });
binary('or', { num: (a, b) => a | b });
binary('xor', { num: (a, b) => a ^ b });
binary('bitwise_and', { num: (a, b) => a & b, big: (a, b) => a & b });
binary('bitwise_or', { num: (a, b) => a | b, big: (a, b) => a | b });
binary('bitwise_xor', { num: (a, b) => a ^ b, big: (a, b) => a ^ b });
// Unsigned types of w bits; a shift by w or more clears every bit (numpy's rule; JS would shift by b mod 32).
binary('bit_shift', (ctx) => {
  const w = { uint8: 8, uint16: 16, uint64: 64 }[ctx.operand(0).element as string] ?? 32;
  return ctx.string('direction') === 'LEFT'
    ? { num: (a, b) => (b >= w ? 0 : w === 32 ? (a << b) >>> 0 : (a << b) & (2 ** w - 1)), big: (a, b) => (b >= 64n ? 0n : BigInt.asUintN(64, a << b)) }
    : { num: (a, b) => (b >= w ? 0 : a >>> b), big: (a, b) => (b >= 64n ? 0n : a >> b) };
});

binary('prelu', { num: (x, s) => (x < 0 ? s * x : x), int: (x, s) => (x < 0 ? Math.imul(s, x) : x), big: (x, s) => (x < 0n ? s * x : x) });

/** C's pow (IEEE pow): unlike Math.pow, 1^y = 1 and (−1)^±∞ = 1, even for NaN y. */
export function cPow(a: number, b: number): number {
  if (a === 1 || b === 0) return 1;
  if (a === -1 && (b === Infinity || b === -Infinity)) return 1;
  return Math.pow(a, b);
}

/** An integer power, exact and wrapped to 64 bits; negative exponents truncate 1/a^|b| toward zero. */
function intPow(a: bigint, b: bigint): bigint {
  if (b < 0n) return a === 1n ? 1n : a === -1n ? (b % 2n === 0n ? 1n : -1n) : 0n;
  let result = 1n;
  let base = BigInt.asIntN(64, a);
  for (let e = b; e > 0n; e >>= 1n) {
    if (e & 1n) result = BigInt.asIntN(64, result * base);
    base = BigInt.asIntN(64, base * base);
  }
  return result;
}

// The exponent has its own element type. Float bases use IEEE pow on doubles; integer bases with an
// integer exponent are exact (wrapped); an integer base with a float exponent truncates pow's value.
implement('pow', ([a, b], ctx) => {
  const isInt = (t: HostTensor): boolean => !isFloat(t.type.element);
  if (isInt(a!) && isInt(b!)) return [broadcastBinary(asInt64(a!), asInt64(b!), ctx, { num: () => 0, big: intPow })];
  const fn: NumFn = isInt(a!) ? (x, y) => Math.trunc(cPow(x, y)) : cPow;
  return [broadcastBinary(a!, b!, ctx, { num: fn }, true)];
});

/** An int64 view of an integer tensor (exact), so integer pow is one BigInt rule. */
function asInt64(t: HostTensor): HostTensor {
  if (t.type.element === 'int64') return t;
  // uint64 wraps to int64: products wrap to the same 64 bits either way.
  return { type: { ...t.type, element: 'int64' }, data: BigInt64Array.from(readBigInts(t) as ArrayLike<bigint>, (v) => BigInt.asIntN(64, v)) };
}

// Copies raw storage, so it is exact for every element type.
implement('where', ([c, x, y], ctx) => {
  const out = ctx.alloc();
  const n = out.data.length;
  const mc = broadcastMap(c!.type.shape, out.type.shape);
  const mx = broadcastMap(x!.type.shape, out.type.shape);
  const my = broadcastMap(y!.type.shape, out.type.shape);
  const cond = c!.data as Uint8Array;
  const xs = x!.data as unknown as ArrayLike<number | bigint>;
  const ys = y!.data as unknown as ArrayLike<number | bigint>;
  const dst = out.data as unknown as { [i: number]: number | bigint };
  for (let i = 0; i < n; i++) dst[i] = cond[mc ? mc[i]! : i] ? xs[mx ? mx[i]! : i]! : ys[my ? my[i]! : i]!;
  return [out];
});
