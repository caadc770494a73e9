// Pooling cgc_ops over N, C, spatial… tensors: windowed max/average/Lp pooling (ONNX MaxPool,
// AveragePool, LpPool with explicit paddings) and their global forms.
import { type AttrDef, type OpContext, defineOp } from '../registry';
import { type ElementType, FLOAT_TYPES } from '../types';
import {
  WINDOW_ATTRS, checkLength, checkMin, readWindow, requireRank, result, slidingOutput, spatialRank,
} from './helpers';

const MAX_POOL_TYPES: readonly ElementType[] = [...FLOAT_TYPES, 'int8', 'uint8'];
const P: AttrDef = { kind: 'int', default: 2, doc: 'norm order' };

const WINDOWED: Readonly<Record<string, AttrDef>> = {
  window_size: { kind: 'ints', doc: 'pooling window per spatial dimension' },
  ...WINDOW_ATTRS,
  ceil_mode: { kind: 'bool', default: false, doc: 'round the output size up instead of down' },
};

/** N, C, then the sliding-window output size of every spatial dimension. */
function windowedShape(ctx: OpContext): number[] {
  const x = requireRank(ctx, 0, 3, 5);
  const window = ctx.ints('window_size');
  checkLength(ctx, 'window_size', window, spatialRank(ctx), 'one per spatial dimension');
  checkMin(ctx, 'window_size', window, 1);
  return [x[0]!, x[1]!, ...slidingOutput(ctx, x.slice(2), window, readWindow(ctx), ctx.bool('ceil_mode'))];
}

defineOp({
  name: 'max_pool',
  summary: 'maximum over each window (values; max_pool_indices gives where each is)',
  operands: [{ name: 'x', dtypes: MAX_POOL_TYPES }],
  attributes: WINDOWED,
  traits: ['pooling'],
  infer: (ctx) => [result(ctx, windowedShape(ctx), ctx.operand(0).element)],
});

defineOp({
  name: 'max_pool_indices',
  summary: 'where max_pool takes each maximum: its flat index into x (ONNX MaxPool output Indices)',
  operands: [{ name: 'x', dtypes: MAX_POOL_TYPES }],
  attributes: {
    ...WINDOWED,
    storage_order: {
      kind: 'int', default: 0,
      doc: 'spatial positions counted row-major (0) or column-major (1), after (n · C + c) whole planes',
    },
  },
  traits: ['indices'],
  infer(ctx) {
    const order = ctx.int('storage_order');
    if (order !== 0 && order !== 1) ctx.fail(`attribute 'storage_order' = ${order} must be 0 (row-major) or 1 (column-major)`);
    return [result(ctx, windowedShape(ctx), 'int64')];
  },
});

defineOp({
  name: 'average_pool',
  summary: 'mean over each window; padding counts toward the divisor only with include_padding',
  operands: [{ name: 'x', dtypes: FLOAT_TYPES }],
  attributes: {
    ...WINDOWED,
    include_padding: { kind: 'bool', default: false, doc: 'divide by the full window size, padding included' },
  },
  traits: ['pooling'],
  infer: (ctx) => [result(ctx, windowedShape(ctx), ctx.operand(0).element)],
});

defineOp({
  name: 'lp_pool',
  summary: '(Σ |x|^p)^(1/p) over each window',
  operands: [{ name: 'x', dtypes: FLOAT_TYPES }],
  attributes: { ...WINDOWED, p: P },
  traits: ['pooling'],
  infer(ctx) {
    checkMin(ctx, 'p', ctx.int('p'), 1);
    return [result(ctx, windowedShape(ctx), ctx.operand(0).element)];
  },
});

/** N, C, then 1 for every spatial dimension. */
function globalShape(ctx: OpContext): number[] {
  const x = requireRank(ctx, 0, 3);
  return [x[0]!, x[1]!, ...x.slice(2).map(() => 1)];
}

defineOp({
  name: 'global_average_pool',
  summary: 'mean over all spatial positions',
  operands: [{ name: 'x', dtypes: FLOAT_TYPES }],
  traits: ['pooling'],
  infer: (ctx) => [result(ctx, globalShape(ctx), ctx.operand(0).element)],
});

defineOp({
  name: 'global_max_pool',
  summary: 'maximum over all spatial positions',
  operands: [{ name: 'x', dtypes: FLOAT_TYPES }],
  traits: ['pooling'],
  infer: (ctx) => [result(ctx, globalShape(ctx), ctx.operand(0).element)],
});

defineOp({
  name: 'global_lp_pool',
  summary: '(Σ |x|^p)^(1/p) over all spatial positions',
  operands: [{ name: 'x', dtypes: FLOAT_TYPES }],
  attributes: { p: P },
  traits: ['pooling'],
  infer(ctx) {
    checkMin(ctx, 'p', ctx.int('p'), 1);
    return [result(ctx, globalShape(ctx), ctx.operand(0).element)];
  },
});
