// A model made by the compile fuzzer (npm run fuzz -- --target compile): run on WebGPU and on the CPU
// reference and compared. Inputs and constants are drawn from fuzz-seed; fuzz-fill lines fix some.
// fuzz-seed: 1019710135
cgc.module {
  cgc.entry_point @main(%x0: !cgc.tensor<2x4x!cgc.uint8>, %x2: !cgc.tensor<2x!cgc.int64>, %x7: !cgc.tensor<!cgc.float32>) -> (!cgc.tensor<1x4x!cgc.int64>, !cgc.tensor<1x1x!cgc.int64>, !cgc.tensor<!cgc.float32>, !cgc.tensor<!cgc.float32>) {
    %c3 = cgc.constant("c3") : !cgc.tensor<constant 2x!cgc.int64>
    %v1 = cgc_op.arg_max(%x0) {keep_dims = true, select_last_index = true}
    %v4 = cgc_op.sub(%x2, %c3)
    %v5 = cgc_op.unsqueeze(%v4) {axes = [0]}
    %v6 = cgc_op.reduce_l2(%v5) {noop_with_empty_axes = false}
    %v8 = cgc_op.atan(%x7)
    %v9 = cgc_op.cosh(%v8)
    %v10 = cgc_op.tan(%v8)
    cgc.return %v1, %v6, %v9, %v10
  }
}
