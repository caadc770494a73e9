// The spec's 7-layer example network: two conv → relu → add subgraphs for the WebGPU target, the
// upsample for the fallback, partitioned at each granularity.
// WEIGHTS: spec-7layer.safetensors
// RUN: verify-input coarse
// RUN: canonicalize coarse
// RUN: declare coarse
// RUN: match coarse
// RUN: select coarse
// RUN: form-subgraphs coarse
// RUN: partition coarse
// RUN: plan-memory coarse
// RUN: build-program coarse
// RUN: output coarse
// RUN: output per-target
// RUN: output per-subgraph
cgc.module {
  cgc.entry_point @main(%in: !cgc.tensor<1x1x4x4x!cgc.float32>) -> !cgc.tensor<1x1x8x8x!cgc.float32> {
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
