// A transformer's attention output projection: matmul → reshape → residual add, the sum read by a
// normalization and by the next residual. sink-reshapes moves the reshape after the add (the
// residual is reshaped the other way, a view), so the add is the matmul's epilogue: two kernels,
// not three. The reshape after the add and the residual's reshape are views.
// RUN: sink-reshapes coarse
// RUN: view-reshapes coarse
cgc.module {
  cgc.entry_point @main(%x: !cgc.tensor<6x8x!cgc.float32>, %w: !cgc.tensor<8x8x!cgc.float32>, %r: !cgc.tensor<2x3x8x!cgc.float32>, %g: !cgc.tensor<8x!cgc.float32>) -> !cgc.tensor<2x3x8x!cgc.float32> {
    %m = cgc_op.matmul(%x, %w)
    %mr = cgc_op.reshape(%m) {shape = [2, 3, 8]}
    %s = cgc_op.add(%mr, %r)
    %n = cgc_op.layer_normalization(%s, %g) {axis = -1}
    %o = cgc_op.add(%n, %s)
    cgc.return %o
  }
}
