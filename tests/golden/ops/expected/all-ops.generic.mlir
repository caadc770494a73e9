"cgc.module"() ({
  "cgc.entry_point"() ({
  ^bb0(%a: !cgc.tensor<2x3x4x4x!cgc.float32>, %b: !cgc.tensor<3x1x1x!cgc.float32>):
    %r = "cgc_op.add"(%a, %b) : (!cgc.tensor<2x3x4x4x!cgc.float32>, !cgc.tensor<3x1x1x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.float32>
    "cgc.return"(%r) : (!cgc.tensor<2x3x4x4x!cgc.float32>) -> ()
  }) {function_type = (!cgc.tensor<2x3x4x4x!cgc.float32>, !cgc.tensor<3x1x1x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.float32>, sym_name = "add"} : () -> ()
  "cgc.entry_point"() ({
  ^bb0(%a: !cgc.tensor<2x3x4x4x!cgc.float32>, %b: !cgc.tensor<3x1x1x!cgc.float32>):
    %r = "cgc_op.sub"(%a, %b) : (!cgc.tensor<2x3x4x4x!cgc.float32>, !cgc.tensor<3x1x1x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.float32>
    "cgc.return"(%r) : (!cgc.tensor<2x3x4x4x!cgc.float32>) -> ()
  }) {function_type = (!cgc.tensor<2x3x4x4x!cgc.float32>, !cgc.tensor<3x1x1x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.float32>, sym_name = "sub"} : () -> ()
  "cgc.entry_point"() ({
  ^bb0(%a: !cgc.tensor<2x3x4x4x!cgc.float32>, %b: !cgc.tensor<3x1x1x!cgc.float32>):
    %r = "cgc_op.mul"(%a, %b) : (!cgc.tensor<2x3x4x4x!cgc.float32>, !cgc.tensor<3x1x1x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.float32>
    "cgc.return"(%r) : (!cgc.tensor<2x3x4x4x!cgc.float32>) -> ()
  }) {function_type = (!cgc.tensor<2x3x4x4x!cgc.float32>, !cgc.tensor<3x1x1x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.float32>, sym_name = "mul"} : () -> ()
  "cgc.entry_point"() ({
  ^bb0(%a: !cgc.tensor<2x3x4x4x!cgc.float32>, %b: !cgc.tensor<3x1x1x!cgc.float32>):
    %r = "cgc_op.div"(%a, %b) : (!cgc.tensor<2x3x4x4x!cgc.float32>, !cgc.tensor<3x1x1x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.float32>
    "cgc.return"(%r) : (!cgc.tensor<2x3x4x4x!cgc.float32>) -> ()
  }) {function_type = (!cgc.tensor<2x3x4x4x!cgc.float32>, !cgc.tensor<3x1x1x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.float32>, sym_name = "div"} : () -> ()
  "cgc.entry_point"() ({
  ^bb0(%a: !cgc.tensor<2x3x4x4x!cgc.float32>, %b: !cgc.tensor<3x1x1x!cgc.float32>):
    %r = "cgc_op.max"(%a, %b) : (!cgc.tensor<2x3x4x4x!cgc.float32>, !cgc.tensor<3x1x1x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.float32>
    "cgc.return"(%r) : (!cgc.tensor<2x3x4x4x!cgc.float32>) -> ()
  }) {function_type = (!cgc.tensor<2x3x4x4x!cgc.float32>, !cgc.tensor<3x1x1x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.float32>, sym_name = "max"} : () -> ()
  "cgc.entry_point"() ({
  ^bb0(%a: !cgc.tensor<2x3x4x4x!cgc.float32>, %b: !cgc.tensor<3x1x1x!cgc.float32>):
    %r = "cgc_op.min"(%a, %b) : (!cgc.tensor<2x3x4x4x!cgc.float32>, !cgc.tensor<3x1x1x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.float32>
    "cgc.return"(%r) : (!cgc.tensor<2x3x4x4x!cgc.float32>) -> ()
  }) {function_type = (!cgc.tensor<2x3x4x4x!cgc.float32>, !cgc.tensor<3x1x1x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.float32>, sym_name = "min"} : () -> ()
  "cgc.entry_point"() ({
  ^bb0(%a: !cgc.tensor<2x3x!cgc.int32>, %b: !cgc.tensor<3x!cgc.int32>):
    %r = "cgc_op.mod"(%a, %b) : (!cgc.tensor<2x3x!cgc.int32>, !cgc.tensor<3x!cgc.int32>) -> !cgc.tensor<2x3x!cgc.int32>
    "cgc.return"(%r) : (!cgc.tensor<2x3x!cgc.int32>) -> ()
  }) {function_type = (!cgc.tensor<2x3x!cgc.int32>, !cgc.tensor<3x!cgc.int32>) -> !cgc.tensor<2x3x!cgc.int32>, sym_name = "mod"} : () -> ()
  "cgc.entry_point"() ({
  ^bb0(%a: !cgc.tensor<2x3x4x4x!cgc.float32>, %b: !cgc.tensor<2x3x4x4x!cgc.float32>):
    %r = "cgc_op.equal"(%a, %b) : (!cgc.tensor<2x3x4x4x!cgc.float32>, !cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.bool>
    "cgc.return"(%r) : (!cgc.tensor<2x3x4x4x!cgc.bool>) -> ()
  }) {function_type = (!cgc.tensor<2x3x4x4x!cgc.float32>, !cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.bool>, sym_name = "equal"} : () -> ()
  "cgc.entry_point"() ({
  ^bb0(%a: !cgc.tensor<2x3x4x4x!cgc.float32>, %b: !cgc.tensor<4x!cgc.float32>):
    %r = "cgc_op.less"(%a, %b) : (!cgc.tensor<2x3x4x4x!cgc.float32>, !cgc.tensor<4x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.bool>
    "cgc.return"(%r) : (!cgc.tensor<2x3x4x4x!cgc.bool>) -> ()
  }) {function_type = (!cgc.tensor<2x3x4x4x!cgc.float32>, !cgc.tensor<4x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.bool>, sym_name = "less"} : () -> ()
  "cgc.entry_point"() ({
  ^bb0(%a: !cgc.tensor<2x3x4x4x!cgc.float32>, %b: !cgc.tensor<2x3x4x4x!cgc.float32>):
    %r = "cgc_op.less_or_equal"(%a, %b) : (!cgc.tensor<2x3x4x4x!cgc.float32>, !cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.bool>
    "cgc.return"(%r) : (!cgc.tensor<2x3x4x4x!cgc.bool>) -> ()
  }) {function_type = (!cgc.tensor<2x3x4x4x!cgc.float32>, !cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.bool>, sym_name = "less_or_equal"} : () -> ()
  "cgc.entry_point"() ({
  ^bb0(%a: !cgc.tensor<2x3x4x4x!cgc.float32>, %b: !cgc.tensor<2x3x4x4x!cgc.float32>):
    %r = "cgc_op.greater"(%a, %b) : (!cgc.tensor<2x3x4x4x!cgc.float32>, !cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.bool>
    "cgc.return"(%r) : (!cgc.tensor<2x3x4x4x!cgc.bool>) -> ()
  }) {function_type = (!cgc.tensor<2x3x4x4x!cgc.float32>, !cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.bool>, sym_name = "greater"} : () -> ()
  "cgc.entry_point"() ({
  ^bb0(%a: !cgc.tensor<2x3x4x4x!cgc.float32>, %b: !cgc.tensor<2x3x4x4x!cgc.float32>):
    %r = "cgc_op.greater_or_equal"(%a, %b) : (!cgc.tensor<2x3x4x4x!cgc.float32>, !cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.bool>
    "cgc.return"(%r) : (!cgc.tensor<2x3x4x4x!cgc.bool>) -> ()
  }) {function_type = (!cgc.tensor<2x3x4x4x!cgc.float32>, !cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.bool>, sym_name = "greater_or_equal"} : () -> ()
  "cgc.entry_point"() ({
  ^bb0(%a: !cgc.tensor<4x!cgc.bool>, %b: !cgc.tensor<4x!cgc.bool>):
    %r = "cgc_op.and"(%a, %b) : (!cgc.tensor<4x!cgc.bool>, !cgc.tensor<4x!cgc.bool>) -> !cgc.tensor<4x!cgc.bool>
    "cgc.return"(%r) : (!cgc.tensor<4x!cgc.bool>) -> ()
  }) {function_type = (!cgc.tensor<4x!cgc.bool>, !cgc.tensor<4x!cgc.bool>) -> !cgc.tensor<4x!cgc.bool>, sym_name = "and"} : () -> ()
  "cgc.entry_point"() ({
  ^bb0(%a: !cgc.tensor<4x!cgc.bool>, %b: !cgc.tensor<2x4x!cgc.bool>):
    %r = "cgc_op.or"(%a, %b) : (!cgc.tensor<4x!cgc.bool>, !cgc.tensor<2x4x!cgc.bool>) -> !cgc.tensor<2x4x!cgc.bool>
    "cgc.return"(%r) : (!cgc.tensor<2x4x!cgc.bool>) -> ()
  }) {function_type = (!cgc.tensor<4x!cgc.bool>, !cgc.tensor<2x4x!cgc.bool>) -> !cgc.tensor<2x4x!cgc.bool>, sym_name = "or"} : () -> ()
  "cgc.entry_point"() ({
  ^bb0(%a: !cgc.tensor<4x!cgc.bool>, %b: !cgc.tensor<4x!cgc.bool>):
    %r = "cgc_op.xor"(%a, %b) : (!cgc.tensor<4x!cgc.bool>, !cgc.tensor<4x!cgc.bool>) -> !cgc.tensor<4x!cgc.bool>
    "cgc.return"(%r) : (!cgc.tensor<4x!cgc.bool>) -> ()
  }) {function_type = (!cgc.tensor<4x!cgc.bool>, !cgc.tensor<4x!cgc.bool>) -> !cgc.tensor<4x!cgc.bool>, sym_name = "xor"} : () -> ()
  "cgc.entry_point"() ({
  ^bb0(%a: !cgc.tensor<4x!cgc.int32>, %b: !cgc.tensor<4x!cgc.int32>):
    %r = "cgc_op.bitwise_and"(%a, %b) : (!cgc.tensor<4x!cgc.int32>, !cgc.tensor<4x!cgc.int32>) -> !cgc.tensor<4x!cgc.int32>
    "cgc.return"(%r) : (!cgc.tensor<4x!cgc.int32>) -> ()
  }) {function_type = (!cgc.tensor<4x!cgc.int32>, !cgc.tensor<4x!cgc.int32>) -> !cgc.tensor<4x!cgc.int32>, sym_name = "bitwise_and"} : () -> ()
  "cgc.entry_point"() ({
  ^bb0(%a: !cgc.tensor<4x!cgc.int32>, %b: !cgc.tensor<4x!cgc.int32>):
    %r = "cgc_op.bitwise_or"(%a, %b) : (!cgc.tensor<4x!cgc.int32>, !cgc.tensor<4x!cgc.int32>) -> !cgc.tensor<4x!cgc.int32>
    "cgc.return"(%r) : (!cgc.tensor<4x!cgc.int32>) -> ()
  }) {function_type = (!cgc.tensor<4x!cgc.int32>, !cgc.tensor<4x!cgc.int32>) -> !cgc.tensor<4x!cgc.int32>, sym_name = "bitwise_or"} : () -> ()
  "cgc.entry_point"() ({
  ^bb0(%a: !cgc.tensor<4x!cgc.uint8>, %b: !cgc.tensor<4x!cgc.uint8>):
    %r = "cgc_op.bitwise_xor"(%a, %b) : (!cgc.tensor<4x!cgc.uint8>, !cgc.tensor<4x!cgc.uint8>) -> !cgc.tensor<4x!cgc.uint8>
    "cgc.return"(%r) : (!cgc.tensor<4x!cgc.uint8>) -> ()
  }) {function_type = (!cgc.tensor<4x!cgc.uint8>, !cgc.tensor<4x!cgc.uint8>) -> !cgc.tensor<4x!cgc.uint8>, sym_name = "bitwise_xor"} : () -> ()
  "cgc.entry_point"() ({
  ^bb0(%a: !cgc.tensor<4x!cgc.uint8>, %b: !cgc.tensor<4x!cgc.uint8>):
    %r = "cgc_op.bit_shift"(%a, %b) {direction = "LEFT"} : (!cgc.tensor<4x!cgc.uint8>, !cgc.tensor<4x!cgc.uint8>) -> !cgc.tensor<4x!cgc.uint8>
    "cgc.return"(%r) : (!cgc.tensor<4x!cgc.uint8>) -> ()
  }) {function_type = (!cgc.tensor<4x!cgc.uint8>, !cgc.tensor<4x!cgc.uint8>) -> !cgc.tensor<4x!cgc.uint8>, sym_name = "bit_shift"} : () -> ()
  "cgc.entry_point"() ({
  ^bb0(%a: !cgc.tensor<2x3x4x4x!cgc.float32>, %b: !cgc.tensor<3x1x1x!cgc.float32>):
    %r = "cgc_op.pow"(%a, %b) : (!cgc.tensor<2x3x4x4x!cgc.float32>, !cgc.tensor<3x1x1x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.float32>
    "cgc.return"(%r) : (!cgc.tensor<2x3x4x4x!cgc.float32>) -> ()
  }) {function_type = (!cgc.tensor<2x3x4x4x!cgc.float32>, !cgc.tensor<3x1x1x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.float32>, sym_name = "pow"} : () -> ()
  "cgc.entry_point"() ({
  ^bb0(%a: !cgc.tensor<2x3x4x4x!cgc.float32>, %b: !cgc.tensor<constant 3x1x1x!cgc.float32>):
    %r = "cgc_op.prelu"(%a, %b) : (!cgc.tensor<2x3x4x4x!cgc.float32>, !cgc.tensor<constant 3x1x1x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.float32>
    "cgc.return"(%r) : (!cgc.tensor<2x3x4x4x!cgc.float32>) -> ()
  }) {function_type = (!cgc.tensor<2x3x4x4x!cgc.float32>, !cgc.tensor<constant 3x1x1x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.float32>, sym_name = "prelu"} : () -> ()
  "cgc.entry_point"() ({
  ^bb0(%a: !cgc.tensor<2x3x4x4x!cgc.bool>, %b: !cgc.tensor<2x3x4x4x!cgc.float32>, %c: !cgc.tensor<4x!cgc.float32>):
    %r = "cgc_op.where"(%a, %b, %c) : (!cgc.tensor<2x3x4x4x!cgc.bool>, !cgc.tensor<2x3x4x4x!cgc.float32>, !cgc.tensor<4x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.float32>
    "cgc.return"(%r) : (!cgc.tensor<2x3x4x4x!cgc.float32>) -> ()
  }) {function_type = (!cgc.tensor<2x3x4x4x!cgc.bool>, !cgc.tensor<2x3x4x4x!cgc.float32>, !cgc.tensor<4x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.float32>, sym_name = "where"} : () -> ()
  "cgc.entry_point"() ({
  ^bb0(%a: !cgc.tensor<2x3x4x4x!cgc.float32>):
    %r = "cgc_op.relu"(%a) : (!cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.float32>
    "cgc.return"(%r) : (!cgc.tensor<2x3x4x4x!cgc.float32>) -> ()
  }) {function_type = (!cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.float32>, sym_name = "relu"} : () -> ()
  "cgc.entry_point"() ({
  ^bb0(%a: !cgc.tensor<2x3x4x4x!cgc.float32>):
    %r = "cgc_op.leaky_relu"(%a) {alpha = 0.1} : (!cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.float32>
    "cgc.return"(%r) : (!cgc.tensor<2x3x4x4x!cgc.float32>) -> ()
  }) {function_type = (!cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.float32>, sym_name = "leaky_relu"} : () -> ()
  "cgc.entry_point"() ({
  ^bb0(%a: !cgc.tensor<2x3x4x4x!cgc.float32>):
    %r = "cgc_op.sigmoid"(%a) : (!cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.float32>
    "cgc.return"(%r) : (!cgc.tensor<2x3x4x4x!cgc.float32>) -> ()
  }) {function_type = (!cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.float32>, sym_name = "sigmoid"} : () -> ()
  "cgc.entry_point"() ({
  ^bb0(%a: !cgc.tensor<2x3x4x4x!cgc.float32>):
    %r = "cgc_op.tanh"(%a) : (!cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.float32>
    "cgc.return"(%r) : (!cgc.tensor<2x3x4x4x!cgc.float32>) -> ()
  }) {function_type = (!cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.float32>, sym_name = "tanh"} : () -> ()
  "cgc.entry_point"() ({
  ^bb0(%a: !cgc.tensor<2x3x4x4x!cgc.float32>):
    %r = "cgc_op.hard_sigmoid"(%a) {alpha = 0.16666666666666666, beta = 0.5} : (!cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.float32>
    "cgc.return"(%r) : (!cgc.tensor<2x3x4x4x!cgc.float32>) -> ()
  }) {function_type = (!cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.float32>, sym_name = "hard_sigmoid"} : () -> ()
  "cgc.entry_point"() ({
  ^bb0(%a: !cgc.tensor<2x3x4x4x!cgc.float32>):
    %r = "cgc_op.hard_swish"(%a) : (!cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.float32>
    "cgc.return"(%r) : (!cgc.tensor<2x3x4x4x!cgc.float32>) -> ()
  }) {function_type = (!cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.float32>, sym_name = "hard_swish"} : () -> ()
  "cgc.entry_point"() ({
  ^bb0(%a: !cgc.tensor<2x3x4x4x!cgc.float32>):
    %r = "cgc_op.gelu"(%a) {approximate = "tanh"} : (!cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.float32>
    "cgc.return"(%r) : (!cgc.tensor<2x3x4x4x!cgc.float32>) -> ()
  }) {function_type = (!cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.float32>, sym_name = "gelu"} : () -> ()
  "cgc.entry_point"() ({
  ^bb0(%a: !cgc.tensor<2x3x4x4x!cgc.float32>):
    %r = "cgc_op.clip"(%a) {max = 6, min = 0} : (!cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.float32>
    "cgc.return"(%r) : (!cgc.tensor<2x3x4x4x!cgc.float32>) -> ()
  }) {function_type = (!cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.float32>, sym_name = "clip"} : () -> ()
  "cgc.entry_point"() ({
  ^bb0(%a: !cgc.tensor<2x3x4x4x!cgc.float32>):
    %r = "cgc_op.softplus"(%a) : (!cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.float32>
    "cgc.return"(%r) : (!cgc.tensor<2x3x4x4x!cgc.float32>) -> ()
  }) {function_type = (!cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.float32>, sym_name = "softplus"} : () -> ()
  "cgc.entry_point"() ({
  ^bb0(%a: !cgc.tensor<2x3x4x4x!cgc.float32>):
    %r = "cgc_op.softsign"(%a) : (!cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.float32>
    "cgc.return"(%r) : (!cgc.tensor<2x3x4x4x!cgc.float32>) -> ()
  }) {function_type = (!cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.float32>, sym_name = "softsign"} : () -> ()
  "cgc.entry_point"() ({
  ^bb0(%a: !cgc.tensor<2x3x4x4x!cgc.float32>):
    %r = "cgc_op.elu"(%a) {alpha = 1.5} : (!cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.float32>
    "cgc.return"(%r) : (!cgc.tensor<2x3x4x4x!cgc.float32>) -> ()
  }) {function_type = (!cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.float32>, sym_name = "elu"} : () -> ()
  "cgc.entry_point"() ({
  ^bb0(%a: !cgc.tensor<2x3x4x4x!cgc.float32>):
    %r = "cgc_op.selu"(%a) : (!cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.float32>
    "cgc.return"(%r) : (!cgc.tensor<2x3x4x4x!cgc.float32>) -> ()
  }) {function_type = (!cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.float32>, sym_name = "selu"} : () -> ()
  "cgc.entry_point"() ({
  ^bb0(%a: !cgc.tensor<2x3x4x4x!cgc.float32>):
    %r = "cgc_op.celu"(%a) {alpha = 2.5} : (!cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.float32>
    "cgc.return"(%r) : (!cgc.tensor<2x3x4x4x!cgc.float32>) -> ()
  }) {function_type = (!cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.float32>, sym_name = "celu"} : () -> ()
  "cgc.entry_point"() ({
  ^bb0(%a: !cgc.tensor<2x3x4x4x!cgc.float32>):
    %r = "cgc_op.mish"(%a) : (!cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.float32>
    "cgc.return"(%r) : (!cgc.tensor<2x3x4x4x!cgc.float32>) -> ()
  }) {function_type = (!cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.float32>, sym_name = "mish"} : () -> ()
  "cgc.entry_point"() ({
  ^bb0(%a: !cgc.tensor<2x3x4x4x!cgc.float32>):
    %r = "cgc_op.silu"(%a) : (!cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.float32>
    "cgc.return"(%r) : (!cgc.tensor<2x3x4x4x!cgc.float32>) -> ()
  }) {function_type = (!cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.float32>, sym_name = "silu"} : () -> ()
  "cgc.entry_point"() ({
  ^bb0(%a: !cgc.tensor<2x3x4x4x!cgc.float32>):
    %r = "cgc_op.thresholded_relu"(%a) {alpha = 0.25} : (!cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.float32>
    "cgc.return"(%r) : (!cgc.tensor<2x3x4x4x!cgc.float32>) -> ()
  }) {function_type = (!cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.float32>, sym_name = "thresholded_relu"} : () -> ()
  "cgc.entry_point"() ({
  ^bb0(%a: !cgc.tensor<2x3x4x4x!cgc.float32>):
    %r = "cgc_op.shrink"(%a) {bias = 0.5, lambd = 1.5} : (!cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.float32>
    "cgc.return"(%r) : (!cgc.tensor<2x3x4x4x!cgc.float32>) -> ()
  }) {function_type = (!cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.float32>, sym_name = "shrink"} : () -> ()
  "cgc.entry_point"() ({
  ^bb0(%a: !cgc.tensor<2x3x4x4x!cgc.float32>):
    %r = "cgc_op.erf"(%a) : (!cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.float32>
    "cgc.return"(%r) : (!cgc.tensor<2x3x4x4x!cgc.float32>) -> ()
  }) {function_type = (!cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.float32>, sym_name = "erf"} : () -> ()
  "cgc.entry_point"() ({
  ^bb0(%a: !cgc.tensor<2x3x4x4x!cgc.float32>):
    %r = "cgc_op.exp"(%a) : (!cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.float32>
    "cgc.return"(%r) : (!cgc.tensor<2x3x4x4x!cgc.float32>) -> ()
  }) {function_type = (!cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.float32>, sym_name = "exp"} : () -> ()
  "cgc.entry_point"() ({
  ^bb0(%a: !cgc.tensor<2x3x4x4x!cgc.float32>):
    %r = "cgc_op.log"(%a) : (!cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.float32>
    "cgc.return"(%r) : (!cgc.tensor<2x3x4x4x!cgc.float32>) -> ()
  }) {function_type = (!cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.float32>, sym_name = "log"} : () -> ()
  "cgc.entry_point"() ({
  ^bb0(%a: !cgc.tensor<2x3x4x4x!cgc.float32>):
    %r = "cgc_op.sqrt"(%a) : (!cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.float32>
    "cgc.return"(%r) : (!cgc.tensor<2x3x4x4x!cgc.float32>) -> ()
  }) {function_type = (!cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.float32>, sym_name = "sqrt"} : () -> ()
  "cgc.entry_point"() ({
  ^bb0(%a: !cgc.tensor<2x3x4x4x!cgc.float32>):
    %r = "cgc_op.reciprocal"(%a) : (!cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.float32>
    "cgc.return"(%r) : (!cgc.tensor<2x3x4x4x!cgc.float32>) -> ()
  }) {function_type = (!cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.float32>, sym_name = "reciprocal"} : () -> ()
  "cgc.entry_point"() ({
  ^bb0(%a: !cgc.tensor<2x3x4x4x!cgc.float32>):
    %r = "cgc_op.neg"(%a) : (!cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.float32>
    "cgc.return"(%r) : (!cgc.tensor<2x3x4x4x!cgc.float32>) -> ()
  }) {function_type = (!cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.float32>, sym_name = "neg"} : () -> ()
  "cgc.entry_point"() ({
  ^bb0(%a: !cgc.tensor<2x3x4x4x!cgc.float32>):
    %r = "cgc_op.abs"(%a) : (!cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.float32>
    "cgc.return"(%r) : (!cgc.tensor<2x3x4x4x!cgc.float32>) -> ()
  }) {function_type = (!cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.float32>, sym_name = "abs"} : () -> ()
  "cgc.entry_point"() ({
  ^bb0(%a: !cgc.tensor<2x3x4x4x!cgc.float32>):
    %r = "cgc_op.sign"(%a) : (!cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.float32>
    "cgc.return"(%r) : (!cgc.tensor<2x3x4x4x!cgc.float32>) -> ()
  }) {function_type = (!cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.float32>, sym_name = "sign"} : () -> ()
  "cgc.entry_point"() ({
  ^bb0(%a: !cgc.tensor<2x3x4x4x!cgc.float32>):
    %r = "cgc_op.sin"(%a) : (!cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.float32>
    "cgc.return"(%r) : (!cgc.tensor<2x3x4x4x!cgc.float32>) -> ()
  }) {function_type = (!cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.float32>, sym_name = "sin"} : () -> ()
  "cgc.entry_point"() ({
  ^bb0(%a: !cgc.tensor<2x3x4x4x!cgc.float32>):
    %r = "cgc_op.cos"(%a) : (!cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.float32>
    "cgc.return"(%r) : (!cgc.tensor<2x3x4x4x!cgc.float32>) -> ()
  }) {function_type = (!cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.float32>, sym_name = "cos"} : () -> ()
  "cgc.entry_point"() ({
  ^bb0(%a: !cgc.tensor<2x3x4x4x!cgc.float32>):
    %r = "cgc_op.tan"(%a) : (!cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.float32>
    "cgc.return"(%r) : (!cgc.tensor<2x3x4x4x!cgc.float32>) -> ()
  }) {function_type = (!cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.float32>, sym_name = "tan"} : () -> ()
  "cgc.entry_point"() ({
  ^bb0(%a: !cgc.tensor<2x3x4x4x!cgc.float32>):
    %r = "cgc_op.asin"(%a) : (!cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.float32>
    "cgc.return"(%r) : (!cgc.tensor<2x3x4x4x!cgc.float32>) -> ()
  }) {function_type = (!cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.float32>, sym_name = "asin"} : () -> ()
  "cgc.entry_point"() ({
  ^bb0(%a: !cgc.tensor<2x3x4x4x!cgc.float32>):
    %r = "cgc_op.acos"(%a) : (!cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.float32>
    "cgc.return"(%r) : (!cgc.tensor<2x3x4x4x!cgc.float32>) -> ()
  }) {function_type = (!cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.float32>, sym_name = "acos"} : () -> ()
  "cgc.entry_point"() ({
  ^bb0(%a: !cgc.tensor<2x3x4x4x!cgc.float32>):
    %r = "cgc_op.atan"(%a) : (!cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.float32>
    "cgc.return"(%r) : (!cgc.tensor<2x3x4x4x!cgc.float32>) -> ()
  }) {function_type = (!cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.float32>, sym_name = "atan"} : () -> ()
  "cgc.entry_point"() ({
  ^bb0(%a: !cgc.tensor<2x3x4x4x!cgc.float32>):
    %r = "cgc_op.sinh"(%a) : (!cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.float32>
    "cgc.return"(%r) : (!cgc.tensor<2x3x4x4x!cgc.float32>) -> ()
  }) {function_type = (!cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.float32>, sym_name = "sinh"} : () -> ()
  "cgc.entry_point"() ({
  ^bb0(%a: !cgc.tensor<2x3x4x4x!cgc.float32>):
    %r = "cgc_op.cosh"(%a) : (!cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.float32>
    "cgc.return"(%r) : (!cgc.tensor<2x3x4x4x!cgc.float32>) -> ()
  }) {function_type = (!cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.float32>, sym_name = "cosh"} : () -> ()
  "cgc.entry_point"() ({
  ^bb0(%a: !cgc.tensor<2x3x4x4x!cgc.float32>):
    %r = "cgc_op.asinh"(%a) : (!cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.float32>
    "cgc.return"(%r) : (!cgc.tensor<2x3x4x4x!cgc.float32>) -> ()
  }) {function_type = (!cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.float32>, sym_name = "asinh"} : () -> ()
  "cgc.entry_point"() ({
  ^bb0(%a: !cgc.tensor<2x3x4x4x!cgc.float32>):
    %r = "cgc_op.acosh"(%a) : (!cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.float32>
    "cgc.return"(%r) : (!cgc.tensor<2x3x4x4x!cgc.float32>) -> ()
  }) {function_type = (!cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.float32>, sym_name = "acosh"} : () -> ()
  "cgc.entry_point"() ({
  ^bb0(%a: !cgc.tensor<2x3x4x4x!cgc.float32>):
    %r = "cgc_op.atanh"(%a) : (!cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.float32>
    "cgc.return"(%r) : (!cgc.tensor<2x3x4x4x!cgc.float32>) -> ()
  }) {function_type = (!cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.float32>, sym_name = "atanh"} : () -> ()
  "cgc.entry_point"() ({
  ^bb0(%a: !cgc.tensor<2x3x4x4x!cgc.float32>):
    %r = "cgc_op.floor"(%a) : (!cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.float32>
    "cgc.return"(%r) : (!cgc.tensor<2x3x4x4x!cgc.float32>) -> ()
  }) {function_type = (!cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.float32>, sym_name = "floor"} : () -> ()
  "cgc.entry_point"() ({
  ^bb0(%a: !cgc.tensor<2x3x4x4x!cgc.float32>):
    %r = "cgc_op.ceil"(%a) : (!cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.float32>
    "cgc.return"(%r) : (!cgc.tensor<2x3x4x4x!cgc.float32>) -> ()
  }) {function_type = (!cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.float32>, sym_name = "ceil"} : () -> ()
  "cgc.entry_point"() ({
  ^bb0(%a: !cgc.tensor<2x3x4x4x!cgc.float32>):
    %r = "cgc_op.round"(%a) : (!cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.float32>
    "cgc.return"(%r) : (!cgc.tensor<2x3x4x4x!cgc.float32>) -> ()
  }) {function_type = (!cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.float32>, sym_name = "round"} : () -> ()
  "cgc.entry_point"() ({
  ^bb0(%a: !cgc.tensor<4x!cgc.bool>):
    %r = "cgc_op.not"(%a) : (!cgc.tensor<4x!cgc.bool>) -> !cgc.tensor<4x!cgc.bool>
    "cgc.return"(%r) : (!cgc.tensor<4x!cgc.bool>) -> ()
  }) {function_type = (!cgc.tensor<4x!cgc.bool>) -> !cgc.tensor<4x!cgc.bool>, sym_name = "not"} : () -> ()
  "cgc.entry_point"() ({
  ^bb0(%a: !cgc.tensor<4x!cgc.int32>):
    %r = "cgc_op.bitwise_not"(%a) : (!cgc.tensor<4x!cgc.int32>) -> !cgc.tensor<4x!cgc.int32>
    "cgc.return"(%r) : (!cgc.tensor<4x!cgc.int32>) -> ()
  }) {function_type = (!cgc.tensor<4x!cgc.int32>) -> !cgc.tensor<4x!cgc.int32>, sym_name = "bitwise_not"} : () -> ()
  "cgc.entry_point"() ({
  ^bb0(%a: !cgc.tensor<2x3x!cgc.int64>):
    %r = "cgc_op.identity"(%a) : (!cgc.tensor<2x3x!cgc.int64>) -> !cgc.tensor<2x3x!cgc.int64>
    "cgc.return"(%r) : (!cgc.tensor<2x3x!cgc.int64>) -> ()
  }) {function_type = (!cgc.tensor<2x3x!cgc.int64>) -> !cgc.tensor<2x3x!cgc.int64>, sym_name = "identity"} : () -> ()
  "cgc.entry_point"() ({
  ^bb0(%a: !cgc.tensor<2x3x4x4x!cgc.float32>):
    %r = "cgc_op.is_nan"(%a) : (!cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.bool>
    "cgc.return"(%r) : (!cgc.tensor<2x3x4x4x!cgc.bool>) -> ()
  }) {function_type = (!cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.bool>, sym_name = "is_nan"} : () -> ()
  "cgc.entry_point"() ({
  ^bb0(%a: !cgc.tensor<2x3x4x4x!cgc.float32>):
    %r = "cgc_op.is_inf"(%a) {detect_negative = false} : (!cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.bool>
    "cgc.return"(%r) : (!cgc.tensor<2x3x4x4x!cgc.bool>) -> ()
  }) {function_type = (!cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.bool>, sym_name = "is_inf"} : () -> ()
  "cgc.entry_point"() ({
  ^bb0(%a: !cgc.tensor<2x3x4x4x!cgc.float32>):
    %r = "cgc_op.cast"(%a) {to = !cgc.float16} : (!cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.float16>
    "cgc.return"(%r) : (!cgc.tensor<2x3x4x4x!cgc.float16>) -> ()
  }) {function_type = (!cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.float16>, sym_name = "cast"} : () -> ()
  "cgc.entry_point"() ({
  ^bb0(%a: !cgc.tensor<1x3x16x16x!cgc.float32>, %b: !cgc.tensor<constant 8x3x3x3x!cgc.float32>, %c: !cgc.tensor<constant 8x!cgc.float32>):
    %r = "cgc_op.convolution"(%a, %b, %c) {dilations = [1, 1], end_padding = [0, 0], groups = 1, start_padding = [1, 1], strides = [2, 2]} : (!cgc.tensor<1x3x16x16x!cgc.float32>, !cgc.tensor<constant 8x3x3x3x!cgc.float32>, !cgc.tensor<constant 8x!cgc.float32>) -> !cgc.tensor<1x8x8x8x!cgc.float32>
    "cgc.return"(%r) : (!cgc.tensor<1x8x8x8x!cgc.float32>) -> ()
  }) {function_type = (!cgc.tensor<1x3x16x16x!cgc.float32>, !cgc.tensor<constant 8x3x3x3x!cgc.float32>, !cgc.tensor<constant 8x!cgc.float32>) -> !cgc.tensor<1x8x8x8x!cgc.float32>, sym_name = "convolution"} : () -> ()
  "cgc.entry_point"() ({
  ^bb0(%a: !cgc.tensor<1x8x8x8x!cgc.float32>, %b: !cgc.tensor<constant 8x4x4x4x!cgc.float32>, %c: !cgc.tensor<constant 4x!cgc.float32>):
    %r = "cgc_op.convolution_transpose"(%a, %b, %c) {end_padding = [1, 1], start_padding = [1, 1], strides = [2, 2]} : (!cgc.tensor<1x8x8x8x!cgc.float32>, !cgc.tensor<constant 8x4x4x4x!cgc.float32>, !cgc.tensor<constant 4x!cgc.float32>) -> !cgc.tensor<1x4x16x16x!cgc.float32>
    "cgc.return"(%r) : (!cgc.tensor<1x4x16x16x!cgc.float32>) -> ()
  }) {function_type = (!cgc.tensor<1x8x8x8x!cgc.float32>, !cgc.tensor<constant 8x4x4x4x!cgc.float32>, !cgc.tensor<constant 4x!cgc.float32>) -> !cgc.tensor<1x4x16x16x!cgc.float32>, sym_name = "convolution_transpose"} : () -> ()
  "cgc.entry_point"() ({
  ^bb0(%a: !cgc.tensor<2x1x3x4x!cgc.float32>, %b: !cgc.tensor<5x4x6x!cgc.float32>):
    %r = "cgc_op.matmul"(%a, %b) : (!cgc.tensor<2x1x3x4x!cgc.float32>, !cgc.tensor<5x4x6x!cgc.float32>) -> !cgc.tensor<2x5x3x6x!cgc.float32>
    "cgc.return"(%r) : (!cgc.tensor<2x5x3x6x!cgc.float32>) -> ()
  }) {function_type = (!cgc.tensor<2x1x3x4x!cgc.float32>, !cgc.tensor<5x4x6x!cgc.float32>) -> !cgc.tensor<2x5x3x6x!cgc.float32>, sym_name = "matmul"} : () -> ()
  "cgc.entry_point"() ({
  ^bb0(%a: !cgc.tensor<3x4x!cgc.float32>, %b: !cgc.tensor<constant 5x4x!cgc.float32>, %c: !cgc.tensor<constant 5x!cgc.float32>):
    %r = "cgc_op.gemm"(%a, %b, %c) {alpha = 0.5, trans_b = true} : (!cgc.tensor<3x4x!cgc.float32>, !cgc.tensor<constant 5x4x!cgc.float32>, !cgc.tensor<constant 5x!cgc.float32>) -> !cgc.tensor<3x5x!cgc.float32>
    "cgc.return"(%r) : (!cgc.tensor<3x5x!cgc.float32>) -> ()
  }) {function_type = (!cgc.tensor<3x4x!cgc.float32>, !cgc.tensor<constant 5x4x!cgc.float32>, !cgc.tensor<constant 5x!cgc.float32>) -> !cgc.tensor<3x5x!cgc.float32>, sym_name = "gemm"} : () -> ()
  "cgc.entry_point"() ({
  ^bb0(%a: !cgc.tensor<2x3x4x4x!cgc.float32>, %b: !cgc.tensor<constant 3x!cgc.float32>, %c: !cgc.tensor<constant 3x!cgc.float32>, %d: !cgc.tensor<constant 3x!cgc.float32>, %e: !cgc.tensor<constant 3x!cgc.float32>):
    %r = "cgc_op.batch_normalization"(%a, %b, %c, %d, %e) {epsilon = 0.001} : (!cgc.tensor<2x3x4x4x!cgc.float32>, !cgc.tensor<constant 3x!cgc.float32>, !cgc.tensor<constant 3x!cgc.float32>, !cgc.tensor<constant 3x!cgc.float32>, !cgc.tensor<constant 3x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.float32>
    "cgc.return"(%r) : (!cgc.tensor<2x3x4x4x!cgc.float32>) -> ()
  }) {function_type = (!cgc.tensor<2x3x4x4x!cgc.float32>, !cgc.tensor<constant 3x!cgc.float32>, !cgc.tensor<constant 3x!cgc.float32>, !cgc.tensor<constant 3x!cgc.float32>, !cgc.tensor<constant 3x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.float32>, sym_name = "batch_normalization"} : () -> ()
  "cgc.entry_point"() ({
  ^bb0(%a: !cgc.tensor<2x3x4x4x!cgc.float32>, %b: !cgc.tensor<constant 4x4x!cgc.float32>, %c: !cgc.tensor<constant 4x4x!cgc.float32>):
    %r = "cgc_op.layer_normalization"(%a, %b, %c) {axis = -2} : (!cgc.tensor<2x3x4x4x!cgc.float32>, !cgc.tensor<constant 4x4x!cgc.float32>, !cgc.tensor<constant 4x4x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.float32>
    "cgc.return"(%r) : (!cgc.tensor<2x3x4x4x!cgc.float32>) -> ()
  }) {function_type = (!cgc.tensor<2x3x4x4x!cgc.float32>, !cgc.tensor<constant 4x4x!cgc.float32>, !cgc.tensor<constant 4x4x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.float32>, sym_name = "layer_normalization"} : () -> ()
  "cgc.entry_point"() ({
  ^bb0(%a: !cgc.tensor<2x3x4x4x!cgc.float32>, %b: !cgc.tensor<constant 3x!cgc.float32>, %c: !cgc.tensor<constant 3x!cgc.float32>):
    %r = "cgc_op.instance_normalization"(%a, %b, %c) : (!cgc.tensor<2x3x4x4x!cgc.float32>, !cgc.tensor<constant 3x!cgc.float32>, !cgc.tensor<constant 3x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.float32>
    "cgc.return"(%r) : (!cgc.tensor<2x3x4x4x!cgc.float32>) -> ()
  }) {function_type = (!cgc.tensor<2x3x4x4x!cgc.float32>, !cgc.tensor<constant 3x!cgc.float32>, !cgc.tensor<constant 3x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.float32>, sym_name = "instance_normalization"} : () -> ()
  "cgc.entry_point"() ({
  ^bb0(%a: !cgc.tensor<2x4x4x4x!cgc.float32>, %b: !cgc.tensor<constant 4x!cgc.float32>, %c: !cgc.tensor<constant 4x!cgc.float32>):
    %r = "cgc_op.group_normalization"(%a, %b, %c) {num_groups = 2} : (!cgc.tensor<2x4x4x4x!cgc.float32>, !cgc.tensor<constant 4x!cgc.float32>, !cgc.tensor<constant 4x!cgc.float32>) -> !cgc.tensor<2x4x4x4x!cgc.float32>
    "cgc.return"(%r) : (!cgc.tensor<2x4x4x4x!cgc.float32>) -> ()
  }) {function_type = (!cgc.tensor<2x4x4x4x!cgc.float32>, !cgc.tensor<constant 4x!cgc.float32>, !cgc.tensor<constant 4x!cgc.float32>) -> !cgc.tensor<2x4x4x4x!cgc.float32>, sym_name = "group_normalization"} : () -> ()
  "cgc.entry_point"() ({
  ^bb0(%a: !cgc.tensor<2x3x4x4x!cgc.float32>):
    %r = "cgc_op.mean_variance_normalization"(%a) : (!cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.float32>
    "cgc.return"(%r) : (!cgc.tensor<2x3x4x4x!cgc.float32>) -> ()
  }) {function_type = (!cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.float32>, sym_name = "mean_variance_normalization"} : () -> ()
  "cgc.entry_point"() ({
  ^bb0(%a: !cgc.tensor<2x3x4x4x!cgc.float32>):
    %r = "cgc_op.lp_normalization"(%a) {axis = 1, p = 2} : (!cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.float32>
    "cgc.return"(%r) : (!cgc.tensor<2x3x4x4x!cgc.float32>) -> ()
  }) {function_type = (!cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.float32>, sym_name = "lp_normalization"} : () -> ()
  "cgc.entry_point"() ({
  ^bb0(%a: !cgc.tensor<2x3x4x4x!cgc.float32>):
    %r = "cgc_op.lrn"(%a) {size = 3} : (!cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.float32>
    "cgc.return"(%r) : (!cgc.tensor<2x3x4x4x!cgc.float32>) -> ()
  }) {function_type = (!cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.float32>, sym_name = "lrn"} : () -> ()
  "cgc.entry_point"() ({
  ^bb0(%a: !cgc.tensor<1x3x9x9x!cgc.float32>):
    %r = "cgc_op.max_pool"(%a) {ceil_mode = true, strides = [2, 2], window_size = [3, 3]} : (!cgc.tensor<1x3x9x9x!cgc.float32>) -> !cgc.tensor<1x3x4x4x!cgc.float32>
    "cgc.return"(%r) : (!cgc.tensor<1x3x4x4x!cgc.float32>) -> ()
  }) {function_type = (!cgc.tensor<1x3x9x9x!cgc.float32>) -> !cgc.tensor<1x3x4x4x!cgc.float32>, sym_name = "max_pool"} : () -> ()
  "cgc.entry_point"() ({
  ^bb0(%a: !cgc.tensor<1x3x9x9x!cgc.float32>):
    %r = "cgc_op.average_pool"(%a) {end_padding = [1, 1], include_padding = true, start_padding = [1, 1], window_size = [3, 3]} : (!cgc.tensor<1x3x9x9x!cgc.float32>) -> !cgc.tensor<1x3x9x9x!cgc.float32>
    "cgc.return"(%r) : (!cgc.tensor<1x3x9x9x!cgc.float32>) -> ()
  }) {function_type = (!cgc.tensor<1x3x9x9x!cgc.float32>) -> !cgc.tensor<1x3x9x9x!cgc.float32>, sym_name = "average_pool"} : () -> ()
  "cgc.entry_point"() ({
  ^bb0(%a: !cgc.tensor<1x3x9x9x!cgc.float32>):
    %r = "cgc_op.lp_pool"(%a) {p = 3, window_size = [2, 2]} : (!cgc.tensor<1x3x9x9x!cgc.float32>) -> !cgc.tensor<1x3x8x8x!cgc.float32>
    "cgc.return"(%r) : (!cgc.tensor<1x3x8x8x!cgc.float32>) -> ()
  }) {function_type = (!cgc.tensor<1x3x9x9x!cgc.float32>) -> !cgc.tensor<1x3x8x8x!cgc.float32>, sym_name = "lp_pool"} : () -> ()
  "cgc.entry_point"() ({
  ^bb0(%a: !cgc.tensor<2x3x4x4x!cgc.float32>):
    %r = "cgc_op.global_average_pool"(%a) : (!cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x3x1x1x!cgc.float32>
    "cgc.return"(%r) : (!cgc.tensor<2x3x1x1x!cgc.float32>) -> ()
  }) {function_type = (!cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x3x1x1x!cgc.float32>, sym_name = "global_average_pool"} : () -> ()
  "cgc.entry_point"() ({
  ^bb0(%a: !cgc.tensor<2x3x4x4x!cgc.float32>):
    %r = "cgc_op.global_max_pool"(%a) : (!cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x3x1x1x!cgc.float32>
    "cgc.return"(%r) : (!cgc.tensor<2x3x1x1x!cgc.float32>) -> ()
  }) {function_type = (!cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x3x1x1x!cgc.float32>, sym_name = "global_max_pool"} : () -> ()
  "cgc.entry_point"() ({
  ^bb0(%a: !cgc.tensor<2x3x4x4x!cgc.float32>):
    %r = "cgc_op.global_lp_pool"(%a) : (!cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x3x1x1x!cgc.float32>
    "cgc.return"(%r) : (!cgc.tensor<2x3x1x1x!cgc.float32>) -> ()
  }) {function_type = (!cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x3x1x1x!cgc.float32>, sym_name = "global_lp_pool"} : () -> ()
  "cgc.entry_point"() ({
  ^bb0(%a: !cgc.tensor<2x3x4x4x!cgc.float32>):
    %r = "cgc_op.reduce_sum"(%a) {axes = [1, -1], keep_dims = false} : (!cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x4x!cgc.float32>
    "cgc.return"(%r) : (!cgc.tensor<2x4x!cgc.float32>) -> ()
  }) {function_type = (!cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x4x!cgc.float32>, sym_name = "reduce_sum"} : () -> ()
  "cgc.entry_point"() ({
  ^bb0(%a: !cgc.tensor<2x3x4x4x!cgc.float32>):
    %r = "cgc_op.reduce_mean"(%a) {axes = [2, 3]} : (!cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x3x1x1x!cgc.float32>
    "cgc.return"(%r) : (!cgc.tensor<2x3x1x1x!cgc.float32>) -> ()
  }) {function_type = (!cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x3x1x1x!cgc.float32>, sym_name = "reduce_mean"} : () -> ()
  "cgc.entry_point"() ({
  ^bb0(%a: !cgc.tensor<2x3x4x4x!cgc.float32>):
    %r = "cgc_op.reduce_max"(%a) : (!cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<1x1x1x1x!cgc.float32>
    "cgc.return"(%r) : (!cgc.tensor<1x1x1x1x!cgc.float32>) -> ()
  }) {function_type = (!cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<1x1x1x1x!cgc.float32>, sym_name = "reduce_max"} : () -> ()
  "cgc.entry_point"() ({
  ^bb0(%a: !cgc.tensor<2x3x4x4x!cgc.float32>):
    %r = "cgc_op.reduce_min"(%a) : (!cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<1x1x1x1x!cgc.float32>
    "cgc.return"(%r) : (!cgc.tensor<1x1x1x1x!cgc.float32>) -> ()
  }) {function_type = (!cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<1x1x1x1x!cgc.float32>, sym_name = "reduce_min"} : () -> ()
  "cgc.entry_point"() ({
  ^bb0(%a: !cgc.tensor<2x3x4x4x!cgc.float32>):
    %r = "cgc_op.reduce_prod"(%a) : (!cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<1x1x1x1x!cgc.float32>
    "cgc.return"(%r) : (!cgc.tensor<1x1x1x1x!cgc.float32>) -> ()
  }) {function_type = (!cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<1x1x1x1x!cgc.float32>, sym_name = "reduce_prod"} : () -> ()
  "cgc.entry_point"() ({
  ^bb0(%a: !cgc.tensor<2x3x4x4x!cgc.float32>):
    %r = "cgc_op.reduce_l1"(%a) : (!cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<1x1x1x1x!cgc.float32>
    "cgc.return"(%r) : (!cgc.tensor<1x1x1x1x!cgc.float32>) -> ()
  }) {function_type = (!cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<1x1x1x1x!cgc.float32>, sym_name = "reduce_l1"} : () -> ()
  "cgc.entry_point"() ({
  ^bb0(%a: !cgc.tensor<2x3x4x4x!cgc.float32>):
    %r = "cgc_op.reduce_l2"(%a) : (!cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<1x1x1x1x!cgc.float32>
    "cgc.return"(%r) : (!cgc.tensor<1x1x1x1x!cgc.float32>) -> ()
  }) {function_type = (!cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<1x1x1x1x!cgc.float32>, sym_name = "reduce_l2"} : () -> ()
  "cgc.entry_point"() ({
  ^bb0(%a: !cgc.tensor<2x3x4x4x!cgc.float32>):
    %r = "cgc_op.reduce_log_sum"(%a) : (!cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<1x1x1x1x!cgc.float32>
    "cgc.return"(%r) : (!cgc.tensor<1x1x1x1x!cgc.float32>) -> ()
  }) {function_type = (!cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<1x1x1x1x!cgc.float32>, sym_name = "reduce_log_sum"} : () -> ()
  "cgc.entry_point"() ({
  ^bb0(%a: !cgc.tensor<2x3x4x4x!cgc.float32>):
    %r = "cgc_op.reduce_log_sum_exp"(%a) : (!cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<1x1x1x1x!cgc.float32>
    "cgc.return"(%r) : (!cgc.tensor<1x1x1x1x!cgc.float32>) -> ()
  }) {function_type = (!cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<1x1x1x1x!cgc.float32>, sym_name = "reduce_log_sum_exp"} : () -> ()
  "cgc.entry_point"() ({
  ^bb0(%a: !cgc.tensor<2x3x4x4x!cgc.float32>):
    %r = "cgc_op.reduce_sum_square"(%a) : (!cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<1x1x1x1x!cgc.float32>
    "cgc.return"(%r) : (!cgc.tensor<1x1x1x1x!cgc.float32>) -> ()
  }) {function_type = (!cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<1x1x1x1x!cgc.float32>, sym_name = "reduce_sum_square"} : () -> ()
  "cgc.entry_point"() ({
  ^bb0(%a: !cgc.tensor<2x3x4x4x!cgc.float32>):
    %r = "cgc_op.arg_max"(%a) {axis = 1, keep_dims = false} : (!cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x4x4x!cgc.int64>
    "cgc.return"(%r) : (!cgc.tensor<2x4x4x!cgc.int64>) -> ()
  }) {function_type = (!cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x4x4x!cgc.int64>, sym_name = "arg_max"} : () -> ()
  "cgc.entry_point"() ({
  ^bb0(%a: !cgc.tensor<2x3x4x4x!cgc.float32>):
    %r = "cgc_op.arg_min"(%a) {axis = -1, select_last_index = true} : (!cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x3x4x1x!cgc.int64>
    "cgc.return"(%r) : (!cgc.tensor<2x3x4x1x!cgc.int64>) -> ()
  }) {function_type = (!cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x3x4x1x!cgc.int64>, sym_name = "arg_min"} : () -> ()
  "cgc.entry_point"() ({
  ^bb0(%a: !cgc.tensor<2x3x4x4x!cgc.float32>):
    %r = "cgc_op.softmax"(%a) {axis = 1} : (!cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.float32>
    "cgc.return"(%r) : (!cgc.tensor<2x3x4x4x!cgc.float32>) -> ()
  }) {function_type = (!cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.float32>, sym_name = "softmax"} : () -> ()
  "cgc.entry_point"() ({
  ^bb0(%a: !cgc.tensor<2x3x4x4x!cgc.float32>):
    %r = "cgc_op.log_softmax"(%a) : (!cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.float32>
    "cgc.return"(%r) : (!cgc.tensor<2x3x4x4x!cgc.float32>) -> ()
  }) {function_type = (!cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.float32>, sym_name = "log_softmax"} : () -> ()
  "cgc.entry_point"() ({
  ^bb0(%a: !cgc.tensor<2x3x4x4x!cgc.float32>):
    %r = "cgc_op.hardmax"(%a) : (!cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.float32>
    "cgc.return"(%r) : (!cgc.tensor<2x3x4x4x!cgc.float32>) -> ()
  }) {function_type = (!cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.float32>, sym_name = "hardmax"} : () -> ()
  "cgc.entry_point"() ({
  ^bb0(%a: !cgc.tensor<2x3x4x4x!cgc.float32>):
    %r = "cgc_op.cumsum"(%a) {axis = 2, exclusive = true} : (!cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.float32>
    "cgc.return"(%r) : (!cgc.tensor<2x3x4x4x!cgc.float32>) -> ()
  }) {function_type = (!cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.float32>, sym_name = "cumsum"} : () -> ()
  "cgc.entry_point"() ({
  ^bb0(%a: !cgc.tensor<2x3x4x4x!cgc.float32>):
    %r:2 = "cgc_op.top_k"(%a) {axis = -1, k = 2} : (!cgc.tensor<2x3x4x4x!cgc.float32>) -> (!cgc.tensor<2x3x4x2x!cgc.float32>, !cgc.tensor<2x3x4x2x!cgc.int64>)
    "cgc.return"(%r#0, %r#1) : (!cgc.tensor<2x3x4x2x!cgc.float32>, !cgc.tensor<2x3x4x2x!cgc.int64>) -> ()
  }) {function_type = (!cgc.tensor<2x3x4x4x!cgc.float32>) -> (!cgc.tensor<2x3x4x2x!cgc.float32>, !cgc.tensor<2x3x4x2x!cgc.int64>), sym_name = "top_k"} : () -> ()
  "cgc.entry_point"() ({
  ^bb0(%a: !cgc.tensor<2x3x4x4x!cgc.float32>):
    %r = "cgc_op.reshape"(%a) {shape = [0, -1]} : (!cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x48x!cgc.float32>
    "cgc.return"(%r) : (!cgc.tensor<2x48x!cgc.float32>) -> ()
  }) {function_type = (!cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x48x!cgc.float32>, sym_name = "reshape"} : () -> ()
  "cgc.entry_point"() ({
  ^bb0(%a: !cgc.tensor<2x3x4x4x!cgc.float32>):
    %r = "cgc_op.flatten"(%a) {axis = 2} : (!cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<6x16x!cgc.float32>
    "cgc.return"(%r) : (!cgc.tensor<6x16x!cgc.float32>) -> ()
  }) {function_type = (!cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<6x16x!cgc.float32>, sym_name = "flatten"} : () -> ()
  "cgc.entry_point"() ({
  ^bb0(%a: !cgc.tensor<1x3x1x4x!cgc.float32>):
    %r = "cgc_op.squeeze"(%a) {axes = [0, 2]} : (!cgc.tensor<1x3x1x4x!cgc.float32>) -> !cgc.tensor<3x4x!cgc.float32>
    "cgc.return"(%r) : (!cgc.tensor<3x4x!cgc.float32>) -> ()
  }) {function_type = (!cgc.tensor<1x3x1x4x!cgc.float32>) -> !cgc.tensor<3x4x!cgc.float32>, sym_name = "squeeze"} : () -> ()
  "cgc.entry_point"() ({
  ^bb0(%a: !cgc.tensor<2x3x4x4x!cgc.float32>):
    %r = "cgc_op.unsqueeze"(%a) {axes = [0, -1]} : (!cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<1x2x3x4x4x1x!cgc.float32>
    "cgc.return"(%r) : (!cgc.tensor<1x2x3x4x4x1x!cgc.float32>) -> ()
  }) {function_type = (!cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<1x2x3x4x4x1x!cgc.float32>, sym_name = "unsqueeze"} : () -> ()
  "cgc.entry_point"() ({
  ^bb0(%a: !cgc.tensor<3x1x1x!cgc.float32>):
    %r = "cgc_op.expand"(%a) {shape = [2, 3, 4, 4]} : (!cgc.tensor<3x1x1x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.float32>
    "cgc.return"(%r) : (!cgc.tensor<2x3x4x4x!cgc.float32>) -> ()
  }) {function_type = (!cgc.tensor<3x1x1x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.float32>, sym_name = "expand"} : () -> ()
  "cgc.entry_point"() ({
  ^bb0(%a: !cgc.tensor<2x3x4x4x!cgc.float32>):
    %r = "cgc_op.transpose"(%a) {permutation = [0, 2, 3, 1]} : (!cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x4x4x3x!cgc.float32>
    "cgc.return"(%r) : (!cgc.tensor<2x4x4x3x!cgc.float32>) -> ()
  }) {function_type = (!cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x4x4x3x!cgc.float32>, sym_name = "transpose"} : () -> ()
  "cgc.entry_point"() ({
  ^bb0(%a: !cgc.tensor<2x3x4x4x!cgc.float32>):
    %r = "cgc_op.tile"(%a) {repeats = [1, 2, 1, 1]} : (!cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x6x4x4x!cgc.float32>
    "cgc.return"(%r) : (!cgc.tensor<2x6x4x4x!cgc.float32>) -> ()
  }) {function_type = (!cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x6x4x4x!cgc.float32>, sym_name = "tile"} : () -> ()
  "cgc.entry_point"() ({
  ^bb0(%a: !cgc.tensor<1x8x2x2x!cgc.float32>):
    %r = "cgc_op.depth_to_space"(%a) {block_size = 2, mode = "CRD"} : (!cgc.tensor<1x8x2x2x!cgc.float32>) -> !cgc.tensor<1x2x4x4x!cgc.float32>
    "cgc.return"(%r) : (!cgc.tensor<1x2x4x4x!cgc.float32>) -> ()
  }) {function_type = (!cgc.tensor<1x8x2x2x!cgc.float32>) -> !cgc.tensor<1x2x4x4x!cgc.float32>, sym_name = "depth_to_space"} : () -> ()
  "cgc.entry_point"() ({
  ^bb0(%a: !cgc.tensor<1x2x4x4x!cgc.float32>):
    %r = "cgc_op.space_to_depth"(%a) {block_size = 2} : (!cgc.tensor<1x2x4x4x!cgc.float32>) -> !cgc.tensor<1x8x2x2x!cgc.float32>
    "cgc.return"(%r) : (!cgc.tensor<1x8x2x2x!cgc.float32>) -> ()
  }) {function_type = (!cgc.tensor<1x2x4x4x!cgc.float32>) -> !cgc.tensor<1x8x2x2x!cgc.float32>, sym_name = "space_to_depth"} : () -> ()
  "cgc.entry_point"() ({
  ^bb0(%a: !cgc.tensor<2x3x4x4x!cgc.float32>, %b: !cgc.tensor<2x3x4x4x!cgc.float32>, %c: !cgc.tensor<2x1x4x4x!cgc.float32>):
    %r = "cgc_op.concat"(%a, %b, %c) {axis = 1} : (!cgc.tensor<2x3x4x4x!cgc.float32>, !cgc.tensor<2x3x4x4x!cgc.float32>, !cgc.tensor<2x1x4x4x!cgc.float32>) -> !cgc.tensor<2x7x4x4x!cgc.float32>
    "cgc.return"(%r) : (!cgc.tensor<2x7x4x4x!cgc.float32>) -> ()
  }) {function_type = (!cgc.tensor<2x3x4x4x!cgc.float32>, !cgc.tensor<2x3x4x4x!cgc.float32>, !cgc.tensor<2x1x4x4x!cgc.float32>) -> !cgc.tensor<2x7x4x4x!cgc.float32>, sym_name = "concat"} : () -> ()
  "cgc.entry_point"() ({
  ^bb0(%a: !cgc.tensor<2x3x4x4x!cgc.float32>):
    %r:2 = "cgc_op.split"(%a) {axis = 1, sizes = [1, 2]} : (!cgc.tensor<2x3x4x4x!cgc.float32>) -> (!cgc.tensor<2x1x4x4x!cgc.float32>, !cgc.tensor<2x2x4x4x!cgc.float32>)
    "cgc.return"(%r#0, %r#1) : (!cgc.tensor<2x1x4x4x!cgc.float32>, !cgc.tensor<2x2x4x4x!cgc.float32>) -> ()
  }) {function_type = (!cgc.tensor<2x3x4x4x!cgc.float32>) -> (!cgc.tensor<2x1x4x4x!cgc.float32>, !cgc.tensor<2x2x4x4x!cgc.float32>), sym_name = "split"} : () -> ()
  "cgc.entry_point"() ({
  ^bb0(%a: !cgc.tensor<2x3x4x4x!cgc.float32>):
    %r = "cgc_op.slice"(%a) {axes = [1, 3], ends = [2, 9007199254740991], starts = [0, -1], steps = [1, -1]} : (!cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x2x4x0x!cgc.float32>
    "cgc.return"(%r) : (!cgc.tensor<2x2x4x0x!cgc.float32>) -> ()
  }) {function_type = (!cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x2x4x0x!cgc.float32>, sym_name = "slice"} : () -> ()
  "cgc.entry_point"() ({
  ^bb0(%a: !cgc.tensor<2x3x4x4x!cgc.float32>):
    %r = "cgc_op.pad"(%a) {end_padding = [0, 0, 2, 2], mode = "reflect", start_padding = [0, 0, 1, 1]} : (!cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x3x7x7x!cgc.float32>
    "cgc.return"(%r) : (!cgc.tensor<2x3x7x7x!cgc.float32>) -> ()
  }) {function_type = (!cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x3x7x7x!cgc.float32>, sym_name = "pad"} : () -> ()
  "cgc.entry_point"() ({
  ^bb0(%a: !cgc.tensor<2x3x4x4x!cgc.float32>):
    %r = "cgc_op.trilu"(%a) {k = 1, upper = false} : (!cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.float32>
    "cgc.return"(%r) : (!cgc.tensor<2x3x4x4x!cgc.float32>) -> ()
  }) {function_type = (!cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.float32>, sym_name = "trilu"} : () -> ()
  "cgc.entry_point"() ({
  ^bb0(%a: !cgc.tensor<2x3x4x4x!cgc.float32>, %b: !cgc.tensor<constant 2x2x!cgc.int64>):
    %r = "cgc_op.gather"(%a, %b) {axis = 1} : (!cgc.tensor<2x3x4x4x!cgc.float32>, !cgc.tensor<constant 2x2x!cgc.int64>) -> !cgc.tensor<2x2x2x4x4x!cgc.float32>
    "cgc.return"(%r) : (!cgc.tensor<2x2x2x4x4x!cgc.float32>) -> ()
  }) {function_type = (!cgc.tensor<2x3x4x4x!cgc.float32>, !cgc.tensor<constant 2x2x!cgc.int64>) -> !cgc.tensor<2x2x2x4x4x!cgc.float32>, sym_name = "gather"} : () -> ()
  "cgc.entry_point"() ({
  ^bb0(%a: !cgc.tensor<2x3x4x4x!cgc.float32>, %b: !cgc.tensor<2x3x4x2x!cgc.int64>):
    %r = "cgc_op.gather_elements"(%a, %b) {axis = 3} : (!cgc.tensor<2x3x4x4x!cgc.float32>, !cgc.tensor<2x3x4x2x!cgc.int64>) -> !cgc.tensor<2x3x4x2x!cgc.float32>
    "cgc.return"(%r) : (!cgc.tensor<2x3x4x2x!cgc.float32>) -> ()
  }) {function_type = (!cgc.tensor<2x3x4x4x!cgc.float32>, !cgc.tensor<2x3x4x2x!cgc.int64>) -> !cgc.tensor<2x3x4x2x!cgc.float32>, sym_name = "gather_elements"} : () -> ()
  "cgc.entry_point"() ({
  ^bb0(%a: !cgc.tensor<2x3x4x4x!cgc.float32>, %b: !cgc.tensor<2x1x!cgc.int64>):
    %r = "cgc_op.gather_nd"(%a, %b) : (!cgc.tensor<2x3x4x4x!cgc.float32>, !cgc.tensor<2x1x!cgc.int64>) -> !cgc.tensor<2x3x4x4x!cgc.float32>
    "cgc.return"(%r) : (!cgc.tensor<2x3x4x4x!cgc.float32>) -> ()
  }) {function_type = (!cgc.tensor<2x3x4x4x!cgc.float32>, !cgc.tensor<2x1x!cgc.int64>) -> !cgc.tensor<2x3x4x4x!cgc.float32>, sym_name = "gather_nd"} : () -> ()
  "cgc.entry_point"() ({
  ^bb0(%a: !cgc.tensor<2x3x4x4x!cgc.float32>, %b: !cgc.tensor<2x1x!cgc.int64>, %c: !cgc.tensor<2x3x4x4x!cgc.float32>):
    %r = "cgc_op.scatter_nd"(%a, %b, %c) {reduction = "add"} : (!cgc.tensor<2x3x4x4x!cgc.float32>, !cgc.tensor<2x1x!cgc.int64>, !cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.float32>
    "cgc.return"(%r) : (!cgc.tensor<2x3x4x4x!cgc.float32>) -> ()
  }) {function_type = (!cgc.tensor<2x3x4x4x!cgc.float32>, !cgc.tensor<2x1x!cgc.int64>, !cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.float32>, sym_name = "scatter_nd"} : () -> ()
  "cgc.entry_point"() ({
  ^bb0(%a: !cgc.tensor<2x3x4x4x!cgc.float32>, %b: !cgc.tensor<2x3x4x2x!cgc.int32>, %c: !cgc.tensor<2x3x4x2x!cgc.float32>):
    %r = "cgc_op.scatter_elements"(%a, %b, %c) {axis = 3, reduction = "max"} : (!cgc.tensor<2x3x4x4x!cgc.float32>, !cgc.tensor<2x3x4x2x!cgc.int32>, !cgc.tensor<2x3x4x2x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.float32>
    "cgc.return"(%r) : (!cgc.tensor<2x3x4x4x!cgc.float32>) -> ()
  }) {function_type = (!cgc.tensor<2x3x4x4x!cgc.float32>, !cgc.tensor<2x3x4x2x!cgc.int32>, !cgc.tensor<2x3x4x2x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.float32>, sym_name = "scatter_elements"} : () -> ()
  "cgc.entry_point"() ({
  ^bb0(%a: !cgc.tensor<2x3x!cgc.int64>):
    %r = "cgc_op.one_hot"(%a) {axis = 1, depth = 5, dtype = !cgc.int32, on_value = 2} : (!cgc.tensor<2x3x!cgc.int64>) -> !cgc.tensor<2x5x3x!cgc.int32>
    "cgc.return"(%r) : (!cgc.tensor<2x5x3x!cgc.int32>) -> ()
  }) {function_type = (!cgc.tensor<2x3x!cgc.int64>) -> !cgc.tensor<2x5x3x!cgc.int32>, sym_name = "one_hot"} : () -> ()
  "cgc.entry_point"() ({
  ^bb0(%a: !cgc.tensor<1x3x4x4x!cgc.float32>):
    %r = "cgc_op.resize"(%a) {coordinate_transformation_mode = "align_corners", mode = "linear", sizes = [1, 3, 7, 9]} : (!cgc.tensor<1x3x4x4x!cgc.float32>) -> !cgc.tensor<1x3x7x9x!cgc.float32>
    "cgc.return"(%r) : (!cgc.tensor<1x3x7x9x!cgc.float32>) -> ()
  }) {function_type = (!cgc.tensor<1x3x4x4x!cgc.float32>) -> !cgc.tensor<1x3x7x9x!cgc.float32>, sym_name = "resize"} : () -> ()
  "cgc.entry_point"() ({
  ^bb0(%a: !cgc.tensor<1x3x4x4x!cgc.float32>):
    %r = "cgc_op.upsample"(%a) {mode = "linear", scale_size = [2, 3]} : (!cgc.tensor<1x3x4x4x!cgc.float32>) -> !cgc.tensor<1x3x8x12x!cgc.float32>
    "cgc.return"(%r) : (!cgc.tensor<1x3x8x12x!cgc.float32>) -> ()
  }) {function_type = (!cgc.tensor<1x3x4x4x!cgc.float32>) -> !cgc.tensor<1x3x8x12x!cgc.float32>, sym_name = "upsample"} : () -> ()
  "cgc.entry_point"() ({
  ^bb0(%x: !cgc.tensor<5x2x3x!cgc.float32>, %w: !cgc.tensor<2x4x3x!cgc.float32>, %r: !cgc.tensor<2x4x4x!cgc.float32>):
    %r0:2 = "cgc_op.rnn"(%x, %w, %r) {activation_alpha = [0.0, 0.1], activation_beta = [0.0, 0.0], activations = ["relu", "leaky_relu"], clip = 2.0, direction = "bidirectional", hidden_size = 4} : (!cgc.tensor<5x2x3x!cgc.float32>, !cgc.tensor<2x4x3x!cgc.float32>, !cgc.tensor<2x4x4x!cgc.float32>) -> (!cgc.tensor<5x2x2x4x!cgc.float32>, !cgc.tensor<2x2x4x!cgc.float32>)
    "cgc.return"(%r0#0, %r0#1) : (!cgc.tensor<5x2x2x4x!cgc.float32>, !cgc.tensor<2x2x4x!cgc.float32>) -> ()
  }) {function_type = (!cgc.tensor<5x2x3x!cgc.float32>, !cgc.tensor<2x4x3x!cgc.float32>, !cgc.tensor<2x4x4x!cgc.float32>) -> (!cgc.tensor<5x2x2x4x!cgc.float32>, !cgc.tensor<2x2x4x!cgc.float32>), sym_name = "rnn"} : () -> ()
  "cgc.entry_point"() ({
  ^bb0(%x: !cgc.tensor<2x5x3x!cgc.float32>, %w: !cgc.tensor<1x12x3x!cgc.float32>, %r: !cgc.tensor<1x12x4x!cgc.float32>, %b: !cgc.tensor<1x24x!cgc.float32>, %lens: !cgc.tensor<2x!cgc.int32>):
    %r0:2 = "cgc_op.gru"(%x, %w, %r, %b, %lens) {hidden_size = 4, layout = 1, linear_before_reset = true} : (!cgc.tensor<2x5x3x!cgc.float32>, !cgc.tensor<1x12x3x!cgc.float32>, !cgc.tensor<1x12x4x!cgc.float32>, !cgc.tensor<1x24x!cgc.float32>, !cgc.tensor<2x!cgc.int32>) -> (!cgc.tensor<2x5x1x4x!cgc.float32>, !cgc.tensor<2x1x4x!cgc.float32>)
    "cgc.return"(%r0#1) : (!cgc.tensor<2x1x4x!cgc.float32>) -> ()
  }) {function_type = (!cgc.tensor<2x5x3x!cgc.float32>, !cgc.tensor<1x12x3x!cgc.float32>, !cgc.tensor<1x12x4x!cgc.float32>, !cgc.tensor<1x24x!cgc.float32>, !cgc.tensor<2x!cgc.int32>) -> !cgc.tensor<2x1x4x!cgc.float32>, sym_name = "gru"} : () -> ()
  "cgc.entry_point"() ({
  ^bb0(%x: !cgc.tensor<5x2x3x!cgc.float32>, %w: !cgc.tensor<1x16x3x!cgc.float32>, %r: !cgc.tensor<1x16x4x!cgc.float32>, %b: !cgc.tensor<1x32x!cgc.float32>, %lens: !cgc.tensor<2x!cgc.int32>, %h: !cgc.tensor<1x2x4x!cgc.float32>, %c: !cgc.tensor<1x2x4x!cgc.float32>, %p: !cgc.tensor<1x12x!cgc.float32>):
    %r0:3 = "cgc_op.lstm"(%x, %w, %r, %b, %lens, %h, %c, %p) {direction = "reverse", hidden_size = 4, input_forget = true} : (!cgc.tensor<5x2x3x!cgc.float32>, !cgc.tensor<1x16x3x!cgc.float32>, !cgc.tensor<1x16x4x!cgc.float32>, !cgc.tensor<1x32x!cgc.float32>, !cgc.tensor<2x!cgc.int32>, !cgc.tensor<1x2x4x!cgc.float32>, !cgc.tensor<1x2x4x!cgc.float32>, !cgc.tensor<1x12x!cgc.float32>) -> (!cgc.tensor<5x1x2x4x!cgc.float32>, !cgc.tensor<1x2x4x!cgc.float32>, !cgc.tensor<1x2x4x!cgc.float32>)
    "cgc.return"(%r0#0, %r0#1, %r0#2) : (!cgc.tensor<5x1x2x4x!cgc.float32>, !cgc.tensor<1x2x4x!cgc.float32>, !cgc.tensor<1x2x4x!cgc.float32>) -> ()
  }) {function_type = (!cgc.tensor<5x2x3x!cgc.float32>, !cgc.tensor<1x16x3x!cgc.float32>, !cgc.tensor<1x16x4x!cgc.float32>, !cgc.tensor<1x32x!cgc.float32>, !cgc.tensor<2x!cgc.int32>, !cgc.tensor<1x2x4x!cgc.float32>, !cgc.tensor<1x2x4x!cgc.float32>, !cgc.tensor<1x12x!cgc.float32>) -> (!cgc.tensor<5x1x2x4x!cgc.float32>, !cgc.tensor<1x2x4x!cgc.float32>, !cgc.tensor<1x2x4x!cgc.float32>), sym_name = "lstm"} : () -> ()
  "cgc.entry_point"() ({
  ^bb0(%a: !cgc.tensor<1x2x4x5x!cgc.float32>, %b: !cgc.tensor<1x3x3x2x!cgc.float32>):
    %r = "cgc_op.grid_sample"(%a, %b) {align_corners = true, mode = "linear", padding_mode = "border"} : (!cgc.tensor<1x2x4x5x!cgc.float32>, !cgc.tensor<1x3x3x2x!cgc.float32>) -> !cgc.tensor<1x2x3x3x!cgc.float32>
    "cgc.return"(%r) : (!cgc.tensor<1x2x3x3x!cgc.float32>) -> ()
  }) {function_type = (!cgc.tensor<1x2x4x5x!cgc.float32>, !cgc.tensor<1x3x3x2x!cgc.float32>) -> !cgc.tensor<1x2x3x3x!cgc.float32>, sym_name = "grid_sample"} : () -> ()
  "cgc.entry_point"() ({
  ^bb0(%a: !cgc.tensor<2x3x6x6x!cgc.float32>, %b: !cgc.tensor<3x4x!cgc.float32>, %c: !cgc.tensor<3x!cgc.int64>):
    %r = "cgc_op.roi_align"(%a, %b, %c) {output_height = 2, output_width = 2, sampling_ratio = 2, spatial_scale = 1.5} : (!cgc.tensor<2x3x6x6x!cgc.float32>, !cgc.tensor<3x4x!cgc.float32>, !cgc.tensor<3x!cgc.int64>) -> !cgc.tensor<3x3x2x2x!cgc.float32>
    "cgc.return"(%r) : (!cgc.tensor<3x3x2x2x!cgc.float32>) -> ()
  }) {function_type = (!cgc.tensor<2x3x6x6x!cgc.float32>, !cgc.tensor<3x4x!cgc.float32>, !cgc.tensor<3x!cgc.int64>) -> !cgc.tensor<3x3x2x2x!cgc.float32>, sym_name = "roi_align"} : () -> ()
  "cgc.entry_point"() ({
  ^bb0(%a: !cgc.tensor<2x3x6x6x!cgc.float32>, %b: !cgc.tensor<3x4x!cgc.float32>, %c: !cgc.tensor<3x!cgc.int32>):
    %r = "cgc_op.max_roi_pool"(%a, %b, %c) {pooled_shape = [2, 2], spatial_scale = 1.5} : (!cgc.tensor<2x3x6x6x!cgc.float32>, !cgc.tensor<3x4x!cgc.float32>, !cgc.tensor<3x!cgc.int32>) -> !cgc.tensor<3x3x2x2x!cgc.float32>
    "cgc.return"(%r) : (!cgc.tensor<3x3x2x2x!cgc.float32>) -> ()
  }) {function_type = (!cgc.tensor<2x3x6x6x!cgc.float32>, !cgc.tensor<3x4x!cgc.float32>, !cgc.tensor<3x!cgc.int32>) -> !cgc.tensor<3x3x2x2x!cgc.float32>, sym_name = "max_roi_pool"} : () -> ()
  "cgc.entry_point"() ({
  ^bb0(%a: !cgc.tensor<1x2x2x2x!cgc.float32>, %b: !cgc.tensor<1x2x2x2x!cgc.int64>):
    %r = "cgc_op.max_unpool"(%a, %b) {output_shape = [1, 2, 4, 4]} : (!cgc.tensor<1x2x2x2x!cgc.float32>, !cgc.tensor<1x2x2x2x!cgc.int64>) -> !cgc.tensor<1x2x4x4x!cgc.float32>
    "cgc.return"(%r) : (!cgc.tensor<1x2x4x4x!cgc.float32>) -> ()
  }) {function_type = (!cgc.tensor<1x2x2x2x!cgc.float32>, !cgc.tensor<1x2x2x2x!cgc.int64>) -> !cgc.tensor<1x2x4x4x!cgc.float32>, sym_name = "max_unpool"} : () -> ()
  "cgc.entry_point"() ({
  ^bb0(%a: !cgc.tensor<2x8x1x!cgc.float32>):
    %r = "cgc_op.dft"(%a) {axis = 1, onesided = true} : (!cgc.tensor<2x8x1x!cgc.float32>) -> !cgc.tensor<2x5x2x!cgc.float32>
    "cgc.return"(%r) : (!cgc.tensor<2x5x2x!cgc.float32>) -> ()
  }) {function_type = (!cgc.tensor<2x8x1x!cgc.float32>) -> !cgc.tensor<2x5x2x!cgc.float32>, sym_name = "dft"} : () -> ()
  "cgc.entry_point"() ({
  ^bb0(%a: !cgc.tensor<1x32x1x!cgc.float32>, %b: !cgc.tensor<8x!cgc.float32>):
    %r = "cgc_op.stft"(%a, %b) {frame_length = 8, frame_step = 4} : (!cgc.tensor<1x32x1x!cgc.float32>, !cgc.tensor<8x!cgc.float32>) -> !cgc.tensor<1x7x5x2x!cgc.float32>
    "cgc.return"(%r) : (!cgc.tensor<1x7x5x2x!cgc.float32>) -> ()
  }) {function_type = (!cgc.tensor<1x32x1x!cgc.float32>, !cgc.tensor<8x!cgc.float32>) -> !cgc.tensor<1x7x5x2x!cgc.float32>, sym_name = "stft"} : () -> ()
  "cgc.entry_point"() ({
  ^bb0(%a: !cgc.tensor<2x3x!cgc.float32>):
    %r:2 = "cgc_op.non_zero"(%a) : (!cgc.tensor<2x3x!cgc.float32>) -> (!cgc.tensor<2x6x!cgc.int64>, !cgc.tensor<!cgc.int64>)
    "cgc.return"(%r#0, %r#1) : (!cgc.tensor<2x6x!cgc.int64>, !cgc.tensor<!cgc.int64>) -> ()
  }) {extents = [0, 1, 1], function_type = (!cgc.tensor<2x3x!cgc.float32>) -> (!cgc.tensor<2x6x!cgc.int64>, !cgc.tensor<!cgc.int64>), sym_name = "non_zero"} : () -> ()
  "cgc.entry_point"() ({
  ^bb0(%a: !cgc.tensor<3x2x!cgc.float32>, %b: !cgc.tensor<3x!cgc.bool>):
    %r:2 = "cgc_op.compress"(%a, %b) {axis = 0} : (!cgc.tensor<3x2x!cgc.float32>, !cgc.tensor<3x!cgc.bool>) -> (!cgc.tensor<3x2x!cgc.float32>, !cgc.tensor<!cgc.int64>)
    "cgc.return"(%r#0, %r#1) : (!cgc.tensor<3x2x!cgc.float32>, !cgc.tensor<!cgc.int64>) -> ()
  }) {extents = [0, 1, 0], function_type = (!cgc.tensor<3x2x!cgc.float32>, !cgc.tensor<3x!cgc.bool>) -> (!cgc.tensor<3x2x!cgc.float32>, !cgc.tensor<!cgc.int64>), sym_name = "compress"} : () -> ()
  "cgc.entry_point"() ({
  ^bb0(%a: !cgc.tensor<1x6x4x!cgc.float32>, %b: !cgc.tensor<1x2x6x!cgc.float32>):
    %r:2 = "cgc_op.non_max_suppression"(%a, %b) {iou_threshold = 0.5, max_output_boxes_per_class = 3, score_threshold = 0.25} : (!cgc.tensor<1x6x4x!cgc.float32>, !cgc.tensor<1x2x6x!cgc.float32>) -> (!cgc.tensor<6x3x!cgc.int64>, !cgc.tensor<!cgc.int64>)
    "cgc.return"(%r#0, %r#1) : (!cgc.tensor<6x3x!cgc.int64>, !cgc.tensor<!cgc.int64>) -> ()
  }) {extents = [0, 1, 0], function_type = (!cgc.tensor<1x6x4x!cgc.float32>, !cgc.tensor<1x2x6x!cgc.float32>) -> (!cgc.tensor<6x3x!cgc.int64>, !cgc.tensor<!cgc.int64>), sym_name = "non_max_suppression"} : () -> ()
  "cgc.entry_point"() ({
  ^bb0(%a: !cgc.tensor<8x!cgc.float32>):
    %r:5 = "cgc_op.unique"(%a) {sorted = true} : (!cgc.tensor<8x!cgc.float32>) -> (!cgc.tensor<8x!cgc.float32>, !cgc.tensor<8x!cgc.int64>, !cgc.tensor<8x!cgc.int64>, !cgc.tensor<8x!cgc.int64>, !cgc.tensor<!cgc.int64>)
    "cgc.return"(%r#0, %r#1, %r#2, %r#3, %r#4) : (!cgc.tensor<8x!cgc.float32>, !cgc.tensor<8x!cgc.int64>, !cgc.tensor<8x!cgc.int64>, !cgc.tensor<8x!cgc.int64>, !cgc.tensor<!cgc.int64>) -> ()
  }) {extents = [0, 4, 0, 1, 4, 0, 3, 4, 0], function_type = (!cgc.tensor<8x!cgc.float32>) -> (!cgc.tensor<8x!cgc.float32>, !cgc.tensor<8x!cgc.int64>, !cgc.tensor<8x!cgc.int64>, !cgc.tensor<8x!cgc.int64>, !cgc.tensor<!cgc.int64>), sym_name = "unique"} : () -> ()
  "cgc.entry_point"() ({
  ^bb0(%a: !cgc.tensor<2x3x3x!cgc.float32>):
    %r = "cgc_op.det"(%a) : (!cgc.tensor<2x3x3x!cgc.float32>) -> !cgc.tensor<2x!cgc.float32>
    "cgc.return"(%r) : (!cgc.tensor<2x!cgc.float32>) -> ()
  }) {function_type = (!cgc.tensor<2x3x3x!cgc.float32>) -> !cgc.tensor<2x!cgc.float32>, sym_name = "det"} : () -> ()
  "cgc.entry_point"() ({
  ^bb0(%a: !cgc.tensor<4x2x3x!cgc.float32>, %b: !cgc.tensor<constant 2x!cgc.int64>):
    %r = "cgc_op.reverse_sequence"(%a, %b) {batch_axis = 1, time_axis = 0} : (!cgc.tensor<4x2x3x!cgc.float32>, !cgc.tensor<constant 2x!cgc.int64>) -> !cgc.tensor<4x2x3x!cgc.float32>
    "cgc.return"(%r) : (!cgc.tensor<4x2x3x!cgc.float32>) -> ()
  }) {function_type = (!cgc.tensor<4x2x3x!cgc.float32>, !cgc.tensor<constant 2x!cgc.int64>) -> !cgc.tensor<4x2x3x!cgc.float32>, sym_name = "reverse_sequence"} : () -> ()
  "cgc.entry_point"() ({
  ^bb0(%a: !cgc.tensor<1x3x9x9x!cgc.float32>):
    %r = "cgc_op.max_pool_indices"(%a) {ceil_mode = true, strides = [2, 2], window_size = [3, 3]} : (!cgc.tensor<1x3x9x9x!cgc.float32>) -> !cgc.tensor<1x3x4x4x!cgc.int64>
    "cgc.return"(%r) : (!cgc.tensor<1x3x4x4x!cgc.int64>) -> ()
  }) {function_type = (!cgc.tensor<1x3x9x9x!cgc.float32>) -> !cgc.tensor<1x3x4x4x!cgc.int64>, sym_name = "max_pool_indices"} : () -> ()
  "cgc.entry_point"() ({
  ^bb0(%a: !cgc.tensor<!cgc.int64>, %b: !cgc.tensor<!cgc.bool>, %c: !cgc.tensor<2x!cgc.float32>, %d: !cgc.tensor<2x!cgc.float32>):
    %r = "cgc_op.loop"(%a, %b, %c, %d) ({
    ^bb0(%i: !cgc.tensor<!cgc.int64>, %go: !cgc.tensor<!cgc.bool>, %y: !cgc.tensor<2x!cgc.float32>, %x: !cgc.tensor<2x!cgc.float32>):
      %s = "cgc_op.add"(%y, %x) : (!cgc.tensor<2x!cgc.float32>, !cgc.tensor<2x!cgc.float32>) -> !cgc.tensor<2x!cgc.float32>
      "cgc.return"(%go, %s) : (!cgc.tensor<!cgc.bool>, !cgc.tensor<2x!cgc.float32>) -> ()
    }) {carried = 1} : (!cgc.tensor<!cgc.int64>, !cgc.tensor<!cgc.bool>, !cgc.tensor<2x!cgc.float32>, !cgc.tensor<2x!cgc.float32>) -> !cgc.tensor<2x!cgc.float32>
    "cgc.return"(%r) : (!cgc.tensor<2x!cgc.float32>) -> ()
  }) {function_type = (!cgc.tensor<!cgc.int64>, !cgc.tensor<!cgc.bool>, !cgc.tensor<2x!cgc.float32>, !cgc.tensor<2x!cgc.float32>) -> !cgc.tensor<2x!cgc.float32>, sym_name = "loop"} : () -> ()
  "cgc.entry_point"() ({
  ^bb0(%a: !cgc.tensor<!cgc.bool>, %b: !cgc.tensor<2x!cgc.float32>):
    %r = "cgc_op.if"(%a, %b) ({
    ^bb0(%x: !cgc.tensor<2x!cgc.float32>):
      %s = "cgc_op.relu"(%x) : (!cgc.tensor<2x!cgc.float32>) -> !cgc.tensor<2x!cgc.float32>
      "cgc.return"(%s) : (!cgc.tensor<2x!cgc.float32>) -> ()
    }, {
    ^bb0(%0: !cgc.tensor<2x!cgc.float32>):
      %n = "cgc_op.neg"(%0) : (!cgc.tensor<2x!cgc.float32>) -> !cgc.tensor<2x!cgc.float32>
      "cgc.return"(%n) : (!cgc.tensor<2x!cgc.float32>) -> ()
    }) {result_types = [!cgc.tensor<2x!cgc.float32>]} : (!cgc.tensor<!cgc.bool>, !cgc.tensor<2x!cgc.float32>) -> !cgc.tensor<2x!cgc.float32>
    "cgc.return"(%r) : (!cgc.tensor<2x!cgc.float32>) -> ()
  }) {function_type = (!cgc.tensor<!cgc.bool>, !cgc.tensor<2x!cgc.float32>) -> !cgc.tensor<2x!cgc.float32>, sym_name = "if"} : () -> ()
}) {cgc.interface = "7FC4F23F-2474-4AE8-AE7A-2722118B350E", cgc.version = "0.1.0"} : () -> ()
