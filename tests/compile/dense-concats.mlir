// A dense block: each layer concatenates the block's input and every earlier layer's output, the
// next layer the same and one more. Each concat is the first bytes of the longest (the block's
// result), whose parts every producer writes in place: no concat kernel at all.
// RUN: view-concats coarse
// RUN: plan-memory coarse
// RUN: dependencies coarse
cgc.module {
  cgc.entry_point @main(%x: !cgc.tensor<1x64x!cgc.float32>) -> !cgc.tensor<1x256x!cgc.float32> {
    %x0 = cgc_op.relu(%x)
    %c1 = cgc_op.concat(%x0) {axis = 1}
    %f1 = cgc_op.sigmoid(%c1)
    %c2 = cgc_op.concat(%x0, %f1) {axis = 1}
    %v2 = cgc_op.reshape(%c2) {shape = [1, 2, 64]}
    %f2 = cgc_op.reduce_mean(%v2) {axes = [1], keep_dims = false}
    %c3 = cgc_op.concat(%x0, %f1, %f2) {axis = 1}
    %v3 = cgc_op.reshape(%c3) {shape = [1, 3, 64]}
    %f3 = cgc_op.reduce_max(%v3) {axes = [1], keep_dims = false}
    %c4 = cgc_op.concat(%x0, %f1, %f2, %f3) {axis = 1}
    %out = cgc_op.tanh(%c4)
    cgc.return %out
  }
}
