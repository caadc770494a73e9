// Per-op proposals for the compile fuzzer: operands of the element types the op declares, in shapes
// it can take (filters, per-channel parameters, in-range indices), and attributes drawn by name. The
// verifier has the last word: a proposal it rejects is counted and retried.
import { type AttrDef, type AttrValue, type ElementType, type OpDef, FLOAT_TYPES, numElements } from '../../ir';
import { type Rng, pick, randInt } from '../mutate-bytes';
import type { ModelBuilder, Proposal, Val } from './builder';

type Sampler = (g: ModelBuilder, def: OpDef) => Proposal | undefined;

const isFloat = (e: ElementType): boolean => FLOAT_TYPES.includes(e);
const range = (n: number): number[] => Array.from({ length: n }, (_, i) => i);
const coin = (r: Rng, p = 0.5): boolean => r() < p;
const between = (r: Rng, lo: number, hi: number): number => lo + randInt(r, hi - lo + 1);
const divisors = (n: number): number[] => range(n).map((i) => i + 1).filter((d) => n % d === 0);
const shuffle = <T>(r: Rng, xs: readonly T[]): T[] => {
  const a = [...xs];
  for (let i = a.length - 1; i > 0; i--) {
    const j = randInt(r, i + 1);
    [a[i], a[j]] = [a[j]!, a[i]!];
  }
  return a;
};

/**
 * Ops whose result jumps where a float operand crosses a point, runs off to a pole (1/x near 0,
 * tan near π/2) or sums its operands' relative errors (a product of 60): they read only exact
 * floats, so a last-bit difference upstream cannot become a large one (a reciprocal of a
 * convolution's 7e-4 differed by 1.3, a product of 60 arc cosines by 4.5e-4, both sides right).
 */
const DISCONTINUOUS = new Set([
  'reciprocal', 'tan', 'reduce_prod',
  'floor', 'ceil', 'round', 'sign', 'cast', 'equal', 'less', 'less_or_equal', 'greater', 'greater_or_equal', 'arg_max', 'arg_min',
  'top_k', 'hardmax', 'mod', 'is_nan', 'is_inf', 'thresholded_relu', 'shrink',
]);

/** Ops defined on part of the line: their float operand is drawn from that part. */
const DOMAIN: Readonly<Record<string, readonly [number, number]>> = {
  log: [0.25, 4], sqrt: [0, 4], acosh: [1.1, 3], asin: [-0.9, 0.9], acos: [-0.9, 0.9], atanh: [-0.9, 0.9], reduce_log_sum: [0.25, 2],
};
/** Where a domain is all positive numbers, a value known positive may be read instead of a new leaf. */
const OPEN_ABOVE = new Set(['log', 'sqrt', 'reduce_log_sum']);

/** The first operand: a value of the model that the op may read, or a new leaf. */
function primary(g: ModelBuilder, def: OpDef, rank?: readonly [number, number], dtypes = def.operands[0]!.dtypes): Val {
  const inRank = (v: Val) => !rank || (v.type.shape.length >= rank[0] && v.type.shape.length <= rank[1]);
  const domain = DOMAIN[def.name];
  const inDomain = (v: Val) => !domain || (OPEN_ABOVE.has(def.name) && !!v.positive);
  const readable = (v: Val) => inRank(v) && (!isFloat(v.type.element) || ((!DISCONTINUOUS.has(def.name) || v.exact) && inDomain(v)));
  const found = g.r() < 0.85 ? g.choose(dtypes, readable) : undefined;
  if (found) return found;
  const e = pickType(g.r, dtypes);
  const rk = rank ? between(g.r, rank[0], Math.min(rank[1], 4)) : between(g.r, 0, 4);
  // Sometimes a constant: an op whose operands are all constants folds (where the compiler folds).
  return g.leaf(g.shape(rk), e, { constant: coin(g.r, 0.15), ...(domain && isFloat(e) ? { fill: { kind: 'range', lo: domain[0], hi: domain[1] } } : {}) });
}

/** float32 most of the time; the others in turn. */
function pickType(r: Rng, dtypes: readonly ElementType[]): ElementType {
  if (dtypes.includes('float32') && coin(r, 0.6)) return 'float32';
  return pick(r, dtypes);
}

/** A second operand that broadcasts with `a`: a value of the model of a's shape (a residual), or a leaf shaped like it, per channel, or a scalar. */
function partner(g: ModelBuilder, a: Val, dtype = a.type.element, o: { fill?: import('./model-file').Fill; exact?: boolean } = {}): Val {
  const s = a.type.shape;
  if (!o.fill && coin(g.r, 0.3)) {
    const same = g.choose([dtype], (v) => v !== a && v.type.shape.join() === s.join() && (!o.exact || v.exact));
    if (same) return same;
  }
  const k = randInt(g.r, 5);
  const shape = k === 0 ? [...s] : k === 1 ? (s.length >= 3 ? [s[1]!, ...s.slice(2).map(() => 1)] : s.slice(-1)) : k === 2 ? [1] : k === 3 ? [] : s.map((d) => (coin(g.r) ? d : 1));
  return g.leaf(shape, dtype, { constant: coin(g.r, 0.5), ...(o.fill ? { fill: o.fill } : {}) });
}

const constantWeights = (g: ModelBuilder) => ({ constant: coin(g.r, 0.8) });

function binary(g: ModelBuilder, def: OpDef): Proposal {
  const a = primary(g, def);
  const e = a.type.element;
  if (def.name === 'div' || def.name === 'mod') {
    const fill = isFloat(e) ? { kind: 'range' as const, lo: 0.5, hi: 2 } : { kind: 'range' as const, lo: 1, hi: 5 };
    return { operands: [a, partner(g, a, e, { fill })], attrs: def.name === 'mod' ? { fmod: isFloat(e) || coin(g.r) } : {} };
  }
  if (def.name === 'bit_shift') return { operands: [a, partner(g, a, e, { fill: { kind: 'range', lo: 0, hi: 8 } })] };
  if (def.name === 'pow') {
    const base = isFloat(e) && !a.positive ? g.leaf(a.type.shape, e, { fill: { kind: 'range', lo: 0.5, hi: 2 } }) : a;
    return { operands: [base, partner(g, base, e, { fill: isFloat(e) ? { kind: 'range', lo: -2, hi: 2 } : { kind: 'range', lo: 0, hi: 4 } })] };
  }
  return { operands: [a, partner(g, a, e, { exact: DISCONTINUOUS.has(def.name) })] };
}

function where(g: ModelBuilder, def: OpDef): Proposal {
  const x = primary(g, def, undefined, def.operands[1]!.dtypes);
  const cond = g.choose(['bool'], (v) => v.type.shape.join() === x.type.shape.join()) ?? g.leaf(x.type.shape, 'bool');
  return { operands: [cond, x, partner(g, x)] };
}

function convolution(g: ModelBuilder, def: OpDef): Proposal {
  const dtypes = def.operands[0]!.dtypes;
  const found = g.choose(dtypes, (v) => v.type.shape.length >= 3 && v.type.shape.length <= 5 && numElements(v.type.shape) <= 2048);
  const x = found && coin(g.r, 0.8) ? found : g.leaf([between(g.r, 1, 2), between(g.r, 1, 8), ...g.shape(between(g.r, 1, 3) === 1 ? 1 : 2, 9, 128)], pickType(g.r, dtypes));
  const s = x.type.shape;
  const spatial = s.length - 2;
  const c = s[1]!;
  const groups = coin(g.r, 0.7) ? 1 : pick(g.r, divisors(c));
  const transpose = def.name === 'convolution_transpose';
  const m = groups * between(g.r, 1, transpose ? 3 : Math.max(1, Math.floor(8 / groups)));
  const k = range(spatial).map(() => between(g.r, 1, 3));
  const strides = range(spatial).map(() => (coin(g.r, 0.7) ? 1 : 2));
  const dilations = range(spatial).map(() => (coin(g.r, 0.85) ? 1 : 2));
  const pads = () => k.map((kk) => randInt(g.r, kk));
  const filter = g.leaf(transpose ? [c, m / groups, ...k] : [m, c / groups, ...k], x.type.element, constantWeights(g));
  const operands = [x, filter];
  if (coin(g.r, 0.5)) operands.push(g.leaf([m], x.type.element, constantWeights(g)));
  const attrs: Record<string, AttrValue> = { groups, strides, dilations, start_padding: pads(), end_padding: pads() };
  if (transpose) attrs.output_padding = strides.map((st) => randInt(g.r, st));
  return { operands, attrs };
}

function matmul(g: ModelBuilder, def: OpDef): Proposal {
  const a = primary(g, def, [1, 4]);
  const s = a.type.shape;
  const kDim = s[s.length - 1]!;
  const n = between(g.r, 1, 9);
  if (def.name === 'gemm') {
    const a2 = s.length === 2 ? a : g.leaf(g.shape(2, 12), a.type.element);
    const transA = coin(g.r, 0.3);
    const transB = coin(g.r, 0.3);
    const [m, k] = transA ? [a2.type.shape[1]!, a2.type.shape[0]!] : [a2.type.shape[0]!, a2.type.shape[1]!];
    const operands = [a2, g.leaf(transB ? [n, k] : [k, n], a.type.element, constantWeights(g))];
    if (coin(g.r, 0.6)) operands.push(g.leaf(pick(g.r, [[n], [m, n], [1, n], [m, 1], []]), a.type.element, constantWeights(g)));
    const alpha = coin(g.r, 0.7) ? 1 : 0.5;
    return { operands, attrs: { trans_a: transA, trans_b: transB, alpha, beta: coin(g.r, 0.7) ? 1 : 2 } };
  }
  const batch = s.length > 2 && coin(g.r, 0.4) ? s.slice(0, -2).map((d) => (coin(g.r) ? d : 1)) : [];
  const bShape = s.length === 1 && coin(g.r, 0.3) ? [kDim] : [...batch, kDim, n];
  const b = coin(g.r, 0.2) ? (g.choose([a.type.element], (v) => v.type.shape.join() === bShape.join()) ?? g.leaf(bShape, a.type.element)) : g.leaf(bShape, a.type.element, constantWeights(g));
  return { operands: [a, b] };
}

function normalization(g: ModelBuilder, def: OpDef): Proposal {
  const minRank = def.name === 'instance_normalization' || def.name === 'lrn' ? 3 : def.name === 'batch_normalization' || def.name === 'group_normalization' ? 2 : 1;
  const x = primary(g, def, [minRank, 4]);
  const s = x.type.shape;
  const e = x.type.element;
  const perChannel = () => g.leaf([s[1]!], e, constantWeights(g));
  switch (def.name) {
    case 'batch_normalization':
      return { operands: [x, perChannel(), perChannel(), perChannel(), g.leaf([s[1]!], e, { constant: coin(g.r, 0.8), fill: { kind: 'range', lo: 0.25, hi: 2 } })] };
    case 'instance_normalization':
      return { operands: [x, perChannel(), perChannel()] };
    case 'group_normalization':
      return { operands: [x, perChannel(), perChannel()], attrs: { num_groups: pick(g.r, divisors(s[1]!)) } };
    case 'layer_normalization': {
      const axis = randInt(g.r, s.length);
      const tail = s.slice(axis);
      const operands = [x, g.leaf(tail, e, constantWeights(g))];
      if (coin(g.r)) operands.push(g.leaf(tail, e, constantWeights(g)));
      return { operands, attrs: { axis: coin(g.r) ? axis : axis - s.length } };
    }
    case 'lrn':
      return { operands: [x], attrs: { size: pick(g.r, [1, 3, 5]) } };
    default:
      return { operands: [x] };
  }
}

function pooling(g: ModelBuilder, def: OpDef): Proposal {
  const x = primary(g, def, [3, 4]);
  const spatial = x.type.shape.length - 2;
  if (def.name.startsWith('global_')) return { operands: [x] };
  const window = range(spatial).map((i) => between(g.r, 1, Math.min(3, x.type.shape[i + 2]!)));
  const pads = () => window.map((w) => randInt(g.r, w));
  return {
    operands: [x],
    attrs: {
      window_size: window, strides: window.map(() => between(g.r, 1, 2)), start_padding: pads(), end_padding: pads(),
      dilations: window.map(() => (coin(g.r, 0.85) ? 1 : 2)),
    },
  };
}

/** Index values in [lo, hi) for every element of `shape` (exact, so the file replays them). */
function indexValues(g: ModelBuilder, n: number, lo: number, hi: number): number[] {
  return range(n).map(() => lo + randInt(g.r, hi - lo));
}

function indexLeaf(g: ModelBuilder, shape: readonly number[], values: readonly number[], dtypes: readonly ElementType[]): Val {
  return g.leaf(shape, pick(g.r, dtypes), { constant: coin(g.r, 0.4), fill: { kind: 'values', values } });
}

function gatherScatter(g: ModelBuilder, def: OpDef): Proposal | undefined {
  const data = primary(g, def, [1, 4]);
  const s = data.type.shape;
  const r = s.length;
  const idxTypes = def.operands[1]!.dtypes;
  const axis = randInt(g.r, r);
  const d = s[axis]!;
  switch (def.name) {
    case 'gather': {
      const shape = g.shape(randInt(g.r, 3), 3);
      return { operands: [data, indexLeaf(g, shape, indexValues(g, numElements(shape), -d, d), idxTypes)], attrs: { axis } };
    }
    case 'reverse_sequence': {
      if (r < 2) return undefined;
      const batch = randInt(g.r, 2);
      const lens = indexValues(g, s[batch]!, 0, s[1 - batch]! + 1);
      return { operands: [data, indexLeaf(g, [s[batch]!], lens, idxTypes)], attrs: { batch_axis: batch, time_axis: 1 - batch } };
    }
    case 'gather_elements': {
      const shape = s.map((dim, i) => (i === axis ? between(g.r, 1, 4) : between(g.r, 1, dim)));
      return { operands: [data, indexLeaf(g, shape, indexValues(g, numElements(shape), -d, d), idxTypes)], attrs: { axis } };
    }
    case 'gather_nd': {
      const k = between(g.r, 1, r);
      const lead = g.shape(randInt(g.r, 2), 3);
      const values = range(numElements(lead)).flatMap(() => s.slice(0, k).map((dim) => randInt(g.r, dim)));
      return { operands: [data, indexLeaf(g, [...lead, k], values, idxTypes)], attrs: { batch_dims: 0 } };
    }
    case 'scatter_nd': {
      const k = between(g.r, 1, r);
      const tuples = numElements(s.slice(0, k));
      const q = between(g.r, 1, Math.min(tuples, 6));
      // Distinct coordinate tuples: with repeats, ONNX leaves the result of reduction 'none' undefined.
      const picked = shuffle(g.r, range(tuples)).slice(0, q);
      const values = picked.flatMap((t) => s.slice(0, k).map((_, j) => Math.floor(t / numElements(s.slice(j + 1, k))) % s[j]!));
      const updates = g.leaf([q, ...s.slice(k)], data.type.element);
      return { operands: [data, indexLeaf(g, [q, k], values, idxTypes), updates], attrs: { reduction: pickReduction(g, data) } };
    }
    case 'scatter_elements': {
      const shape = s.map((dim, i) => (i === axis ? between(g.r, 1, d) : between(g.r, 1, dim)));
      // Along the axis, each line of indices is distinct (a prefix of a permutation).
      const lines = numElements(shape) / shape[axis]!;
      const perLine = range(lines).map(() => shuffle(g.r, range(d)).slice(0, shape[axis]!));
      const inner = numElements(shape.slice(axis + 1));
      const values = range(numElements(shape)).map((i) => {
        const along = Math.floor(i / inner) % shape[axis]!;
        const line = Math.floor(i / (inner * shape[axis]!)) * inner + (i % inner);
        return perLine[line]![along]!;
      });
      return { operands: [data, indexLeaf(g, shape, values, idxTypes), g.leaf(shape, data.type.element)], attrs: { axis, reduction: pickReduction(g, data) } };
    }
    default:
      return undefined;
  }
}

function pickReduction(g: ModelBuilder, data: Val): string {
  return data.type.element === 'bool' ? 'none' : pick(g.r, ['none', 'none', 'add', 'mul', 'max', 'min']);
}

function concat(g: ModelBuilder, def: OpDef): Proposal {
  const a = primary(g, def, [1, 4]);
  const s = a.type.shape;
  const axis = randInt(g.r, s.length);
  // Sometimes past WebGPU's default 8 storage buffers per stage.
  const n = coin(g.r, 0.15) ? between(g.r, 8, 11) : between(g.r, 2, 4);
  const others = range(n - 1).map(() => {
    const shape = s.map((d, i) => (i === axis ? between(g.r, 1, 3) : d));
    return g.choose([a.type.element], (v) => v !== a && v.type.shape.join() === shape.join()) ?? g.leaf(shape, a.type.element, { constant: coin(g.r, 0.3) });
  });
  return { operands: shuffle(g.r, [a, ...others]), attrs: { axis: coin(g.r) ? axis : axis - s.length } };
}

function split(g: ModelBuilder, def: OpDef): Proposal {
  const x = primary(g, def, [1, 4]);
  const axis = randInt(g.r, x.type.shape.length);
  const d = x.type.shape[axis]!;
  if (coin(g.r)) {
    const n = pick(g.r, divisors(d).filter((k) => k <= 4));
    return { operands: [x], attrs: { axis }, results: n };
  }
  const cuts = shuffle(g.r, range(d - 1).map((i) => i + 1)).slice(0, randInt(g.r, Math.min(3, d))).sort((p, q) => p - q);
  const sizes = [...cuts, d].map((c, i) => c - (i ? cuts[i - 1]! : 0));
  return { operands: [x], attrs: { axis, sizes }, results: sizes.length };
}

function oneHot(g: ModelBuilder, def: OpDef): Proposal {
  const depth = between(g.r, 2, 5);
  const shape = g.shape(between(g.r, 1, 2), 4);
  const e = pick(g.r, def.operands[0]!.dtypes.filter((t) => !isFloat(t) && t !== 'uint8'));
  const indices = g.leaf(shape, e, { fill: { kind: 'values', values: indexValues(g, numElements(shape), -depth, depth) } });
  return { operands: [indices], attrs: { depth, axis: randInt(g.r, shape.length + 1), dtype: pick(g.r, ['float32', 'int32', 'float16', 'bool']) } };
}

function slice(g: ModelBuilder, def: OpDef): Proposal {
  const x = primary(g, def, [1, 4]);
  const s = x.type.shape;
  const axes = shuffle(g.r, range(s.length)).slice(0, between(g.r, 1, s.length));
  const steps = axes.map(() => (coin(g.r, 0.7) ? 1 : pick(g.r, [-1, 2, -2])));
  const starts = axes.map((a) => between(g.r, -s[a]!, s[a]!));
  const ends = axes.map((a, i) => (coin(g.r, 0.2) ? (steps[i]! > 0 ? 2 ** 31 - 1 : -(2 ** 31)) : between(g.r, -s[a]! - 1, s[a]! + 1)));
  return { operands: [x], attrs: { starts, ends, axes: axes.map((a) => (coin(g.r) ? a : a - s.length)), steps } };
}

function resize(g: ModelBuilder, def: OpDef): Proposal {
  const x = primary(g, def, [1, 4]);
  const s = x.type.shape;
  // Interpolation over the last two dimensions (as models use it); N and C keep their size.
  const scale = s.map((d, i) => (i < s.length - 2 ? 1 : pick(g.r, [0.5, 1, 1.5, 2, 3].filter((f) => Math.floor(d * f) >= 1))));
  const attrs: Record<string, AttrValue> = coin(g.r) ? { scales: scale } : { sizes: s.map((d, i) => Math.max(1, Math.floor(d * scale[i]!))) };
  return { operands: [x], attrs };
}

const unaryRank = (min: number, max = 4): Sampler => (g, def) => ({ operands: [primary(g, def, [min, max])] });

export const SAMPLERS: Readonly<Record<string, Sampler>> = {
  where, convolution, convolution_transpose: convolution, matmul, gemm: matmul, concat, split, one_hot: oneHot,
  gather: gatherScatter, gather_elements: gatherScatter, reverse_sequence: gatherScatter, gather_nd: gatherScatter, scatter_nd: gatherScatter, scatter_elements: gatherScatter,
  depth_to_space: (g, def) => {
    const found = g.choose(def.operands[0]!.dtypes, (v) => v.type.shape.length === 4 && v.type.shape[1]! % 4 === 0);
    return { operands: [found ?? g.leaf([1, 4 * between(g.r, 1, 2), between(g.r, 1, 3), between(g.r, 1, 3)], pickType(g.r, def.operands[0]!.dtypes))], attrs: { block_size: 2 } };
  },
  space_to_depth: (g) => ({ operands: [g.leaf([1, between(g.r, 1, 3), 2 * between(g.r, 1, 3), 2 * between(g.r, 1, 3)], pick(g.r, ['float32', 'float16', 'int32']))], attrs: { block_size: 2 } }),
  trilu: unaryRank(2), upsample: unaryRank(3), resize, slice,
};

export function proposal(g: ModelBuilder, def: OpDef): Proposal | undefined {
  const own = SAMPLERS[def.name];
  if (own) return own(g, def);
  if (def.traits.includes('convolution')) return convolution(g, def);
  if (def.traits.includes('normalization')) return normalization(g, def);
  if (def.traits.includes('pooling')) return pooling(g, def);
  if (def.name === 'max_pool_indices') {
    const p = pooling(g, def);
    return { ...p, attrs: { ...p.attrs, storage_order: randInt(g.r, 2) } };
  }
  if (def.operands.length >= 2 && def.traits.includes('elementwise')) return binary(g, def);
  return { operands: [primary(g, def)] };
}

/** An attribute the proposal left open: drawn from what its name means for the first operand, or left to its default. */
export function drawAttr(g: ModelBuilder, operand: Val, name: string, def: AttrDef): AttrValue | undefined {
  const r = g.r;
  const s = operand.type.shape;
  const rank = s.length;
  const hasDefault = def.default !== undefined || def.optional;
  // Split's and resize's sizes and scales are their samplers' to choose (both at once must agree).
  if (name === 'sizes' || name === 'scales') return undefined;
  if (hasDefault && coin(r, 0.35)) return undefined;
  if (def.allowed) return pick(r, def.allowed);
  switch (name) {
    case 'axis': return rank ? between(r, -rank, rank - 1) : 0;
    case 'axes': return rank ? shuffle(r, range(rank)).slice(0, between(r, 1, Math.min(rank, 3))) : [];
    case 'k': return operand.type.shape.length ? between(r, 1, Math.max(1, Math.min(...s))) : 1;
    case 'shape': return reshapeTarget(r, s);
    case 'permutation': return shuffle(r, range(rank));
    case 'repeats': return s.map(() => between(r, 1, 2));
    case 'starts': return [];
    case 'start_padding': case 'end_padding': return s.map(() => between(r, -1, 2));
    case 'scale_size': return s.slice(2).map(() => between(r, 1, 3));
    case 'to': return pick(r, ['float32', 'float16', 'int32', 'int64', 'int8', 'uint8', 'bool'] as const);
    case 'min': return coin(r) ? -0.5 : -Infinity;
    case 'max': return coin(r) ? 0.75 : Infinity;
    case 'epsilon': return pick(r, [1e-5, 1e-3]);
    case 'p': return between(r, 1, 2);
    case 'size': return pick(r, [1, 3, 5]);
    case 'num_groups': return 1;
    case 'depth': return 3;
    case 'block_size': return 2;
    case 'roi': return [...s.map(() => pick(r, [0, 0.1, 0.25])), ...s.map(() => pick(r, [0.8, 0.9, 1]))];
  }
  switch (def.kind) {
    case 'bool': return name === 'allowzero' || name === 'noop_with_empty_axes' ? false : coin(r);
    case 'float': return pick(r, [0.1, 0.5, 1, 1.5, 2]);
    case 'int': return between(r, 0, 2);
    default: return undefined;
  }
}

/** A new shape with the same number of elements: its factors regrouped, sometimes with a -1 or a 0 (copy) entry. */
function reshapeTarget(r: Rng, s: readonly number[]): number[] {
  const factors = s.flatMap(primeFactors);
  const rank = between(r, 1, 4);
  const out = Array.from({ length: rank }, () => 1);
  for (const f of shuffle(r, factors)) out[randInt(r, rank)]! *= f;
  if (coin(r, 0.2)) out[randInt(r, rank)] = -1;
  else if (coin(r, 0.1) && s.length && out[0] === s[0]) out[0] = 0;
  return out;
}

function primeFactors(n: number): number[] {
  const out: number[] = [];
  for (let p = 2; n > 1; p++) for (; n % p === 0; n /= p) out.push(p);
  return out;
}
