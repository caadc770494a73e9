// Two branches from one input, joined by an add. In one arena the second branch reuses the first
// branch's memory, and that orders steps data leaves unordered (implicit dependencies, partition
// dependencies from memory reuse); with an arena per branch no buffer is shared between them and
// nothing is ordered but by data.
// RUN: plan-memory coarse
// RUN: plan-memory coarse per-branch
// RUN: dependencies per-subgraph
// RUN: dependencies per-subgraph per-branch
// RUN: output coarse per-branch
cgc.module {
  cgc.entry_point @main(%x: !cgc.tensor<1x8x8x8x!cgc.float32>) -> !cgc.tensor<1x8x8x8x!cgc.float32> {
    %wa1 = cgc.constant("wa1") : !cgc.tensor<constant 8x8x3x3x!cgc.float32>
    %wa2 = cgc.constant("wa2") : !cgc.tensor<constant 8x8x3x3x!cgc.float32>
    %wa3 = cgc.constant("wa3") : !cgc.tensor<constant 8x8x3x3x!cgc.float32>
    %wb1 = cgc.constant("wb1") : !cgc.tensor<constant 8x8x3x3x!cgc.float32>
    %wb2 = cgc.constant("wb2") : !cgc.tensor<constant 8x8x3x3x!cgc.float32>
    %wb3 = cgc.constant("wb3") : !cgc.tensor<constant 8x8x3x3x!cgc.float32>
    %ca1 = cgc_op.convolution(%x, %wa1) {start_padding = [1, 1], end_padding = [1, 1]}
    %a1 = cgc_op.relu(%ca1)
    %ca2 = cgc_op.convolution(%a1, %wa2) {start_padding = [1, 1], end_padding = [1, 1]}
    %a2 = cgc_op.relu(%ca2)
    %ca3 = cgc_op.convolution(%a2, %wa3) {start_padding = [1, 1], end_padding = [1, 1]}
    %a3 = cgc_op.relu(%ca3)
    %cb1 = cgc_op.convolution(%x, %wb1) {start_padding = [1, 1], end_padding = [1, 1]}
    %b1 = cgc_op.relu(%cb1)
    %cb2 = cgc_op.convolution(%b1, %wb2) {start_padding = [1, 1], end_padding = [1, 1]}
    %b2 = cgc_op.relu(%cb2)
    %cb3 = cgc_op.convolution(%b2, %wb3) {start_padding = [1, 1], end_padding = [1, 1]}
    %b3 = cgc_op.relu(%cb3)
    %y = cgc_op.add(%a3, %b3)
    cgc.return %y
  }
}
