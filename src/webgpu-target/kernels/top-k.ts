// top_k as a pull: output position j along the axis is the (j+1)-th best element of its line, found
// by selection — j + 1 passes, each taking the best element ordered after the one the last pass took
// (largest or smallest first, ties to the lower index, NaN above every number as the CPU reference
// sorts). No sort and no workspace, so it is a per-element generator like any other; a run-time K
// (top_k over the whole axis, bounded by K: docs/dynamic-shapes.md) is the same kernel with k = dim.
import type { Value } from '../../ir';
import { KernelDecline, convert, generator, scalarOf } from '../wgsl/builder';
import { ctxOf, loops, normAxis } from './helpers';

/** Comparisons per output element past which top_k is left to the CPU reference (k · dim along the axis). */
const MAX_SELECTION = 1 << 20;

generator('top_k', (b, op, coords, scope, index) => {
  const ctx = ctxOf(op);
  const x = op.operands[0] as Value;
  const axis = normAxis(ctx.int('axis'), x.type.shape.length);
  const n = x.type.shape[axis]!;
  const k = op.results[0]!.type.shape[axis]!;
  if (k * n > MAX_SELECTION) throw new KernelDecline(`top_k of ${k} along an axis of ${n} (${k * n} comparisons per element, past ${MAX_SELECTION}) is left to the CPU reference`);
  const t = scalarOf(x.type.element);
  const largest = ctx.bool('largest');
  /** The sort key of a value: NaN as +∞ (the reference's key), so it ties with +∞ and the lower index goes first. */
  const key = (v: string) => (t === 'f32' ? `select(${v}, inf_f32(), (bitcast<u32>(${v}) & 0x7fffffffu) > 0x7f800000u)` : v);
  const better = (a: string, c: string) => (largest ? `${a} > ${c}` : `${a} < ${c}`);
  const zero = t === 'f32' ? '0.0f' : '0i';
  const [prevKey, prev, step, bestKey, best, i] = ['pk', 'pi', 'step', 'bk', 'bi', 'i'].map((p) => b.fresh(p)) as [string, string, string, string, string, string];
  scope.emit(`var ${prevKey} = ${zero};`);
  scope.emit(`var ${prev} = -1i;`);
  const pass = scope.child();
  pass.emit(`var ${bestKey} = ${zero};`);
  pass.emit(`var ${best} = -1i;`);
  loops(pass, [i], [n], (inner) => {
    const v = b.value(x, coords.map((c, d) => (d === axis ? i : c)), inner);
    const kv = b.fresh('kv');
    const after = b.fresh('after');
    inner.emit(`let ${kv} = ${key(convert(v, t))};`);
    // Ordered after the last one taken: worse, or as good and at a higher index.
    inner.emit(`let ${after} = ${prev} < 0i || ${better(prevKey, kv)} || (${kv} == ${prevKey} && ${i} > ${prev});`);
    inner.emit(`if (${after} && (${best} < 0i || ${better(kv, bestKey)})) { ${bestKey} = ${kv}; ${best} = ${i}; }`);
  });
  pass.emit(`${prevKey} = ${bestKey};`);
  pass.emit(`${prev} = ${best};`);
  scope.emit(`for (var ${step} = 0i; ${step} <= ${coords[axis]}; ${step}++) {`);
  scope.lines.push(...pass.lines);
  scope.emit('}');
  if (index === 1) return { expr: prev, type: 'i32' };
  return b.value(x, coords.map((c, d) => (d === axis ? prev : c)), scope);
});
