// A model made by the compile fuzzer (npm run fuzz -- --target compile): run on WebGPU and on the CPU
// reference and compared. Inputs and constants are drawn from fuzz-seed; fuzz-fill lines fix some.
// fuzz-seed: 249075827
// fuzz-fill: %c3 range 0 4
cgc.module {
  cgc.entry_point @main(%x0: !cgc.tensor<4x3x4x1x!cgc.uint8>, %x5: !cgc.tensor<!cgc.int64>) -> (!cgc.tensor<4x3x4x1x!cgc.uint8>, !cgc.tensor<5x3x!cgc.bool>, !cgc.tensor<4x1x!cgc.int64>) {
    %c2 = cgc.constant("c2") : !cgc.tensor<constant 4x1x!cgc.int64>
    %c3 = cgc.constant("c3") : !cgc.tensor<constant !cgc.int64>
    %v1 = cgc_op.trilu(%x0) {k = 1}
    %v4 = cgc_op.pow(%c2, %c3)
    %v6 = cgc_op.less_or_equal(%v4, %x5)
    %v7 = cgc_op.pad(%v6) {mode = "constant", start_padding = [1, 2], value = 0.5}
    cgc.return %v1, %v7, %v4
  }
}
