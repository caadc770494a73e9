// Data-movement cgc_ops that read or write elements at computed indices (ONNX Gather,
// GatherElements, GatherND, ScatterND, ScatterElements, OneHot, ReverseSequence).
import { type OpContext, defineOp } from '../registry';
import { ELEMENT_TYPES, NUMERIC_TYPES, sameShape, shapeToString } from '../types';
import { INDEX_TYPES, checkMin, describe, normalizeAxis, requireRank, requireShape, result, sameElementType } from './helpers';

const axis = { kind: 'int' as const, default: 0, doc: 'dimension of data indexed' };
const reduction = {
  kind: 'string' as const, default: 'none', allowed: ['none', 'add', 'mul', 'max', 'min'],
  doc: 'how an update combines with the element it lands on',
};

/** Element-wise index ops: indices has data's rank and no larger extent outside axis (ONNX Runtime's bound). */
function checkAlongAxis(ctx: OpContext, axisAttr: number): number {
  const data = requireRank(ctx, 0, 1);
  const indices = ctx.operand(1).shape;
  const a = normalizeAxis(ctx, 'axis', axisAttr, data.length);
  if (indices.length !== data.length || indices.some((d, i) => i !== a && d > data[i]!)) {
    ctx.fail(`${describe(ctx, 1)} shape ${shapeToString(indices)} must have the rank of data ${shapeToString(data)}`
      + ` and no larger dimension outside axis ${a}`);
  }
  return a;
}

defineOp({
  name: 'gather',
  summary: 'slices of data along axis at indices: data[:axis] + indices + data[axis+1:]',
  operands: [{ name: 'data', dtypes: ELEMENT_TYPES }, { name: 'indices', dtypes: INDEX_TYPES }],
  attributes: { axis },
  traits: ['data_movement'],
  infer(ctx) {
    const data = requireRank(ctx, 0, 1);
    const a = normalizeAxis(ctx, 'axis', ctx.int('axis'), data.length);
    const out = [...data.slice(0, a), ...ctx.operand(1).shape, ...data.slice(a + 1)];
    return [result(ctx, out, ctx.operand(0).element)];
  },
});

defineOp({
  name: 'gather_elements',
  summary: 'out[i…] = data[i… with index axis replaced by indices[i…]]; result has the shape of indices',
  operands: [{ name: 'data', dtypes: ELEMENT_TYPES }, { name: 'indices', dtypes: INDEX_TYPES }],
  attributes: { axis },
  traits: ['data_movement'],
  infer(ctx) {
    checkAlongAxis(ctx, ctx.int('axis'));
    return [result(ctx, ctx.operand(1).shape, ctx.operand(0).element)];
  },
});

/** GatherND / ScatterND: the last dimension of indices holds k coordinates into data. */
function indexDepth(ctx: OpContext, batchDims: number): number {
  const data = requireRank(ctx, 0, 1);
  const indices = requireRank(ctx, 1, 1);
  const k = indices[indices.length - 1]!;
  if (k < 1 || k > data.length - batchDims) {
    ctx.fail(`${describe(ctx, 1)} last dimension ${k} must be between 1 and the data rank${batchDims ? ' minus batch_dims' : ''}`
      + ` (${data.length - batchDims})`);
  }
  return k;
}

defineOp({
  name: 'gather_nd',
  summary: 'slices of data at the coordinate tuples in the last dimension of indices',
  operands: [{ name: 'data', dtypes: ELEMENT_TYPES }, { name: 'indices', dtypes: ['int64'] }],
  attributes: { batch_dims: { kind: 'int', default: 0, doc: 'leading dimensions shared by data and indices' } },
  traits: ['data_movement'],
  infer(ctx) {
    const data = ctx.operand(0).shape;
    const indices = ctx.operand(1).shape;
    const b = ctx.int('batch_dims');
    if (b < 0 || b >= Math.min(data.length, indices.length)) {
      ctx.fail(`attribute 'batch_dims' = ${b} must be ≥ 0 and less than both ranks (data ${data.length}, indices ${indices.length})`);
    }
    if (!sameShape(data.slice(0, b), indices.slice(0, b))) {
      ctx.fail(`the first ${b} dimensions of data ${shapeToString(data)} and indices ${shapeToString(indices)} must match (batch_dims)`);
    }
    const k = indexDepth(ctx, b);
    return [result(ctx, [...indices.slice(0, -1), ...data.slice(b + k)], ctx.operand(0).element)];
  },
});

defineOp({
  name: 'scatter_nd',
  summary: 'a copy of data with updates written (or combined) at the coordinate tuples in indices',
  operands: [
    { name: 'data', dtypes: ELEMENT_TYPES },
    { name: 'indices', dtypes: ['int64'] },
    { name: 'updates', dtypes: ELEMENT_TYPES },
  ],
  attributes: { reduction },
  traits: ['data_movement'],
  infer(ctx) {
    const e = sameElementType(ctx, [0, 2]);
    const data = ctx.operand(0).shape;
    const k = indexDepth(ctx, 0);
    const want = [...ctx.operand(1).shape.slice(0, -1), ...data.slice(k)];
    const updates = ctx.operand(2).shape;
    if (!sameShape(updates, want)) {
      ctx.fail(`${describe(ctx, 2)} shape ${shapeToString(updates)} must be ${shapeToString(want)}`
        + ' (indices.shape[:-1] + data.shape[indices.shape[-1]:])');
    }
    return [result(ctx, data, e)];
  },
});

defineOp({
  name: 'scatter_elements',
  summary: 'a copy of data with updates[i…] written (or combined) at index indices[i…] along axis',
  operands: [
    { name: 'data', dtypes: ELEMENT_TYPES },
    { name: 'indices', dtypes: INDEX_TYPES },
    { name: 'updates', dtypes: ELEMENT_TYPES },
  ],
  attributes: { axis, reduction },
  traits: ['data_movement'],
  infer(ctx) {
    const e = sameElementType(ctx, [0, 2]);
    checkAlongAxis(ctx, ctx.int('axis'));
    const indices = ctx.operand(1).shape;
    const updates = ctx.operand(2).shape;
    if (!sameShape(indices, updates)) {
      ctx.fail(`${describe(ctx, 2)} shape ${shapeToString(updates)} must equal the indices shape ${shapeToString(indices)}`);
    }
    return [result(ctx, ctx.operand(0).shape, e)];
  },
});

defineOp({
  name: 'one_hot',
  summary: 'on_value where the new depth axis equals indices (negative indices count from depth), off_value elsewhere',
  operands: [{ name: 'indices', dtypes: NUMERIC_TYPES }],
  attributes: {
    depth: { kind: 'int', doc: 'size of the new axis' },
    axis: { kind: 'int', default: -1, doc: 'position of the new axis in the result' },
    off_value: { kind: 'float', default: 0, doc: 'value away from the index' },
    on_value: { kind: 'float', default: 1, doc: 'value at the index' },
    dtype: { kind: 'type', default: 'float32', doc: 'result element type' },
  },
  traits: ['data_movement'],
  infer(ctx) {
    const indices = ctx.operand(0).shape;
    const depth = ctx.int('depth');
    checkMin(ctx, 'depth', depth, 1);
    const a = normalizeAxis(ctx, 'axis', ctx.int('axis'), indices.length + 1);
    return [result(ctx, [...indices.slice(0, a), depth, ...indices.slice(a)], ctx.type('dtype'))];
  },
});

defineOp({
  name: 'reverse_sequence',
  summary: 'each batch entry b of x reversed along time_axis over its first sequence_lens[b] steps; later steps copied',
  operands: [{ name: 'x', dtypes: ELEMENT_TYPES }, { name: 'sequence_lens', dtypes: INDEX_TYPES }],
  attributes: {
    batch_axis: { kind: 'int', default: 1, doc: 'the batch dimension: 0 or 1' },
    time_axis: { kind: 'int', default: 0, doc: 'the time dimension: 1 or 0, the other one' },
  },
  traits: ['data_movement'],
  infer(ctx) {
    const x = requireRank(ctx, 0, 2);
    const b = ctx.int('batch_axis');
    const t = ctx.int('time_axis');
    if (!((b === 0 && t === 1) || (b === 1 && t === 0))) ctx.fail(`batch_axis ${b} and time_axis ${t} must be 0 and 1, one each (ONNX)`);
    requireShape(ctx, 1, [x[b]!], `one length per batch entry, x's dimension ${b}`);
    return [result(ctx, x, ctx.operand(0).element)];
  },
});
