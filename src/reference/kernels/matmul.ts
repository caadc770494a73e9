// Reference kernels of matmul (numpy batching), gemm and det. Floats accumulate in double and round once
// per result (see convolution.ts for why); int32 accumulates modulo 2^32 (Math.imul), int64 in BigInt,
// which is exactly what wrapping C integer arithmetic gives.
import { implement } from '../registry';
import type { HostTensor } from '../../core';
import { fromBigInts, fromNumbers, readBigInts, readFloats } from './common';
import { broadcastMap } from './indexing';

/** Where one matrix lives in its tensor: element (r, c) is at base + r·rs + c·cs. */
interface Layout { base: number; rs: number; cs: number }

type Accumulate = (out: Float64Array | Int32Array | BigInt64Array, outBase: number, a: Layout, b: Layout) => void;

/** out[i·N + j] = Σ_k a(i, k) · b(k, j), in the domain of the arrays given. */
function products(kind: 'float' | 'int32' | 'int64', A: ArrayLike<number | bigint>, B: ArrayLike<number | bigint>, M: number, K: number, N: number): Accumulate {
  return (out, outBase, a, b) => {
    for (let i = 0; i < M; i++) {
      const row = outBase + i * N;
      for (let k = 0; k < K; k++) {
        const ai = a.base + i * a.rs + k * a.cs;
        const bk = b.base + k * b.rs;
        if (kind === 'float') {
          const av = A[ai] as number;
          const o = out as Float64Array;
          for (let j = 0; j < N; j++) o[row + j] += av * (B[bk + j * b.cs] as number);
        } else if (kind === 'int32') {
          const av = A[ai] as number;
          const o = out as Int32Array;
          for (let j = 0; j < N; j++) o[row + j] = (o[row + j]! + Math.imul(av, B[bk + j * b.cs] as number)) | 0;
        } else {
          const av = A[ai] as bigint;
          const o = out as BigInt64Array;
          for (let j = 0; j < N; j++) o[row + j] = o[row + j]! + av * (B[bk + j * b.cs] as bigint);
        }
      }
    }
  };
}

function kindOf(t: HostTensor): 'float' | 'int32' | 'int64' {
  return t.type.element === 'int64' ? 'int64' : t.type.element === 'int32' ? 'int32' : 'float';
}

function values(t: HostTensor): ArrayLike<number | bigint> {
  const k = kindOf(t);
  return k === 'float' ? readFloats(t) : k === 'int64' ? readBigInts(t) : (t.data as Int32Array);
}

function accumulator(kind: 'float' | 'int32' | 'int64', n: number): Float64Array | Int32Array | BigInt64Array {
  return kind === 'float' ? new Float64Array(n) : kind === 'int32' ? new Int32Array(n) : new BigInt64Array(n);
}

function finish(acc: Float64Array | Int32Array | BigInt64Array, shape: readonly number[], element: HostTensor['type']['element']): HostTensor {
  return acc instanceof BigInt64Array ? fromBigInts(shape, element, acc) : fromNumbers(shape, element, acc);
}

implement('matmul', ([a, b], ctx) => {
  const out = ctx.result();
  const as = a!.type.shape.length === 1 ? [1, a!.type.shape[0]!] : a!.type.shape;
  const bs = b!.type.shape.length === 1 ? [b!.type.shape[0]!, 1] : b!.type.shape;
  const M = as[as.length - 2]!;
  const K = as[as.length - 1]!;
  const N = bs[bs.length - 1]!;
  const batch = out.shape.slice(0, out.shape.length - (a!.type.shape.length > 1 ? 1 : 0) - (b!.type.shape.length > 1 ? 1 : 0));
  const count = batch.reduce((p, d) => p * d, 1);
  // Batch maps: for each result batch index, the batch index inside a and inside b.
  const ma = broadcastMap(as.slice(0, -2), batch);
  const mb = broadcastMap(bs.slice(0, -2), batch);
  const kind = kindOf(a!);
  const acc = accumulator(kind, count * M * N);
  const run = products(kind, values(a!), values(b!), M, K, N);
  for (let t = 0; t < count; t++) {
    const ia = ma ? ma[t]! : t;
    const ib = mb ? mb[t]! : t;
    run(acc, t * M * N, { base: ia * M * K, rs: K, cs: 1 }, { base: ib * K * N, rs: N, cs: 1 });
  }
  return [finish(acc, out.shape, out.element)];
});

/**
 * alpha · op(a) · op(b) + beta · c. Floats: alpha and beta are float32 attributes, the whole
 * expression is evaluated in double and rounded once. Integers: exact when alpha and beta are
 * integers; otherwise the double value truncates toward zero.
 */
implement('gemm', ([a, b, c], ctx) => {
  const out = ctx.result();
  const [M, N] = out.shape as [number, number];
  const transA = ctx.bool('trans_a');
  const transB = ctx.bool('trans_b');
  const K = transA ? a!.type.shape[0]! : a!.type.shape[1]!;
  const kind = kindOf(a!);
  const acc = accumulator(kind, M * N);
  products(kind, values(a!), values(b!), M, K, N)(
    acc, 0,
    transA ? { base: 0, rs: 1, cs: M } : { base: 0, rs: K, cs: 1 },
    transB ? { base: 0, rs: 1, cs: K } : { base: 0, rs: N, cs: 1 },
  );
  const alpha = Math.fround(ctx.float('alpha'));
  const beta = Math.fround(ctx.float('beta'));
  const cm = c ? broadcastMap(c.type.shape, [M, N]) : undefined;
  const cv = c ? values(c) : undefined;
  const at = (i: number) => cv![cm ? cm[i]! : i]!;
  if (acc instanceof BigInt64Array && Number.isInteger(alpha) && Number.isInteger(beta)) {
    const A = BigInt(alpha);
    const B = BigInt(beta);
    for (let i = 0; i < acc.length; i++) acc[i] = A * acc[i]! + (cv ? B * (at(i) as bigint) : 0n);
    return [finish(acc, out.shape, out.element)];
  }
  if (acc instanceof Int32Array && Number.isInteger(alpha) && Number.isInteger(beta)) {
    for (let i = 0; i < acc.length; i++) acc[i] = (Math.imul(alpha, acc[i]!) + (cv ? Math.imul(beta, at(i) as number) : 0)) | 0;
    return [finish(acc, out.shape, out.element)];
  }
  const res = new Float64Array(M * N);
  for (let i = 0; i < res.length; i++) {
    const ab = Number(acc[i]!);
    res[i] = alpha * ab + (cv ? beta * Number(at(i)) : 0);
    if (kind !== 'float') res[i] = Math.trunc(res[i]!);
  }
  return [finish(res, out.shape, out.element)];
});

// LU elimination with partial pivoting in double per matrix (the sign flips with each row swap), rounded
// once on store; a zero column below the diagonal makes the matrix singular: 0.
implement('det', ([x], ctx) => {
  const out = ctx.result();
  const shape = x!.type.shape;
  const n = shape[shape.length - 1]!;
  const X = readFloats(x!);
  const count = out.shape.reduce((a, b) => a * b, 1);
  const res = new Float64Array(count);
  const m = new Float64Array(n * n);
  for (let q = 0; q < count; q++) {
    for (let i = 0; i < n * n; i++) m[i] = X[q * n * n + i]!;
    let det = 1;
    for (let k = 0; k < n && det !== 0; k++) {
      let p = k;
      for (let r = k + 1; r < n; r++) if (Math.abs(m[r * n + k]!) > Math.abs(m[p * n + k]!)) p = r;
      if (m[p * n + k] === 0) { det = 0; break; }
      if (p !== k) {
        for (let c = 0; c < n; c++) [m[k * n + c], m[p * n + c]] = [m[p * n + c]!, m[k * n + c]!];
        det = -det;
      }
      const piv = m[k * n + k]!;
      det *= piv;
      for (let r = k + 1; r < n; r++) {
        const f = m[r * n + k]! / piv;
        for (let c = k + 1; c < n; c++) m[r * n + c] -= f * m[k * n + c]!;
      }
    }
    res[q] = det;
  }
  return [fromNumbers(out.shape, out.element, res)];
});
