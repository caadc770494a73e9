// det: one thread per matrix, LU elimination with partial pivoting in a private f32 copy (the sign
// flips with each row swap), as the CPU reference does in double.
import { KernelDecline, convert, generator } from '../wgsl/builder';
import { loops } from './helpers';

/** Private memory per thread is small; larger matrices are the CPU reference's. */
const MAX_ORDER = 32;

generator('det', (b, op, coords, scope) => {
  const x = op.operands[0]!;
  const n = x.type.shape[x.type.shape.length - 1]!;
  if (n > MAX_ORDER) throw new KernelDecline(`det of ${n}x${n} matrices (over ${MAX_ORDER}x${MAX_ORDER}) is left to the CPU reference`);
  const [m, det, i, j] = ['m', 'det', 'i', 'j'].map((s) => b.fresh(s)) as [string, string, string, string];
  const [k, p, r, c, piv, f, tmp] = ['k', 'p', 'r', 'c', 'piv', 'f', 'tmp'].map((s) => b.fresh(s));
  scope.emit(`var ${m}: array<f32, ${Math.max(n * n, 1)}>;`);
  loops(scope, [i, j], [n, n], (inner) => {
    const v = b.value(x, [...coords, i, j], inner);
    inner.emit(`${m}[${i} * ${n}i + ${j}] = ${convert(v, 'f32')};`);
  });
  const at = (row: string, col: string) => `${m}[${row} * ${n}i + ${col}]`;
  scope.emit(`var ${det} = 1.0f;`);
  scope.emit(`for (var ${k} = 0i; ${k} < ${n}i; ${k}++) {`);
  scope.emit(`  var ${p} = ${k};`);
  scope.emit(`  for (var ${r} = ${k} + 1i; ${r} < ${n}i; ${r}++) { if (abs(${at(r!, k!)}) > abs(${at(p!, k!)})) { ${p} = ${r}; } }`);
  scope.emit(`  if (${at(p!, k!)} == 0.0f) { ${det} = 0.0f; break; }`);
  scope.emit(`  if (${p} != ${k}) {`);
  scope.emit(`    for (var ${c} = 0i; ${c} < ${n}i; ${c}++) { let ${tmp} = ${at(k!, c!)}; ${at(k!, c!)} = ${at(p!, c!)}; ${at(p!, c!)} = ${tmp}; }`);
  scope.emit(`    ${det} = -${det};`);
  scope.emit('  }');
  scope.emit(`  let ${piv} = ${at(k!, k!)};`);
  scope.emit(`  ${det} *= ${piv};`);
  scope.emit(`  for (var ${r} = ${k} + 1i; ${r} < ${n}i; ${r}++) {`);
  scope.emit(`    let ${f} = ${at(r!, k!)} / ${piv};`);
  scope.emit(`    for (var ${c} = ${k} + 1i; ${c} < ${n}i; ${c}++) { ${at(r!, c!)} -= ${f} * ${at(k!, c!)}; }`);
  scope.emit('  }');
  scope.emit('}');
  return { expr: det, type: 'f32' };
});
