// Reduction cgc_ops: reduce_* over a set of axes and arg_max / arg_min along one axis
// (ONNX ReduceSum … ReduceSumSquare with axes as an attribute, ArgMax, ArgMin).
import { type OpContext, defineOp } from '../registry';
import { type ElementType, NUMERIC_TYPES } from '../types';
import { FLOAT_INT_TYPES, normalizeAxes, normalizeAxis, range, result } from './helpers';

/** The input shape with `axes` set to 1 (keep_dims) or removed. */
function reducedShape(shape: readonly number[], axes: readonly number[], keepDims: boolean): number[] {
  const out: number[] = [];
  shape.forEach((d, i) => {
    if (!axes.includes(i)) out.push(d);
    else if (keepDims) out.push(1);
  });
  return out;
}

function reduce(name: string, summary: string, dtypes: readonly ElementType[]): void {
  defineOp({
    name,
    summary,
    operands: [{ name: 'x', dtypes }],
    attributes: {
      // ONNX: absent or empty axes reduce everything, unless noop_with_empty_axes makes them a no-op.
      axes: {
        kind: 'ints',
        default: (ctx: OpContext) => (ctx.bool('noop_with_empty_axes') ? [] : range(ctx.operand(0).shape.length)),
        doc: 'dimensions to reduce (all by default)',
      },
      keep_dims: { kind: 'bool', default: true, doc: 'keep reduced dimensions with size 1' },
      noop_with_empty_axes: { kind: 'bool', default: false, doc: 'empty axes leave the input unchanged' },
    },
    traits: ['reduction'],
    infer(ctx) {
      const x = ctx.operand(0);
      let axes = normalizeAxes(ctx, 'axes', ctx.ints('axes'), x.shape.length);
      if (axes.length === 0) {
        if (ctx.bool('noop_with_empty_axes')) return [result(ctx, x.shape, x.element)];
        axes = range(x.shape.length);
      }
      return [result(ctx, reducedShape(x.shape, axes, ctx.bool('keep_dims')), x.element)];
    },
  });
}

reduce('reduce_sum', 'Σ x', FLOAT_INT_TYPES);
reduce('reduce_mean', 'mean of x', FLOAT_INT_TYPES);
reduce('reduce_max', 'maximum of x', NUMERIC_TYPES);
reduce('reduce_min', 'minimum of x', NUMERIC_TYPES);
reduce('reduce_prod', 'Π x', FLOAT_INT_TYPES);
reduce('reduce_l1', 'Σ |x|', FLOAT_INT_TYPES);
reduce('reduce_l2', '√(Σ x²)', FLOAT_INT_TYPES);
reduce('reduce_log_sum', 'ln(Σ x)', FLOAT_INT_TYPES);
reduce('reduce_log_sum_exp', 'ln(Σ e^x)', FLOAT_INT_TYPES);
reduce('reduce_sum_square', 'Σ x²', FLOAT_INT_TYPES);

function argReduce(name: string, summary: string): void {
  defineOp({
    name,
    summary,
    operands: [{ name: 'x', dtypes: NUMERIC_TYPES }],
    attributes: {
      axis: { kind: 'int', default: 0, doc: 'dimension searched' },
      keep_dims: { kind: 'bool', default: true, doc: 'keep the searched dimension with size 1' },
      select_last_index: { kind: 'bool', default: false, doc: 'on ties, the last index instead of the first' },
    },
    traits: ['reduction'],
    infer(ctx) {
      const x = ctx.operand(0).shape;
      const axis = normalizeAxis(ctx, 'axis', ctx.int('axis'), x.length);
      return [result(ctx, reducedShape(x, [axis], ctx.bool('keep_dims')), 'int64')];
    },
  });
}

argReduce('arg_max', 'int64 index of the maximum along axis');
argReduce('arg_min', 'int64 index of the minimum along axis');
