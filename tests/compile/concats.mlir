// Concats whose parts are contiguous become views: each input's producer writes its part of the
// result in place (no kernel). Not when a part's offset is not 256-byte aligned, an input is a
// program input, the parts are not contiguous (a concat on axis 1 of a batch of 2), or a dispatch
// would bind the result beside one of its parts. A concat on axis 0 is contiguous at any batch.
// RUN: view-concats coarse
// RUN: plan-memory coarse
// RUN: dependencies coarse
// RUN: output coarse
cgc.module {
  cgc.entry_point @main(%x: !cgc.tensor<1x64x!cgc.float32>, %y: !cgc.tensor<2x64x!cgc.float32>, %s: !cgc.tensor<1x3x!cgc.float32>) -> (!cgc.tensor<1x128x!cgc.float32>, !cgc.tensor<1x6x!cgc.float32>, !cgc.tensor<1x128x!cgc.float32>, !cgc.tensor<2x128x!cgc.float32>, !cgc.tensor<4x64x!cgc.float32>, !cgc.tensor<1x192x!cgc.float32>) {
    %a = cgc_op.relu(%x)
    %b = cgc_op.sigmoid(%x)
    %c = cgc_op.concat(%a, %b) {axis = 1}
    %d = cgc_op.tanh(%c)
    %s1 = cgc_op.relu(%s)
    %s2 = cgc_op.sigmoid(%s)
    %e = cgc_op.concat(%s1, %s2) {axis = 1}
    %f = cgc_op.concat(%x, %a) {axis = 1}
    %p = cgc_op.relu(%y)
    %q = cgc_op.sigmoid(%y)
    %g = cgc_op.concat(%p, %q) {axis = 1}
    %h = cgc_op.concat(%p, %q) {axis = 0}
    %hn = cgc_op.neg(%h)
    %m1 = cgc_op.abs(%x)
    %m2 = cgc_op.exp(%x)
    %k = cgc_op.concat(%m1, %m2) {axis = 1}
    %u = cgc_op.concat(%k, %m1) {axis = 1}
    cgc.return %d, %e, %f, %g, %hn, %u
  }
}
