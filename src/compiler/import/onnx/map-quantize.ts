// ONNX linear quantization → cgc_op arithmetic: QuantizeLinear, DequantizeLinear (per tensor, or per
// axis with 1-D scales) and DynamicQuantizeLinear become casts, a scale and a zero point, so a QDQ
// model runs in float32 with its quantization error reproduced exactly; MatMulInteger is an int32
// matmul of zero-point-shifted operands. Blocked quantization (opset 21's block_size) and 16-bit or
// float8 types are refused by name.
import { type ElementType, numElements } from '../../../ir/types';
import type { MapperTable, NodeCtx, Produced } from './context';
import { fromNumbers } from './host';
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
  const float = n.type(0).element;
  let y = n.emit('round', [n.emit('div', [n.input(0), alongAxis(n, 1, 'y_scale')])]);
  if (n.has(2)) y = n.emit('add', [y, n.emit('cast', [alongAxis(n, 2, 'y_zero_point')], { to: float })]);
  y = n.emit('clip', [y], { min: range[0], max: range[1] });
  return [n.emit('cast', [y], { to })];
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

/**
 * MatMulInteger: (A − a_zero_point) · (B − b_zero_point) in int32, the zero points a scalar or one per
 * row of A (per column of B). A constant zero point is widened here (a weight's is, in a dynamically
 * quantized model), and one that is all zeros (symmetric weights) is not subtracted at all: the
 * product's kernel reads it without a kernel of its own before it.
 */
function matmulInteger(n: NodeCtx): Produced[] {
  for (const i of [0, 1]) if (!QUANTIZED[n.type(i).element]) n.fail(`input ${i === 0 ? 'A' : 'B'} is ${n.type(i).element}; supported: ${Object.keys(QUANTIZED).join(', ')}`);
  const operand = (i: number, zero: number, perRow: boolean): Produced => {
    // Not folded where the operand is a constant: the kernel reads the bytes and widens them itself.
    const v = n.emit('cast', [n.input(i)], { to: 'int32' }, false);
    if (!n.has(zero)) return v;
    const known = n.isConst(zero) && numElements(n.shape(zero)) <= 4096 ? n.constInts(zero, i === 0 ? 'a_zero_point' : 'b_zero_point') : undefined;
    if (known?.every((z) => z === 0)) return v;
    let z = known ? fromNumbers(n.shape(zero), 'int32', known) : n.emit('cast', [n.input(zero)], { to: 'int32' });
    const zs = z.type.shape;
    if (perRow && zs.length === 1 && zs[0] !== 1) z = n.emit('reshape', [z], { shape: [zs[0]!, 1] });
    return n.emit('sub', [v, z]);
  };
  return [n.emit('matmul', [operand(0, 2, true), operand(1, 3, false)])];
}

export const QUANTIZE: MapperTable = {
  MatMulInteger: matmulInteger,
  DynamicQuantizeLinear: dynamicQuantize,
  DequantizeLinear: dequantize,
  QuantizeLinear: quantize,
};
