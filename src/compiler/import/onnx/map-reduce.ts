// ONNX reductions and ops along one axis → cgc_op: Reduce* (axes an attribute, or an input from
// opset 13 for ReduceSum and 18 for the rest), ArgMax/ArgMin, Softmax/LogSoftmax/Hardmax (the
// flatten-to-2D semantics before opset 13), CumSum and TopK.
import type { MapperTable, NodeCtx, Produced } from './context';
import { topKComputed } from './map-data-dependent';

const REDUCTIONS: Readonly<Record<string, string>> = {
  ReduceSum: 'reduce_sum', ReduceMean: 'reduce_mean', ReduceMax: 'reduce_max', ReduceMin: 'reduce_min',
  ReduceProd: 'reduce_prod', ReduceL1: 'reduce_l1', ReduceL2: 'reduce_l2', ReduceLogSum: 'reduce_log_sum',
  ReduceLogSumExp: 'reduce_log_sum_exp', ReduceSumSquare: 'reduce_sum_square',
};

const reduce = (op: string, axesInputFrom: number) => (n: NodeCtx): Produced[] => {
  const axes = n.opset < axesInputFrom ? n.attrInts('axes', []) : n.has(1) ? n.constInts(1, 'axes') : [];
  return [n.emit(op, [n.input(0)], {
    axes: axes.length ? axes : undefined,
    keep_dims: n.attrInt('keepdims', 1) !== 0,
    noop_with_empty_axes: n.attrInt('noop_with_empty_axes', 0) !== 0,
  })];
};

const argReduce = (op: string) => (n: NodeCtx): Produced[] => [n.emit(op, [n.input(0)], {
  axis: n.attrInt('axis', 0), keep_dims: n.attrInt('keepdims', 1) !== 0, select_last_index: n.attrInt('select_last_index', 0) !== 0,
})];

/**
 * Softmax-like ops. From opset 13 they work on one axis (default −1). Before 13 the input is seen
 * as a 2-D matrix [prod(dims[:axis]), prod(dims[axis:])] (axis default 1):
 * flatten(axis) → op(axis = 1) → reshape back, or the op itself when axis is the last dimension.
 */
const softmaxLike = (op: string) => (n: NodeCtx): Produced[] => {
  const x = n.shape(0);
  if (n.opset >= 13) return [n.emit(op, [n.input(0)], { axis: n.attrInt('axis', -1) })];
  const axis = n.axis(n.attrInt('axis', 1), x.length);
  if (axis === x.length - 1) return [n.emit(op, [n.input(0)], { axis })];
  const flat = n.emit('flatten', [n.input(0)], { axis });
  const y = n.emit(op, [flat], { axis: 1 });
  return [n.emit('reshape', [y], { shape: x })];
};

function topK(n: NodeCtx): Produced[] {
  if (n.opset >= 10 && !n.isConst(1)) return topKComputed(n);
  const k = n.opset < 10 ? n.attrInt('k') : n.constScalar(1, 'K');
  return n.emitN('top_k', [n.input(0)], {
    k, axis: n.attrInt('axis', -1), largest: n.attrInt('largest', 1) !== 0, sorted: n.attrInt('sorted', 1) !== 0,
  });
}

export const REDUCE: MapperTable = {
  ...Object.fromEntries(Object.entries(REDUCTIONS).map(([k, v]) => [k, reduce(v, k === 'ReduceSum' ? 13 : 18)])),
  ArgMax: argReduce('arg_max'),
  ArgMin: argReduce('arg_min'),
  Softmax: softmaxLike('softmax'),
  LogSoftmax: softmaxLike('log_softmax'),
  Hardmax: softmaxLike('hardmax'),
  CumSum: (n) => [n.emit('cumsum', [n.input(0)], {
    axis: n.constScalar(1, 'axis'), exclusive: n.attrInt('exclusive', 0) !== 0, reverse: n.attrInt('reverse', 0) !== 0,
  })],
  TopK: topK,
};
