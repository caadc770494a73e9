// ONNX MatMul, Gemm and Det → cgc_op.matmul, gemm and det (Einsum, which lowers to matmul among
// others, is map-einsum.ts).
import type { MapperTable, NodeCtx, Produced } from './context';

function gemm(n: NodeCtx): Produced[] {
  const operands = [n.input(0), n.input(1), ...(n.has(2) ? [n.input(2)] : [])];
  return [n.emit('gemm', operands, {
    alpha: n.attrFloat('alpha', 1), beta: n.attrFloat('beta', 1),
    trans_a: n.attrInt('transA', 0) !== 0, trans_b: n.attrInt('transB', 0) !== 0,
  })];
}

export const MATMUL: MapperTable = {
  MatMul: (n) => [n.emit('matmul', [n.input(0), n.input(1)])],
  Det: (n) => [n.emit('det', [n.input(0)])],
  Gemm: gemm,
};
