// ONNX ops that join, cut, pad, mask or index tensors (Concat, Split, Slice, Pad, Trilu, Gather*,
// Scatter*, OneHot) → cgc_op, with the tensor inputs CGC takes as attributes read as constants.
import { type MapperTable, type NodeCtx, type Produced, isHost } from './context';
import { fromNumbers, toNumbers } from './host';
import { offsetOf } from './offsets';

/** Split sizes: `split` (attribute before 13, input from 13), else num_outputs (18) or one piece per output. */
function splitSizes(n: NodeCtx, dim: number): number[] {
  if (n.opset < 13 && n.hasAttr('split')) return n.attrInts('split');
  if (n.opset >= 13 && n.has(1)) return n.constInts(1, 'split');
  const pieces = n.hasAttr('num_outputs') ? n.attrInt('num_outputs') : n.node.output.length;
  if (pieces !== n.node.output.length) n.fail(`splits into ${pieces} pieces but has ${n.node.output.length} outputs`);
  // Opset 18: when the dimension does not divide evenly, the last piece is smaller.
  const chunk = n.hasAttr('num_outputs') ? Math.ceil(dim / pieces) : dim / pieces;
  if (!Number.isInteger(chunk)) n.fail(`dimension of size ${dim} does not split into ${pieces} equal pieces`);
  return Array.from({ length: pieces }, (_, i) => Math.max(0, Math.min(chunk, dim - i * chunk)));
}

function split(n: NodeCtx): Produced[] {
  const x = n.shape(0);
  const axis = n.attrInt('axis', 0);
  const sizes = splitSizes(n, x[n.axis(axis, x.length)]!);
  if (sizes.length !== n.node.output.length) n.fail(`${sizes.length} split sizes for ${n.node.output.length} outputs`);
  return n.emitN('split', [n.input(0)], { axis, sizes });
}

/** Slice: attributes before opset 10, inputs after; indices clamped to [-dim-1, dim] (INT64 sentinels stay exact). */
function slice(n: NodeCtx): Produced[] {
  const x = n.shape(0);
  const old = n.opset < 10;
  if (!old && n.has(1) && n.has(2) && (!n.isConst(1) || !n.isConst(2))) return runTimeSlice(n);
  const starts = old ? n.attrInts('starts') : n.constInts(1, 'starts');
  const ends = old ? n.attrInts('ends') : n.constInts(2, 'ends');
  const axes = old ? n.attrInts('axes', starts.map((_, i) => i)) : n.has(3) ? n.constInts(3, 'axes') : starts.map((_, i) => i);
  const steps = !old && n.has(4) ? n.constInts(4, 'steps') : starts.map(() => 1);
  const clamp = (v: number, i: number): number => {
    const dim = x[n.axis(axes[i] ?? 0, x.length, "an entry of 'axes'")]!;
    return Math.min(Math.max(v, -dim - 1), dim);
  };
  return [n.emit('slice', [n.input(0)], { starts: starts.map(clamp), ends: ends.map(clamp), axes, steps })];
}

/**
 * Slice with starts or ends computed at run time, along one axis with step 1, whose ends are its
 * starts plus a constant (offsets.ts): x[s : s + length] is a gather of s + [0, length). A start
 * that would cut the slice short (past dim − length, or negative) is out of range for the gather.
 */
function runTimeSlice(n: NodeCtx): Produced[] {
  const x = n.shape(0);
  const computed = !n.isConst(1) ? 'starts' : 'ends';
  const refuse = (why: string): never => n.fail(`input '${computed}' must be a constant (it is computed at run time), which CGC's static shapes require`
    + ` unless the slice has one axis, step 1 and ends = starts + a constant (${why})`);
  const axes = n.has(3) ? n.constInts(3, 'axes') : [0];
  if (axes.length !== 1 || (n.has(4) && n.constInts(4, 'steps')[0] !== 1)) refuse('it has several axes or another step');
  const axis = n.axis(axes[0]!, x.length, "an entry of 'axes'");
  const [start, end] = [n.input(1), n.input(2)];
  const s = offsetOf(start, n.g.offsets);
  const e = isHost(end) ? undefined : offsetOf(end, n.g.offsets);
  if (!s || !e || s.base !== e.base) return refuse('its ends are not its starts plus a constant');
  const length = e.offset - s.offset;
  if (length < 1 || length > x[axis]!) refuse(`its length ${length} is not in [1, ${x[axis]}]`);
  const first = n.emit('reshape', [start.type.element === 'int64' ? start : n.emit('cast', [start], { to: 'int64' })], { shape: [] });
  const steps = fromNumbers([length], 'int64', Array.from({ length }, (_, k) => k));
  return [n.emit('gather', [n.input(0), n.emit('add', [first, steps])], { axis })];
}

/** Pad: pads/value attributes before opset 11, inputs after; opset 18 `axes` selects the padded dimensions. */
function pad(n: NodeCtx): Produced[] {
  const rank = n.shape(0).length;
  const pads = n.opset < 11 ? n.attrInts('pads') : n.constInts(1, 'pads');
  const value = n.opset < 11 ? n.attrFloat('value', 0) : n.has(2) ? n.constScalar(2, 'constant_value') : 0;
  const axes = n.opset >= 18 && n.has(3) ? n.constInts(3, 'axes').map((a) => n.axis(a, rank, "an entry of input 'axes'")) : [...Array(rank).keys()];
  if (pads.length !== 2 * axes.length) n.fail(`'pads' has ${pads.length} values; expected ${2 * axes.length} (begin and end per axis)`);
  const start = new Array<number>(rank).fill(0);
  const end = new Array<number>(rank).fill(0);
  axes.forEach((a, i) => {
    if (a < 0 || a >= rank) n.fail(`axis ${a} is out of range for rank ${rank}`);
    start[a] = pads[i]!;
    end[a] = pads[i + axes.length]!;
  });
  return [n.emit('pad', [n.input(0)], { mode: n.attrString('mode', 'constant'), start_padding: start, end_padding: end, value })];
}

function oneHot(n: NodeCtx): Produced[] {
  const depth = n.constScalar(1, 'depth');
  const values = n.constant(2, 'values');
  const [off, on] = toNumbers(values);
  if (values.data.length !== 2) n.fail(`input 'values' must hold [off_value, on_value], got ${values.data.length} values`);
  return [n.emit('one_hot', [n.input(0)], {
    depth: Math.trunc(depth), axis: n.attrInt('axis', -1), off_value: off, on_value: on, dtype: values.type.element,
  })];
}

function scatterElements(n: NodeCtx): Produced[] {
  return [n.emit('scatter_elements', [n.input(0), n.input(1), n.input(2)], {
    axis: n.attrInt('axis', 0), reduction: n.attrString('reduction', 'none'),
  })];
}

export const SLICE_GATHER: MapperTable = {
  Concat: (n) => [n.emit('concat', n.node.input.map((_, i) => n.input(i)), { axis: n.attrInt('axis', n.opset < 4 ? 1 : undefined) })],
  Split: split,
  Slice: slice,
  Pad: pad,
  Trilu: (n) => [n.emit('trilu', [n.input(0)], { upper: n.attrInt('upper', 1) !== 0, k: n.has(1) ? n.constScalar(1, 'k') : 0 })],
  Gather: (n) => [n.emit('gather', [n.input(0), n.input(1)], { axis: n.attrInt('axis', 0) })],
  GatherElements: (n) => [n.emit('gather_elements', [n.input(0), n.input(1)], { axis: n.attrInt('axis', 0) })],
  ReverseSequence: (n) => [n.emit('reverse_sequence', [n.input(0), n.input(1)], { batch_axis: n.attrInt('batch_axis', 1), time_axis: n.attrInt('time_axis', 0) })],
  GatherND: (n) => [n.emit('gather_nd', [n.input(0), n.input(1)], { batch_dims: n.attrInt('batch_dims', 0) })],
  ScatterND: (n) => [n.emit('scatter_nd', [n.input(0), n.input(1), n.input(2)], { reduction: n.attrString('reduction', 'none') })],
  ScatterElements: scatterElements,
  Scatter: scatterElements,
  OneHot: oneHot,
};
