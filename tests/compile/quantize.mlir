// A dynamically quantized linear layer, as the ONNX importer writes DynamicQuantizeLinear →
// MatMulInteger → Cast → Mul → Add: x's scale and zero point (one element each) come from its min
// and max, and are read in three places — quantizing x, the product's zero point, the dequantizing
// scale. clone-scalars copies that scalar arithmetic once per reader; each reader's kernel then
// recomputes its copy (side chains): the quantizing kernel, and the integer product, whose operand
// prologue takes the zero point and whose epilogue takes the scale: no one-element kernels (and x's
// min and max are one subgraph, @sibling_reductions). %s (the
// dequantizing scale) is also read by a reshape, which no chain holds: it is not copied, but computed
// once, by a kernel of its own whose result the product reads.
// RUN: clone-scalars coarse
// RUN: form-subgraphs coarse
cgc.module {
  cgc.entry_point @main(%x: !cgc.tensor<8x64x!cgc.float32>) -> (!cgc.tensor<8x32x!cgc.float32>, !cgc.tensor<1x!cgc.float32>) {
    %c255 = cgc.constant("c255") : !cgc.tensor<constant !cgc.float32>
    %w = cgc.constant("w") : !cgc.tensor<constant 64x32x!cgc.int8>
    %ws = cgc.constant("ws") : !cgc.tensor<constant !cgc.float32>
    %bias = cgc.constant("bias") : !cgc.tensor<constant 32x!cgc.float32>
    %mn = cgc_op.reduce_min(%x) {keep_dims = false}
    %lo = cgc_op.clip(%mn) {max = 0.0}
    %mx = cgc_op.reduce_max(%x) {keep_dims = false}
    %hi = cgc_op.clip(%mx) {min = 0.0}
    %range = cgc_op.sub(%hi, %lo)
    %scale = cgc_op.div(%range, %c255)
    %zl = cgc_op.div(%lo, %scale)
    %zn = cgc_op.neg(%zl)
    %zc = cgc_op.clip(%zn) {min = 0.0, max = 255.0}
    %zero = cgc_op.round(%zc)
    %xd = cgc_op.div(%x, %scale)
    %xr = cgc_op.round(%xd)
    %xz = cgc_op.add(%xr, %zero)
    %xc = cgc_op.clip(%xz) {min = 0.0, max = 255.0}
    %xq = cgc_op.cast(%xc) {to = !cgc.uint8}
    %zq = cgc_op.cast(%zero) {to = !cgc.uint8}
    %a = cgc_op.cast(%xq) {to = !cgc.int32}
    %za = cgc_op.cast(%zq) {to = !cgc.int32}
    %as = cgc_op.sub(%a, %za)
    %b = cgc_op.cast(%w) {to = !cgc.int32}
    %p = cgc_op.matmul(%as, %b)
    %pf = cgc_op.cast(%p) {to = !cgc.float32}
    %s = cgc_op.mul(%scale, %ws)
    %y0 = cgc_op.mul(%pf, %s)
    %y = cgc_op.add(%y0, %bias)
    %n = cgc_op.reshape(%s) {shape = [1]}
    cgc.return %y, %n
  }
}
