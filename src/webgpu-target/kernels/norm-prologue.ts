// Layer normalization as a GEMM's prologue (@matmul_norm_prologue): the A operand's rows are
// normalized as the tile loads them, their mean and variance computed once per thread and row, before
// the K loop, instead of a kernel of their own writing the normalized tensor.
import type { Operation } from '../../ir';
import { type KernelBuilder, KernelDecline, type Scope, convert, literal } from '../wgsl/builder';
import { ctxOf, loops, normAxis } from './helpers';

/**
 * Makes every layer normalization over the last axis inside `b`'s kernel read its row statistics from
 * the scope the caller names at read time (`hoisted()`: code run once per thread and row) and
 * normalize each element as it is read. A statistic whose row coordinates depend on the K index
 * cannot be hoisted: the kernel is declined, and the normalization keeps its own kernel.
 */
export function hoistNormalizations(b: KernelBuilder, hoisted: () => { scope: Scope; k: string; guard: string }): void {
  for (const op of b.inside) {
    if (op.opName !== 'layer_normalization') continue;
    const stats = new Map<string, { mean: string; rstd: string }>();
    b.override(op, (_b, ln, coords, scope) => {
      const { scope: hoist, k, guard } = hoisted();
      const rank = ln.operands[0]!.type.shape.length;
      if (normAxis(ctxOf(ln).int('axis'), rank) !== rank - 1) throw new KernelDecline('a GEMM normalizes its operand\'s rows only over their last axis');
      const row = coords.slice(0, -1);
      if (row.some((c) => new RegExp(`\\b${k}\\b`).test(c))) throw new KernelDecline('a GEMM normalizes its operand only where rows do not depend on K');
      const key = row.join(',');
      if (!stats.has(key)) stats.set(key, rowStatistics(b, ln, row, hoist, guard));
      const { mean, rstd } = stats.get(key)!;
      const [x, scale, bias] = ln.operands;
      const shape = x!.type.shape;
      const v = convert(b.value(x!, coords, scope), 'f32');
      let e = `(${v} - ${mean}) * ${rstd} * ${convert(b.valueBroadcast(scale!, coords, shape, scope), 'f32')}`;
      if (bias) e = `${e} + ${convert(b.valueBroadcast(bias, coords, shape, scope), 'f32')}`;
      return { expr: `(${e})`, type: 'f32' };
    });
  }
}

/** The row's mean and 1/√(variance + ε), two passes over it as the row kernel takes them, emitted into `hoist` (only where `guard` holds). */
function rowStatistics(b: KernelBuilder, ln: Operation, row: readonly string[], hoist: Scope, guard: string): { mean: string; rstd: string } {
  const x = ln.operands[0]!;
  const n = x.type.shape.at(-1)!;
  const mean = b.fresh('ln_mean');
  const vr = b.fresh('ln_var');
  const rstd = b.fresh('ln_rstd');
  const j = b.fresh('ln_j');
  hoist.emit(`var ${mean} = 0.0f;`);
  hoist.emit(`var ${vr} = 0.0f;`);
  hoist.emit(`if (${guard}) {`);
  const inside = hoist.child();
  loops(inside, [j], [n], (inner) => inner.emit(`${mean} += ${convert(b.value(x, [...row, j], inner), 'f32')};`));
  inside.emit(`${mean} = ${mean} / ${literal(n, 'f32')};`);
  loops(inside, [j], [n], (inner) => {
    const v = convert(b.value(x, [...row, j], inner), 'f32');
    inner.emit(`${vr} += (${v} - ${mean}) * (${v} - ${mean});`);
  });
  hoist.lines.push(...inside.lines);
  hoist.emit('}');
  hoist.emit(`let ${rstd} = 1.0f / sqrt(${vr} / ${literal(n, 'f32')} + ${literal(ctxOf(ln).float('epsilon'), 'f32')});`);
  return { mean, rstd };
}
