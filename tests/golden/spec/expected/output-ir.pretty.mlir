cgc.module {
  cgc.subgraph @convReluAdd attributes {origin = "driverTarget"} {
    cgc.functional_definition private @convReluAddFunctional(%in: !cgc.tensor<1x1x4x4x!cgc.float32>, %w: !cgc.tensor<constant 1x1x3x3x!cgc.float32>, %b: !cgc.tensor<constant 1x!cgc.float32>) -> !cgc.tensor<1x1x4x4x!cgc.float32> {
      %0 = cgc_op.convolution(%in, %w, %b) {start_padding = [1, 1], end_padding = [1, 1]} : (!cgc.tensor<1x1x4x4x!cgc.float32>, !cgc.tensor<constant 1x1x3x3x!cgc.float32>, !cgc.tensor<constant 1x!cgc.float32>) -> !cgc.tensor<1x1x4x4x!cgc.float32>
      %1 = cgc_op.relu(%0) : (!cgc.tensor<1x1x4x4x!cgc.float32>) -> !cgc.tensor<1x1x4x4x!cgc.float32>
      %2 = cgc_op.add(%1, %in) : (!cgc.tensor<1x1x4x4x!cgc.float32>, !cgc.tensor<1x1x4x4x!cgc.float32>) -> !cgc.tensor<1x1x4x4x!cgc.float32>
      cgc.return %2 : !cgc.tensor<1x1x4x4x!cgc.float32>
    }
  }

  cgc.partition @driverPartition(%in: !cgc.memref<1x1x4x4x!cgc.float32>, %w1: !cgc.memref<constant 1x1x3x3x!cgc.float32>, %b1: !cgc.memref<constant 1x!cgc.float32>, %w2: !cgc.memref<constant 1x1x3x3x!cgc.float32>, %b2: !cgc.memref<constant 1x!cgc.float32>, %output: !cgc.memref<1x1x4x4x!cgc.float32>, %scratch: !cgc.memref<1x1x4x4x!cgc.float32>) {
    cgc.invoke @convReluAdd(%in, %w1, %b1, %scratch) : (!cgc.memref<1x1x4x4x!cgc.float32>, !cgc.memref<constant 1x1x3x3x!cgc.float32>, !cgc.memref<constant 1x!cgc.float32>, !cgc.memref<1x1x4x4x!cgc.float32>) -> ()
    cgc.invoke @convReluAdd(%scratch, %w2, %b2, %output) : (!cgc.memref<1x1x4x4x!cgc.float32>, !cgc.memref<constant 1x1x3x3x!cgc.float32>, !cgc.memref<constant 1x!cgc.float32>, !cgc.memref<1x1x4x4x!cgc.float32>) -> ()
    cgc.return
  }

  cgc.subgraph @upsample attributes {origin = "fallbackTarget"} {
    cgc.functional_definition private @upsampleFunctional(%in: !cgc.tensor<1x1x4x4x!cgc.float32>) -> !cgc.tensor<1x1x8x8x!cgc.float32> {
      %0 = cgc_op.upsample(%in) {scale_size = [2, 2]} : (!cgc.tensor<1x1x4x4x!cgc.float32>) -> !cgc.tensor<1x1x8x8x!cgc.float32>
      cgc.return %0 : !cgc.tensor<1x1x8x8x!cgc.float32>
    }
  }

  cgc.partition @fallbackPartition(%in: !cgc.memref<1x1x4x4x!cgc.float32>, %out: !cgc.memref<1x1x8x8x!cgc.float32>) {
    cgc.invoke @upsample(%in, %out) : (!cgc.memref<1x1x4x4x!cgc.float32>, !cgc.memref<1x1x8x8x!cgc.float32>) -> ()
    cgc.return
  }

  cgc.program @main(%in: !cgc.memref<1x1x4x4x!cgc.float32>, %out: !cgc.memref<1x1x8x8x!cgc.float32>, %scratch: !cgc.memref<128x!cgc.int8>) {
    %w1 = cgc.constant("w1") : !cgc.memref<constant 1x1x3x3x!cgc.float32>
    %b2 = cgc.constant("b2") : !cgc.memref<constant 1x!cgc.float32>
    %w2 = cgc.constant("w2") : !cgc.memref<constant 1x1x3x3x!cgc.float32>
    %b1 = cgc.constant("b1") : !cgc.memref<constant 1x!cgc.float32>
    %0 = cgc.view_memref %scratch[0] : !cgc.memref<128x!cgc.int8> to !cgc.memref<1x1x4x4x!cgc.float32>
    %1 = cgc.view_memref %scratch[64] : !cgc.memref<128x!cgc.int8> to !cgc.memref<1x1x4x4x!cgc.float32>
    cgc.invoke @driverPartition(%in, %w1, %b1, %w2, %b2, %0, %1) : (!cgc.memref<1x1x4x4x!cgc.float32>, !cgc.memref<constant 1x1x3x3x!cgc.float32>, !cgc.memref<constant 1x!cgc.float32>, !cgc.memref<constant 1x1x3x3x!cgc.float32>, !cgc.memref<constant 1x!cgc.float32>, !cgc.memref<1x1x4x4x!cgc.float32>, !cgc.memref<1x1x4x4x!cgc.float32>) -> ()
    cgc.invoke @fallbackPartition(%0, %out) : (!cgc.memref<1x1x4x4x!cgc.float32>, !cgc.memref<1x1x8x8x!cgc.float32>) -> ()
    cgc.return
  }
}
