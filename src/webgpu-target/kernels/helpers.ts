// Shared pieces of the non-elementwise generators: reading attributes with defaults, and emitting
// nested loops whose bodies pull values in their own scope.
import { type Operation, type Value, ctxOf } from '../../ir';
import { type Scope } from '../wgsl/builder';
import { size } from '../wgsl/params';

export { ctxOf };

/**
 * Emits `for` loops over `bounds` (one index variable each) and runs `body` in the innermost scope.
 * The bounds are sizes (wgsl/params.ts): literals in a kernel specialized to its sizes, uniforms in one
 * whose sizes are uniforms (a first tier's: a depthwise 3×3 and 5×5 window share one pipeline there).
 */
export function loops(scope: Scope, vars: readonly string[], bounds: readonly number[], body: (inner: Scope) => void): void {
  if (!vars.length) {
    body(scope);
    return;
  }
  const inner = scope.child();
  scope.emit(`for (var ${vars[0]} = 0i; ${vars[0]} < ${size(bounds[0]!)}; ${vars[0]}++) {`);
  loops(inner, vars.slice(1), bounds.slice(1), body);
  scope.lines.push(...inner.lines);
  scope.emit('}');
}

/** Emits `if (cond) { … }` with `body` in its own scope. */
export function when(scope: Scope, cond: string, body: (inner: Scope) => void): void {
  if (cond === 'true') {
    body(scope);
    return;
  }
  const inner = scope.child();
  body(inner);
  scope.emit(`if (${cond}) {`);
  scope.lines.push(...inner.lines);
  scope.emit('}');
}

export function normAxis(axis: number, rank: number): number {
  return axis < 0 ? axis + rank : axis;
}

export interface ConvParams {
  readonly x: Value;
  readonly w: Value;
  readonly groups: number;
  /** Input channels per group. */
  readonly Cg: number;
  /** Kernel spatial extent (the filter's dims after the two channel dims). */
  readonly kernel: number[];
  readonly strides: readonly number[];
  readonly dilations: readonly number[];
  readonly startPadding: readonly number[];
}

/** What every convolution kernel (direct, transposed, tiled) reads from the op, once. */
export function convParams(op: Operation): ConvParams {
  const ctx = ctxOf(op);
  const [x, w] = op.operands as [Value, Value];
  const groups = ctx.int('groups');
  return {
    x, w, groups, Cg: x.type.shape[1]! / groups, kernel: w.type.shape.slice(2),
    strides: ctx.ints('strides'), dilations: ctx.ints('dilations'), startPadding: ctx.ints('start_padding'),
  };
}

/**
 * WGSL that sums each of `values` (one per thread, `threads` a power of two, the thread's index
 * `lidx: u32`) over the workgroup in `array` (declared by the caller with values.length × threads
 * elements, value i at i × threads): a store, then a halving tree with a barrier per level. Afterwards
 * value i's total is `array[i × threads]`, readable by every thread.
 */
export function workgroupSums(array: string, values: readonly string[], threads: number, indent = '  '): string {
  const at = (i: number) => `${array}[${i * threads}u + lidx]`;
  return [
    ...values.map((v, i) => `${at(i)} = ${v};`),
    'workgroupBarrier();',
    `for (var tree_s = ${threads / 2}u; tree_s > 0u; tree_s = tree_s / 2u) {`,
    '  if (lidx < tree_s) {',
    ...values.map((_, i) => `    ${at(i)} += ${array}[${i * threads}u + lidx + tree_s];`),
    '  }',
    '  workgroupBarrier();',
    '}',
  ].map((l) => indent + l).join('\n');
}
