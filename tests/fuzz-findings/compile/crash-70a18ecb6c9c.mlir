// A model made by the compile fuzzer (npm run fuzz -- --target compile): run on WebGPU and on the CPU
// reference and compared. Inputs and constants are drawn from fuzz-seed; fuzz-fill lines fix some.
// fuzz-seed: 1850380164
// fuzz-fill: %c7 values -2 2 1 4
cgc.module {
  cgc.entry_point @main(%x0: !cgc.tensor<6x2x5x!cgc.float32>) -> (!cgc.tensor<6x2x5x!cgc.float32>, !cgc.tensor<1x5x6x6x!cgc.float16>, !cgc.tensor<4x1x!cgc.float32>) {
    %c2 = cgc.constant("c2") : !cgc.tensor<constant 1x5x6x6x!cgc.float16>
    %c4 = cgc.constant("c4") : !cgc.tensor<constant 1x1x6x1x!cgc.float16>
    %c6 = cgc.constant("c6") : !cgc.tensor<constant 6x5x!cgc.float32>
    %c7 = cgc.constant("c7") : !cgc.tensor<constant 4x1x!cgc.int64>
    %v1 = cgc_op.upsample(%x0) {scale_size = [1], mode = "linear"}
    %v3 = cgc_op.log_softmax(%c2) {axis = 0}
    %v5 = cgc_op.sub(%v3, %c4)
    %v8 = cgc_op.gather_elements(%c6, %c7) {axis = 1}
    cgc.return %v1, %v5, %v8
  }
}
