// A model made by the compile fuzzer (npm run fuzz -- --target compile): run on WebGPU and on the CPU
// reference and compared. Inputs and constants are drawn from fuzz-seed; fuzz-fill lines fix some.
// fuzz-seed: 1970858710
cgc.module {
  cgc.entry_point @main(%x0: !cgc.tensor<4x4x4x!cgc.float32>) -> (!cgc.tensor<2x4x1x!cgc.int64>, !cgc.tensor<2x4x1x!cgc.int64>, !cgc.tensor<2x4x4x!cgc.float32>) {
    %v1:2 = cgc_op.top_k(%x0) {k = 2, axis = 0}
    %v2:2 = cgc_op.top_k(%v1#1) {k = 1, sorted = true}
    %v3 = cgc_op.reciprocal(%v1#0)
    cgc.return %v2#0, %v2#1, %v3
  }
}
