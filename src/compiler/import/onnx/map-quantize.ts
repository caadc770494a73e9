// ONNX linear quantization → cgc_op arithmetic: QuantizeLinear, DequantizeLinear (per tensor, or per
// axis with 1-D scales) and DynamicQuantizeLinear become casts, a scale and a zero point, so a QDQ
// model runs in float32 with its quantization error reproduced exactly; MatMulInteger and ConvInteger
// are an int32 matmul / convolution of zero-point-shifted operands, and QLinearMatMul / QLinearConv
// the same product requantized (scaled, rounded half to even, shifted by the output's zero point and
// saturated). Blocked quantization (opset 21's block_size) and 16-bit or float8 types are refused by name.
import { type ElementType, numElements } from '../../../ir/types';
import type { MapperTable, NodeCtx, Produced } from './context';
import { fromNumbers } from './host';
import { convAttributes } from './map-conv-pool';
import { elementOf } from './tensor-proto';

/** The integer types linear quantization maps to, with the range a quantized value saturates to. */
const QUANTIZED: Readonly<Partial<Record<ElementType, readonly [number, number]>>> = { uint8: [0, 255], int8: [-128, 127] };

/**
 * Input `i` (a scale or zero point) shaped to broadcast against input 0: a scalar or one-element
 * tensor as it is, a 1-D tensor along `axis` (its length that axis's).
 */
function alongAxis(n: NodeCtx, i: number, what: string): Produced {
  const v = n.input(i);
  const shape = v.type.shape;
  if (shape.length === 0 || (shape.length === 1 && shape[0] === 1)) return v;
  const x = n.shape(0);
  if (shape.length !== 1) n.fail(`${what} must be a scalar or 1-D (per axis), got shape [${shape.join(', ')}]; blocked quantization is not supported`);
  const axis = n.axis(n.attrInt('axis', 1), x.length);
  if (shape[0] !== x[axis]) n.fail(`${what} has ${shape[0]} values; axis ${axis} has ${x[axis]}`);
  return n.emit('reshape', [v], { shape: [shape[0]!, ...new Array<number>(x.length - axis - 1).fill(1)] });
}

function refuseBlocks(n: NodeCtx): void {
  if (n.attrInt('block_size', 0) !== 0) n.fail('blocked quantization (block_size) is not supported; per-tensor and per-axis scales are');
}

/** y = (x − zero_point) · scale, in float32 (or the scale's type). */
function dequantize(n: NodeCtx): Produced[] {
  refuseBlocks(n);
  const xType = n.type(0).element;
  if (!QUANTIZED[xType] && xType !== 'int32') n.fail(`input x is ${xType}; supported: ${[...Object.keys(QUANTIZED), 'int32'].join(', ')}`);
  const out = n.type(1).element;
  const scale = alongAxis(n, 1, 'x_scale');
  let x = n.emit('cast', [n.input(0)], { to: out });
  if (n.has(2)) x = n.emit('sub', [x, n.emit('cast', [alongAxis(n, 2, 'x_zero_point')], { to: out })]);
  return [n.emit('mul', [x, scale])];
}

/** y = saturate(round(x / scale) + zero_point), rounding half to even, in the zero point's type (uint8 without one). */
function quantize(n: NodeCtx): Produced[] {
  refuseBlocks(n);
  const to: ElementType = n.has(2) ? n.type(2).element
    : n.attrInt('output_dtype', 0) !== 0 ? elementOf(n.attrInt('output_dtype'), `${n.where} attribute 'output_dtype'`) : 'uint8';
  const range = QUANTIZED[to];
  if (!range) n.fail(`the quantized type is ${to}; supported: ${Object.keys(QUANTIZED).join(', ')}`);
  const y = n.emit('round', [n.emit('div', [n.input(0), alongAxis(n, 1, 'y_scale')])]);
  return [saturated(n, y, n.has(2) ? alongAxis(n, 2, 'y_zero_point') : undefined, to)];
}

/** Rounded values `y` (float) plus the zero point `zero` where given, saturated to and stored as `to`. */
function saturated(n: NodeCtx, y: Produced, zero: Produced | undefined, to: ElementType): Produced {
  const range = QUANTIZED[to]!;
  if (zero) y = n.emit('add', [y, n.emit('cast', [zero], { to: y.type.element })]);
  return n.emit('cast', [n.emit('clip', [y], { min: range[0], max: range[1] })], { to });
}

/**
 * DynamicQuantizeLinear: uint8 with the scale and zero point taken from x's range (widened to hold
 * 0), as ONNX defines it — scale = (max(0, max x) − min(0, min x)) / 255, zero point =
 * round(saturate(−min / scale)), y = saturate(round(x / scale) + zero point).
 */
function dynamicQuantize(n: NodeCtx): Produced[] {
  const x = n.input(0);
  if (x.type.element !== 'float32') n.fail(`input x is ${x.type.element}; float32 is supported`);
  const c = (v: number) => fromNumbers([], 'float32', [v]);
  // The range widened to hold 0 as clips (attributes, not constant operands: each kernel that
  // recomputes the scale then binds one buffer fewer).
  const lo = n.emit('clip', [n.emit('reduce_min', [x], { keep_dims: false })], { max: 0 });
  const hi = n.emit('clip', [n.emit('reduce_max', [x], { keep_dims: false })], { min: 0 });
  const scale = n.emit('div', [n.emit('sub', [hi, lo]), c(255)]);
  const zero = n.emit('round', [n.emit('clip', [n.emit('neg', [n.emit('div', [lo, scale])])], { min: 0, max: 255 })]);
  const y = n.emit('clip', [n.emit('add', [n.emit('round', [n.emit('div', [x, scale])]), zero])], { min: 0, max: 255 });
  return [n.emit('cast', [y], { to: 'uint8' }), scale, n.emit('cast', [zero], { to: 'uint8' })];
}

/** How a 1-D zero point or scale applies along one axis of its operand: the shape it broadcasts as, undefined where its length does not fit. */
interface PerAxis {
  readonly what: string;
  shape(values: number): readonly number[] | undefined;
}

/** A's values per row: [M] → [M, 1]. */
const perRow = (n: NodeCtx, a: number): PerAxis => ({ what: `one value per row (${n.shape(a).at(-2)})`, shape: (m) => (m === n.shape(a).at(-2) ? [m, 1] : undefined) });
/** B's values per column: [N] as it is. */
const perColumn = (n: NodeCtx, b: number): PerAxis => ({ what: `one value per column (${n.shape(b).at(-1)})`, shape: (c) => (c === n.shape(b).at(-1) ? [c] : undefined) });
/** A filter's values per output channel: [M] → [M, 1 × `trailing`] (against the filter, or the output's channel axis). */
const perChannel = (n: NodeCtx, w: number, trailing: number): PerAxis => ({
  what: `one value per output channel (${n.shape(w)[0]})`, shape: (m) => (m === n.shape(w)[0] ? [m, ...new Array<number>(trailing).fill(1)] : undefined),
});

/** Input `i` (a zero point or scale): a scalar or one-element tensor as it is, a 1-D one shaped by `perAxis`. */
function broadcastable(n: NodeCtx, v: Produced, what: string, perAxis?: PerAxis): Produced {
  const shape = v.type.shape;
  if (shape.length === 0 || (shape.length === 1 && shape[0] === 1)) return v;
  // QLinearMatMul's N-D ones ([…, M, 1] per row, […, 1, N] per column) broadcast as they are.
  if (shape.length > 1 && perAxis) return v;
  const to = shape.length === 1 ? perAxis?.shape(shape[0]!) : undefined;
  if (!to) n.fail(`${what} has shape [${shape.join(', ')}]; expected a scalar${perAxis ? ` or ${perAxis.what}` : ''}`);
  return to.length === 1 ? v : n.emit('reshape', [v], { shape: [...to] });
}

/**
 * Input `i` (int8 / uint8) widened to int32, less its zero point (input `zero`, where given). Not
 * folded where the operand is a constant: the kernel reads the bytes and widens them itself. A
 * constant zero point is widened here (a weight's is, in a quantized model), and one that is all
 * zeros (symmetric weights) is not subtracted at all: the product's kernel reads it without a kernel
 * of its own. `padded` (a convolution's input) keeps even a constant zero point a widened byte, a
 * cast the kernel recomputes: its padding then takes the zero point's byte (see integer-gemm.ts).
 */
function shifted(n: NodeCtx, i: number, zero: number, names: readonly [string, string], perAxis?: PerAxis, padded = false): Produced {
  if (!QUANTIZED[n.type(i).element]) n.fail(`input ${names[0]} is ${n.type(i).element}; supported: ${Object.keys(QUANTIZED).join(', ')}`);
  const v = n.emit('cast', [n.input(i)], { to: 'int32' }, false);
  if (!n.has(zero)) return v;
  const known = n.isConst(zero) && numElements(n.shape(zero)) <= 4096 ? n.constInts(zero, names[1]) : undefined;
  if (known?.every((z) => z === 0)) return v;
  const z = known && !padded ? fromNumbers(n.shape(zero), 'int32', known) : n.emit('cast', [n.input(zero)], { to: 'int32' }, !padded);
  return n.emit('sub', [v, broadcastable(n, z, names[1], perAxis)]);
}

/** A float32 scale (input `i`), a 1-D one applied `perAxis`. */
function scale(n: NodeCtx, i: number, what: string, perAxis?: PerAxis): Produced {
  if (n.type(i).element !== 'float32') n.fail(`${what} is ${n.type(i).element}; float32 is supported`);
  return broadcastable(n, n.input(i), what, perAxis);
}

/** MatMulInteger: (A − a_zero_point) · (B − b_zero_point) in int32, the zero points a scalar or one per row of A (per column of B). */
function matmulInteger(n: NodeCtx): Produced[] {
  return [n.emit('matmul', [shifted(n, 0, 2, ['A', 'a_zero_point'], perRow(n, 0)), shifted(n, 1, 3, ['B', 'b_zero_point'], perColumn(n, 1))])];
}

/**
 * ConvInteger: the convolution of (x − x_zero_point) and (w − w_zero_point) in int32, w's zero point
 * a scalar or one per output channel; padding contributes 0 (as x's zero point would, unshifted).
 */
function convInteger(n: NodeCtx): Produced[] {
  const x = shifted(n, 0, 2, ['x', 'x_zero_point'], undefined, true);
  const w = shifted(n, 1, 3, ['w', 'w_zero_point'], perChannel(n, 1, n.shape(1).length - 1));
  return [n.emit('convolution', [x, w], convAttributes(n))];
}

/**
 * The int32 product `acc` requantized: acc · (scales[0] · scales[1] / scales[2]) rounded half to even,
 * plus y's zero point (input `yZero`), saturated to y's type (the zero point's, else input `like`'s).
 * Rounding comes before the zero point is added, as QuantizeLinear and onnxruntime do.
 */
function requantize(n: NodeCtx, acc: Produced, scales: readonly [Produced, Produced, Produced], yZero: number, like: number): Produced {
  const to = n.has(yZero) ? n.type(yZero).element : n.type(like).element;
  if (!QUANTIZED[to]) n.fail(`the quantized output type is ${to}; supported: ${Object.keys(QUANTIZED).join(', ')}`);
  const multiplier = n.emit('div', [n.emit('mul', [scales[0], scales[1]]), scales[2]]);
  const y = n.emit('round', [n.emit('mul', [n.emit('cast', [acc], { to: 'float32' }), multiplier])]);
  return saturated(n, y, n.has(yZero) ? broadcastable(n, n.input(yZero), 'y_zero_point') : undefined, to);
}

/** QLinearMatMul: MatMulInteger of a and b requantized to y (a's scale and zero point per tensor or per row, b's per tensor or per column). */
function qlinearMatmul(n: NodeCtx): Produced[] {
  const acc = n.emit('matmul', [shifted(n, 0, 2, ['a', 'a_zero_point'], perRow(n, 0)), shifted(n, 3, 5, ['b', 'b_zero_point'], perColumn(n, 3))]);
  return [requantize(n, acc, [scale(n, 1, 'a_scale', perRow(n, 0)), scale(n, 4, 'b_scale', perColumn(n, 3)), scale(n, 6, 'y_scale')], 7, 0)];
}

/** QLinearConv: ConvInteger of x and w plus the int32 bias B, requantized to y (w's scale and zero point per tensor or per output channel). */
function qlinearConv(n: NodeCtx): Produced[] {
  const rank = n.shape(0).length;
  const x = shifted(n, 0, 2, ['x', 'x_zero_point'], undefined, true);
  const w = shifted(n, 3, 5, ['w', 'w_zero_point'], perChannel(n, 3, rank - 1));
  if (n.has(8) && n.type(8).element !== 'int32') n.fail(`input B is ${n.type(8).element}; int32 is supported`);
  const acc = n.emit('convolution', [x, w, ...(n.has(8) ? [n.input(8)] : [])], convAttributes(n, 0, 3));
  return [requantize(n, acc, [scale(n, 1, 'x_scale'), scale(n, 4, 'w_scale', perChannel(n, 3, rank - 2)), scale(n, 6, 'y_scale')], 7, 0)];
}

export const QUANTIZE: MapperTable = {
  MatMulInteger: matmulInteger,
  ConvInteger: convInteger,
  QLinearMatMul: qlinearMatmul,
  QLinearConv: qlinearConv,
  DynamicQuantizeLinear: dynamicQuantize,
  DequantizeLinear: dequantize,
  QuantizeLinear: quantize,
};
