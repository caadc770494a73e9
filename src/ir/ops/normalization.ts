// Normalization cgc_ops (ONNX BatchNormalization in inference mode, LayerNormalization,
// InstanceNormalization, GroupNormalization, MeanVarianceNormalization, LpNormalization, LRN).
import { defineOp } from '../registry';
import { FLOAT_TYPES } from '../types';
import {
  checkBroadcastsTo, checkMin, normalizeAxes, normalizeAxis, requireRank, requireShape, result, sameElementType,
} from './helpers';

const epsilon = { kind: 'float' as const, default: 1e-5, doc: 'added to the variance before its square root' };
const tensor = (name: string, optional = false) => ({ name, dtypes: FLOAT_TYPES, ...(optional ? { optional } : {}) });

defineOp({
  name: 'batch_normalization',
  summary: 'scale · (x − mean) / √(variance + epsilon) + bias per channel (dimension 1)',
  operands: [tensor('x'), tensor('scale'), tensor('bias'), tensor('mean'), tensor('variance')],
  attributes: { epsilon },
  traits: ['normalization'],
  infer(ctx) {
    const e = sameElementType(ctx);
    const x = requireRank(ctx, 0, 2);
    for (let i = 1; i < 5; i++) requireShape(ctx, i, [x[1]!], 'one value per channel');
    return [result(ctx, x, e)];
  },
});

defineOp({
  name: 'layer_normalization',
  summary: 'normalizes x over dimensions axis… then applies scale and bias (which broadcast to x.shape[axis:])',
  operands: [tensor('x'), tensor('scale'), tensor('bias', true)],
  attributes: { axis: { kind: 'int', default: -1, doc: 'first normalized dimension' }, epsilon },
  traits: ['normalization'],
  infer(ctx) {
    const e = sameElementType(ctx);
    const x = ctx.operand(0).shape;
    const axis = normalizeAxis(ctx, 'axis', ctx.int('axis'), x.length);
    for (let i = 1; i < ctx.operands.length; i++) checkBroadcastsTo(ctx, i, x.slice(axis), 'the normalized shape');
    return [result(ctx, x, e)];
  },
});

defineOp({
  name: 'instance_normalization',
  summary: 'normalizes each (n, c) slice over the spatial dimensions, then scale and bias per channel',
  operands: [tensor('x'), tensor('scale'), tensor('bias')],
  attributes: { epsilon },
  traits: ['normalization'],
  infer(ctx) {
    const e = sameElementType(ctx);
    const x = requireRank(ctx, 0, 3);
    for (let i = 1; i < 3; i++) requireShape(ctx, i, [x[1]!], 'one value per channel');
    return [result(ctx, x, e)];
  },
});

defineOp({
  name: 'group_normalization',
  summary: 'normalizes groups of channels over the channels and spatial dimensions, then scale and bias per channel',
  operands: [tensor('x'), tensor('scale'), tensor('bias')],
  attributes: { num_groups: { kind: 'int', doc: 'number of channel groups' }, epsilon },
  traits: ['normalization'],
  infer(ctx) {
    const e = sameElementType(ctx);
    const x = requireRank(ctx, 0, 2);
    const groups = ctx.int('num_groups');
    checkMin(ctx, 'num_groups', groups, 1);
    if (x[1]! % groups !== 0) ctx.fail(`channels ${x[1]} must be divisible by num_groups ${groups}`);
    // ONNX opset 21: scale and bias are per channel (opset 18 had them per group).
    for (let i = 1; i < 3; i++) requireShape(ctx, i, [x[1]!], 'one value per channel');
    return [result(ctx, x, e)];
  },
});

defineOp({
  name: 'mean_variance_normalization',
  summary: '(x − mean) / √variance with mean and variance over axes',
  operands: [tensor('x')],
  attributes: { axes: { kind: 'ints', default: [0, 2, 3], doc: 'dimensions to normalize over' } },
  traits: ['normalization'],
  infer(ctx) {
    const x = ctx.operand(0);
    normalizeAxes(ctx, 'axes', ctx.ints('axes'), x.shape.length);
    return [result(ctx, x.shape, x.element)];
  },
});

defineOp({
  name: 'lp_normalization',
  summary: 'x divided by its L1 or L2 norm along axis',
  operands: [tensor('x')],
  attributes: {
    axis: { kind: 'int', default: -1, doc: 'dimension the norm runs over' },
    p: { kind: 'int', default: 2, doc: 'norm order: 1 or 2' },
  },
  traits: ['normalization'],
  infer(ctx) {
    const x = ctx.operand(0);
    normalizeAxis(ctx, 'axis', ctx.int('axis'), x.shape.length);
    const p = ctx.int('p');
    if (p !== 1 && p !== 2) ctx.fail(`attribute 'p' must be 1 or 2, got ${p}`);
    return [result(ctx, x.shape, x.element)];
  },
});

defineOp({
  name: 'lrn',
  summary: 'local response normalization: x / (bias + alpha/size · Σ x² over size neighbouring channels)^beta',
  operands: [tensor('x')],
  attributes: {
    size: { kind: 'int', doc: 'number of channels summed over' },
    alpha: { kind: 'float', default: 1e-4, doc: 'scale' },
    beta: { kind: 'float', default: 0.75, doc: 'exponent' },
    bias: { kind: 'float', default: 1, doc: 'offset' },
  },
  traits: ['normalization'],
  infer(ctx) {
    const x = requireRank(ctx, 0, 3);
    checkMin(ctx, 'size', ctx.int('size'), 1);
    return [result(ctx, x, ctx.operand(0).element)];
  },
});
