// What the compile passes share: the input, the targets and their patterns, the choices made, and
// the decision log that explains each op's fate. Everything a caller sees is plain data.
import { type ArenaSetting, CgcError, type Granularity } from '../core';
import type { Attribute, CompileTarget, Diagnostic, Operation, Value } from '../ir';
import type { EntryGraph } from './graph';
import type { MemoryPlan } from './memory/plan';
import type { Match } from './patterns/matcher';
import type { Pattern } from './patterns/pattern';
import type { ResourceLimits } from '../ir/limits';

export interface CompileOptions {
  granularity?: Granularity;
  /** Byte alignment of scratch offsets (minStorageBufferOffsetAlignment). */
  alignment?: number;
  /**
   * Let an all-elementwise subgraph write over an input that dies there. Off by default: WebGPU
   * forbids a writable binding that overlaps another binding of the same dispatch, so in-place
   * steps need kernels that bind one range for both.
   */
  inPlace?: boolean;
  /** Largest scratch arena one binding may view (maxStorageBufferBindingSize). */
  maxArenaBytes?: number;
  /**
   * One scratch arena ('one', the default: least memory), or one per branch ('per-branch': steps
   * that may run at the same time share no buffer, and reuse adds no implicit dependencies).
   */
  arenas?: ArenaSetting;
  /** Called after each pass, with its index and name. */
  onProgress?: (pass: number, total: number, name: string) => void;
  /** Checked between passes; a cancelled compile throws CompileCancelled. */
  isCancelled?: () => boolean;
  /** Resource limits; the compile checks `compileTimeoutMs` between passes (DEFAULT_LIMITS where not given). */
  limits?: Partial<ResourceLimits>;
}

/** A target's answer to one specialization request. */
export type Specialization = { readonly declined: string } | { readonly declined?: undefined; readonly configuration?: Attribute };

/** One op's fate: which pattern took it, which were tried and why they were rejected. */
export interface Decision {
  readonly op: string;
  readonly opName: string;
  taken?: { pattern: string; target: string; subgraph: string };
  /** `declined`: the target was asked and declined the concrete subgraph (the reason is its answer). */
  readonly rejected: { pattern: string; target: string; reason: string; declined?: true }[];
}

export interface SubgraphInfo {
  /** Symbol of the subgraph op (shared by identical subgraphs). */
  symbol: string;
  readonly target: string;
  readonly pattern: string;
  readonly ops: readonly Operation[];
  readonly inputs: readonly Value[];
  readonly outputs: readonly Value[];
  /** Its target's configuration from the specialization answer, recorded on the subgraph unread. */
  readonly configuration?: Attribute;
}

/** Where a value's bytes live in another value's memory (CompileState.aliases). */
export interface View {
  readonly of: Value;
  /** Byte offset into `of`'s memory. */
  readonly offset: number;
  /** A part of `of` written in place by its producer (an input of an elided concat; or, whole, the input of a reshape into a program output). */
  readonly part?: true;
  /** The parts whose writers write this view's bytes, where they are not all of `of`'s (a concat that is the first bytes of a longer one). */
  readonly writtenBy?: readonly Value[];
}

export interface PartitionInfo {
  readonly name: string;
  readonly target: string;
  /** Indices into `CompileState.schedule` (which is in execution order once partitioned). */
  steps: number[];
  /**
   * Partitions this one must wait for: those whose results it reads and, from the `dependencies`
   * pass on, those whose scratch memory it overwrites (`reuseDependsOn`).
   */
  dependsOn: string[];
  /** The partitions in `dependsOn` only because of memory reuse: no data path leads from them. */
  reuseDependsOn: string[];
}

/** What a step (an index into `CompileState.schedule`) must wait for. */
export interface StepDependencies {
  /** Steps whose results it reads, and steps whose memory it overwrites (`reuseDependsOn`). */
  readonly dependsOn: readonly number[];
  /** The steps in `dependsOn` only because it overwrites scratch they read or write: the plan's implicit dependencies. */
  readonly reuseDependsOn: readonly number[];
}

export class CompileCancelled extends CgcError {
  override name = 'CompileCancelled';
  constructor(message: string) {
    super('cancelled', message);
  }
}

export class CompileError extends CgcError {
  override name = 'CompileError';
  constructor(message: string, readonly diagnostics: readonly Diagnostic[] = []) {
    super('compile', message);
  }
}

export class CompileState {
  /** The compile's copy of the input module (verify-input makes it): the passes rewrite its entry point, never the caller's. */
  module!: Operation;
  entry!: Operation;
  graph!: EntryGraph;
  patterns: Pattern[] = [];
  candidates: Match[] = [];
  selected: Match[] = [];
  /** Subgraph invocations in program order: step i invokes schedule[i]. */
  schedule: SubgraphInfo[] = [];
  partitions: PartitionInfo[] = [];
  plan?: MemoryPlan;
  /** Per step, its data and memory-reuse dependencies (the `dependencies` pass). */
  stepDependencies: StepDependencies[] = [];
  /** The plan's tensor id for each scratch value. */
  planIds = new Map<Value, string>();
  /**
   * Values that live in another value's memory: an elided reshape's result (all of its input's
   * bytes), a part of an elided concat's result (an input its producer writes in place), or the
   * input of an elided reshape into a program output (written in place of the output).
   */
  readonly aliases = new Map<Value, View>();

  /** The value whose memory `v` lives in (itself unless it is a view). */
  memoryOf(v: Value): Value {
    let r = v;
    for (let next = this.aliases.get(r); next; next = this.aliases.get(r)) r = next.of;
    return r;
  }

  /** Where `v`'s bytes start in `memoryOf(v)`. */
  offsetIn(v: Value): number {
    let offset = 0;
    for (let next = this.aliases.get(v); next; next = this.aliases.get(next.of)) offset += next.offset;
    return offset;
  }

  /**
   * memoryOf and offsetIn for many values at once, from the aliases as they are now: each chain of
   * views is walked once (walking it from every view of a chain of n reshapes would be n² steps).
   */
  viewRoots(): (v: Value) => { root: Value; offset: number } {
    const known = new Map<Value, { root: Value; offset: number }>();
    return (v) => {
      const path: Value[] = [];
      let at = v;
      let found: { root: Value; offset: number } | undefined;
      for (let next = this.aliases.get(at); next && !(found = known.get(at)); next = this.aliases.get(at)) {
        path.push(at);
        at = next.of;
      }
      found ??= known.get(at) ?? { root: at, offset: 0 };
      for (let i = path.length - 1; i >= 0; i--) {
        found = { root: found.root, offset: found.offset + this.aliases.get(path[i]!)!.offset };
        known.set(path[i]!, found);
      }
      return found;
    };
  }

  /**
   * The steps that write the bytes a reader of `v` sees: its own writer; for a reshape's view, its
   * input's writers; for an elided concat's result, every part's writer (of a concat viewed in a
   * longer one, its own parts'). Built from the schedule and the aliases as they are now.
   */
  writersOf(): (v: Value) => readonly number[] {
    const direct = new Map<Value, number>();
    this.schedule.forEach((sg, step) => sg.outputs.forEach((v) => direct.set(v, step)));
    const parts = new Map<Value, Value[]>();
    for (const [v, view] of this.aliases) if (view.part) parts.set(view.of, [...(parts.get(view.of) ?? []), v]);
    const aliases = new Map(this.aliases);
    // What a value's writers come from: itself, its parts (an elided concat), or what it is a view of.
    const sources = (v: Value): readonly Value[] => {
      const whole = parts.get(v);
      if (whole) return whole;
      const view = aliases.get(v);
      if (view?.writtenBy) return view.writtenBy;
      return view ? [view.of] : [];
    };
    const memo = new Map<Value, readonly number[]>();
    const entered = new Set<Value>();
    // An explicit stack, not recursion: a chain of views is as long as the model.
    return (start: Value): readonly number[] => {
      const stack = [start];
      while (stack.length) {
        const v = stack[stack.length - 1]!;
        if (memo.has(v)) { stack.pop(); continue; }
        const d = direct.get(v);
        if (d !== undefined) { memo.set(v, [d]); stack.pop(); continue; }
        entered.add(v);
        const from = sources(v);
        const missing = from.filter((x) => !memo.has(x) && !entered.has(x));
        if (missing.length) { for (const x of missing) stack.push(x); continue; }
        memo.set(v, from.flatMap((x) => memo.get(x) ?? []));
        stack.pop();
      }
      return memo.get(start)!;
    };
  }
  output?: Operation;
  readonly decisions = new Map<Operation, Decision>();
  readonly passTimes: { pass: string; ms: number }[] = [];
  /** Specialization answers by request structure: why it was declined, or the accepted configuration. */
  readonly specializationCache = new Map<string, Specialization>();
  /** The configuration each accepted match's target gave its subgraph (where it gave one). */
  readonly configurations = new Map<Match, Attribute>();

  constructor(readonly input: Operation, readonly targets: readonly CompileTarget[], readonly options: CompileOptions) {}

  decision(op: Operation): Decision {
    let d = this.decisions.get(op);
    if (!d) {
      d = { op: this.decisionId(op), opName: op.name, rejected: [] };
      this.decisions.set(op, d);
    }
    return d;
  }

  /**
   * Records `made`, an op a rewrite put in place of `from` (a copy, or the op moved), under `from`'s
   * decision id plus `suffix`: the decision log and the app's graph, drawn from the input as
   * written, find it under the op the user wrote.
   */
  inheritDecision(made: Operation, from: Operation, suffix = ''): void {
    this.decisions.set(made, { op: `${this.decisionId(from)}${suffix}`, opName: made.name, rejected: [] });
  }

  /** The id an op's decision goes by: its result's name, else its op name and program position. */
  private decisionId(op: Operation): string {
    return op.results[0]?.nameHint ? `%${op.results[0].nameHint}` : `${op.name}#${this.graph.position.get(op)}`;
  }
}

/** One step of the pipeline (src/compiler/pipeline.ts). */
export interface Pass {
  readonly name: string;
  run(state: CompileState): void;
}
