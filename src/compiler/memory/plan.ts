// Memory planning: every intermediate tensor gets an offset in a scratch arena. Liveness over the
// schedule, in-place reuse for elementwise steps whose input dies there, offsets by greedy-by-size
// best fit (Pisarchyk & Lee 2020, "Efficient Memory Management for Deep Neural Net Inference"),
// arenas split at the binding size limit, and the implicit dependencies that reuse introduces.

export interface PlanTensor {
  readonly id: string;
  readonly bytes: number;
  /** The step that writes it. */
  readonly writer: number;
  /** The steps that read it (its life ends at the last). */
  readonly readers: readonly number[];
  /** A tensor this one may overwrite in place: it dies at this tensor's writer step. */
  readonly inPlaceOf?: string;
}

export interface PlannedTensor extends PlanTensor {
  readonly arena: number;
  readonly offset: number;
  /** Bytes reserved: `bytes` rounded up to the alignment. */
  readonly size: number;
  readonly start: number;
  readonly end: number;
  /** Set when it took over the memory of `inPlaceOf`. */
  readonly inPlace: boolean;
}

export interface ImplicitDependency {
  /** Step `after` overwrites memory that step `before` still reads, with no data path between them. */
  readonly before: number;
  readonly after: number;
  readonly tensor: string;
  readonly overwrites: string;
}

export interface MemoryPlan {
  readonly alignment: number;
  readonly tensors: readonly PlannedTensor[];
  /** Size of each scratch arena in bytes. */
  readonly arenas: readonly number[];
  readonly scratchBytes: number;
  /** The largest sum of simultaneously live (aligned) bytes: no plan can be smaller. */
  readonly lowerBound: number;
  /** One buffer per tensor. */
  readonly naiveBytes: number;
  readonly implicitDependencies: readonly ImplicitDependency[];
}

export interface PlanOptions {
  alignment?: number;
  /** The largest buffer one binding may view (WebGPU maxStorageBufferBindingSize). */
  maxArenaBytes?: number;
  /** Whether step `a` must finish before step `b` starts through data dependencies alone. */
  dependsOn?: (a: number, b: number) => boolean;
}

export class MemoryPlanError extends Error {
  override name = 'MemoryPlanError';
}

const DEFAULT_MAX_ARENA = 128 * 1024 * 1024;

interface Group {
  members: PlanTensor[];
  size: number;
  start: number;
  end: number;
  arena: number;
  offset: number;
}

export function planMemory(tensors: readonly PlanTensor[], options: PlanOptions = {}): MemoryPlan {
  const alignment = options.alignment ?? 256;
  const maxArena = options.maxArenaBytes ?? DEFAULT_MAX_ARENA;
  const align = (n: number) => Math.ceil(n / alignment) * alignment;
  const lifetime = (t: PlanTensor): [number, number] => [t.writer, Math.max(t.writer, ...t.readers)];

  // In place: a tensor joins the group of the input it overwrites when sizes match and lives don't clash.
  const groupOf = new Map<string, Group>();
  const groups: Group[] = [];
  const byId = new Map(tensors.map((t) => [t.id, t]));
  for (const t of [...tensors].sort((a, b) => a.writer - b.writer)) {
    const [start, end] = lifetime(t);
    const host = t.inPlaceOf !== undefined ? groupOf.get(t.inPlaceOf) : undefined;
    const hostTensor = t.inPlaceOf !== undefined ? byId.get(t.inPlaceOf) : undefined;
    if (host && hostTensor && align(hostTensor.bytes) === align(t.bytes) && host.end <= start) {
      host.members.push(t);
      host.end = Math.max(host.end, end);
      groupOf.set(t.id, host);
      continue;
    }
    const g: Group = { members: [t], size: align(t.bytes), start, end, arena: -1, offset: -1 };
    if (g.size > maxArena) {
      throw new MemoryPlanError(`tensor ${t.id} needs ${t.bytes} bytes, more than one binding may view (${maxArena} bytes, maxStorageBufferBindingSize)`);
    }
    groups.push(g);
    groupOf.set(t.id, g);
  }

  // Greedy by size with best fit (biggest first, each in the smallest gap among the tensors it
  // overlaps in time), tried with a few tie-breaks, with greedy-by-breadth order and with first fit;
  // the smallest plan wins.
  const orders: ((a: Group, b: Group) => number)[] = [
    (a, b) => b.size - a.size || a.start - b.start,
    (a, b) => b.size - a.size || (b.end - b.start) - (a.end - a.start) || a.start - b.start,
    (a, b) => b.size * (b.end - b.start + 1) - a.size * (a.end - a.start + 1) || a.start - b.start,
    (a, b) => a.start - b.start || b.size - a.size,
  ];
  const lb = lowerBoundOf(groups);
  let best: { placed: Group[][]; total: number; at: Map<Group, [number, number]> } | undefined;
  for (const [order, firstFit] of orders.flatMap((o) => [[o, false], [o, true]] as const)) {
    if (best && best.total === lb) break;
    const placed: Group[][] = [];
    const at = new Map<Group, [number, number]>();
    for (const g of [...groups].sort(order)) {
      for (let arena = 0; ; arena++) {
        placed[arena] ??= [];
        const offset = bestFit(placed[arena]!, g, at, firstFit);
        if (offset + g.size <= maxArena) {
          at.set(g, [arena, offset]);
          placed[arena]!.push(g);
          placed[arena]!.sort((a, b) => at.get(a)![1] - at.get(b)![1]);
          break;
        }
      }
    }
    const total = placed.reduce((n, list) => n + list.reduce((m, g) => Math.max(m, at.get(g)![1] + g.size), 0), 0);
    if (!best || total < best.total) best = { placed, total, at };
  }
  for (const [g, [arena, offset]] of best?.at ?? []) {
    g.arena = arena;
    g.offset = offset;
  }
  const placed = best?.placed ?? [];
  const arenas = placed.map((list) => list.reduce((m, g) => Math.max(m, g.offset + g.size), 0));

  const lowerBound = lb;

  const planned: PlannedTensor[] = tensors.map((t) => {
    const g = groupOf.get(t.id)!;
    const [start, end] = lifetime(t);
    return { ...t, arena: g.arena, offset: g.offset, size: g.size, start, end, inPlace: g.members[0] !== t };
  });
  return {
    alignment, tensors: planned, arenas, scratchBytes: arenas.reduce((a, b) => a + b, 0), lowerBound,
    naiveBytes: tensors.reduce((n, t) => n + align(t.bytes), 0),
    implicitDependencies: implicitDependencies(planned, options.dependsOn ?? (() => false)),
  };
}

/** The offset for `g`: the smallest gap that fits (or, with `firstFit`, the lowest), else the end. */
/** The most aligned bytes live at once (in-place groups count once): no plan can be smaller. */
function lowerBoundOf(groups: readonly Group[]): number {
  const delta = new Map<number, number>();
  for (const g of groups) {
    delta.set(g.start, (delta.get(g.start) ?? 0) + g.size);
    delta.set(g.end + 1, (delta.get(g.end + 1) ?? 0) - g.size);
  }
  let live = 0;
  let max = 0;
  for (const step of [...delta.keys()].sort((a, b) => a - b)) {
    live += delta.get(step)!;
    max = Math.max(max, live);
  }
  return max;
}

function bestFit(placed: readonly Group[], g: Group, at: ReadonlyMap<Group, [number, number]>, firstFit: boolean): number {
  let prevEnd = 0;
  let best: number | undefined;
  let bestGap = Infinity;
  for (const x of placed) {
    if (x.end < g.start || g.end < x.start) continue;
    const offset = at.get(x)![1];
    const gap = offset - prevEnd;
    if (gap >= g.size && gap < bestGap) {
      bestGap = gap;
      best = prevEnd;
      if (firstFit) return best;
    }
    prevEnd = Math.max(prevEnd, offset + x.size);
  }
  return best ?? prevEnd;
}

/** Reuse orders a later writer after every earlier reader of the same bytes; keep those data don't imply. */
function implicitDependencies(tensors: readonly PlannedTensor[], dependsOn: (a: number, b: number) => boolean): ImplicitDependency[] {
  const out: ImplicitDependency[] = [];
  const seen = new Set<string>();
  for (const late of tensors) {
    for (const early of tensors) {
      if (early === late || early.arena !== late.arena || early.end > late.writer || early.end === late.start && early.id === late.inPlaceOf) continue;
      if (early.offset >= late.offset + late.size || late.offset >= early.offset + early.size) continue;
      if (early.end >= late.start) continue;
      for (const r of [early.writer, ...early.readers]) {
        if (r === late.writer || dependsOn(r, late.writer)) continue;
        const key = `${r}>${late.writer}`;
        if (seen.has(key)) continue;
        seen.add(key);
        out.push({ before: r, after: late.writer, tensor: late.id, overwrites: early.id });
      }
    }
  }
  return out.sort((a, b) => a.after - b.after || a.before - b.before);
}
