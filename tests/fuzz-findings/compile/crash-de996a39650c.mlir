// A model made by the compile fuzzer (npm run fuzz -- --target compile): run on WebGPU and on the CPU
// reference and compared. Inputs and constants are drawn from fuzz-seed; fuzz-fill lines fix some.
// fuzz-seed: 418381242
cgc.module {
  cgc.entry_point @main() -> (!cgc.tensor<3x6x1x!cgc.int64>, !cgc.tensor<1x1x3x6x1x!cgc.float64>) {
    %c0 = cgc.constant("c0") : !cgc.tensor<constant 3x6x1x!cgc.float64>
    %v1 = cgc_op.global_lp_pool(%c0) {p = 2}
    %v2 = cgc_op.neg(%v1)
    %v3 = cgc_op.max_pool_indices(%v2) {window_size = [1], strides = [2], dilations = [1], start_padding = [0], end_padding = [0], ceil_mode = false, storage_order = 1}
    %v4 = cgc_op.average_pool(%v2) {window_size = [1], strides = [1], dilations = [1], start_padding = [0], end_padding = [0], ceil_mode = false}
    %v5 = cgc_op.tanh(%v4)
    %v6 = cgc_op.unsqueeze(%v5) {axes = [0, 1]}
    %v7 = cgc_op.exp(%v6)
    cgc.return %v3, %v7
  }
}
