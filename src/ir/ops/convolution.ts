// Convolution cgc_ops over N, C, spatial… tensors with 1 to 3 spatial dimensions (ONNX Conv,
// ConvTranspose with explicit paddings: the importer resolves auto_pad and output_shape). convolution
// also takes int32 (ONNX ConvInteger and QLinearConv: zero-point-shifted bytes, summed modulo 2^32).
import { type OpContext, defineOp } from '../registry';
import { type ElementType, FLOAT_TYPES, shapeToString } from '../types';
import {
  WINDOW_ATTRS, checkLength, checkMin, describe, perSpatial, readWindow, requireRank, requireShape,
  result, sameElementType, slidingOutput, spatialRank,
} from './helpers';

const operands = (dtypes: readonly ElementType[]) => [
  { name: 'input', dtypes },
  { name: 'filter', dtypes },
  { name: 'bias', dtypes, optional: true },
];

/** Shared rules: rank 3–5 input, filter of the same rank, one element type, groups ≥ 1. */
function readOperands(ctx: OpContext) {
  const e = sameElementType(ctx);
  const input = requireRank(ctx, 0, 3, 5);
  const filter = ctx.operand(1).shape;
  if (filter.length !== input.length) {
    ctx.fail(`${describe(ctx, 1)} shape ${shapeToString(filter)} must have the input's rank ${input.length}`);
  }
  const groups = ctx.int('groups');
  checkMin(ctx, 'groups', groups, 1);
  return { e, input, filter, groups };
}

function checkBias(ctx: OpContext, outChannels: number): void {
  if (ctx.operands.length > 2) requireShape(ctx, 2, [outChannels], 'one value per output channel');
}

defineOp({
  name: 'convolution',
  summary: 'grouped, strided, dilated, padded cross-correlation of input with filter, plus bias',
  operands: operands([...FLOAT_TYPES, 'int32']),
  attributes: { ...WINDOW_ATTRS, groups: { kind: 'int', default: 1, doc: 'channel groups' } },
  traits: ['convolution'],
  infer(ctx) {
    const { e, input, filter, groups } = readOperands(ctx);
    const [n, c] = input as [number, number];
    const [m, cPerGroup] = filter as [number, number];
    if (c !== cPerGroup * groups) {
      ctx.fail(`input channels ${c} must equal filter channels ${cPerGroup} × groups ${groups}`
        + ` (input ${shapeToString(input)}, filter ${shapeToString(filter)})`);
    }
    if (m % groups !== 0) ctx.fail(`filter output channels ${m} must be divisible by groups ${groups}`);
    checkBias(ctx, m);
    const spatial = slidingOutput(ctx, input.slice(2), filter.slice(2), readWindow(ctx));
    return [result(ctx, [n, m, ...spatial], e)];
  },
});

defineOp({
  name: 'convolution_transpose',
  summary: 'the gradient of convolution with respect to its input (fractionally strided convolution)',
  operands: operands(FLOAT_TYPES),
  attributes: {
    ...WINDOW_ATTRS,
    output_padding: { kind: 'ints', default: perSpatial(0), doc: 'extra size added at the end of each spatial dimension' },
    groups: { kind: 'int', default: 1, doc: 'channel groups' },
  },
  traits: ['convolution'],
  infer(ctx) {
    const { e, input, filter, groups } = readOperands(ctx);
    const [n, c] = input as [number, number];
    const [fc, mPerGroup] = filter as [number, number];
    if (c !== fc) {
      ctx.fail(`input channels ${c} must equal filter dimension 0 (${fc})`
        + ` (input ${shapeToString(input)}, filter ${shapeToString(filter)})`);
    }
    if (c % groups !== 0) ctx.fail(`input channels ${c} must be divisible by groups ${groups}`);
    const m = mPerGroup * groups;
    checkBias(ctx, m);
    const w = readWindow(ctx);
    const outPad = ctx.ints('output_padding');
    checkLength(ctx, 'output_padding', outPad, spatialRank(ctx), 'one per spatial dimension');
    checkMin(ctx, 'output_padding', outPad, 0);
    const spatial = input.slice(2).map((size, i) => {
      const k = filter[i + 2]!;
      const out = w.strides[i]! * (size - 1) + outPad[i]! + (k - 1) * w.dilations[i]! + 1 - w.start[i]! - w.end[i]!;
      if (out < 1) {
        ctx.fail(`spatial dimension ${i}: output size ${out} is less than 1 (padding ${w.start[i]}+${w.end[i]} too large)`);
      }
      return out;
    });
    return [result(ctx, [n, m, ...spatial], e)];
  },
});
