// Offsets for blocks that live over step intervals (dynamic storage allocation): greedy best fit
// over a few orders, then a bounded squeaky-wheel search over the order until the lower bound.

export interface Block {
  /** Aligned bytes. */
  readonly size: number;
  readonly start: number;
  readonly end: number;
}

export interface Placement {
  readonly arena: readonly number[];
  readonly offset: readonly number[];
  /** Size of each arena in bytes. */
  readonly arenas: readonly number[];
}

export interface PlaceOptions {
  /** The largest arena; a block that does not fit under it in one arena goes to the next. */
  readonly maxArena: number;
  /** No placement can be smaller: the search stops when it reaches it. */
  readonly lowerBound: number;
  /** Conflict visits the search may spend after the first orders (bounds its time on large graphs). */
  readonly budget?: number;
}

/** Conflict visits for the search: 64 rounds over the generated 2,000-op network's 802 tensors cost
 * 205,000 (about 20 ms); a graph with more conflicts than 6,250 gets fewer rounds, one past 400,000 none. */
const DEFAULT_BUDGET = 400_000;
const MAX_ROUNDS = 64;

type Order = (a: Block, b: Block) => number;

// Greedy by size with tie-breaks (start, longer life), by size × life, and by start (greedy by
// breadth); each with best fit and with first fit.
const ORDERS: readonly Order[] = [
  (a, b) => b.size - a.size || a.start - b.start,
  (a, b) => b.size - a.size || (b.end - b.start) - (a.end - a.start) || a.start - b.start,
  (a, b) => b.size * (b.end - b.start + 1) - a.size * (a.end - a.start + 1) || a.start - b.start,
  (a, b) => a.start - b.start || b.size - a.size,
];

export function placeBlocks(blocks: readonly Block[], options: PlaceOptions): Placement {
  const conflicts = conflictsOf(blocks);
  const pass = (order: readonly number[], firstFit: boolean) => greedy(blocks, conflicts, order, firstFit, options.maxArena);
  let best: { placement: Placement; total: number; order: readonly number[]; firstFit: boolean } | undefined;
  const keep = (order: readonly number[], firstFit: boolean) => {
    const placement = pass(order, firstFit);
    const total = placement.arenas.reduce((a, b) => a + b, 0);
    if (!best || total < best.total) best = { placement, total, order, firstFit };
    return placement;
  };
  for (const o of ORDERS) {
    const order = [...blocks.keys()].sort((a, b) => o(blocks[a]!, blocks[b]!));
    for (const firstFit of [false, true]) {
      keep(order, firstFit);
      if (best!.total <= options.lowerBound) return best!.placement;
    }
  }
  if (!best) return { arena: [], offset: [], arenas: [] };

  // Squeaky wheel (Joslin & Clements 1999): the blocks that end above the lower bound (or spill
  // into a later arena) move three quarters of the way to the front of the order, and the greedy
  // pass runs again with the fit of the best plan so far. A tight plan must pack the blocks live at
  // each peak without gaps; promoting the ones that stuck out lets the blocks they must fit around
  // (a residual stream beside the widest activations) claim their place first.
  const work = blocks.length + conflicts.reduce((n, c) => n + c.length, 0);
  const rounds = Math.min(MAX_ROUNDS, Math.floor((options.budget ?? DEFAULT_BUDGET) / work));
  const firstFit = best.firstFit;
  let order = best.order;
  let placement = best.placement;
  for (let round = 0; round < rounds; round++) {
    const rank = new Float64Array(blocks.length);
    order.forEach((i, k) => {
      const top = placement.offset[i]! + blocks[i]!.size;
      rank[i] = placement.arena[i]! > 0 || top > options.lowerBound ? k - Math.max(1, (3 * k) >> 2) - 0.5 : k;
    });
    order = [...order].sort((a, b) => rank[a]! - rank[b]!);
    placement = keep(order, firstFit);
    if (best.total <= options.lowerBound) break;
  }
  return best.placement;
}

/** For each block, the blocks whose lives overlap its own. */
function conflictsOf(blocks: readonly Block[]): number[][] {
  const out: number[][] = blocks.map(() => []);
  const byStart = [...blocks.keys()].sort((a, b) => blocks[a]!.start - blocks[b]!.start);
  for (let x = 0; x < byStart.length; x++) {
    const i = byStart[x]!;
    for (let y = x + 1; y < byStart.length && blocks[byStart[y]!]!.start <= blocks[i]!.end; y++) {
      out[i]!.push(byStart[y]!);
      out[byStart[y]!]!.push(i);
    }
  }
  return out;
}

/** Places blocks in `order`, each in the smallest gap (or, with `firstFit`, the lowest) among the placed blocks it overlaps in time. */
function greedy(blocks: readonly Block[], conflicts: readonly number[][], order: readonly number[], firstFit: boolean, maxArena: number): Placement {
  const arena = new Array<number>(blocks.length).fill(-1);
  const offset = new Array<number>(blocks.length).fill(-1);
  const arenas: number[] = [];
  const near: number[] = [];
  for (const i of order) {
    const b = blocks[i]!;
    for (let a = 0; ; a++) {
      near.length = 0;
      for (const j of conflicts[i]!) if (arena[j] === a) near.push(j);
      near.sort((x, y) => offset[x]! - offset[y]!);
      let end = 0;
      let fit = -1;
      let fitGap = Infinity;
      for (const j of near) {
        const gap = offset[j]! - end;
        if (gap >= b.size && gap < fitGap) {
          fit = end;
          fitGap = gap;
          if (firstFit) break;
        }
        end = Math.max(end, offset[j]! + blocks[j]!.size);
      }
      const at = fit >= 0 ? fit : end;
      if (at + b.size <= maxArena) {
        arena[i] = a;
        offset[i] = at;
        arenas[a] = Math.max(arenas[a] ?? 0, at + b.size);
        break;
      }
    }
  }
  return { arena, offset, arenas };
}
