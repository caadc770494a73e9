// What the compile passes share: the input, the targets and their patterns, the choices made, and
// the decision log that explains each op's fate. Everything a caller sees is plain data.
import type { CompileTarget, Diagnostic, Operation, Value } from '../ir';
import type { EntryGraph } from './graph';
import type { MemoryPlan } from './memory/plan';
import type { Match } from './patterns/matcher';
import type { Pattern } from './patterns/pattern';
import type { ResourceLimits } from '../ir/limits';

export type Granularity = 'coarse' | 'per-target' | 'per-subgraph';

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
  /** Called after each pass, with its index and name. */
  onProgress?: (pass: number, total: number, name: string) => void;
  /** Checked between passes; a cancelled compile throws CompileCancelled. */
  isCancelled?: () => boolean;
  /** Resource limits; the compile checks `compileTimeoutMs` between passes (DEFAULT_LIMITS where not given). */
  limits?: Partial<ResourceLimits>;
}

/** One op's fate: which pattern took it, which were tried and why they were rejected. */
export interface Decision {
  readonly op: string;
  readonly opName: string;
  taken?: { pattern: string; target: string; subgraph: string };
  readonly rejected: { pattern: string; target: string; reason: string }[];
}

export interface SubgraphInfo {
  /** Symbol of the subgraph op (shared by identical subgraphs). */
  symbol: string;
  readonly target: string;
  readonly pattern: string;
  readonly ops: readonly Operation[];
  readonly inputs: readonly Value[];
  readonly outputs: readonly Value[];
}

export interface PartitionInfo {
  readonly name: string;
  readonly target: string;
  /** Indices into `CompileState.schedule` (which is in execution order once partitioned). */
  steps: number[];
  /** Partitions whose results this one reads, or whose memory it reuses. */
  dependsOn: string[];
}

export class CompileCancelled extends Error {
  override name = 'CompileCancelled';
}

export class CompileError extends Error {
  override name = 'CompileError';
  constructor(message: string, readonly diagnostics: readonly Diagnostic[] = []) {
    super(message);
  }
}

export class CompileState {
  entry!: Operation;
  graph!: EntryGraph;
  patterns: Pattern[] = [];
  candidates: Match[] = [];
  selected: Match[] = [];
  /** Subgraph invocations in program order: step i invokes schedule[i]. */
  schedule: SubgraphInfo[] = [];
  partitions: PartitionInfo[] = [];
  plan?: MemoryPlan;
  /** The plan's tensor id for each scratch value. */
  planIds = new Map<Value, string>();
  /** Results of elided reshapes: each is a view of the memory of the value it maps to. */
  readonly aliases = new Map<Value, Value>();

  /** The value whose memory `v` lives in (itself unless it is an elided reshape's result). */
  memoryOf(v: Value): Value {
    let r = v;
    for (let next = this.aliases.get(r); next; next = this.aliases.get(r)) r = next;
    return r;
  }
  output?: Operation;
  readonly decisions = new Map<Operation, Decision>();
  readonly passTimes: { pass: string; ms: number }[] = [];
  /** Specialization answers by request structure ('' = accepted). */
  readonly specializationCache = new Map<string, string>();

  constructor(readonly input: Operation, readonly targets: readonly CompileTarget[], readonly options: CompileOptions) {}

  decision(op: Operation): Decision {
    let d = this.decisions.get(op);
    if (!d) {
      d = { op: op.results[0]?.nameHint ? `%${op.results[0].nameHint}` : `${op.name}#${this.graph.position.get(op)}`, opName: op.name, rejected: [] };
      this.decisions.set(op, d);
    }
    return d;
  }
}

/** One step of the pipeline (src/compiler/pipeline.ts). */
export interface Pass {
  readonly name: string;
  run(state: CompileState): void;
}
