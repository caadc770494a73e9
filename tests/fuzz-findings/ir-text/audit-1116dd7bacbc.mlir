cgc.module {
  cgc.entry_point @main(%x: !cgc.tensor<2x1073741824x!cgc.float32>) -> !cgc.tensor<2x1073741824x!cgc.float32> {
    %y = cgc_op.relu(%x)
    cgc.return %y
  }
}
