// ONNX MatMul, Gemm and the Einsum equations that are (batched) matrix products → cgc_op.matmul /
// gemm, with transposes where an Einsum operand or result is stored the other way round.
import type { MapperTable, NodeCtx, Produced } from './context';

function gemm(n: NodeCtx): Produced[] {
  const operands = [n.input(0), n.input(1), ...(n.has(2) ? [n.input(2)] : [])];
  return [n.emit('gemm', operands, {
    alpha: n.attrFloat('alpha', 1), beta: n.attrFloat('beta', 1),
    trans_a: n.attrInt('transA', 0) !== 0, trans_b: n.attrInt('transB', 0) !== 0,
  })];
}

/** Swaps the last two dimensions. */
function swapLast(n: NodeCtx, x: Produced): Produced {
  const r = x.type.shape.length;
  const perm = Array.from({ length: r }, (_, i) => i);
  [perm[r - 2], perm[r - 1]] = [perm[r - 1]!, perm[r - 2]!];
  return n.emit('transpose', [x], { permutation: perm });
}

/**
 * Einsum `B xy, B yz -> B xz` (B a shared batch prefix, possibly `...`; each operand's two letters
 * in either order): matmul with transposes. Other equations are refused.
 */
function einsum(n: NodeCtx): Produced[] {
  const eq = n.attrString('equation').replace(/\s/g, '');
  const m = /^([^,]*),([^,]*)->(.*)$/.exec(eq);
  const refuse = (): never => n.fail(`equation "${eq}" is not a (batched) matrix product, the only Einsum form CGC supports`);
  if (!m || n.inputCount !== 2) return refuse();
  const [a, b, out] = [m[1]!, m[2]!, m[3]!];
  const batch = a.slice(0, -2);
  if (a.length < 2 || b.slice(0, -2) !== batch || out.slice(0, -2) !== batch || b.length !== a.length || out.length !== a.length) refuse();
  const [a1, a2] = [a.at(-2)!, a.at(-1)!];
  const [b1, b2] = [b.at(-2)!, b.at(-1)!];
  const k = [a1, a2].find((c) => (c === b1 || c === b2) && !out.endsWith(c) && out.at(-2) !== c);
  if (!k) return refuse();
  const mm = a1 === k ? a2 : a1;
  const nn = b1 === k ? b2 : b1;
  if (new Set([mm, nn, k]).size !== 3 || [mm, nn, k].some((c) => batch.includes(c))) refuse();
  const outPair = out.slice(-2);
  if (outPair !== mm + nn && outPair !== nn + mm) refuse();
  const lhs = a1 === k ? swapLast(n, n.input(0)) : n.input(0);
  const rhs = b2 === k ? swapLast(n, n.input(1)) : n.input(1);
  const product = n.emit('matmul', [lhs, rhs]);
  return [outPair === mm + nn ? product : swapLast(n, product)];
}

export const MATMUL: MapperTable = {
  MatMul: (n) => [n.emit('matmul', [n.input(0), n.input(1)])],
  Det: (n) => [n.emit('det', [n.input(0)])],
  Gemm: gemm,
  Einsum: einsum,
};
