// A reshape into a program output: its input's producer writes the output in place (no kernel), as
// a classifier's trailing flatten does (%f). Not where the input is read by another subgraph too
// (%g, %h), or the output is (%k); a reshape not returned is a view of its input as usual (%r).
// RUN: view-reshapes coarse
// RUN: plan-memory coarse
// RUN: output coarse
cgc.module {
  cgc.entry_point @main(%x: !cgc.tensor<1x8x2x2x!cgc.float32>) -> (!cgc.tensor<1x8x!cgc.float32>, !cgc.tensor<1x8x!cgc.float32>, !cgc.tensor<8x!cgc.float32>, !cgc.tensor<1x8x!cgc.float32>, !cgc.tensor<1x8x!cgc.float32>, !cgc.tensor<8x!cgc.float32>) {
    %p = cgc_op.global_average_pool(%x)
    %f = cgc_op.flatten(%p) {axis = 1}
    %q = cgc_op.global_max_pool(%x)
    %g = cgc_op.flatten(%q) {axis = 1}
    %h = cgc_op.reshape(%q) {shape = [8]}
    %s = cgc_op.sigmoid(%x)
    %j = cgc_op.global_average_pool(%s)
    %k = cgc_op.flatten(%j) {axis = 1}
    %u = cgc_op.relu(%k)
    %m = cgc_op.global_max_pool(%s)
    %r = cgc_op.reshape(%m) {shape = [8]}
    %t = cgc_op.tanh(%r)
    cgc.return %f, %g, %h, %k, %u, %t
  }
}
