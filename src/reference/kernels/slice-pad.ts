// Reference kernels of concat, split, slice, pad and trilu. All copy raw storage (exact for every
// element type); slice, pad and trilu build one index map each, −1 marking padding or zeroed elements.
import { implement } from '../registry';
import { type HostTensor, allocTensor } from '../../core';
import { axisLayout, axisTable, normAxis, separableMap, strides, take } from './indexing';

type Storage = { [i: number]: number | bigint };

/** Copies `count` elements from src[from…] to dst[to…]. */
function copy(dst: HostTensor, to: number, src: HostTensor, from: number, count: number): void {
  const d = dst.data as unknown as Storage;
  const s = src.data as unknown as Storage;
  for (let i = 0; i < count; i++) d[to + i] = s[from + i]!;
}

implement('concat', (inputs, ctx) => {
  const out = ctx.alloc();
  const axis = normAxis(ctx.int('axis'), out.type.shape.length);
  const { outer, len: total, inner } = axisLayout(out.type.shape, axis);
  let offset = 0;
  for (const x of inputs) {
    const len = x.type.shape[axis]!;
    for (let o = 0; o < outer; o++) copy(out, (o * total + offset) * inner, x, o * len * inner, len * inner);
    offset += len;
  }
  return [out];
});

implement('split', ([x], ctx) => {
  const axis = normAxis(ctx.int('axis'), x!.type.shape.length);
  const { outer, len: total, inner } = axisLayout(x!.type.shape, axis);
  let offset = 0;
  return ctx.results.map((t) => {
    const part = allocTensor(t.shape, t.element);
    const len = t.shape[axis]!;
    for (let o = 0; o < outer; o++) copy(part, o * len * inner, x!, (o * total + offset) * inner, len * inner);
    offset += len;
    return part;
  });
});

// Start positions are clamped exactly as the declaration's inference clamps them (numpy rules).
implement('slice', ([x], ctx) => {
  const out = ctx.result();
  const shape = x!.type.shape;
  const s = strides(shape);
  const starts = ctx.ints('starts');
  const steps = ctx.ints('steps');
  const first = shape.map(() => 0);
  const step = shape.map(() => 1);
  ctx.ints('axes').forEach((a, i) => {
    const axis = normAxis(a, shape.length);
    const dim = shape[axis]!;
    const st = steps[i]!;
    const start = starts[i]! < 0 ? starts[i]! + dim : starts[i]!;
    first[axis] = st > 0 ? Math.min(Math.max(start, 0), dim) : Math.min(Math.max(start, 0), dim - 1);
    step[axis] = st;
  });
  const tables = out.shape.map((n, i) => axisTable(n, s[i]!, (j) => first[i]! + j * step[i]!));
  return [take(x!, out.shape, separableMap(out.shape, tables))];
});

/** The source coordinate of padded coordinate c (outside [0, d)) in each pad mode; −1 for constant. */
function padSource(mode: string, c: number, d: number): number {
  switch (mode) {
    case 'edge': return Math.min(Math.max(c, 0), d - 1);
    case 'wrap': return ((c % d) + d) % d;
    case 'reflect': {
      if (d === 1) return 0;
      const period = 2 * (d - 1);
      const m = ((c % period) + period) % period;
      return m < d ? m : period - m;
    }
    default: return -1;
  }
}

implement('pad', ([x], ctx) => {
  const out = ctx.result();
  const shape = x!.type.shape;
  const s = strides(shape);
  const mode = ctx.string('mode');
  const start = ctx.ints('start_padding');
  const tables = out.shape.map((n, i) => axisTable(n, s[i]!, (j) => {
    const c = j - start[i]!;
    return c >= 0 && c < shape[i]! ? c : padSource(mode, c, shape[i]!);
  }));
  return [take(x!, out.shape, separableMap(out.shape, tables), ctx.float('value'))];
});

// Keeps column − row ≥ k (upper) or ≤ k (lower) in the last two dimensions; zeroes the rest.
implement('trilu', ([x], ctx) => {
  const shape = x!.type.shape;
  const rows = shape[shape.length - 2]!;
  const cols = shape[shape.length - 1]!;
  const upper = ctx.bool('upper');
  const k = ctx.int('k');
  const map = new Int32Array(x!.data.length);
  for (let i = 0; i < map.length; i++) {
    const c = i % cols;
    const r = Math.floor(i / cols) % rows;
    map[i] = (upper ? c - r >= k : c - r <= k) ? i : -1;
  }
  return [take(x!, shape, map)];
});
