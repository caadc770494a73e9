cgc.module attributes {cgc.interface = "7FC4F23F-2474-4AE8-AE7A-2722118B350E", cgc.version = "0.1.0"} {
  cgc.entry_point @main(%in: !cgc.tensor<1x1x4x4x!cgc.float32>) -> !cgc.tensor<1x1x8x8x!cgc.float32> {
    // Named constants, bound from spec-7layer.safetensors, which also gives their types.
    %w1 = cgc.constant("w1")
    %b1 = cgc.constant("b1")
    %w2 = cgc.constant("w2")
    %b2 = cgc.constant("b2")
    %conv1 = cgc_op.convolution(%in, %w1, %b1) {start_padding = [1, 1], end_padding = [1, 1]}
    %relu1 = cgc_op.relu(%conv1)
    %add1 = cgc_op.add(%relu1, %in)
    %conv2 = cgc_op.convolution(%add1, %w2, %b2) {start_padding = [1, 1], end_padding = [1, 1]}
    %relu2 = cgc_op.relu(%conv2)
    %add2 = cgc_op.add(%relu2, %add1)
    %upsample = cgc_op.upsample(%add2)
    cgc.return %upsample
  }
}
