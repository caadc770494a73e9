// A model made by the compile fuzzer (npm run fuzz -- --target compile): run on WebGPU and on the CPU
// reference and compared. Inputs and constants are drawn from fuzz-seed; fuzz-fill lines fix some.
// fuzz-seed: 980827721
cgc.module {
  cgc.entry_point @main(%x0: !cgc.tensor<!cgc.float32>, %x4: !cgc.tensor<3x!cgc.int32>, %x5: !cgc.tensor<12x3x!cgc.int32>, %x6: !cgc.tensor<4x3x!cgc.int32>) -> (!cgc.tensor<!cgc.float32>, !cgc.tensor<!cgc.float32>, !cgc.tensor<12x4x!cgc.int32>) {
    %c7 = cgc.constant("c7") : !cgc.tensor<constant !cgc.int32>
    %v1 = cgc_op.exp(%x0)
    %v2 = cgc_op.sin(%v1)
    %v3 = cgc_op.sqrt(%v1)
    %v8 = cgc_op.gemm(%x5, %x6, %c7) {alpha = 0.5, beta = 1.0, trans_a = false, trans_b = true}
    cgc.return %v2, %v3, %v8
  }
}
