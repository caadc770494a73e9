// A transformer's q, k and v picked out of its QKV projection's result: reshaped, transposed, and
// split by gathers at constant indices. The transpose feeds three gathers, so no operand prologue
// could take it; clone-views copies it per reader, and each attention matmul then reads its operands
// through views straight out of the QKV result — no transpose or gather kernels. The relu reads the
// transposed result too but has no operand prologue: that transpose stays, computed once.
// RUN: clone-views coarse
// RUN: form-subgraphs coarse
cgc.module {
  cgc.entry_point @main(%qkv: !cgc.tensor<5x96x!cgc.float32>, %y: !cgc.tensor<5x96x!cgc.float32>) -> (!cgc.tensor<2x5x16x!cgc.float32>, !cgc.tensor<3x5x32x!cgc.float32>) {
    %i0 = cgc.constant("i0") : !cgc.tensor<constant !cgc.int64>
    %i1 = cgc.constant("i1") : !cgc.tensor<constant !cgc.int64>
    %i2 = cgc.constant("i2") : !cgc.tensor<constant !cgc.int64>
    %r = cgc_op.reshape(%qkv) {shape = [5, 3, 32]}
    %t = cgc_op.transpose(%r) {permutation = [1, 0, 2]}
    %q0 = cgc_op.gather(%t, %i0) {axis = 0}
    %q1 = cgc_op.reshape(%q0) {shape = [5, 2, 16]}
    %q = cgc_op.transpose(%q1) {permutation = [1, 0, 2]}
    %k0 = cgc_op.gather(%t, %i1) {axis = 0}
    %k1 = cgc_op.reshape(%k0) {shape = [5, 2, 16]}
    %k = cgc_op.transpose(%k1) {permutation = [1, 2, 0]}
    %s = cgc_op.matmul(%q, %k)
    %p = cgc_op.softmax(%s) {axis = -1}
    %v0 = cgc_op.gather(%t, %i2) {axis = 0}
    %v1 = cgc_op.reshape(%v0) {shape = [5, 2, 16]}
    %v = cgc_op.transpose(%v1) {permutation = [1, 0, 2]}
    %o = cgc_op.matmul(%p, %v)
    %yr = cgc_op.reshape(%y) {shape = [5, 3, 32]}
    %yt = cgc_op.transpose(%yr) {permutation = [1, 0, 2]}
    %ya = cgc_op.relu(%yt)
    %yb = cgc_op.reshape(%yt) {shape = [3, 5, 2, 16]}
    %yg = cgc_op.gather(%yb, %i0) {axis = 0}
    %yq = cgc_op.transpose(%yg) {permutation = [1, 0, 2]}
    %yo = cgc_op.matmul(%s, %yq)
    %out = cgc_op.add(%o, %yo)
    cgc.return %out, %ya
  }
}
