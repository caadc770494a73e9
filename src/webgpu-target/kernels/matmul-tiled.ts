// matmul (numpy batching, 1-D promotion) and gemm (transposes, alpha/beta, broadcast c) as tiled GEMM
// problems: the product's batch is matmul's broadcast batch, flattened; gemm has one.
import { type Scope, convert } from '../wgsl/builder';
import type { RowThreads } from './gemm-core';
import { gemmScale } from './conv-matmul';
import { gemmProblem, innermostAxis, unflatten } from './gemm-kernel';
import { ctxOf } from './helpers';
import { hoistNormalizations } from './norm-prologue';

gemmProblem('matmul', (b, op) => {
  const [a, m] = op.operands;
  const as = a!.type.shape;
  const bs = m!.type.shape;
  const out = op.results[0]!.type.shape;
  // A 1-D a is one row and a 1-D b one column; their extra dimension is absent from the result.
  const nb = out.length - (as.length > 1 ? 1 : 0) - (bs.length > 1 ? 1 : 0);
  const batchShape = out.slice(0, nb);
  const batchOf = (batch: string) => unflatten(batch, batchShape);
  // Operand batch dimensions align right with the result's; size-1 dimensions broadcast.
  const operandBatch = (shape: readonly number[], batch: string) => {
    const all = batchOf(batch);
    return shape.slice(0, -2).map((d, j) => (d === 1 ? '0i' : all[nb - (shape.length - 2) + j]!));
  };
  const batch = batchShape.reduce((p, d) => p * d, 1);
  const M = as.length > 1 ? as[as.length - 2]! : 1;
  // b read through views that put its memory along K (a [N, K] weight through a transpose, attention's
  // kᵀ out of a fused QKV projection): its tile is loaded k-fastest.
  const bAlongK = bs.length > 1 && innermostAxis(b, m!) === bs.length - 2;
  const aAcrossK = as.length > 1 && innermostAxis(b, a!) !== as.length - 1;
  // A layer normalization A is read through (@matmul_norm_prologue) takes its row statistics where
  // the read names them: once per workgroup and row, before the K loop.
  let reading = { scope: undefined as unknown as Scope, k: '', guard: 'true', rows: undefined as unknown as RowThreads };
  const rowStatistics = hoistNormalizations(b, () => reading);
  if (batch > 1 && as.length > 1 && bs.length > 1 && bs.slice(0, -2).every((d) => d === 1)) {
    // b is one matrix for every batch: the batch folds into M, one [batch·M, K]·[K, N] product
    // (a transformer's [tokens, 1, d] · [d, 3d] is one GEMM of `tokens` rows, not `tokens` GEMMs of one row).
    const rowShape = [...batchShape, M];
    const rows = (mm: string) => unflatten(mm, rowShape);
    /** The row's coordinates, computed once per thread. */
    const hoistedRows = (mm: string, hoisted: Scope) => rows(mm).map((c) => {
      if (/^\w+$/.test(c)) return c;
      const v = b.fresh('r');
      hoisted.emit(`let ${v} = ${c};`);
      return v;
    });
    return {
      batch: 1,
      M: batch * M,
      N: bs[bs.length - 1]!,
      K: as[as.length - 1]!,
      bAlongK,
      aAcrossK,
      rowStatistics,
      readA: (scope, _batch, mm, k, hoisted, rows) => {
        reading = { scope: hoisted, k, guard: `${mm} < ${batch * M}i`, rows };
        return convert(b.value(a!, [...hoistedRows(mm, hoisted).slice(rowShape.length - (as.length - 1)), k], scope), 'f32');
      },
      readB: (scope, _batch, k, n) => convert(b.value(m!, [...bs.slice(0, -2).map(() => '0i'), k, n], scope), 'f32'),
      outCoords: (_batch, mm, n) => [...rows(mm), n],
      runsAlongN: true,
      finish: (acc) => ({ expr: acc, type: 'f32' }),
    };
  }
  return {
    batch,
    M,
    N: bs.length > 1 ? bs[bs.length - 1]! : 1,
    K: as[as.length - 1]!,
    bAlongK,
    aAcrossK,
    rowStatistics,
    readA: (scope, batch, mm, k, hoisted, rows) => {
      reading = { scope: hoisted, k, guard: `${mm} < ${M}i`, rows };
      return convert(b.value(a!, as.length > 1 ? [...operandBatch(as, batch), mm, k] : [k], scope), 'f32');
    },
    readB: (scope, batch, k, n) => convert(b.value(m!, bs.length > 1 ? [...operandBatch(bs, batch), k, n] : [k], scope), 'f32'),
    outCoords: (batch, mm, n) => [...batchOf(batch), ...(as.length > 1 ? [mm] : []), ...(bs.length > 1 ? [n] : [])],
    runsAlongN: bs.length > 1,
    finish: (acc) => ({ expr: acc, type: 'f32' }),
  };
});

gemmProblem('gemm', (b, op) => {
  const ctx = ctxOf(op);
  const [a, m] = op.operands;
  const ta = ctx.bool('trans_a');
  const tb = ctx.bool('trans_b');
  const [M, N] = op.results[0]!.type.shape as [number, number];
  let reading = { scope: undefined as unknown as Scope, k: '', guard: 'true', rows: undefined as unknown as RowThreads };
  const rowStatistics = hoistNormalizations(b, () => reading);
  return {
    batch: 1,
    M,
    N,
    K: ta ? a!.type.shape[0]! : a!.type.shape[1]!,
    bAlongK: innermostAxis(b, m!) === (tb ? 1 : 0),
    aAcrossK: innermostAxis(b, a!) !== (ta ? 0 : 1),
    rowStatistics,
    readA: (scope, _batch, mm, k, hoisted, rows) => {
      reading = { scope: hoisted, k, guard: `${mm} < ${M}i`, rows };
      return convert(b.value(a!, ta ? [k, mm] : [mm, k], scope), 'f32');
    },
    readB: (scope, _batch, k, n) => convert(b.value(m!, tb ? [n, k] : [k, n], scope), 'f32'),
    outCoords: (_batch, mm, n) => [mm, n],
    runsAlongN: true,
    finish: (acc, coords, scope) => gemmScale(b, op, acc, coords, scope),
  };
});
