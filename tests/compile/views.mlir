// Reshape-only subgraphs become views: a reshape of an input and of an intermediate are views of
// their memory (no kernel); a reshape whose result is returned stays a copy; a consumer that would
// bind a value and its view together keeps the reshape as a copy.
// RUN: view-reshapes coarse
// RUN: plan-memory coarse
// RUN: output coarse
cgc.module {
  cgc.entry_point @main(%x: !cgc.tensor<2x8x!cgc.float32>) -> (!cgc.tensor<16x!cgc.float32>, !cgc.tensor<4x4x!cgc.float32>) {
    %xr = cgc_op.reshape(%x) {shape = [4, 4]}
    %s = cgc_op.sigmoid(%xr)
    %sr = cgc_op.reshape(%s) {shape = [2, 8]}
    %t = cgc_op.tanh(%sr)
    %f = cgc_op.flatten(%t) {axis = 0}
    %out = cgc_op.reshape(%f) {shape = [16]}
    %a = cgc_op.relu(%s)
    %ar = cgc_op.reshape(%a) {shape = [16]}
    %both = cgc_op.add(%ar, %out)
    %br = cgc_op.reshape(%both) {shape = [4, 4]}
    %a2 = cgc_op.reshape(%a) {shape = [4, 4]}
    %m0 = cgc_op.mul(%br, %a2)
    %m = cgc_op.add(%m0, %a)
    cgc.return %out, %m
  }
}
