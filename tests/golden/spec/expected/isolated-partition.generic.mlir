"cgc.module"() ({
  "cgc.subgraph"() ({
    "cgc.functional_definition"() ({
    ^bb0(%in: !cgc.tensor<1x1x4x4x!cgc.float32>, %w: !cgc.tensor<constant 1x1x3x3x!cgc.float32>, %b: !cgc.tensor<constant 1x!cgc.float32>):
      %0 = "cgc_op.convolution"(%in, %w, %b) {end_padding = [1, 1], start_padding = [1, 1]} : (!cgc.tensor<1x1x4x4x!cgc.float32>, !cgc.tensor<constant 1x1x3x3x!cgc.float32>, !cgc.tensor<constant 1x!cgc.float32>) -> !cgc.tensor<1x1x4x4x!cgc.float32>
      %1 = "cgc_op.relu"(%0) : (!cgc.tensor<1x1x4x4x!cgc.float32>) -> !cgc.tensor<1x1x4x4x!cgc.float32>
      %2 = "cgc_op.add"(%1, %in) : (!cgc.tensor<1x1x4x4x!cgc.float32>, !cgc.tensor<1x1x4x4x!cgc.float32>) -> !cgc.tensor<1x1x4x4x!cgc.float32>
      "cgc.return"(%2) : (!cgc.tensor<1x1x4x4x!cgc.float32>) -> ()
    }) {function_type = (!cgc.tensor<1x1x4x4x!cgc.float32>, !cgc.tensor<constant 1x1x3x3x!cgc.float32>, !cgc.tensor<constant 1x!cgc.float32>) -> !cgc.tensor<1x1x4x4x!cgc.float32>, sym_name = "convReluAddFunctional", sym_visibility = "private"} : () -> ()
  }) {origin = "ihv.driver", sym_name = "convReluAdd"} : () -> ()
  "cgc.partition"() ({
  ^bb0(%in: !cgc.memref<1x1x4x4x!cgc.float32>, %w1: !cgc.memref<constant 1x1x3x3x!cgc.float32>, %b1: !cgc.memref<constant 1x!cgc.float32>, %w2: !cgc.memref<constant 1x1x3x3x!cgc.float32>, %b2: !cgc.memref<constant 1x!cgc.float32>, %output: !cgc.memref<1x1x4x4x!cgc.float32>, %scratch: !cgc.memref<1x1x4x4x!cgc.float32>):
    "cgc.invoke"(%in, %w1, %b1, %scratch) {callee = @convReluAdd} : (!cgc.memref<1x1x4x4x!cgc.float32>, !cgc.memref<constant 1x1x3x3x!cgc.float32>, !cgc.memref<constant 1x!cgc.float32>, !cgc.memref<1x1x4x4x!cgc.float32>) -> ()
    "cgc.invoke"(%scratch, %w2, %b2, %output) {callee = @convReluAdd} : (!cgc.memref<1x1x4x4x!cgc.float32>, !cgc.memref<constant 1x1x3x3x!cgc.float32>, !cgc.memref<constant 1x!cgc.float32>, !cgc.memref<1x1x4x4x!cgc.float32>) -> ()
    "cgc.return"() : () -> ()
  }) {function_type = (!cgc.memref<1x1x4x4x!cgc.float32>, !cgc.memref<constant 1x1x3x3x!cgc.float32>, !cgc.memref<constant 1x!cgc.float32>, !cgc.memref<constant 1x1x3x3x!cgc.float32>, !cgc.memref<constant 1x!cgc.float32>, !cgc.memref<1x1x4x4x!cgc.float32>, !cgc.memref<1x1x4x4x!cgc.float32>) -> (), sym_name = "driverPartition"} : () -> ()
}) : () -> ()
