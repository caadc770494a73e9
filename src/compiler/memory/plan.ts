// Memory planning: every intermediate tensor gets an offset in a scratch arena. Liveness over the
// schedule, in-place reuse for elementwise steps whose input dies there, offsets from place.ts
// (greedy best fit, then a search toward the lower bound), arenas split at the binding size limit
// and, with `arenas: 'per-branch'`, by branch; and the implicit dependencies that reuse introduces.
import { type ArenaSetting, CgcError, maxOf, validateArenas } from '../../core';
import { branchArenas } from './branches';
import { placeBlocks } from './place';


export interface PlanTensor {
  readonly id: string;
  readonly bytes: number;
  /** The step that writes it. */
  readonly writer: number;
  /** The steps that read it (its life ends at the last). */
  readonly readers: readonly number[];
  /** A tensor this one may overwrite in place: it dies at this tensor's writer step. */
  readonly inPlaceOf?: string;
  /** Steps after `writer` that write parts of it (an elided concat's other producers); `readers` has them too. */
  readonly laterWriters?: readonly number[];
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
  /** The setting the plan was made with. */
  readonly arenaSetting: ArenaSetting;
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
  /** 'one' by default. */
  arenas?: ArenaSetting;
}

export class MemoryPlanError extends CgcError {
  override name = 'MemoryPlanError';
  constructor(message: string) {
    super('compile', message);
  }
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
  const lifetime = (t: PlanTensor): [number, number] => [t.writer, maxOf(t.readers, t.writer)];

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

  const lowerBound = lowerBoundOf(groups);
  const setting = validateArenas(options.arenas);
  const dependsOn = options.dependsOn ?? (() => false);
  const branch = setting === 'per-branch'
    ? branchArenas(groups.map(accessesOf), tensors.reduce((n, t) => Math.max(n, lifetime(t)[1] + 1), 0), dependsOn)
    : groups.map(() => 0);
  // Each branch placed on its own; its arenas (more where one passes the binding size limit) follow the previous branch's.
  const arenas: number[] = [];
  for (let b = 0; groups.some((_, i) => branch[i] === b); b++) {
    const mine = groups.filter((_, i) => branch[i] === b);
    const placement = placeBlocks(mine, { maxArena, lowerBound: lowerBoundOf(mine) });
    mine.forEach((g, i) => {
      g.arena = arenas.length + placement.arena[i]!;
      g.offset = placement.offset[i]!;
    });
    arenas.push(...placement.arenas);
  }

  const planned: PlannedTensor[] = tensors.map((t) => {
    const g = groupOf.get(t.id)!;
    const [start, end] = lifetime(t);
    return { ...t, arena: g.arena, offset: g.offset, size: g.size, start, end, inPlace: g.members[0] !== t };
  });
  return {
    arenaSetting: setting, alignment, tensors: planned, arenas, scratchBytes: arenas.reduce((a, b) => a + b, 0), lowerBound,
    naiveBytes: tensors.reduce((n, t) => n + align(t.bytes), 0),
    implicitDependencies: implicitDependencies(planned, dependsOn),
  };
}

/** The steps that write an in-place group's memory, and those that read or write it. */
function accessesOf(g: Group): { writes: number[]; accesses: number[] } {
  const writes = g.members.flatMap((t) => [t.writer, ...t.laterWriters ?? []]);
  return { writes, accesses: [...writes, ...g.members.flatMap((t) => t.readers)] };
}

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

/** Reuse orders a later writer after every earlier reader of the same bytes; keep those data don't imply. */
function implicitDependencies(tensors: readonly PlannedTensor[], dependsOn: (a: number, b: number) => boolean): ImplicitDependency[] {
  // Each arena's tensors by offset: the earlier tenants of a tensor's bytes are a scan that stops at its top.
  const offset = Float64Array.from(tensors, (t) => t.offset);
  const top = Float64Array.from(tensors, (t) => t.offset + t.size);
  const end = Int32Array.from(tensors, (t) => t.end);
  const byOffset = new Map<number, number[]>();
  tensors.forEach((t, i) => {
    if (!byOffset.has(t.arena)) byOffset.set(t.arena, []);
    byOffset.get(t.arena)!.push(i);
  });
  for (const list of byOffset.values()) list.sort((a, b) => offset[a]! - offset[b]!);
  const steps = tensors.reduce((n, t) => Math.max(n, t.end + 1), 0);
  const out: ImplicitDependency[] = [];
  const seen = new Set<number>();
  const tenants: number[] = [];
  tensors.forEach((late, l) => {
    tenants.length = 0;
    for (const i of byOffset.get(late.arena)!) {
      if (offset[i]! >= top[l]!) break;
      // An in-place host dies at its successor's start, so it is no earlier tenant either.
      if (end[i]! < late.start && top[i]! > offset[l]!) tenants.push(i);
    }
    tenants.sort((a, b) => a - b);
    for (const i of tenants) {
      const early = tensors[i]!;
      // Every step that writes the late tensor (an elided concat's part writers too) overwrites them.
      for (const writer of [late.writer, ...late.laterWriters ?? []]) {
        const visit = (r: number) => {
          const key = r * steps + writer;
          if (r === writer || seen.has(key) || dependsOn(r, writer)) return;
          seen.add(key);
          out.push({ before: r, after: writer, tensor: late.id, overwrites: early.id });
        };
        visit(early.writer);
        early.readers.forEach(visit);
      }
    }
  });
  return out.sort((a, b) => a.after - b.after || a.before - b.before);
}
