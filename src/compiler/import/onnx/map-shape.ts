// ONNX ops that reshape or reorder tensors (Reshape, Flatten, Squeeze, Unsqueeze, Expand, Tile,
// Transpose, DepthToSpace, SpaceToDepth) and the ones that only produce constants from static
// shapes or attributes (Shape, Size, Constant, ConstantOfShape, Range, EyeLike).
import { numElements } from '../../../ir/types';
import type { HostTensor } from '../../../core';
import type { MapperTable, NodeCtx, Produced } from './context';
import { fromNumbers, toNumbers } from './host';
import { checkImportShape, elementOf } from './tensor-proto';

/** Squeeze/Unsqueeze axes: an attribute before opset 13, an input from 13 on. */
function axesOf(n: NodeCtx, required: boolean): number[] | undefined {
  if (n.opset < 13) return n.hasAttr('axes') || required ? n.attrInts('axes') : undefined;
  return n.has(1) || required ? n.constInts(1, 'axes') : undefined;
}

function reshape(n: NodeCtx): Produced[] {
  const shape = n.opset < 5 ? n.attrInts('shape') : n.constInts(1, 'shape');
  return [n.emit('reshape', [n.input(0)], { shape, allowzero: n.attrInt('allowzero', 0) !== 0 })];
}

/** Shape (opset 15: start/end select a range of dimensions, clamped like Slice). */
function shapeOf(n: NodeCtx): Produced[] {
  const dims = n.shape(0);
  const r = dims.length;
  const clamp = (v: number) => Math.min(Math.max(v < 0 ? v + r : v, 0), r);
  const start = clamp(n.attrInt('start', 0));
  const end = n.hasAttr('end') ? clamp(n.attrInt('end')) : r;
  const picked = dims.slice(start, Math.max(start, end));
  return [fromNumbers([picked.length], 'int64', picked)];
}

function constant(n: NodeCtx): Produced[] {
  const t = n.attrTensor('value');
  if (t) return [t];
  if (n.hasAttr('value_float')) return [fromNumbers([], 'float32', [n.attrFloat('value_float')])];
  if (n.hasAttr('value_floats')) { const v = n.attrFloats('value_floats'); return [fromNumbers([v.length], 'float32', v)]; }
  if (n.hasAttr('value_int')) return [fromNumbers([], 'int64', [n.attrInt('value_int')])];
  if (n.hasAttr('value_ints')) { const v = n.attrInts('value_ints'); return [fromNumbers([v.length], 'int64', v)]; }
  const given = n.node.attribute.map((a) => a.name).join(', ') || 'none';
  return n.fail(`only 'value', 'value_float(s)' and 'value_int(s)' are supported (attributes given: ${given})`);
}

/** ConstantOfShape: a host constant, or for large shapes a scalar expanded at run time. */
function constantOfShape(n: NodeCtx): Produced[] {
  const shape = n.constInts(0, 'input');
  checkImportShape(shape, `${n.where} result`);
  const value: HostTensor = n.attrTensor('value') ?? fromNumbers([1], 'float32', [0]);
  if (value.data.length !== 1) n.fail(`attribute 'value' must hold one element, got ${value.data.length}`);
  const v = toNumbers(value)[0]!;
  if (numElements(shape) > n.g.foldLimit) {
    return [n.emit('expand', [fromNumbers([], value.type.element, [v])], { shape })];
  }
  return [fromNumbers(shape, value.type.element, new Array<number>(numElements(shape)).fill(v))];
}

function range(n: NodeCtx): Produced[] {
  const [start, limit, delta] = [0, 1, 2].map((i) => n.constScalar(i, ['start', 'limit', 'delta'][i]!)) as [number, number, number];
  if (delta === 0) n.fail(`input 'delta' is 0`);
  const count = Math.max(Math.ceil((limit - start) / delta), 0);
  checkImportShape([count], `${n.where} result`);
  const values = Array.from({ length: count }, (_, i) => start + i * delta);
  return [fromNumbers([count], n.type(0).element, values)];
}

function eyeLike(n: NodeCtx): Produced[] {
  if (n.shape(0).length !== 2) n.fail(`input must have rank 2`);
  const [rows, cols] = n.shape(0) as [number, number];
  checkImportShape([rows, cols], `${n.where} result`);
  const k = n.attrInt('k', 0);
  const values = Array.from({ length: rows * cols }, (_, i) => Number(i % cols - Math.floor(i / cols) === k));
  const element = n.hasAttr('dtype') ? elementOf(n.attrInt('dtype'), `${n.where} attribute 'dtype'`) : n.type(0).element;
  return [fromNumbers([rows, cols], element, values)];
}

const blockSize = (n: NodeCtx) => n.attrInt('blocksize');

export const SHAPE: MapperTable = {
  Reshape: reshape,
  Flatten: (n) => [n.emit('flatten', [n.input(0)], { axis: n.attrInt('axis', 1) })],
  Squeeze: (n) => [n.emit('squeeze', [n.input(0)], { axes: axesOf(n, false) })],
  Unsqueeze: (n) => [n.emit('unsqueeze', [n.input(0)], { axes: axesOf(n, true) })],
  Expand: (n) => [n.emit('expand', [n.input(0)], { shape: n.constInts(1, 'shape') })],
  Tile: (n) => [n.emit('tile', [n.input(0)], { repeats: n.constInts(1, 'repeats') })],
  Transpose: (n) => [n.emit('transpose', [n.input(0)], { permutation: n.hasAttr('perm') ? n.attrInts('perm') : undefined })],
  DepthToSpace: (n) => [n.emit('depth_to_space', [n.input(0)], { block_size: blockSize(n), mode: n.attrString('mode', 'DCR') })],
  SpaceToDepth: (n) => [n.emit('space_to_depth', [n.input(0)], { block_size: blockSize(n) })],
  Shape: shapeOf,
  Size: (n) => [fromNumbers([], 'int64', [numElements(n.shape(0))])],
  Constant: constant,
  ConstantOfShape: constantOfShape,
  Range: range,
  EyeLike: eyeLike,
};
