// Results sized to an upper bound (docs/dynamic-shapes.md): an entry point or program lists them in
// its `extents` attribute as [result, count result, axis] triples. Whoever runs it returns the
// results before the counts, each cut to its count along its axis.
import { CgcError, type HostTensor, allocTensor } from '../core';
import type { Operation } from './operation';
import { ATTR } from './structural';

export interface ResultExtent {
  readonly result: number;
  readonly count: number;
  readonly axis: number;
}

/** The bounded results of a function-like op (entry point or program). */
export function resultExtents(op: Operation): ResultExtent[] {
  const attr = op.attributes.get(ATTR.extents);
  if (attr?.kind !== 'array') return [];
  const v = attr.elements.map((a) => (a.kind === 'int' ? Number(a.value) : NaN));
  return Array.from({ length: Math.floor(v.length / 3) }, (_, i) => ({ result: v[3 * i]!, count: v[3 * i + 1]!, axis: v[3 * i + 2]! }));
}

/** How many results a caller sees: all but the counts, which follow them. */
export function visibleResults(op: Operation, results: number): number {
  const counts = resultExtents(op).map((e) => e.count);
  return counts.length ? Math.min(...counts) : results;
}

/** The first `n` entries of `t` along `axis`. */
export function takeLeading(t: HostTensor, axis: number, n: number): HostTensor {
  const shape = t.type.shape;
  const inner = shape.slice(axis + 1).reduce((a, b) => a * b, 1);
  const outer = shape.slice(0, axis).reduce((a, b) => a * b, 1);
  const len = shape[axis]!;
  const out = allocTensor(shape.map((d, i) => (i === axis ? n : d)), t.type.element);
  const src = t.data as unknown as { subarray(a: number, b: number): ArrayLike<number> & ArrayLike<bigint> };
  const dst = out.data as unknown as { set(a: ArrayLike<number> | ArrayLike<bigint>, at: number): void };
  for (let o = 0; o < outer; o++) dst.set(src.subarray(o * len * inner, (o * len + n) * inner), o * n * inner);
  return out;
}

/** The results a caller sees: the counts left out, each bounded result cut to its count. */
export function trimResults(op: Operation, results: readonly HostTensor[]): HostTensor[] {
  const extents = resultExtents(op);
  const visible = results.slice(0, visibleResults(op, results.length));
  for (const { result, count, axis } of extents) {
    const t = results[result]!;
    const n = Number((results[count]!.data as BigInt64Array)[0]);
    const bound = t.type.shape[axis]!;
    if (!(n >= 0 && n <= bound)) throw new CgcError('runtime', `result #${result} holds ${n} entries along axis ${axis} by its count, outside [0, ${bound}] (its upper bound)`);
    visible[result] = takeLeading(t, axis, n);
  }
  return visible;
}
