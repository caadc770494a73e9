cgc.module {
  cgc.entry_point @main(%x: !cgc.tensor<1x1x4x4x!cgc.float32>) -> !cgc.tensor<1x1x4x4x!cgc.float32> {
    %big = cgc_op.resize(%x) {mode = "nearest", scales = [1.0, 1.0, 8192.0, 8192.0]}
    %y = cgc_op.reduce_mean(%big) {axes = [2, 3], keep_dims = true}
    %z = cgc_op.add(%x, %y)
    cgc.return %z
  }
}
