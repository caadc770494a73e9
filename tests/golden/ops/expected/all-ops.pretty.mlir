cgc.module attributes {cgc.interface = "7FC4F23F-2474-4AE8-AE7A-2722118B350E", cgc.version = "0.1.0"} {
  cgc.entry_point @add(%a: !cgc.tensor<2x3x4x4x!cgc.float32>, %b: !cgc.tensor<3x1x1x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.float32> {
    %r = cgc_op.add(%a, %b) : (!cgc.tensor<2x3x4x4x!cgc.float32>, !cgc.tensor<3x1x1x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.float32>
    cgc.return %r : !cgc.tensor<2x3x4x4x!cgc.float32>
  }

  cgc.entry_point @sub(%a: !cgc.tensor<2x3x4x4x!cgc.float32>, %b: !cgc.tensor<3x1x1x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.float32> {
    %r = cgc_op.sub(%a, %b) : (!cgc.tensor<2x3x4x4x!cgc.float32>, !cgc.tensor<3x1x1x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.float32>
    cgc.return %r : !cgc.tensor<2x3x4x4x!cgc.float32>
  }

  cgc.entry_point @mul(%a: !cgc.tensor<2x3x4x4x!cgc.float32>, %b: !cgc.tensor<3x1x1x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.float32> {
    %r = cgc_op.mul(%a, %b) : (!cgc.tensor<2x3x4x4x!cgc.float32>, !cgc.tensor<3x1x1x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.float32>
    cgc.return %r : !cgc.tensor<2x3x4x4x!cgc.float32>
  }

  cgc.entry_point @div(%a: !cgc.tensor<2x3x4x4x!cgc.float32>, %b: !cgc.tensor<3x1x1x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.float32> {
    %r = cgc_op.div(%a, %b) : (!cgc.tensor<2x3x4x4x!cgc.float32>, !cgc.tensor<3x1x1x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.float32>
    cgc.return %r : !cgc.tensor<2x3x4x4x!cgc.float32>
  }

  cgc.entry_point @max(%a: !cgc.tensor<2x3x4x4x!cgc.float32>, %b: !cgc.tensor<3x1x1x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.float32> {
    %r = cgc_op.max(%a, %b) : (!cgc.tensor<2x3x4x4x!cgc.float32>, !cgc.tensor<3x1x1x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.float32>
    cgc.return %r : !cgc.tensor<2x3x4x4x!cgc.float32>
  }

  cgc.entry_point @min(%a: !cgc.tensor<2x3x4x4x!cgc.float32>, %b: !cgc.tensor<3x1x1x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.float32> {
    %r = cgc_op.min(%a, %b) : (!cgc.tensor<2x3x4x4x!cgc.float32>, !cgc.tensor<3x1x1x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.float32>
    cgc.return %r : !cgc.tensor<2x3x4x4x!cgc.float32>
  }

  cgc.entry_point @mod(%a: !cgc.tensor<2x3x!cgc.int32>, %b: !cgc.tensor<3x!cgc.int32>) -> !cgc.tensor<2x3x!cgc.int32> {
    %r = cgc_op.mod(%a, %b) : (!cgc.tensor<2x3x!cgc.int32>, !cgc.tensor<3x!cgc.int32>) -> !cgc.tensor<2x3x!cgc.int32>
    cgc.return %r : !cgc.tensor<2x3x!cgc.int32>
  }

  cgc.entry_point @equal(%a: !cgc.tensor<2x3x4x4x!cgc.float32>, %b: !cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.bool> {
    %r = cgc_op.equal(%a, %b) : (!cgc.tensor<2x3x4x4x!cgc.float32>, !cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.bool>
    cgc.return %r : !cgc.tensor<2x3x4x4x!cgc.bool>
  }

  cgc.entry_point @less(%a: !cgc.tensor<2x3x4x4x!cgc.float32>, %b: !cgc.tensor<4x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.bool> {
    %r = cgc_op.less(%a, %b) : (!cgc.tensor<2x3x4x4x!cgc.float32>, !cgc.tensor<4x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.bool>
    cgc.return %r : !cgc.tensor<2x3x4x4x!cgc.bool>
  }

  cgc.entry_point @less_or_equal(%a: !cgc.tensor<2x3x4x4x!cgc.float32>, %b: !cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.bool> {
    %r = cgc_op.less_or_equal(%a, %b) : (!cgc.tensor<2x3x4x4x!cgc.float32>, !cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.bool>
    cgc.return %r : !cgc.tensor<2x3x4x4x!cgc.bool>
  }

  cgc.entry_point @greater(%a: !cgc.tensor<2x3x4x4x!cgc.float32>, %b: !cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.bool> {
    %r = cgc_op.greater(%a, %b) : (!cgc.tensor<2x3x4x4x!cgc.float32>, !cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.bool>
    cgc.return %r : !cgc.tensor<2x3x4x4x!cgc.bool>
  }

  cgc.entry_point @greater_or_equal(%a: !cgc.tensor<2x3x4x4x!cgc.float32>, %b: !cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.bool> {
    %r = cgc_op.greater_or_equal(%a, %b) : (!cgc.tensor<2x3x4x4x!cgc.float32>, !cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.bool>
    cgc.return %r : !cgc.tensor<2x3x4x4x!cgc.bool>
  }

  cgc.entry_point @and(%a: !cgc.tensor<4x!cgc.bool>, %b: !cgc.tensor<4x!cgc.bool>) -> !cgc.tensor<4x!cgc.bool> {
    %r = cgc_op.and(%a, %b) : (!cgc.tensor<4x!cgc.bool>, !cgc.tensor<4x!cgc.bool>) -> !cgc.tensor<4x!cgc.bool>
    cgc.return %r : !cgc.tensor<4x!cgc.bool>
  }

  cgc.entry_point @or(%a: !cgc.tensor<4x!cgc.bool>, %b: !cgc.tensor<2x4x!cgc.bool>) -> !cgc.tensor<2x4x!cgc.bool> {
    %r = cgc_op.or(%a, %b) : (!cgc.tensor<4x!cgc.bool>, !cgc.tensor<2x4x!cgc.bool>) -> !cgc.tensor<2x4x!cgc.bool>
    cgc.return %r : !cgc.tensor<2x4x!cgc.bool>
  }

  cgc.entry_point @xor(%a: !cgc.tensor<4x!cgc.bool>, %b: !cgc.tensor<4x!cgc.bool>) -> !cgc.tensor<4x!cgc.bool> {
    %r = cgc_op.xor(%a, %b) : (!cgc.tensor<4x!cgc.bool>, !cgc.tensor<4x!cgc.bool>) -> !cgc.tensor<4x!cgc.bool>
    cgc.return %r : !cgc.tensor<4x!cgc.bool>
  }

  cgc.entry_point @bitwise_and(%a: !cgc.tensor<4x!cgc.int32>, %b: !cgc.tensor<4x!cgc.int32>) -> !cgc.tensor<4x!cgc.int32> {
    %r = cgc_op.bitwise_and(%a, %b) : (!cgc.tensor<4x!cgc.int32>, !cgc.tensor<4x!cgc.int32>) -> !cgc.tensor<4x!cgc.int32>
    cgc.return %r : !cgc.tensor<4x!cgc.int32>
  }

  cgc.entry_point @bitwise_or(%a: !cgc.tensor<4x!cgc.int32>, %b: !cgc.tensor<4x!cgc.int32>) -> !cgc.tensor<4x!cgc.int32> {
    %r = cgc_op.bitwise_or(%a, %b) : (!cgc.tensor<4x!cgc.int32>, !cgc.tensor<4x!cgc.int32>) -> !cgc.tensor<4x!cgc.int32>
    cgc.return %r : !cgc.tensor<4x!cgc.int32>
  }

  cgc.entry_point @bitwise_xor(%a: !cgc.tensor<4x!cgc.uint8>, %b: !cgc.tensor<4x!cgc.uint8>) -> !cgc.tensor<4x!cgc.uint8> {
    %r = cgc_op.bitwise_xor(%a, %b) : (!cgc.tensor<4x!cgc.uint8>, !cgc.tensor<4x!cgc.uint8>) -> !cgc.tensor<4x!cgc.uint8>
    cgc.return %r : !cgc.tensor<4x!cgc.uint8>
  }

  cgc.entry_point @bit_shift(%a: !cgc.tensor<4x!cgc.uint8>, %b: !cgc.tensor<4x!cgc.uint8>) -> !cgc.tensor<4x!cgc.uint8> {
    %r = cgc_op.bit_shift(%a, %b) {direction = "LEFT"} : (!cgc.tensor<4x!cgc.uint8>, !cgc.tensor<4x!cgc.uint8>) -> !cgc.tensor<4x!cgc.uint8>
    cgc.return %r : !cgc.tensor<4x!cgc.uint8>
  }

  cgc.entry_point @pow(%a: !cgc.tensor<2x3x4x4x!cgc.float32>, %b: !cgc.tensor<3x1x1x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.float32> {
    %r = cgc_op.pow(%a, %b) : (!cgc.tensor<2x3x4x4x!cgc.float32>, !cgc.tensor<3x1x1x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.float32>
    cgc.return %r : !cgc.tensor<2x3x4x4x!cgc.float32>
  }

  cgc.entry_point @prelu(%a: !cgc.tensor<2x3x4x4x!cgc.float32>, %b: !cgc.tensor<constant 3x1x1x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.float32> {
    %r = cgc_op.prelu(%a, %b) : (!cgc.tensor<2x3x4x4x!cgc.float32>, !cgc.tensor<constant 3x1x1x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.float32>
    cgc.return %r : !cgc.tensor<2x3x4x4x!cgc.float32>
  }

  cgc.entry_point @where(%a: !cgc.tensor<2x3x4x4x!cgc.bool>, %b: !cgc.tensor<2x3x4x4x!cgc.float32>, %c: !cgc.tensor<4x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.float32> {
    %r = cgc_op.where(%a, %b, %c) : (!cgc.tensor<2x3x4x4x!cgc.bool>, !cgc.tensor<2x3x4x4x!cgc.float32>, !cgc.tensor<4x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.float32>
    cgc.return %r : !cgc.tensor<2x3x4x4x!cgc.float32>
  }

  cgc.entry_point @relu(%a: !cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.float32> {
    %r = cgc_op.relu(%a) : (!cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.float32>
    cgc.return %r : !cgc.tensor<2x3x4x4x!cgc.float32>
  }

  cgc.entry_point @leaky_relu(%a: !cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.float32> {
    %r = cgc_op.leaky_relu(%a) {alpha = 0.1} : (!cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.float32>
    cgc.return %r : !cgc.tensor<2x3x4x4x!cgc.float32>
  }

  cgc.entry_point @sigmoid(%a: !cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.float32> {
    %r = cgc_op.sigmoid(%a) : (!cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.float32>
    cgc.return %r : !cgc.tensor<2x3x4x4x!cgc.float32>
  }

  cgc.entry_point @tanh(%a: !cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.float32> {
    %r = cgc_op.tanh(%a) : (!cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.float32>
    cgc.return %r : !cgc.tensor<2x3x4x4x!cgc.float32>
  }

  cgc.entry_point @hard_sigmoid(%a: !cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.float32> {
    %r = cgc_op.hard_sigmoid(%a) {alpha = 0.16666666666666666, beta = 0.5} : (!cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.float32>
    cgc.return %r : !cgc.tensor<2x3x4x4x!cgc.float32>
  }

  cgc.entry_point @hard_swish(%a: !cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.float32> {
    %r = cgc_op.hard_swish(%a) : (!cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.float32>
    cgc.return %r : !cgc.tensor<2x3x4x4x!cgc.float32>
  }

  cgc.entry_point @gelu(%a: !cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.float32> {
    %r = cgc_op.gelu(%a) {approximate = "tanh"} : (!cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.float32>
    cgc.return %r : !cgc.tensor<2x3x4x4x!cgc.float32>
  }

  cgc.entry_point @clip(%a: !cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.float32> {
    %r = cgc_op.clip(%a) {min = 0, max = 6} : (!cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.float32>
    cgc.return %r : !cgc.tensor<2x3x4x4x!cgc.float32>
  }

  cgc.entry_point @softplus(%a: !cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.float32> {
    %r = cgc_op.softplus(%a) : (!cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.float32>
    cgc.return %r : !cgc.tensor<2x3x4x4x!cgc.float32>
  }

  cgc.entry_point @softsign(%a: !cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.float32> {
    %r = cgc_op.softsign(%a) : (!cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.float32>
    cgc.return %r : !cgc.tensor<2x3x4x4x!cgc.float32>
  }

  cgc.entry_point @elu(%a: !cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.float32> {
    %r = cgc_op.elu(%a) {alpha = 1.5} : (!cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.float32>
    cgc.return %r : !cgc.tensor<2x3x4x4x!cgc.float32>
  }

  cgc.entry_point @selu(%a: !cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.float32> {
    %r = cgc_op.selu(%a) : (!cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.float32>
    cgc.return %r : !cgc.tensor<2x3x4x4x!cgc.float32>
  }

  cgc.entry_point @celu(%a: !cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.float32> {
    %r = cgc_op.celu(%a) {alpha = 2.5} : (!cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.float32>
    cgc.return %r : !cgc.tensor<2x3x4x4x!cgc.float32>
  }

  cgc.entry_point @mish(%a: !cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.float32> {
    %r = cgc_op.mish(%a) : (!cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.float32>
    cgc.return %r : !cgc.tensor<2x3x4x4x!cgc.float32>
  }

  cgc.entry_point @silu(%a: !cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.float32> {
    %r = cgc_op.silu(%a) : (!cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.float32>
    cgc.return %r : !cgc.tensor<2x3x4x4x!cgc.float32>
  }

  cgc.entry_point @thresholded_relu(%a: !cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.float32> {
    %r = cgc_op.thresholded_relu(%a) {alpha = 0.25} : (!cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.float32>
    cgc.return %r : !cgc.tensor<2x3x4x4x!cgc.float32>
  }

  cgc.entry_point @shrink(%a: !cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.float32> {
    %r = cgc_op.shrink(%a) {bias = 0.5, lambd = 1.5} : (!cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.float32>
    cgc.return %r : !cgc.tensor<2x3x4x4x!cgc.float32>
  }

  cgc.entry_point @erf(%a: !cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.float32> {
    %r = cgc_op.erf(%a) : (!cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.float32>
    cgc.return %r : !cgc.tensor<2x3x4x4x!cgc.float32>
  }

  cgc.entry_point @exp(%a: !cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.float32> {
    %r = cgc_op.exp(%a) : (!cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.float32>
    cgc.return %r : !cgc.tensor<2x3x4x4x!cgc.float32>
  }

  cgc.entry_point @log(%a: !cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.float32> {
    %r = cgc_op.log(%a) : (!cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.float32>
    cgc.return %r : !cgc.tensor<2x3x4x4x!cgc.float32>
  }

  cgc.entry_point @sqrt(%a: !cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.float32> {
    %r = cgc_op.sqrt(%a) : (!cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.float32>
    cgc.return %r : !cgc.tensor<2x3x4x4x!cgc.float32>
  }

  cgc.entry_point @reciprocal(%a: !cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.float32> {
    %r = cgc_op.reciprocal(%a) : (!cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.float32>
    cgc.return %r : !cgc.tensor<2x3x4x4x!cgc.float32>
  }

  cgc.entry_point @neg(%a: !cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.float32> {
    %r = cgc_op.neg(%a) : (!cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.float32>
    cgc.return %r : !cgc.tensor<2x3x4x4x!cgc.float32>
  }

  cgc.entry_point @abs(%a: !cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.float32> {
    %r = cgc_op.abs(%a) : (!cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.float32>
    cgc.return %r : !cgc.tensor<2x3x4x4x!cgc.float32>
  }

  cgc.entry_point @sign(%a: !cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.float32> {
    %r = cgc_op.sign(%a) : (!cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.float32>
    cgc.return %r : !cgc.tensor<2x3x4x4x!cgc.float32>
  }

  cgc.entry_point @sin(%a: !cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.float32> {
    %r = cgc_op.sin(%a) : (!cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.float32>
    cgc.return %r : !cgc.tensor<2x3x4x4x!cgc.float32>
  }

  cgc.entry_point @cos(%a: !cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.float32> {
    %r = cgc_op.cos(%a) : (!cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.float32>
    cgc.return %r : !cgc.tensor<2x3x4x4x!cgc.float32>
  }

  cgc.entry_point @tan(%a: !cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.float32> {
    %r = cgc_op.tan(%a) : (!cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.float32>
    cgc.return %r : !cgc.tensor<2x3x4x4x!cgc.float32>
  }

  cgc.entry_point @asin(%a: !cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.float32> {
    %r = cgc_op.asin(%a) : (!cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.float32>
    cgc.return %r : !cgc.tensor<2x3x4x4x!cgc.float32>
  }

  cgc.entry_point @acos(%a: !cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.float32> {
    %r = cgc_op.acos(%a) : (!cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.float32>
    cgc.return %r : !cgc.tensor<2x3x4x4x!cgc.float32>
  }

  cgc.entry_point @atan(%a: !cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.float32> {
    %r = cgc_op.atan(%a) : (!cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.float32>
    cgc.return %r : !cgc.tensor<2x3x4x4x!cgc.float32>
  }

  cgc.entry_point @sinh(%a: !cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.float32> {
    %r = cgc_op.sinh(%a) : (!cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.float32>
    cgc.return %r : !cgc.tensor<2x3x4x4x!cgc.float32>
  }

  cgc.entry_point @cosh(%a: !cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.float32> {
    %r = cgc_op.cosh(%a) : (!cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.float32>
    cgc.return %r : !cgc.tensor<2x3x4x4x!cgc.float32>
  }

  cgc.entry_point @asinh(%a: !cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.float32> {
    %r = cgc_op.asinh(%a) : (!cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.float32>
    cgc.return %r : !cgc.tensor<2x3x4x4x!cgc.float32>
  }

  cgc.entry_point @acosh(%a: !cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.float32> {
    %r = cgc_op.acosh(%a) : (!cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.float32>
    cgc.return %r : !cgc.tensor<2x3x4x4x!cgc.float32>
  }

  cgc.entry_point @atanh(%a: !cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.float32> {
    %r = cgc_op.atanh(%a) : (!cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.float32>
    cgc.return %r : !cgc.tensor<2x3x4x4x!cgc.float32>
  }

  cgc.entry_point @floor(%a: !cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.float32> {
    %r = cgc_op.floor(%a) : (!cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.float32>
    cgc.return %r : !cgc.tensor<2x3x4x4x!cgc.float32>
  }

  cgc.entry_point @ceil(%a: !cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.float32> {
    %r = cgc_op.ceil(%a) : (!cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.float32>
    cgc.return %r : !cgc.tensor<2x3x4x4x!cgc.float32>
  }

  cgc.entry_point @round(%a: !cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.float32> {
    %r = cgc_op.round(%a) : (!cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.float32>
    cgc.return %r : !cgc.tensor<2x3x4x4x!cgc.float32>
  }

  cgc.entry_point @not(%a: !cgc.tensor<4x!cgc.bool>) -> !cgc.tensor<4x!cgc.bool> {
    %r = cgc_op.not(%a) : (!cgc.tensor<4x!cgc.bool>) -> !cgc.tensor<4x!cgc.bool>
    cgc.return %r : !cgc.tensor<4x!cgc.bool>
  }

  cgc.entry_point @bitwise_not(%a: !cgc.tensor<4x!cgc.int32>) -> !cgc.tensor<4x!cgc.int32> {
    %r = cgc_op.bitwise_not(%a) : (!cgc.tensor<4x!cgc.int32>) -> !cgc.tensor<4x!cgc.int32>
    cgc.return %r : !cgc.tensor<4x!cgc.int32>
  }

  cgc.entry_point @identity(%a: !cgc.tensor<2x3x!cgc.int64>) -> !cgc.tensor<2x3x!cgc.int64> {
    %r = cgc_op.identity(%a) : (!cgc.tensor<2x3x!cgc.int64>) -> !cgc.tensor<2x3x!cgc.int64>
    cgc.return %r : !cgc.tensor<2x3x!cgc.int64>
  }

  cgc.entry_point @is_nan(%a: !cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.bool> {
    %r = cgc_op.is_nan(%a) : (!cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.bool>
    cgc.return %r : !cgc.tensor<2x3x4x4x!cgc.bool>
  }

  cgc.entry_point @is_inf(%a: !cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.bool> {
    %r = cgc_op.is_inf(%a) {detect_negative = false} : (!cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.bool>
    cgc.return %r : !cgc.tensor<2x3x4x4x!cgc.bool>
  }

  cgc.entry_point @cast(%a: !cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.float16> {
    %r = cgc_op.cast(%a) {to = !cgc.float16} : (!cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.float16>
    cgc.return %r : !cgc.tensor<2x3x4x4x!cgc.float16>
  }

  cgc.entry_point @convolution(%a: !cgc.tensor<1x3x16x16x!cgc.float32>, %b: !cgc.tensor<constant 8x3x3x3x!cgc.float32>, %c: !cgc.tensor<constant 8x!cgc.float32>) -> !cgc.tensor<1x8x8x8x!cgc.float32> {
    %r = cgc_op.convolution(%a, %b, %c) {strides = [2, 2], start_padding = [1, 1], end_padding = [0, 0], dilations = [1, 1], groups = 1} : (!cgc.tensor<1x3x16x16x!cgc.float32>, !cgc.tensor<constant 8x3x3x3x!cgc.float32>, !cgc.tensor<constant 8x!cgc.float32>) -> !cgc.tensor<1x8x8x8x!cgc.float32>
    cgc.return %r : !cgc.tensor<1x8x8x8x!cgc.float32>
  }

  cgc.entry_point @convolution_transpose(%a: !cgc.tensor<1x8x8x8x!cgc.float32>, %b: !cgc.tensor<constant 8x4x4x4x!cgc.float32>, %c: !cgc.tensor<constant 4x!cgc.float32>) -> !cgc.tensor<1x4x16x16x!cgc.float32> {
    %r = cgc_op.convolution_transpose(%a, %b, %c) {strides = [2, 2], start_padding = [1, 1], end_padding = [1, 1]} : (!cgc.tensor<1x8x8x8x!cgc.float32>, !cgc.tensor<constant 8x4x4x4x!cgc.float32>, !cgc.tensor<constant 4x!cgc.float32>) -> !cgc.tensor<1x4x16x16x!cgc.float32>
    cgc.return %r : !cgc.tensor<1x4x16x16x!cgc.float32>
  }

  cgc.entry_point @matmul(%a: !cgc.tensor<2x1x3x4x!cgc.float32>, %b: !cgc.tensor<5x4x6x!cgc.float32>) -> !cgc.tensor<2x5x3x6x!cgc.float32> {
    %r = cgc_op.matmul(%a, %b) : (!cgc.tensor<2x1x3x4x!cgc.float32>, !cgc.tensor<5x4x6x!cgc.float32>) -> !cgc.tensor<2x5x3x6x!cgc.float32>
    cgc.return %r : !cgc.tensor<2x5x3x6x!cgc.float32>
  }

  cgc.entry_point @gemm(%a: !cgc.tensor<3x4x!cgc.float32>, %b: !cgc.tensor<constant 5x4x!cgc.float32>, %c: !cgc.tensor<constant 5x!cgc.float32>) -> !cgc.tensor<3x5x!cgc.float32> {
    %r = cgc_op.gemm(%a, %b, %c) {trans_b = true, alpha = 0.5} : (!cgc.tensor<3x4x!cgc.float32>, !cgc.tensor<constant 5x4x!cgc.float32>, !cgc.tensor<constant 5x!cgc.float32>) -> !cgc.tensor<3x5x!cgc.float32>
    cgc.return %r : !cgc.tensor<3x5x!cgc.float32>
  }

  cgc.entry_point @batch_normalization(%a: !cgc.tensor<2x3x4x4x!cgc.float32>, %b: !cgc.tensor<constant 3x!cgc.float32>, %c: !cgc.tensor<constant 3x!cgc.float32>, %d: !cgc.tensor<constant 3x!cgc.float32>, %e: !cgc.tensor<constant 3x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.float32> {
    %r = cgc_op.batch_normalization(%a, %b, %c, %d, %e) {epsilon = 0.001} : (!cgc.tensor<2x3x4x4x!cgc.float32>, !cgc.tensor<constant 3x!cgc.float32>, !cgc.tensor<constant 3x!cgc.float32>, !cgc.tensor<constant 3x!cgc.float32>, !cgc.tensor<constant 3x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.float32>
    cgc.return %r : !cgc.tensor<2x3x4x4x!cgc.float32>
  }

  cgc.entry_point @layer_normalization(%a: !cgc.tensor<2x3x4x4x!cgc.float32>, %b: !cgc.tensor<constant 4x4x!cgc.float32>, %c: !cgc.tensor<constant 4x4x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.float32> {
    %r = cgc_op.layer_normalization(%a, %b, %c) {axis = -2} : (!cgc.tensor<2x3x4x4x!cgc.float32>, !cgc.tensor<constant 4x4x!cgc.float32>, !cgc.tensor<constant 4x4x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.float32>
    cgc.return %r : !cgc.tensor<2x3x4x4x!cgc.float32>
  }

  cgc.entry_point @instance_normalization(%a: !cgc.tensor<2x3x4x4x!cgc.float32>, %b: !cgc.tensor<constant 3x!cgc.float32>, %c: !cgc.tensor<constant 3x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.float32> {
    %r = cgc_op.instance_normalization(%a, %b, %c) : (!cgc.tensor<2x3x4x4x!cgc.float32>, !cgc.tensor<constant 3x!cgc.float32>, !cgc.tensor<constant 3x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.float32>
    cgc.return %r : !cgc.tensor<2x3x4x4x!cgc.float32>
  }

  cgc.entry_point @group_normalization(%a: !cgc.tensor<2x4x4x4x!cgc.float32>, %b: !cgc.tensor<constant 4x!cgc.float32>, %c: !cgc.tensor<constant 4x!cgc.float32>) -> !cgc.tensor<2x4x4x4x!cgc.float32> {
    %r = cgc_op.group_normalization(%a, %b, %c) {num_groups = 2} : (!cgc.tensor<2x4x4x4x!cgc.float32>, !cgc.tensor<constant 4x!cgc.float32>, !cgc.tensor<constant 4x!cgc.float32>) -> !cgc.tensor<2x4x4x4x!cgc.float32>
    cgc.return %r : !cgc.tensor<2x4x4x4x!cgc.float32>
  }

  cgc.entry_point @mean_variance_normalization(%a: !cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.float32> {
    %r = cgc_op.mean_variance_normalization(%a) : (!cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.float32>
    cgc.return %r : !cgc.tensor<2x3x4x4x!cgc.float32>
  }

  cgc.entry_point @lp_normalization(%a: !cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.float32> {
    %r = cgc_op.lp_normalization(%a) {axis = 1, p = 2} : (!cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.float32>
    cgc.return %r : !cgc.tensor<2x3x4x4x!cgc.float32>
  }

  cgc.entry_point @lrn(%a: !cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.float32> {
    %r = cgc_op.lrn(%a) {size = 3} : (!cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.float32>
    cgc.return %r : !cgc.tensor<2x3x4x4x!cgc.float32>
  }

  cgc.entry_point @max_pool(%a: !cgc.tensor<1x3x9x9x!cgc.float32>) -> !cgc.tensor<1x3x4x4x!cgc.float32> {
    %r = cgc_op.max_pool(%a) {window_size = [3, 3], strides = [2, 2], ceil_mode = true} : (!cgc.tensor<1x3x9x9x!cgc.float32>) -> !cgc.tensor<1x3x4x4x!cgc.float32>
    cgc.return %r : !cgc.tensor<1x3x4x4x!cgc.float32>
  }

  cgc.entry_point @average_pool(%a: !cgc.tensor<1x3x9x9x!cgc.float32>) -> !cgc.tensor<1x3x9x9x!cgc.float32> {
    %r = cgc_op.average_pool(%a) {window_size = [3, 3], start_padding = [1, 1], end_padding = [1, 1], include_padding = true} : (!cgc.tensor<1x3x9x9x!cgc.float32>) -> !cgc.tensor<1x3x9x9x!cgc.float32>
    cgc.return %r : !cgc.tensor<1x3x9x9x!cgc.float32>
  }

  cgc.entry_point @lp_pool(%a: !cgc.tensor<1x3x9x9x!cgc.float32>) -> !cgc.tensor<1x3x8x8x!cgc.float32> {
    %r = cgc_op.lp_pool(%a) {window_size = [2, 2], p = 3} : (!cgc.tensor<1x3x9x9x!cgc.float32>) -> !cgc.tensor<1x3x8x8x!cgc.float32>
    cgc.return %r : !cgc.tensor<1x3x8x8x!cgc.float32>
  }

  cgc.entry_point @global_average_pool(%a: !cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x3x1x1x!cgc.float32> {
    %r = cgc_op.global_average_pool(%a) : (!cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x3x1x1x!cgc.float32>
    cgc.return %r : !cgc.tensor<2x3x1x1x!cgc.float32>
  }

  cgc.entry_point @global_max_pool(%a: !cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x3x1x1x!cgc.float32> {
    %r = cgc_op.global_max_pool(%a) : (!cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x3x1x1x!cgc.float32>
    cgc.return %r : !cgc.tensor<2x3x1x1x!cgc.float32>
  }

  cgc.entry_point @global_lp_pool(%a: !cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x3x1x1x!cgc.float32> {
    %r = cgc_op.global_lp_pool(%a) : (!cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x3x1x1x!cgc.float32>
    cgc.return %r : !cgc.tensor<2x3x1x1x!cgc.float32>
  }

  cgc.entry_point @reduce_sum(%a: !cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x4x!cgc.float32> {
    %r = cgc_op.reduce_sum(%a) {axes = [1, -1], keep_dims = false} : (!cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x4x!cgc.float32>
    cgc.return %r : !cgc.tensor<2x4x!cgc.float32>
  }

  cgc.entry_point @reduce_mean(%a: !cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x3x1x1x!cgc.float32> {
    %r = cgc_op.reduce_mean(%a) {axes = [2, 3]} : (!cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x3x1x1x!cgc.float32>
    cgc.return %r : !cgc.tensor<2x3x1x1x!cgc.float32>
  }

  cgc.entry_point @reduce_max(%a: !cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<1x1x1x1x!cgc.float32> {
    %r = cgc_op.reduce_max(%a) : (!cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<1x1x1x1x!cgc.float32>
    cgc.return %r : !cgc.tensor<1x1x1x1x!cgc.float32>
  }

  cgc.entry_point @reduce_min(%a: !cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<1x1x1x1x!cgc.float32> {
    %r = cgc_op.reduce_min(%a) : (!cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<1x1x1x1x!cgc.float32>
    cgc.return %r : !cgc.tensor<1x1x1x1x!cgc.float32>
  }

  cgc.entry_point @reduce_prod(%a: !cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<1x1x1x1x!cgc.float32> {
    %r = cgc_op.reduce_prod(%a) : (!cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<1x1x1x1x!cgc.float32>
    cgc.return %r : !cgc.tensor<1x1x1x1x!cgc.float32>
  }

  cgc.entry_point @reduce_l1(%a: !cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<1x1x1x1x!cgc.float32> {
    %r = cgc_op.reduce_l1(%a) : (!cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<1x1x1x1x!cgc.float32>
    cgc.return %r : !cgc.tensor<1x1x1x1x!cgc.float32>
  }

  cgc.entry_point @reduce_l2(%a: !cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<1x1x1x1x!cgc.float32> {
    %r = cgc_op.reduce_l2(%a) : (!cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<1x1x1x1x!cgc.float32>
    cgc.return %r : !cgc.tensor<1x1x1x1x!cgc.float32>
  }

  cgc.entry_point @reduce_log_sum(%a: !cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<1x1x1x1x!cgc.float32> {
    %r = cgc_op.reduce_log_sum(%a) : (!cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<1x1x1x1x!cgc.float32>
    cgc.return %r : !cgc.tensor<1x1x1x1x!cgc.float32>
  }

  cgc.entry_point @reduce_log_sum_exp(%a: !cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<1x1x1x1x!cgc.float32> {
    %r = cgc_op.reduce_log_sum_exp(%a) : (!cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<1x1x1x1x!cgc.float32>
    cgc.return %r : !cgc.tensor<1x1x1x1x!cgc.float32>
  }

  cgc.entry_point @reduce_sum_square(%a: !cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<1x1x1x1x!cgc.float32> {
    %r = cgc_op.reduce_sum_square(%a) : (!cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<1x1x1x1x!cgc.float32>
    cgc.return %r : !cgc.tensor<1x1x1x1x!cgc.float32>
  }

  cgc.entry_point @arg_max(%a: !cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x4x4x!cgc.int64> {
    %r = cgc_op.arg_max(%a) {axis = 1, keep_dims = false} : (!cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x4x4x!cgc.int64>
    cgc.return %r : !cgc.tensor<2x4x4x!cgc.int64>
  }

  cgc.entry_point @arg_min(%a: !cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x3x4x1x!cgc.int64> {
    %r = cgc_op.arg_min(%a) {axis = -1, select_last_index = true} : (!cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x3x4x1x!cgc.int64>
    cgc.return %r : !cgc.tensor<2x3x4x1x!cgc.int64>
  }

  cgc.entry_point @softmax(%a: !cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.float32> {
    %r = cgc_op.softmax(%a) {axis = 1} : (!cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.float32>
    cgc.return %r : !cgc.tensor<2x3x4x4x!cgc.float32>
  }

  cgc.entry_point @log_softmax(%a: !cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.float32> {
    %r = cgc_op.log_softmax(%a) : (!cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.float32>
    cgc.return %r : !cgc.tensor<2x3x4x4x!cgc.float32>
  }

  cgc.entry_point @hardmax(%a: !cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.float32> {
    %r = cgc_op.hardmax(%a) : (!cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.float32>
    cgc.return %r : !cgc.tensor<2x3x4x4x!cgc.float32>
  }

  cgc.entry_point @cumsum(%a: !cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.float32> {
    %r = cgc_op.cumsum(%a) {axis = 2, exclusive = true} : (!cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.float32>
    cgc.return %r : !cgc.tensor<2x3x4x4x!cgc.float32>
  }

  cgc.entry_point @top_k(%a: !cgc.tensor<2x3x4x4x!cgc.float32>) -> (!cgc.tensor<2x3x4x2x!cgc.float32>, !cgc.tensor<2x3x4x2x!cgc.int64>) {
    %r:2 = cgc_op.top_k(%a) {k = 2, axis = -1} : (!cgc.tensor<2x3x4x4x!cgc.float32>) -> (!cgc.tensor<2x3x4x2x!cgc.float32>, !cgc.tensor<2x3x4x2x!cgc.int64>)
    cgc.return %r#0, %r#1 : !cgc.tensor<2x3x4x2x!cgc.float32>, !cgc.tensor<2x3x4x2x!cgc.int64>
  }

  cgc.entry_point @reshape(%a: !cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x48x!cgc.float32> {
    %r = cgc_op.reshape(%a) {shape = [0, -1]} : (!cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x48x!cgc.float32>
    cgc.return %r : !cgc.tensor<2x48x!cgc.float32>
  }

  cgc.entry_point @flatten(%a: !cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<6x16x!cgc.float32> {
    %r = cgc_op.flatten(%a) {axis = 2} : (!cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<6x16x!cgc.float32>
    cgc.return %r : !cgc.tensor<6x16x!cgc.float32>
  }

  cgc.entry_point @squeeze(%a: !cgc.tensor<1x3x1x4x!cgc.float32>) -> !cgc.tensor<3x4x!cgc.float32> {
    %r = cgc_op.squeeze(%a) {axes = [0, 2]} : (!cgc.tensor<1x3x1x4x!cgc.float32>) -> !cgc.tensor<3x4x!cgc.float32>
    cgc.return %r : !cgc.tensor<3x4x!cgc.float32>
  }

  cgc.entry_point @unsqueeze(%a: !cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<1x2x3x4x4x1x!cgc.float32> {
    %r = cgc_op.unsqueeze(%a) {axes = [0, -1]} : (!cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<1x2x3x4x4x1x!cgc.float32>
    cgc.return %r : !cgc.tensor<1x2x3x4x4x1x!cgc.float32>
  }

  cgc.entry_point @expand(%a: !cgc.tensor<3x1x1x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.float32> {
    %r = cgc_op.expand(%a) {shape = [2, 3, 4, 4]} : (!cgc.tensor<3x1x1x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.float32>
    cgc.return %r : !cgc.tensor<2x3x4x4x!cgc.float32>
  }

  cgc.entry_point @transpose(%a: !cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x4x4x3x!cgc.float32> {
    %r = cgc_op.transpose(%a) {permutation = [0, 2, 3, 1]} : (!cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x4x4x3x!cgc.float32>
    cgc.return %r : !cgc.tensor<2x4x4x3x!cgc.float32>
  }

  cgc.entry_point @tile(%a: !cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x6x4x4x!cgc.float32> {
    %r = cgc_op.tile(%a) {repeats = [1, 2, 1, 1]} : (!cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x6x4x4x!cgc.float32>
    cgc.return %r : !cgc.tensor<2x6x4x4x!cgc.float32>
  }

  cgc.entry_point @depth_to_space(%a: !cgc.tensor<1x8x2x2x!cgc.float32>) -> !cgc.tensor<1x2x4x4x!cgc.float32> {
    %r = cgc_op.depth_to_space(%a) {block_size = 2, mode = "CRD"} : (!cgc.tensor<1x8x2x2x!cgc.float32>) -> !cgc.tensor<1x2x4x4x!cgc.float32>
    cgc.return %r : !cgc.tensor<1x2x4x4x!cgc.float32>
  }

  cgc.entry_point @space_to_depth(%a: !cgc.tensor<1x2x4x4x!cgc.float32>) -> !cgc.tensor<1x8x2x2x!cgc.float32> {
    %r = cgc_op.space_to_depth(%a) {block_size = 2} : (!cgc.tensor<1x2x4x4x!cgc.float32>) -> !cgc.tensor<1x8x2x2x!cgc.float32>
    cgc.return %r : !cgc.tensor<1x8x2x2x!cgc.float32>
  }

  cgc.entry_point @concat(%a: !cgc.tensor<2x3x4x4x!cgc.float32>, %b: !cgc.tensor<2x3x4x4x!cgc.float32>, %c: !cgc.tensor<2x1x4x4x!cgc.float32>) -> !cgc.tensor<2x7x4x4x!cgc.float32> {
    %r = cgc_op.concat(%a, %b, %c) {axis = 1} : (!cgc.tensor<2x3x4x4x!cgc.float32>, !cgc.tensor<2x3x4x4x!cgc.float32>, !cgc.tensor<2x1x4x4x!cgc.float32>) -> !cgc.tensor<2x7x4x4x!cgc.float32>
    cgc.return %r : !cgc.tensor<2x7x4x4x!cgc.float32>
  }

  cgc.entry_point @split(%a: !cgc.tensor<2x3x4x4x!cgc.float32>) -> (!cgc.tensor<2x1x4x4x!cgc.float32>, !cgc.tensor<2x2x4x4x!cgc.float32>) {
    %r:2 = cgc_op.split(%a) {axis = 1, sizes = [1, 2]} : (!cgc.tensor<2x3x4x4x!cgc.float32>) -> (!cgc.tensor<2x1x4x4x!cgc.float32>, !cgc.tensor<2x2x4x4x!cgc.float32>)
    cgc.return %r#0, %r#1 : !cgc.tensor<2x1x4x4x!cgc.float32>, !cgc.tensor<2x2x4x4x!cgc.float32>
  }

  cgc.entry_point @slice(%a: !cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x2x4x0x!cgc.float32> {
    %r = cgc_op.slice(%a) {starts = [0, -1], ends = [2, 9007199254740991], axes = [1, 3], steps = [1, -1]} : (!cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x2x4x0x!cgc.float32>
    cgc.return %r : !cgc.tensor<2x2x4x0x!cgc.float32>
  }

  cgc.entry_point @pad(%a: !cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x3x7x7x!cgc.float32> {
    %r = cgc_op.pad(%a) {mode = "reflect", start_padding = [0, 0, 1, 1], end_padding = [0, 0, 2, 2]} : (!cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x3x7x7x!cgc.float32>
    cgc.return %r : !cgc.tensor<2x3x7x7x!cgc.float32>
  }

  cgc.entry_point @trilu(%a: !cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.float32> {
    %r = cgc_op.trilu(%a) {upper = false, k = 1} : (!cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.float32>
    cgc.return %r : !cgc.tensor<2x3x4x4x!cgc.float32>
  }

  cgc.entry_point @gather(%a: !cgc.tensor<2x3x4x4x!cgc.float32>, %b: !cgc.tensor<constant 2x2x!cgc.int64>) -> !cgc.tensor<2x2x2x4x4x!cgc.float32> {
    %r = cgc_op.gather(%a, %b) {axis = 1} : (!cgc.tensor<2x3x4x4x!cgc.float32>, !cgc.tensor<constant 2x2x!cgc.int64>) -> !cgc.tensor<2x2x2x4x4x!cgc.float32>
    cgc.return %r : !cgc.tensor<2x2x2x4x4x!cgc.float32>
  }

  cgc.entry_point @gather_elements(%a: !cgc.tensor<2x3x4x4x!cgc.float32>, %b: !cgc.tensor<2x3x4x2x!cgc.int64>) -> !cgc.tensor<2x3x4x2x!cgc.float32> {
    %r = cgc_op.gather_elements(%a, %b) {axis = 3} : (!cgc.tensor<2x3x4x4x!cgc.float32>, !cgc.tensor<2x3x4x2x!cgc.int64>) -> !cgc.tensor<2x3x4x2x!cgc.float32>
    cgc.return %r : !cgc.tensor<2x3x4x2x!cgc.float32>
  }

  cgc.entry_point @gather_nd(%a: !cgc.tensor<2x3x4x4x!cgc.float32>, %b: !cgc.tensor<2x1x!cgc.int64>) -> !cgc.tensor<2x3x4x4x!cgc.float32> {
    %r = cgc_op.gather_nd(%a, %b) : (!cgc.tensor<2x3x4x4x!cgc.float32>, !cgc.tensor<2x1x!cgc.int64>) -> !cgc.tensor<2x3x4x4x!cgc.float32>
    cgc.return %r : !cgc.tensor<2x3x4x4x!cgc.float32>
  }

  cgc.entry_point @scatter_nd(%a: !cgc.tensor<2x3x4x4x!cgc.float32>, %b: !cgc.tensor<2x1x!cgc.int64>, %c: !cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.float32> {
    %r = cgc_op.scatter_nd(%a, %b, %c) {reduction = "add"} : (!cgc.tensor<2x3x4x4x!cgc.float32>, !cgc.tensor<2x1x!cgc.int64>, !cgc.tensor<2x3x4x4x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.float32>
    cgc.return %r : !cgc.tensor<2x3x4x4x!cgc.float32>
  }

  cgc.entry_point @scatter_elements(%a: !cgc.tensor<2x3x4x4x!cgc.float32>, %b: !cgc.tensor<2x3x4x2x!cgc.int32>, %c: !cgc.tensor<2x3x4x2x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.float32> {
    %r = cgc_op.scatter_elements(%a, %b, %c) {axis = 3, reduction = "max"} : (!cgc.tensor<2x3x4x4x!cgc.float32>, !cgc.tensor<2x3x4x2x!cgc.int32>, !cgc.tensor<2x3x4x2x!cgc.float32>) -> !cgc.tensor<2x3x4x4x!cgc.float32>
    cgc.return %r : !cgc.tensor<2x3x4x4x!cgc.float32>
  }

  cgc.entry_point @one_hot(%a: !cgc.tensor<2x3x!cgc.int64>) -> !cgc.tensor<2x5x3x!cgc.int32> {
    %r = cgc_op.one_hot(%a) {depth = 5, axis = 1, on_value = 2, dtype = !cgc.int32} : (!cgc.tensor<2x3x!cgc.int64>) -> !cgc.tensor<2x5x3x!cgc.int32>
    cgc.return %r : !cgc.tensor<2x5x3x!cgc.int32>
  }

  cgc.entry_point @resize(%a: !cgc.tensor<1x3x4x4x!cgc.float32>) -> !cgc.tensor<1x3x7x9x!cgc.float32> {
    %r = cgc_op.resize(%a) {mode = "linear", coordinate_transformation_mode = "align_corners", sizes = [1, 3, 7, 9]} : (!cgc.tensor<1x3x4x4x!cgc.float32>) -> !cgc.tensor<1x3x7x9x!cgc.float32>
    cgc.return %r : !cgc.tensor<1x3x7x9x!cgc.float32>
  }

  cgc.entry_point @upsample(%a: !cgc.tensor<1x3x4x4x!cgc.float32>) -> !cgc.tensor<1x3x8x12x!cgc.float32> {
    %r = cgc_op.upsample(%a) {scale_size = [2, 3], mode = "linear"} : (!cgc.tensor<1x3x4x4x!cgc.float32>) -> !cgc.tensor<1x3x8x12x!cgc.float32>
    cgc.return %r : !cgc.tensor<1x3x8x12x!cgc.float32>
  }

  cgc.entry_point @rnn(%x: !cgc.tensor<5x2x3x!cgc.float32>, %w: !cgc.tensor<2x4x3x!cgc.float32>, %r: !cgc.tensor<2x4x4x!cgc.float32>) -> (!cgc.tensor<5x2x2x4x!cgc.float32>, !cgc.tensor<2x2x4x!cgc.float32>) {
    %r0:2 = cgc_op.rnn(%x, %w, %r) {hidden_size = 4, direction = "bidirectional", activations = ["relu", "leaky_relu"], activation_alpha = [0.0, 0.1], activation_beta = [0.0, 0.0], clip = 2.0} : (!cgc.tensor<5x2x3x!cgc.float32>, !cgc.tensor<2x4x3x!cgc.float32>, !cgc.tensor<2x4x4x!cgc.float32>) -> (!cgc.tensor<5x2x2x4x!cgc.float32>, !cgc.tensor<2x2x4x!cgc.float32>)
    cgc.return %r0#0, %r0#1 : !cgc.tensor<5x2x2x4x!cgc.float32>, !cgc.tensor<2x2x4x!cgc.float32>
  }

  cgc.entry_point @gru(%x: !cgc.tensor<2x5x3x!cgc.float32>, %w: !cgc.tensor<1x12x3x!cgc.float32>, %r: !cgc.tensor<1x12x4x!cgc.float32>, %b: !cgc.tensor<1x24x!cgc.float32>, %lens: !cgc.tensor<2x!cgc.int32>) -> !cgc.tensor<2x1x4x!cgc.float32> {
    %r0:2 = cgc_op.gru(%x, %w, %r, %b, %lens) {hidden_size = 4, layout = 1, linear_before_reset = true} : (!cgc.tensor<2x5x3x!cgc.float32>, !cgc.tensor<1x12x3x!cgc.float32>, !cgc.tensor<1x12x4x!cgc.float32>, !cgc.tensor<1x24x!cgc.float32>, !cgc.tensor<2x!cgc.int32>) -> (!cgc.tensor<2x5x1x4x!cgc.float32>, !cgc.tensor<2x1x4x!cgc.float32>)
    cgc.return %r0#1 : !cgc.tensor<2x1x4x!cgc.float32>
  }

  cgc.entry_point @lstm(%x: !cgc.tensor<5x2x3x!cgc.float32>, %w: !cgc.tensor<1x16x3x!cgc.float32>, %r: !cgc.tensor<1x16x4x!cgc.float32>, %b: !cgc.tensor<1x32x!cgc.float32>, %lens: !cgc.tensor<2x!cgc.int32>, %h: !cgc.tensor<1x2x4x!cgc.float32>, %c: !cgc.tensor<1x2x4x!cgc.float32>, %p: !cgc.tensor<1x12x!cgc.float32>) -> (!cgc.tensor<5x1x2x4x!cgc.float32>, !cgc.tensor<1x2x4x!cgc.float32>, !cgc.tensor<1x2x4x!cgc.float32>) {
    %r0:3 = cgc_op.lstm(%x, %w, %r, %b, %lens, %h, %c, %p) {hidden_size = 4, direction = "reverse", input_forget = true} : (!cgc.tensor<5x2x3x!cgc.float32>, !cgc.tensor<1x16x3x!cgc.float32>, !cgc.tensor<1x16x4x!cgc.float32>, !cgc.tensor<1x32x!cgc.float32>, !cgc.tensor<2x!cgc.int32>, !cgc.tensor<1x2x4x!cgc.float32>, !cgc.tensor<1x2x4x!cgc.float32>, !cgc.tensor<1x12x!cgc.float32>) -> (!cgc.tensor<5x1x2x4x!cgc.float32>, !cgc.tensor<1x2x4x!cgc.float32>, !cgc.tensor<1x2x4x!cgc.float32>)
    cgc.return %r0#0, %r0#1, %r0#2 : !cgc.tensor<5x1x2x4x!cgc.float32>, !cgc.tensor<1x2x4x!cgc.float32>, !cgc.tensor<1x2x4x!cgc.float32>
  }

  cgc.entry_point @grid_sample(%a: !cgc.tensor<1x2x4x5x!cgc.float32>, %b: !cgc.tensor<1x3x3x2x!cgc.float32>) -> !cgc.tensor<1x2x3x3x!cgc.float32> {
    %r = cgc_op.grid_sample(%a, %b) {mode = "linear", padding_mode = "border", align_corners = true} : (!cgc.tensor<1x2x4x5x!cgc.float32>, !cgc.tensor<1x3x3x2x!cgc.float32>) -> !cgc.tensor<1x2x3x3x!cgc.float32>
    cgc.return %r : !cgc.tensor<1x2x3x3x!cgc.float32>
  }

  cgc.entry_point @roi_align(%a: !cgc.tensor<2x3x6x6x!cgc.float32>, %b: !cgc.tensor<3x4x!cgc.float32>, %c: !cgc.tensor<3x!cgc.int64>) -> !cgc.tensor<3x3x2x2x!cgc.float32> {
    %r = cgc_op.roi_align(%a, %b, %c) {output_height = 2, output_width = 2, sampling_ratio = 2, spatial_scale = 1.5} : (!cgc.tensor<2x3x6x6x!cgc.float32>, !cgc.tensor<3x4x!cgc.float32>, !cgc.tensor<3x!cgc.int64>) -> !cgc.tensor<3x3x2x2x!cgc.float32>
    cgc.return %r : !cgc.tensor<3x3x2x2x!cgc.float32>
  }

  cgc.entry_point @max_roi_pool(%a: !cgc.tensor<2x3x6x6x!cgc.float32>, %b: !cgc.tensor<3x4x!cgc.float32>, %c: !cgc.tensor<3x!cgc.int32>) -> !cgc.tensor<3x3x2x2x!cgc.float32> {
    %r = cgc_op.max_roi_pool(%a, %b, %c) {pooled_shape = [2, 2], spatial_scale = 1.5} : (!cgc.tensor<2x3x6x6x!cgc.float32>, !cgc.tensor<3x4x!cgc.float32>, !cgc.tensor<3x!cgc.int32>) -> !cgc.tensor<3x3x2x2x!cgc.float32>
    cgc.return %r : !cgc.tensor<3x3x2x2x!cgc.float32>
  }

  cgc.entry_point @max_unpool(%a: !cgc.tensor<1x2x2x2x!cgc.float32>, %b: !cgc.tensor<1x2x2x2x!cgc.int64>) -> !cgc.tensor<1x2x4x4x!cgc.float32> {
    %r = cgc_op.max_unpool(%a, %b) {output_shape = [1, 2, 4, 4]} : (!cgc.tensor<1x2x2x2x!cgc.float32>, !cgc.tensor<1x2x2x2x!cgc.int64>) -> !cgc.tensor<1x2x4x4x!cgc.float32>
    cgc.return %r : !cgc.tensor<1x2x4x4x!cgc.float32>
  }

  cgc.entry_point @dft(%a: !cgc.tensor<2x8x1x!cgc.float32>) -> !cgc.tensor<2x5x2x!cgc.float32> {
    %r = cgc_op.dft(%a) {axis = 1, onesided = true} : (!cgc.tensor<2x8x1x!cgc.float32>) -> !cgc.tensor<2x5x2x!cgc.float32>
    cgc.return %r : !cgc.tensor<2x5x2x!cgc.float32>
  }

  cgc.entry_point @stft(%a: !cgc.tensor<1x32x1x!cgc.float32>, %b: !cgc.tensor<8x!cgc.float32>) -> !cgc.tensor<1x7x5x2x!cgc.float32> {
    %r = cgc_op.stft(%a, %b) {frame_step = 4, frame_length = 8} : (!cgc.tensor<1x32x1x!cgc.float32>, !cgc.tensor<8x!cgc.float32>) -> !cgc.tensor<1x7x5x2x!cgc.float32>
    cgc.return %r : !cgc.tensor<1x7x5x2x!cgc.float32>
  }

  cgc.entry_point @non_zero(%a: !cgc.tensor<2x3x!cgc.float32>) -> (!cgc.tensor<2x6x!cgc.int64>, !cgc.tensor<!cgc.int64>) attributes {extents = [0, 1, 1]} {
    %r:2 = cgc_op.non_zero(%a) : (!cgc.tensor<2x3x!cgc.float32>) -> (!cgc.tensor<2x6x!cgc.int64>, !cgc.tensor<!cgc.int64>)
    cgc.return %r#0, %r#1 : !cgc.tensor<2x6x!cgc.int64>, !cgc.tensor<!cgc.int64>
  }

  cgc.entry_point @compress(%a: !cgc.tensor<3x2x!cgc.float32>, %b: !cgc.tensor<3x!cgc.bool>) -> (!cgc.tensor<3x2x!cgc.float32>, !cgc.tensor<!cgc.int64>) attributes {extents = [0, 1, 0]} {
    %r:2 = cgc_op.compress(%a, %b) {axis = 0} : (!cgc.tensor<3x2x!cgc.float32>, !cgc.tensor<3x!cgc.bool>) -> (!cgc.tensor<3x2x!cgc.float32>, !cgc.tensor<!cgc.int64>)
    cgc.return %r#0, %r#1 : !cgc.tensor<3x2x!cgc.float32>, !cgc.tensor<!cgc.int64>
  }

  cgc.entry_point @non_max_suppression(%a: !cgc.tensor<1x6x4x!cgc.float32>, %b: !cgc.tensor<1x2x6x!cgc.float32>) -> (!cgc.tensor<6x3x!cgc.int64>, !cgc.tensor<!cgc.int64>) attributes {extents = [0, 1, 0]} {
    %r:2 = cgc_op.non_max_suppression(%a, %b) {max_output_boxes_per_class = 3, iou_threshold = 0.5, score_threshold = 0.25} : (!cgc.tensor<1x6x4x!cgc.float32>, !cgc.tensor<1x2x6x!cgc.float32>) -> (!cgc.tensor<6x3x!cgc.int64>, !cgc.tensor<!cgc.int64>)
    cgc.return %r#0, %r#1 : !cgc.tensor<6x3x!cgc.int64>, !cgc.tensor<!cgc.int64>
  }

  cgc.entry_point @unique(%a: !cgc.tensor<8x!cgc.float32>) -> (!cgc.tensor<8x!cgc.float32>, !cgc.tensor<8x!cgc.int64>, !cgc.tensor<8x!cgc.int64>, !cgc.tensor<8x!cgc.int64>, !cgc.tensor<!cgc.int64>) attributes {extents = [0, 4, 0, 1, 4, 0, 3, 4, 0]} {
    %r:5 = cgc_op.unique(%a) {sorted = true} : (!cgc.tensor<8x!cgc.float32>) -> (!cgc.tensor<8x!cgc.float32>, !cgc.tensor<8x!cgc.int64>, !cgc.tensor<8x!cgc.int64>, !cgc.tensor<8x!cgc.int64>, !cgc.tensor<!cgc.int64>)
    cgc.return %r#0, %r#1, %r#2, %r#3, %r#4 : !cgc.tensor<8x!cgc.float32>, !cgc.tensor<8x!cgc.int64>, !cgc.tensor<8x!cgc.int64>, !cgc.tensor<8x!cgc.int64>, !cgc.tensor<!cgc.int64>
  }

  cgc.entry_point @det(%a: !cgc.tensor<2x3x3x!cgc.float32>) -> !cgc.tensor<2x!cgc.float32> {
    %r = cgc_op.det(%a) : (!cgc.tensor<2x3x3x!cgc.float32>) -> !cgc.tensor<2x!cgc.float32>
    cgc.return %r : !cgc.tensor<2x!cgc.float32>
  }

  cgc.entry_point @reverse_sequence(%a: !cgc.tensor<4x2x3x!cgc.float32>, %b: !cgc.tensor<constant 2x!cgc.int64>) -> !cgc.tensor<4x2x3x!cgc.float32> {
    %r = cgc_op.reverse_sequence(%a, %b) {batch_axis = 1, time_axis = 0} : (!cgc.tensor<4x2x3x!cgc.float32>, !cgc.tensor<constant 2x!cgc.int64>) -> !cgc.tensor<4x2x3x!cgc.float32>
    cgc.return %r : !cgc.tensor<4x2x3x!cgc.float32>
  }

  cgc.entry_point @max_pool_indices(%a: !cgc.tensor<1x3x9x9x!cgc.float32>) -> !cgc.tensor<1x3x4x4x!cgc.int64> {
    %r = cgc_op.max_pool_indices(%a) {window_size = [3, 3], strides = [2, 2], ceil_mode = true} : (!cgc.tensor<1x3x9x9x!cgc.float32>) -> !cgc.tensor<1x3x4x4x!cgc.int64>
    cgc.return %r : !cgc.tensor<1x3x4x4x!cgc.int64>
  }

  cgc.entry_point @loop(%a: !cgc.tensor<!cgc.int64>, %b: !cgc.tensor<!cgc.bool>, %c: !cgc.tensor<2x!cgc.float32>, %d: !cgc.tensor<2x!cgc.float32>) -> !cgc.tensor<2x!cgc.float32> {
    %r = "cgc_op.loop"(%a, %b, %c, %d) ({
    ^bb0(%i: !cgc.tensor<!cgc.int64>, %go: !cgc.tensor<!cgc.bool>, %y: !cgc.tensor<2x!cgc.float32>, %x: !cgc.tensor<2x!cgc.float32>):
      %s = cgc_op.add(%y, %x) : (!cgc.tensor<2x!cgc.float32>, !cgc.tensor<2x!cgc.float32>) -> !cgc.tensor<2x!cgc.float32>
      cgc.return %go, %s : !cgc.tensor<!cgc.bool>, !cgc.tensor<2x!cgc.float32>
    }) {carried = 1} : (!cgc.tensor<!cgc.int64>, !cgc.tensor<!cgc.bool>, !cgc.tensor<2x!cgc.float32>, !cgc.tensor<2x!cgc.float32>) -> !cgc.tensor<2x!cgc.float32>
    cgc.return %r : !cgc.tensor<2x!cgc.float32>
  }

  cgc.entry_point @if(%a: !cgc.tensor<!cgc.bool>, %b: !cgc.tensor<2x!cgc.float32>) -> !cgc.tensor<2x!cgc.float32> {
    %r = "cgc_op.if"(%a, %b) ({
    ^bb0(%x: !cgc.tensor<2x!cgc.float32>):
      %s = cgc_op.relu(%x) : (!cgc.tensor<2x!cgc.float32>) -> !cgc.tensor<2x!cgc.float32>
      cgc.return %s : !cgc.tensor<2x!cgc.float32>
    }, {
    ^bb0(%0: !cgc.tensor<2x!cgc.float32>):
      %n = cgc_op.neg(%0) : (!cgc.tensor<2x!cgc.float32>) -> !cgc.tensor<2x!cgc.float32>
      cgc.return %n : !cgc.tensor<2x!cgc.float32>
    }) {result_types = [!cgc.tensor<2x!cgc.float32>]} : (!cgc.tensor<!cgc.bool>, !cgc.tensor<2x!cgc.float32>) -> !cgc.tensor<2x!cgc.float32>
    cgc.return %r : !cgc.tensor<2x!cgc.float32>
  }
}
