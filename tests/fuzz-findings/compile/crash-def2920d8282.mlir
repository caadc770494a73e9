// A model made by the compile fuzzer (npm run fuzz -- --target compile): run on WebGPU and on the CPU
// reference and compared. Inputs and constants are drawn from fuzz-seed; fuzz-fill lines fix some.
// fuzz-seed: 224846510
cgc.module {
  cgc.entry_point @main(%x0: !cgc.tensor<5x!cgc.float32>, %x2: !cgc.tensor<5x!cgc.float32>) -> (!cgc.tensor<5x!cgc.float32>, !cgc.tensor<5x3x1x!cgc.float32>) {
    %c1 = cgc.constant("c1") : !cgc.tensor<constant 5x!cgc.float32>
    %c5 = cgc.constant("c5") : !cgc.tensor<constant 5x3x4x!cgc.float32>
    %v3 = cgc_op.layer_normalization(%x0, %c1, %x2) {axis = -1, epsilon = 0.00001}
    %v4 = cgc_op.sigmoid(%v3)
    %v6 = cgc_op.global_average_pool(%c5)
    %v7 = cgc_op.erf(%v6)
    %v8 = cgc_op.resize(%v7) {mode = "linear", coordinate_transformation_mode = "tf_crop_and_resize", nearest_mode = "round_prefer_floor", cubic_coeff_a = 2.0, extrapolation_value = 0.1, sizes = [5, 3, 1], roi = [0.1, 0.1, 0.0, 0.8, 0.8, 0.8]}
    cgc.return %v4, %v8
  }
}
