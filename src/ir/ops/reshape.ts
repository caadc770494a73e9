// Data-movement cgc_ops that change a tensor's shape or dimension order (ONNX Reshape, Flatten,
// Squeeze, Unsqueeze, Expand, Transpose, Tile, DepthToSpace, SpaceToDepth).
import { type OpContext, defineOp } from '../registry';
import { ELEMENT_TYPES, numElements, shapeToString } from '../types';
import {
  broadcastShapes, checkLength, checkMin, normalizeAxes, normalizeAxis, product, range, requireRank, result,
} from './helpers';

const X = [{ name: 'x', dtypes: ELEMENT_TYPES }];

defineOp({
  name: 'reshape',
  summary: 'x with a new shape: 0 copies the input dimension (unless allowzero), one -1 is inferred',
  operands: X,
  attributes: {
    shape: { kind: 'ints', doc: 'the new shape' },
    allowzero: { kind: 'bool', default: false, doc: '0 means an empty dimension, not a copy' },
  },
  traits: ['data_movement'],
  infer(ctx) {
    const x = ctx.operand(0);
    const spec = ctx.ints('shape');
    const allowZero = ctx.bool('allowzero');
    let inferred = -1;
    const out = spec.map((v, i) => {
      if (v === -1) {
        if (inferred >= 0) ctx.fail(`attribute 'shape' = [${spec.join(', ')}] has more than one -1`);
        inferred = i;
        return v;
      }
      if (v < -1) ctx.fail(`attribute 'shape' value ${v} at index ${i} is invalid (dimensions are ≥ -1)`);
      if (v === 0 && !allowZero) {
        if (i >= x.shape.length) {
          ctx.fail(`attribute 'shape' has 0 at index ${i}, which copies input dimension ${i}, but the input has rank ${x.shape.length}`);
        }
        return x.shape[i]!;
      }
      return v;
    });
    const total = numElements(x.shape);
    if (inferred >= 0) {
      if (allowZero && spec.includes(0)) ctx.fail(`attribute 'shape' cannot hold both 0 and -1 with allowzero`);
      const known = product(out.filter((_, i) => i !== inferred));
      if (known === 0 || total % known !== 0) {
        ctx.fail(`cannot infer the -1 in attribute 'shape' = [${spec.join(', ')}]: ${total} elements`
          + ` (input ${shapeToString(x.shape)}) are not a multiple of ${known}`);
      }
      out[inferred] = total / known;
    }
    if (numElements(out) !== total) {
      ctx.fail(`shape ${shapeToString(out)} has ${numElements(out)} elements but the input ${shapeToString(x.shape)} has ${total}`);
    }
    return [result(ctx, out, x.element)];
  },
});

defineOp({
  name: 'flatten',
  summary: 'x as a matrix: dimensions before axis make the rows, the rest the columns',
  operands: X,
  attributes: { axis: { kind: 'int', default: 1, doc: 'first dimension of the columns, in [-rank, rank]' } },
  traits: ['data_movement'],
  infer(ctx) {
    const x = ctx.operand(0);
    const axis = normalizeAxis(ctx, 'axis', ctx.int('axis'), x.shape.length, true);
    return [result(ctx, [product(x.shape.slice(0, axis)), product(x.shape.slice(axis))], x.element)];
  },
});

/** Size-1 dimensions: squeeze's default, and what an explicit empty `axes` means (as in ONNX Runtime). */
const unitDims = (ctx: OpContext): number[] => range(ctx.operand(0).shape.length).filter((i) => ctx.operand(0).shape[i] === 1);

defineOp({
  name: 'squeeze',
  summary: 'x without the size-1 dimensions named by axes (all size-1 dimensions by default)',
  operands: X,
  attributes: { axes: { kind: 'ints', default: unitDims, doc: 'dimensions removed; each must have size 1' } },
  traits: ['data_movement'],
  infer(ctx) {
    const x = ctx.operand(0);
    const given = ctx.ints('axes');
    const axes = given.length ? normalizeAxes(ctx, 'axes', given, x.shape.length) : unitDims(ctx);
    for (const a of axes) {
      if (x.shape[a] !== 1) ctx.fail(`cannot squeeze dimension ${a} of size ${x.shape[a]} (shape ${shapeToString(x.shape)})`);
    }
    return [result(ctx, x.shape.filter((_, i) => !axes.includes(i)), x.element)];
  },
});

defineOp({
  name: 'unsqueeze',
  summary: 'x with size-1 dimensions inserted at axes (positions in the result)',
  operands: X,
  attributes: { axes: { kind: 'ints', doc: 'result dimensions to insert' } },
  traits: ['data_movement'],
  infer(ctx) {
    const x = ctx.operand(0);
    const given = ctx.ints('axes');
    const rank = x.shape.length + given.length;
    const axes = normalizeAxes(ctx, 'axes', given, rank);
    const rest = [...x.shape];
    return [result(ctx, range(rank).map((i) => (axes.includes(i) ? 1 : rest.shift()!)), x.element)];
  },
});

defineOp({
  name: 'expand',
  summary: 'x broadcast (numpy-style, both ways) with shape',
  operands: X,
  attributes: { shape: { kind: 'ints', doc: 'shape broadcast with x' } },
  traits: ['data_movement', 'broadcasts'],
  infer(ctx) {
    const x = ctx.operand(0);
    const shape = ctx.ints('shape');
    checkMin(ctx, 'shape', shape, 0);
    const out = broadcastShapes(x.shape, shape);
    if (!out) return ctx.fail(`operand #0 (x) shape ${shapeToString(x.shape)} does not broadcast with attribute 'shape' ${shapeToString(shape)}`);
    return [result(ctx, out, x.element)];
  },
});

defineOp({
  name: 'transpose',
  summary: 'x with dimensions reordered: result dimension i is input dimension permutation[i]',
  operands: X,
  attributes: {
    permutation: { kind: 'ints', default: (ctx: OpContext) => range(ctx.operand(0).shape.length).reverse(), doc: 'reversed by default' },
  },
  traits: ['data_movement'],
  infer(ctx) {
    const x = ctx.operand(0);
    const perm = ctx.ints('permutation');
    checkLength(ctx, 'permutation', perm, x.shape.length, 'one per dimension');
    if ([...perm].sort((a, b) => a - b).some((p, i) => p !== i)) {
      ctx.fail(`attribute 'permutation' = [${perm.join(', ')}] is not a permutation of 0..${x.shape.length - 1}`);
    }
    return [result(ctx, perm.map((p) => x.shape[p]!), x.element)];
  },
});

defineOp({
  name: 'tile',
  summary: 'x repeated repeats[i] times along each dimension i',
  operands: X,
  attributes: { repeats: { kind: 'ints', doc: 'copies per dimension' } },
  traits: ['data_movement'],
  infer(ctx) {
    const x = ctx.operand(0);
    const repeats = ctx.ints('repeats');
    checkLength(ctx, 'repeats', repeats, x.shape.length, 'one per dimension');
    checkMin(ctx, 'repeats', repeats, 0);
    return [result(ctx, x.shape.map((d, i) => d * repeats[i]!), x.element)];
  },
});

const blockSize = { kind: 'int' as const, doc: 'side of the spatial block' };

defineOp({
  name: 'depth_to_space',
  summary: 'moves channel blocks into block_size × block_size spatial blocks: N,C,H,W → N,C/b²,H·b,W·b',
  operands: X,
  attributes: {
    block_size: blockSize,
    mode: { kind: 'string', default: 'DCR', allowed: ['DCR', 'CRD'], doc: 'depth-column-row or column-row-depth order' },
  },
  traits: ['data_movement'],
  infer(ctx) {
    const [n, c, h, w] = requireRank(ctx, 0, 4, 4) as [number, number, number, number];
    const b = ctx.int('block_size');
    checkMin(ctx, 'block_size', b, 1);
    if (c % (b * b) !== 0) ctx.fail(`channels ${c} must be divisible by block_size² = ${b * b}`);
    return [result(ctx, [n, c / (b * b), h * b, w * b], ctx.operand(0).element)];
  },
});

defineOp({
  name: 'space_to_depth',
  summary: 'moves block_size × block_size spatial blocks into channels: N,C,H,W → N,C·b²,H/b,W/b',
  operands: X,
  attributes: { block_size: blockSize },
  traits: ['data_movement'],
  infer(ctx) {
    const [n, c, h, w] = requireRank(ctx, 0, 4, 4) as [number, number, number, number];
    const b = ctx.int('block_size');
    checkMin(ctx, 'block_size', b, 1);
    if (h % b !== 0 || w % b !== 0) ctx.fail(`spatial size ${h}x${w} must be divisible by block_size ${b}`);
    return [result(ctx, [n, c * b * b, h / b, w / b], ctx.operand(0).element)];
  },
});
