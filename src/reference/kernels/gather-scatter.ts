// Reference kernels of the indexed data-movement cgc_ops: gather, gather_elements, gather_nd,
// scatter_nd, scatter_elements, one_hot, reverse_sequence. Negative indices count from the end (ONNX); an index out
// of range is an error naming the op (the input's fault: a CgcError), since ONNX leaves it undefined and a GPU would read garbage.
import type { ElementType } from '../../ir/types';
import { implement, type KernelContext } from '../registry';
import { CgcError, type HostTensor, bfloat16ToFloat, floatToBfloat16, floatToHalf, halfToFloat } from '../../core';
import { readNumbers, storedValue } from './common';
import { axisLayout, count, normAxis, strides } from './indexing';

type Storage = { [i: number]: number | bigint };
const storage = (t: HostTensor): Storage => t.data as unknown as Storage;

/** Index values as plain numbers (int64 indices are far below 2^53 for any addressable tensor). */
const indexValues = (t: HostTensor): ArrayLike<number> => readNumbers(t);

function resolve(ctx: KernelContext, v: number, dim: number, axis: number): number {
  const i = v < 0 ? v + dim : v;
  if (!(i >= 0 && i < dim)) throw new CgcError('runtime', `reference: 'cgc_op.${ctx.def.name}' index ${v} is out of range for dimension ${axis} of size ${dim}`);
  return i;
}

implement('gather', ([data, indices], ctx) => {
  const out = ctx.alloc();
  const axis = normAxis(ctx.int('axis'), data!.type.shape.length);
  const { outer, len, inner } = axisLayout(data!.type.shape, axis);
  const idx = indexValues(indices!);
  const src = storage(data!);
  const dst = storage(out);
  let p = 0;
  for (let o = 0; o < outer; o++) {
    for (let q = 0; q < idx.length; q++) {
      const base = (o * len + resolve(ctx, idx[q]!, len, axis)) * inner;
      for (let i = 0; i < inner; i++) dst[p++] = src[base + i]!;
    }
  }
  return [out];
});

/** For each element of `indices`: the flat index into data with coordinate `axis` replaced by the index value. */
function alongAxis(ctx: KernelContext, data: HostTensor, indices: HostTensor, axis: number): Int32Array {
  const ds = strides(data.type.shape);
  const ishape = indices.type.shape;
  const is = strides(ishape);
  const idx = indexValues(indices);
  const dim = data.type.shape[axis]!;
  const map = new Int32Array(idx.length);
  for (let i = 0; i < idx.length; i++) {
    let off = 0;
    for (let d = 0; d < ishape.length; d++) {
      const c = Math.floor(i / is[d]!) % ishape[d]!;
      off += (d === axis ? resolve(ctx, idx[i]!, dim, axis) : c) * ds[d]!;
    }
    map[i] = off;
  }
  return map;
}

implement('gather_elements', ([data, indices], ctx) => {
  const out = ctx.alloc();
  const map = alongAxis(ctx, data!, indices!, normAxis(ctx.int('axis'), data!.type.shape.length));
  const src = storage(data!);
  const dst = storage(out);
  for (let i = 0; i < map.length; i++) dst[i] = src[map[i]!]!;
  return [out];
});

/** For each index tuple (the last dimension of indices): the flat offset of its slice in data, and the slice size. */
function tuples(ctx: KernelContext, data: HostTensor, indices: HostTensor, batchDims: number): { offsets: number[]; slice: number } {
  const dshape = data.type.shape;
  const ishape = indices.type.shape;
  const k = ishape[ishape.length - 1]!;
  const ds = strides(dshape);
  const idx = indexValues(indices);
  const n = count(ishape.slice(0, -1));
  const perBatch = count(ishape.slice(batchDims, -1));
  const batchStride = batchDims === 0 ? 0 : ds[batchDims - 1]!;
  const offsets: number[] = [];
  for (let j = 0; j < n; j++) {
    let off = perBatch === 0 ? 0 : Math.floor(j / perBatch) * batchStride;
    for (let t = 0; t < k; t++) off += resolve(ctx, idx[j * k + t]!, dshape[batchDims + t]!, batchDims + t) * ds[batchDims + t]!;
    offsets.push(off);
  }
  return { offsets, slice: count(dshape.slice(batchDims + k)) };
}

implement('gather_nd', ([data, indices], ctx) => {
  const out = ctx.alloc();
  const { offsets, slice } = tuples(ctx, data!, indices!, ctx.int('batch_dims'));
  const src = storage(data!);
  const dst = storage(out);
  offsets.forEach((off, j) => {
    for (let i = 0; i < slice; i++) dst[j * slice + i] = src[off + i]!;
  });
  return [out];
});

/** How an update combines with the element it lands on, on raw storage values of `element`. */
function combiner(element: ElementType, reduction: string): (old: number | bigint, upd: number | bigint) => number | bigint {
  if (reduction === 'none') return (_old, upd) => upd;
  if (element === 'int64' || element === 'uint64') {
    const wrap = element === 'int64' ? BigInt.asIntN : BigInt.asUintN;
    const f: Record<string, (a: bigint, b: bigint) => bigint> = {
      add: (a, b) => a + b, mul: (a, b) => a * b, max: (a, b) => (a > b ? a : b), min: (a, b) => (a < b ? a : b),
    };
    return (a, b) => wrap(64, f[reduction]!(a as bigint, b as bigint));
  }
  const f: Record<string, (a: number, b: number) => number> = {
    add: (a, b) => a + b,
    mul: element === 'int32' ? Math.imul : (a, b) => a * b,
    max: (a, b) => (Number.isNaN(a) || Number.isNaN(b) ? NaN : Math.max(a, b)),
    min: (a, b) => (Number.isNaN(a) || Number.isNaN(b) ? NaN : Math.min(a, b)),
  };
  const op = f[reduction]!;
  if (element === 'float16') return (a, b) => floatToHalf(Math.fround(op(halfToFloat(a as number), halfToFloat(b as number))));
  if (element === 'bfloat16') return (a, b) => floatToBfloat16(Math.fround(op(bfloat16ToFloat(a as number), bfloat16ToFloat(b as number))));
  if (element === 'bool') return (a, b) => (op(a as number, b as number) !== 0 ? 1 : 0);
  return (a, b) => op(a as number, b as number); // the typed-array store rounds (float32), keeps (float64) or wraps
}

/** A copy of `data` to scatter into, with the update values and the reduction that combines them. */
function scatterStart(data: HostTensor, updates: HostTensor, ctx: KernelContext) {
  const out = ctx.alloc();
  const dst = storage(out);
  const src = storage(data);
  for (let i = 0; i < out.data.length; i++) dst[i] = src[i]!;
  return { out, dst, combine: combiner(out.type.element, ctx.string('reduction')), upd: storage(updates) };
}

/** Updates apply in index order, so with reduction "none" a repeated index keeps the last update. */
implement('scatter_nd', ([data, indices, updates], ctx) => {
  const { out, dst, combine, upd } = scatterStart(data!, updates!, ctx);
  const { offsets, slice } = tuples(ctx, data!, indices!, 0);
  offsets.forEach((off, j) => {
    for (let i = 0; i < slice; i++) dst[off + i] = combine(dst[off + i]!, upd[j * slice + i]!);
  });
  return [out];
});

implement('scatter_elements', ([data, indices, updates], ctx) => {
  const { out, dst, combine, upd } = scatterStart(data!, updates!, ctx);
  const map = alongAxis(ctx, data!, indices!, normAxis(ctx.int('axis'), data!.type.shape.length));
  for (let i = 0; i < map.length; i++) dst[map[i]!] = combine(dst[map[i]!]!, upd[i]!);
  return [out];
});

// Float indices truncate toward zero; indices outside [−depth, depth) give a row of off_value.
implement('one_hot', ([indices], ctx) => {
  const out = ctx.alloc();
  const depth = ctx.int('depth');
  const rank = out.type.shape.length;
  const { outer, len, inner } = axisLayout(out.type.shape, normAxis(ctx.int('axis'), rank));
  const on = storedValue(out.type.element, ctx.float('on_value'));
  const off = storedValue(out.type.element, ctx.float('off_value'));
  const idx = indexValues(indices!);
  const dst = storage(out);
  for (let o = 0; o < outer; o++) {
    for (let i = 0; i < inner; i++) {
      const raw = Math.trunc(idx[o * inner + i]!);
      const hot = raw < 0 ? raw + depth : raw;
      for (let d = 0; d < len; d++) dst[(o * len + d) * inner + i] = d === hot ? on : off;
    }
  }
  return [out];
});

// out[.., t, .., b, ..] = x[.., len_b − 1 − t, .., b, ..] for t < len_b, else x itself. A length outside
// [0, T] is an error, as an index out of range is.
implement('reverse_sequence', ([x, lens], ctx) => {
  const out = ctx.alloc();
  const shape = x!.type.shape;
  const [b, t] = [ctx.int('batch_axis'), ctx.int('time_axis')];
  const T = shape[t]!;
  const L = indexValues(lens!);
  for (let i = 0; i < L.length; i++) {
    if (!(L[i]! >= 0 && L[i]! <= T)) throw new CgcError('runtime', `reference: 'cgc_op.reverse_sequence' sequence_lens[${i}] = ${L[i]} is outside [0, ${T}] (the time dimension)`);
  }
  const st = strides(shape);
  const src = storage(x!);
  const dst = storage(out);
  const n = count(shape);
  for (let i = 0; i < n; i++) {
    const ti = Math.floor(i / st[t]!) % T;
    const len = L[Math.floor(i / st[b]!) % shape[b]!]!;
    dst[i] = src[ti < len ? i + (len - 1 - 2 * ti) * st[t]! : i]!;
  }
  return [out];
});
