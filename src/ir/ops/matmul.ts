// Matrix cgc_ops: numpy matmul with batch broadcasting (ONNX MatMul), alpha·op(a)·op(b) + beta·c
// (ONNX Gemm) and the determinant of square matrices (ONNX Det).
import { defineOp } from '../registry';
import { FLOAT_TYPES, shapeToString } from '../types';
import {
  FLOAT_INT_TYPES, broadcastShapes, checkBroadcastsTo, requireRank, result, sameElementType,
} from './helpers';

defineOp({
  name: 'matmul',
  summary: 'numpy matmul: 1-D operands are promoted to matrices, batch dimensions broadcast',
  operands: [{ name: 'a', dtypes: FLOAT_INT_TYPES }, { name: 'b', dtypes: FLOAT_INT_TYPES }],
  traits: ['matmul'],
  infer(ctx) {
    const e = sameElementType(ctx);
    const a = requireRank(ctx, 0, 1);
    const b = requireRank(ctx, 1, 1);
    // A 1-D a is a row [1, K], a 1-D b a column [K, 1]; the added dimension is dropped again.
    const a2 = a.length === 1 ? [1, a[0]!] : a;
    const b2 = b.length === 1 ? [b[0]!, 1] : b;
    const k = a2[a2.length - 1]!;
    const kb = b2[b2.length - 2]!;
    if (k !== kb) {
      ctx.fail(`operand #0 (a) shape ${shapeToString(a)} and operand #1 (b) shape ${shapeToString(b)}`
        + ` disagree on the contracted dimension (${k} vs ${kb})`);
    }
    const batch = broadcastShapes(a2.slice(0, -2), b2.slice(0, -2));
    if (!batch) {
      return ctx.fail(`batch dimensions of operand #0 (a) shape ${shapeToString(a)} do not broadcast`
        + ` with those of operand #1 (b) shape ${shapeToString(b)}`);
    }
    const out = [...batch];
    if (a.length > 1) out.push(a2[a2.length - 2]!);
    if (b.length > 1) out.push(b2[b2.length - 1]!);
    return [result(ctx, out, e)];
  },
});

defineOp({
  name: 'gemm',
  summary: 'alpha · op(a) · op(b) + beta · c, op transposing when trans_a / trans_b; c broadcasts to [M, N]',
  operands: [
    { name: 'a', dtypes: FLOAT_INT_TYPES },
    { name: 'b', dtypes: FLOAT_INT_TYPES },
    { name: 'c', dtypes: FLOAT_INT_TYPES, optional: true },
  ],
  attributes: {
    alpha: { kind: 'float', default: 1, doc: 'scale of a · b' },
    beta: { kind: 'float', default: 1, doc: 'scale of c' },
    trans_a: { kind: 'bool', default: false, doc: 'a is stored [K, M]' },
    trans_b: { kind: 'bool', default: false, doc: 'b is stored [N, K]' },
  },
  traits: ['matmul'],
  infer(ctx) {
    const e = sameElementType(ctx);
    const a = requireRank(ctx, 0, 2, 2);
    const b = requireRank(ctx, 1, 2, 2);
    const [m, ka] = ctx.bool('trans_a') ? [a[1]!, a[0]!] : [a[0]!, a[1]!];
    const [kb, n] = ctx.bool('trans_b') ? [b[1]!, b[0]!] : [b[0]!, b[1]!];
    if (ka !== kb) {
      ctx.fail(`op(a) is ${m}x${ka} and op(b) is ${kb}x${n}: they disagree on the contracted dimension (${ka} vs ${kb})`);
    }
    if (ctx.operands.length > 2) checkBroadcastsTo(ctx, 2, [m, n], 'the product shape');
    return [result(ctx, [m, n], e)];
  },
});

defineOp({
  name: 'det',
  summary: 'the determinant of each square matrix in the last two dimensions: [*, M, M] → [*]',
  operands: [{ name: 'x', dtypes: FLOAT_TYPES }],
  traits: ['linear_algebra'],
  infer(ctx) {
    const x = requireRank(ctx, 0, 2);
    const [m, n] = x.slice(-2) as [number, number];
    if (m !== n) ctx.fail(`operand #0 (x) shape ${shapeToString(x)} must end in a square matrix, got ${m}x${n}`);
    return [result(ctx, x.slice(0, -2), ctx.operand(0).element)];
  },
});
