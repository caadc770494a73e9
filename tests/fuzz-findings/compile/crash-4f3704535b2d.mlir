// A model made by the compile fuzzer (npm run fuzz -- --target compile): run on WebGPU and on the CPU
// reference and compared. Inputs and constants are drawn from fuzz-seed; fuzz-fill lines fix some.
// fuzz-seed: 2146476682
// fuzz-fill: %c8 range -0.9 0.9
cgc.module {
  cgc.entry_point @main(%x0: !cgc.tensor<2x4x3x!cgc.int32>, %x2: !cgc.tensor<8x7x!cgc.int32>, %x4: !cgc.tensor<8x1x!cgc.int32>) -> (!cgc.tensor<2x4x3x!cgc.int32>, !cgc.tensor<8x3x!cgc.int32>, !cgc.tensor<!cgc.float16>) {
    %c3 = cgc.constant("c3") : !cgc.tensor<constant 3x7x!cgc.int32>
    %c6 = cgc.constant("c6") : !cgc.tensor<constant 1x!cgc.int32>
    %c8 = cgc.constant("c8") : !cgc.tensor<constant !cgc.float16>
    %v1 = cgc_op.sign(%x0)
    %v5 = cgc_op.gemm(%x2, %c3, %x4) {alpha = 0.5, beta = 1.0, trans_a = false, trans_b = true}
    %v7 = cgc_op.sub(%v5, %c6)
    %v9 = cgc_op.asin(%c8)
    %v10 = cgc_op.cosh(%v9)
    cgc.return %v1, %v7, %v10
  }
}
