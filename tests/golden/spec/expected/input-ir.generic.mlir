"cgc.module"() ({
  "cgc.entry_point"() ({
  ^bb0(%in: !cgc.tensor<1x1x4x4x!cgc.float32>):
    %w1 = "cgc.constant"() {name = "w1"} : () -> !cgc.tensor<constant 1x1x3x3x!cgc.float32>
    %b2 = "cgc.constant"() {name = "b2"} : () -> !cgc.tensor<constant 1x!cgc.float32>
    %w2 = "cgc.constant"() {name = "w2"} : () -> !cgc.tensor<constant 1x1x3x3x!cgc.float32>
    %b1 = "cgc.constant"() {name = "b1"} : () -> !cgc.tensor<constant 1x!cgc.float32>
    %conv1 = "cgc_op.convolution"(%in, %w1, %b1) {end_padding = [1, 1], start_padding = [1, 1]} : (!cgc.tensor<1x1x4x4x!cgc.float32>, !cgc.tensor<constant 1x1x3x3x!cgc.float32>, !cgc.tensor<constant 1x!cgc.float32>) -> !cgc.tensor<1x1x4x4x!cgc.float32>
    %relu1 = "cgc_op.relu"(%conv1) : (!cgc.tensor<1x1x4x4x!cgc.float32>) -> !cgc.tensor<1x1x4x4x!cgc.float32>
    %add1 = "cgc_op.add"(%relu1, %in) : (!cgc.tensor<1x1x4x4x!cgc.float32>, !cgc.tensor<1x1x4x4x!cgc.float32>) -> !cgc.tensor<1x1x4x4x!cgc.float32>
    %conv2 = "cgc_op.convolution"(%add1, %w2, %b2) {end_padding = [1, 1], start_padding = [1, 1]} : (!cgc.tensor<1x1x4x4x!cgc.float32>, !cgc.tensor<constant 1x1x3x3x!cgc.float32>, !cgc.tensor<constant 1x!cgc.float32>) -> !cgc.tensor<1x1x4x4x!cgc.float32>
    %relu2 = "cgc_op.relu"(%conv2) : (!cgc.tensor<1x1x4x4x!cgc.float32>) -> !cgc.tensor<1x1x4x4x!cgc.float32>
    %add2 = "cgc_op.add"(%relu2, %add1) : (!cgc.tensor<1x1x4x4x!cgc.float32>, !cgc.tensor<1x1x4x4x!cgc.float32>) -> !cgc.tensor<1x1x4x4x!cgc.float32>
    %upsample = "cgc_op.upsample"(%add2) : (!cgc.tensor<1x1x4x4x!cgc.float32>) -> !cgc.tensor<1x1x8x8x!cgc.float32>
    "cgc.return"(%upsample) : (!cgc.tensor<1x1x8x8x!cgc.float32>) -> ()
  }) {function_type = (!cgc.tensor<1x1x4x4x!cgc.float32>) -> !cgc.tensor<1x1x8x8x!cgc.float32>, sym_name = "main"} : () -> ()
}) : () -> ()
