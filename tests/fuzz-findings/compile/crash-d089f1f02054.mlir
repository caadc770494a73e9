// A model made by the compile fuzzer (npm run fuzz -- --target compile): run on WebGPU and on the CPU
// reference and compared. Inputs and constants are drawn from fuzz-seed; fuzz-fill lines fix some.
// fuzz-seed: 1896112312
cgc.module {
  cgc.entry_point @main(%x0: !cgc.tensor<6x4x2x3x!cgc.int8>, %x2: !cgc.tensor<2x3x!cgc.float32>) -> (!cgc.tensor<6x4x2x3x!cgc.int8>, !cgc.tensor<2x3x!cgc.float32>) {
    %v1 = cgc_op.max_pool(%x0) {window_size = [2, 1], strides = [1, 1], dilations = [1, 1], start_padding = [1, 0], end_padding = [0, 0]}
    %v3 = cgc_op.leaky_relu(%x2)
    %v4 = cgc_op.hard_swish(%v3)
    cgc.return %v1, %v4
  }
}
