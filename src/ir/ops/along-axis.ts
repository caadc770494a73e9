// cgc_ops that work along one axis and keep or shorten it: the softmax family, cumsum and top_k
// (ONNX Softmax/LogSoftmax/Hardmax opset 13, CumSum with axis as an attribute, TopK with k as one).
import { defineOp } from '../registry';
import { FLOAT_TYPES, NUMERIC_TYPES } from '../types';
import { FLOAT_INT_TYPES, checkMin, normalizeAxis, result } from './helpers';

const SOFTMAX: ReadonlyArray<[string, string]> = [
  ['softmax', 'e^x / Σ e^x along axis'],
  ['log_softmax', 'ln(softmax(x)) along axis'],
  ['hardmax', '1 at the first maximum along axis, 0 elsewhere'],
];
for (const [name, summary] of SOFTMAX) {
  defineOp({
    name,
    summary,
    operands: [{ name: 'x', dtypes: FLOAT_TYPES }],
    attributes: { axis: { kind: 'int', default: -1, doc: 'dimension normalized over' } },
    // DirectML files these as activations (DML_OPERATOR_ACTIVATION_SOFTMAX …).
    traits: ['activation'],
    infer(ctx) {
      const x = ctx.operand(0);
      normalizeAxis(ctx, 'axis', ctx.int('axis'), x.shape.length);
      return [result(ctx, x.shape, x.element)];
    },
  });
}

defineOp({
  name: 'cumsum',
  summary: 'running sum along axis (optionally exclusive of the current element, or from the end)',
  operands: [{ name: 'x', dtypes: FLOAT_INT_TYPES }],
  attributes: {
    axis: { kind: 'int', doc: 'dimension summed along' },
    exclusive: { kind: 'bool', default: false, doc: 'leave out the current element' },
    reverse: { kind: 'bool', default: false, doc: 'sum from the end' },
  },
  // A running reduction: the axis is kept, so passes must not treat it as shrinking.
  traits: ['reduction'],
  infer(ctx) {
    const x = ctx.operand(0);
    normalizeAxis(ctx, 'axis', ctx.int('axis'), x.shape.length);
    return [result(ctx, x.shape, x.element)];
  },
});

defineOp({
  name: 'top_k',
  summary: 'the k largest (or smallest) elements along axis and their int64 indices',
  operands: [{ name: 'x', dtypes: NUMERIC_TYPES }],
  attributes: {
    k: { kind: 'int', doc: 'number of elements kept' },
    axis: { kind: 'int', default: -1, doc: 'dimension searched' },
    largest: { kind: 'bool', default: true, doc: 'largest rather than smallest' },
    sorted: { kind: 'bool', default: true, doc: 'results in sorted order' },
  },
  traits: ['data_movement'],
  infer(ctx) {
    const x = ctx.operand(0);
    const axis = normalizeAxis(ctx, 'axis', ctx.int('axis'), x.shape.length);
    const k = ctx.int('k');
    checkMin(ctx, 'k', k, 0);
    if (k > x.shape[axis]!) ctx.fail(`attribute 'k' = ${k} exceeds dimension ${axis} of size ${x.shape[axis]}`);
    const shape = x.shape.map((d, i) => (i === axis ? k : d));
    return [result(ctx, shape, x.element), result(ctx, shape, 'int64')];
  },
});
