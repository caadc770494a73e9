// Layer normalization as a GEMM's prologue (@matmul_norm_prologue): the A operand's rows are
// normalized as the tile loads them, their mean and variance computed before the K loop, once per
// workgroup and row by the threads that load the row together, instead of a kernel of their own
// writing the normalized tensor.
import type { Operation } from '../../ir';
import { type KernelBuilder, KernelDecline, type Scope, convert, literal } from '../wgsl/builder';
import type { RowThreads } from './gemm-core';
import { ctxOf, normAxis } from './helpers';

/**
 * Makes every layer normalization over the last axis inside `b`'s kernel read its row statistics from
 * the scope the caller names at read time (`hoisted()`: code run once per thread before the K loop,
 * with the threads reading the row together) and normalize each element as it is read; whether there
 * is one (the GEMM then sums rows: `GemmShape.rowStatistics`). A statistic whose row coordinates
 * depend on the K index cannot be hoisted: the kernel is declined, and the normalization keeps its own kernel.
 */
export function hoistNormalizations(b: KernelBuilder, hoisted: () => { scope: Scope; k: string; guard: string; rows: RowThreads }): boolean {
  let found = false;
  for (const op of b.inside) {
    if (op.opName !== 'layer_normalization') continue;
    found = true;
    const stats = new Map<string, { mean: string; rstd: string }>();
    b.override(op, (_b, ln, coords, scope) => {
      const { scope: hoist, k, guard, rows } = hoisted();
      const rank = ln.operands[0]!.type.shape.length;
      if (normAxis(ctxOf(ln).int('axis'), rank) !== rank - 1) throw new KernelDecline('a GEMM normalizes its operand\'s rows only over their last axis');
      const key = coords.slice(0, -1).join(',');
      if (!stats.has(key)) {
        const row = hoistedCoords(b, coords.slice(0, -1), scope, hoist, k);
        if (!row) throw new KernelDecline('a GEMM normalizes its operand only where rows do not depend on K');
        stats.set(key, rowStatistics(b, ln, row, hoist, guard, rows));
      }
      const { mean, rstd } = stats.get(key)!;
      const [x, scale, bias] = ln.operands;
      const shape = x!.type.shape;
      const v = convert(b.value(x!, coords, scope), 'f32');
      let e = `(${v} - ${mean}) * ${rstd} * ${convert(b.valueBroadcast(scale!, coords, shape, scope), 'f32')}`;
      if (bias) e = `${e} + ${convert(b.valueBroadcast(bias, coords, shape, scope), 'f32')}`;
      return { expr: `(${e})`, type: 'f32' };
    });
  }
  return found;
}

/**
 * `coords`, computed in `scope` (inside the K loop), as expressions `hoist` can compute: every name a
 * `let` of `scope` or an enclosing scope below `hoist` defines (the index arithmetic of views between
 * the normalization and the product, which the tile load emitted) is defined again in `hoist` under a
 * fresh name, after the names it reads. Undefined where a coordinate depends on `k`.
 */
function hoistedCoords(b: KernelBuilder, coords: readonly string[], scope: Scope, hoist: Scope, k: string): string[] | undefined {
  const defs = new Map<string, string>();
  for (let s: Scope | undefined = scope; s && s !== hoist; s = s.parent) {
    for (const line of s.lines) {
      const m = /^\s*let (\w+) = (.*);$/.exec(line);
      if (m && !defs.has(m[1]!)) defs.set(m[1]!, m[2]!);
    }
  }
  const renamed = new Map<string, string>();
  let dependsOnK = false;
  const rewrite = (expr: string): string => expr.replace(/\b[A-Za-z_]\w*\b/g, (name) => {
    if (name === k) dependsOnK = true;
    const def = defs.get(name);
    if (def === undefined) return name;
    let fresh = renamed.get(name);
    if (!fresh) {
      const body = rewrite(def);
      fresh = b.fresh('ln_row');
      hoist.emit(`let ${fresh} = ${body};`);
      renamed.set(name, fresh);
    }
    return fresh;
  });
  const out = coords.map(rewrite);
  return dependsOnK ? undefined : out;
}

/**
 * The row's mean and 1/√(variance + ε), two passes over it as the row kernel takes them, emitted into
 * `hoist`: each of the row's `rows.lanes` threads sums every lanes-th element (only where `guard`
 * holds), and the threads add their sums in lane order.
 */
function rowStatistics(b: KernelBuilder, ln: Operation, row: readonly string[], hoist: Scope, guard: string, rows: RowThreads): { mean: string; rstd: string } {
  const x = ln.operands[0]!;
  const n = x.type.shape.at(-1)!;
  const mean = b.fresh('ln_mean');
  const vr = b.fresh('ln_var');
  const rstd = b.fresh('ln_rstd');
  /** Emits this thread's share of the row's sum of `term(x[row, j])` as `var part`, and returns part. */
  const share = (term: (v: string) => string) => {
    const part = b.fresh('ln_part');
    const j = b.fresh('ln_j');
    hoist.emit(`var ${part} = 0.0f;`);
    hoist.emit(`if (${guard}) {`);
    const loop = hoist.child();
    loop.emit(`for (var ${j} = ${rows.lane}; ${j} < ${n}i; ${j} += ${rows.lanes}i) {`);
    const inner = loop.child();
    inner.emit(`${part} += ${term(convert(b.value(x, [...row, j], inner), 'f32'))};`);
    loop.lines.push(...inner.lines);
    loop.emit('}');
    hoist.lines.push(...loop.lines);
    hoist.emit('}');
    return part;
  };
  rows.sum(hoist, share((v) => v), mean);
  hoist.emit(`${mean} = ${mean} / ${literal(n, 'f32')};`);
  rows.sum(hoist, share((v) => `(${v} - ${mean}) * (${v} - ${mean})`), vr);
  hoist.emit(`let ${rstd} = 1.0f / sqrt(${vr} / ${literal(n, 'f32')} + ${literal(ctxOf(ln).float('epsilon'), 'f32')});`);
  return { mean, rstd };
}
