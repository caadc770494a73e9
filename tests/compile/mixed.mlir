// Patterns at work: an epilogue that uses a value twice (x·sigmoid(x)) fused into the conv, an
// elementwise prologue fused into a reduction, softmax with an epilogue, an int64 sum (int64
// arithmetic not proven to fit in int32: CPU reference), top_k (two results, one of them int64
// indices: the per-op fallback), identity and dead ops removed, and a returned input copied.
// RUN: canonicalize coarse
// RUN: select coarse
// RUN: partition coarse
// RUN: plan-memory coarse
// RUN: output coarse
cgc.module {
  cgc.entry_point @main(%x: !cgc.tensor<1x8x16x16x!cgc.float32>, %idx: !cgc.tensor<4x!cgc.int64>) -> (!cgc.tensor<1x8x16x16x!cgc.float32>, !cgc.tensor<1x8x!cgc.float32>, !cgc.tensor<4x!cgc.int64>, !cgc.tensor<1x8x16x2x!cgc.float32>, !cgc.tensor<1x8x16x16x!cgc.float32>) {
    %w = cgc.constant("w") : !cgc.tensor<constant 8x8x3x3x!cgc.float32>
    %c = cgc_op.convolution(%x, %w) {start_padding = [1, 1], end_padding = [1, 1]}
    %r = cgc_op.relu(%c)
    %s = cgc_op.sigmoid(%r)
    %m = cgc_op.mul(%r, %s)
    %i = cgc_op.identity(%m)
    %dead = cgc_op.tanh(%i)
    %e = cgc_op.exp(%i)
    %sum = cgc_op.reduce_sum(%e) {axes = [2, 3], keep_dims = false}
    %sm = cgc_op.softmax(%sum)
    %sm2 = cgc_op.mul(%sm, %sm)
    %k = cgc_op.add(%idx, %idx)
    %t:2 = cgc_op.top_k(%i) {k = 2}
    cgc.return %i, %sm2, %k, %t#0, %x
  }
}
