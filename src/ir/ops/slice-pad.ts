// Data-movement cgc_ops that join, cut, pad or mask tensors along dimensions (ONNX Concat, Split,
// Slice, Pad, Trilu; inputs that ONNX passes as tensors — starts, pads, k … — are attributes here).
import { defineOp } from '../registry';
import { ELEMENT_TYPES, shapeToString } from '../types';
import {
  checkLength, checkMin, describe, filled, normalizeAxes, normalizeAxis, perDimension, range, requireRank, result,
  sameElementType,
} from './helpers';

defineOp({
  name: 'concat',
  summary: 'inputs joined along axis; all other dimensions must agree',
  operands: [{ name: 'inputs', dtypes: ELEMENT_TYPES, variadic: true }],
  attributes: { axis: { kind: 'int', doc: 'dimension joined along' } },
  traits: ['data_movement'],
  infer(ctx) {
    const e = sameElementType(ctx);
    const first = ctx.operand(0).shape;
    const axis = normalizeAxis(ctx, 'axis', ctx.int('axis'), first.length);
    const out = [...first];
    for (let i = 1; i < ctx.operands.length; i++) {
      const s = ctx.operand(i).shape;
      if (s.length !== first.length || s.some((d, k) => k !== axis && d !== first[k])) {
        ctx.fail(`${describe(ctx, i)} shape ${shapeToString(s)} does not match operand #0 shape`
          + ` ${shapeToString(first)} outside axis ${axis}`);
      }
      out[axis]! += s[axis]!;
    }
    return [result(ctx, out, e)];
  },
});

defineOp({
  name: 'split',
  summary: 'x cut along axis into pieces of the given sizes, or into equal pieces (one per declared result)',
  operands: [{ name: 'x', dtypes: ELEMENT_TYPES }],
  attributes: {
    axis: { kind: 'int', default: 0, doc: 'dimension cut' },
    sizes: { kind: 'ints', optional: true, doc: 'piece sizes; equal pieces when absent' },
  },
  traits: ['data_movement'],
  infer(ctx) {
    const x = ctx.operand(0);
    const axis = normalizeAxis(ctx, 'axis', ctx.int('axis'), x.shape.length);
    const dim = x.shape[axis]!;
    const n = ctx.declaredResults;
    let sizes: readonly number[];
    if (ctx.has('sizes')) {
      sizes = ctx.ints('sizes');
      checkMin(ctx, 'sizes', sizes, 0);
      const sum = sizes.reduce((a, b) => a + b, 0);
      if (sum !== dim) ctx.fail(`attribute 'sizes' = [${sizes.join(', ')}] sums to ${sum}, not dimension ${axis} of size ${dim}`);
      if (n !== undefined && n !== sizes.length) {
        ctx.fail(`declares ${n} results but attribute 'sizes' makes ${sizes.length} pieces`);
      }
    } else {
      if (n === undefined || n < 1) return ctx.fail(`needs attribute 'sizes' or declared results to split into equal pieces`);
      if (dim % n !== 0) ctx.fail(`dimension ${axis} of size ${dim} does not split into ${n} equal pieces`);
      sizes = filled(n, dim / n);
    }
    return sizes.map((s) => result(ctx, x.shape.map((d, i) => (i === axis ? s : d)), x.element));
  },
});

defineOp({
  name: 'slice',
  summary: 'x[starts:ends:steps] on the listed axes, with numpy clamping (negative indices count from the end)',
  operands: [{ name: 'x', dtypes: ELEMENT_TYPES }],
  attributes: {
    starts: { kind: 'ints', doc: 'first index per sliced axis' },
    ends: { kind: 'ints', doc: 'end index (exclusive) per sliced axis; ±2^63−1 for "to the end"' },
    axes: { kind: 'ints', default: (ctx) => range(ctx.ints('starts').length), doc: 'axes sliced; 0…n−1 by default' },
    steps: { kind: 'ints', default: (ctx) => filled(ctx.ints('starts').length, 1), doc: 'stride per sliced axis' },
  },
  traits: ['data_movement'],
  infer(ctx) {
    const x = ctx.operand(0);
    const starts = ctx.ints('starts');
    const ends = ctx.ints('ends');
    const n = starts.length;
    checkLength(ctx, 'ends', ends, n, "one per entry of 'starts'");
    const axesAttr = ctx.ints('axes');
    checkLength(ctx, 'axes', axesAttr, n, "one per entry of 'starts'");
    const steps = ctx.ints('steps');
    checkLength(ctx, 'steps', steps, n, "one per entry of 'starts'");
    if (steps.includes(0)) ctx.fail(`attribute 'steps' = [${steps.join(', ')}] contains 0`);
    const axes = normalizeAxes(ctx, 'axes', axesAttr, x.shape.length);
    const out = [...x.shape];
    axes.forEach((axis, i) => {
      // ONNX Slice: negative indices add the dimension, then clamp to [0, dim] (step > 0) or
      // [-1, dim-1] for ends and [0, dim-1] for starts (step < 0). Huge sentinels just clamp.
      const dim = x.shape[axis]!;
      const step = steps[i]!;
      let start = starts[i]! < 0 ? starts[i]! + dim : starts[i]!;
      let end = ends[i]! < 0 ? ends[i]! + dim : ends[i]!;
      if (step > 0) {
        start = Math.min(Math.max(start, 0), dim);
        end = Math.min(Math.max(end, 0), dim);
      } else {
        start = Math.min(Math.max(start, 0), dim - 1);
        end = Math.min(Math.max(end, -1), dim - 1);
      }
      out[axis] = Math.max(0, Math.ceil((end - start) / step));
    });
    return [result(ctx, out, x.element)];
  },
});

defineOp({
  name: 'pad',
  summary: 'x padded (or cropped, for negative amounts) at the start and end of every dimension',
  operands: [{ name: 'x', dtypes: ELEMENT_TYPES }],
  attributes: {
    mode: { kind: 'string', default: 'constant', allowed: ['constant', 'reflect', 'edge', 'wrap'], doc: 'how padded values are chosen' },
    start_padding: { kind: 'ints', default: perDimension(0), doc: 'elements added before each dimension' },
    end_padding: { kind: 'ints', default: perDimension(0), doc: 'elements added after each dimension' },
    value: { kind: 'float', default: 0, doc: 'padding value in constant mode' },
  },
  traits: ['data_movement'],
  infer(ctx) {
    const x = ctx.operand(0);
    const start = ctx.ints('start_padding');
    const end = ctx.ints('end_padding');
    checkLength(ctx, 'start_padding', start, x.shape.length, 'one per dimension');
    checkLength(ctx, 'end_padding', end, x.shape.length, 'one per dimension');
    const mode = ctx.string('mode');
    const out = x.shape.map((d, i) => {
      const size = d + start[i]! + end[i]!;
      if (size < 0) ctx.fail(`dimension ${i} of size ${d} padded by ${start[i]}+${end[i]} would have size ${size}`);
      // Reflect, edge and wrap copy existing elements, so an empty dimension has nothing to copy.
      if (mode !== 'constant' && d === 0 && size > 0) ctx.fail(`${mode} mode cannot pad the empty dimension ${i}`);
      return size;
    });
    return [result(ctx, out, x.element)];
  },
});

defineOp({
  name: 'trilu',
  summary: 'the upper (or lower) triangle of the last two dimensions from diagonal k; other elements 0',
  operands: [{ name: 'x', dtypes: ELEMENT_TYPES }],
  attributes: {
    upper: { kind: 'bool', default: true, doc: 'keep the upper triangle' },
    k: { kind: 'int', default: 0, doc: 'diagonal offset (positive: above the main diagonal)' },
  },
  traits: ['data_movement'],
  infer(ctx) {
    const x = requireRank(ctx, 0, 2);
    return [result(ctx, x, ctx.operand(0).element)];
  },
});
