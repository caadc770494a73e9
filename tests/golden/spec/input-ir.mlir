// The spec's 7-layer example network as CGC Input IR ("The example network in the human-readable
// textual form"), verbatim except that the `...` elisions are removed. It keeps the spec's
// shorthand `1x1x4x4!cgc.float32` and the missing `!` on the result type, which the parser accepts.
// Constant types come from the weights file named here:
// WEIGHTS: spec-7layer.safetensors
cgc.module
{
cgc.entry_point @main(%in: !cgc.tensor<1x1x4x4!cgc.float32>) -> cgc.tensor<1x1x8x8!cgc.float32>
{
// SSA variable references to externally bound named constants as opposed to
// positional arguments of the main function.
%w1 = cgc.constant("w1")
%b2 = cgc.constant("b2")
%w2 = cgc.constant("w2")
%b1 = cgc.constant("b1")
%conv1 = cgc_op.convolution(%in, %w1, %b1) { start_padding=[1,1], end_padding=[1,1] }
%relu1 = cgc_op.relu(%conv1)
%add1 = cgc_op.add(%relu1, %in)
%conv2 = cgc_op.convolution(%add1, %w2, %b2) { start_padding=[1,1], end_padding=[1,1] }
%relu2 = cgc_op.relu(%conv2)
%add2 = cgc_op.add(%relu2, %add1)
%upsample = cgc_op.upsample(%add2)
cgc.return %upsample
}
}
