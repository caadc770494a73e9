// The WebGPU target's subgraph declaration: the fused kernels it implements, as a
// CGC_SUBGRAPH_DECLARATION document in the pattern language (docs/patterns.md).
import { CGC_VERSION, INTERFACES } from '../ir';
import { POOLED_INPUTS } from './kernels/gemm-kernel';

const FLOAT = '["float32", "float16"]';
const GPU_TYPES = '["float32", "float16", "int32", "uint8", "int8", "bool", "int16", "uint16", "uint32"]';
/**
 * Scalars computed from other kernels' results (dynamic quantization's scale and zero point, from
 * x's min and max) are recomputed by each kernel that reads them instead of running as one-thread
 * kernels of their own.
 */
const SIDE_CHAINS = `{traits = ["elementwise"], element_types = ${GPU_TYPES}, max_ops = 16, max_elements = 1}`;
const EPILOGUE = `{traits = ["elementwise"], element_types = ${GPU_TYPES}, max_ops = 16, side_inputs = "any", side_chains = ${SIDE_CHAINS}}`;
/** Row kernels read their input a few times (statistics, then output), so a short prologue is recomputed, not stored. */
const ROW_PROLOGUE = `{traits = ["elementwise"], element_types = ${FLOAT}, max_ops = 4, side_inputs = "any"}`;

/** Reductions with one statistic each, which a row kernel computes several of in one pass over their input. */
const SIBLING_REDUCTIONS = '["reduce_sum", "reduce_mean", "reduce_max", "reduce_min", "reduce_l1", "reduce_l2", "reduce_sum_square", "reduce_log_sum"]';

/**
 * What a tiled GEMM reads its operands through: index remapping (views, and gathers at constant
 * indices: a transformer's q, k and v picked out of its QKV projection) and scaling by constants.
 */
const OPERAND_VIEWS = `{ops = ["transpose", "slice", "reshape", "flatten", "squeeze", "unsqueeze", "gather", "mul", "div"], element_types = ["float32", "float16", "int64", "int32"], max_ops = 12, side_inputs = "constant"}`;

/**
 * Views an elementwise chain's operands are read through: index remapping holding a transpose or a
 * gather at constant indices (Swin's window reverse and reverse shift, read by its residual add). An
 * operand read through reshapes and slices alone is no such chain: those stay views of their buffers,
 * and the chain's kernel keeps its vector loads.
 */
const ELEMENT_VIEWS = `{ops = ["transpose", "slice", "reshape", "flatten", "squeeze", "unsqueeze", "gather"], element_types = ${GPU_TYPES}, max_ops = 8, side_inputs = "constant", needs_ops = ["transpose", "gather"]}`;

/** Views a concat's inputs are read through (index remapping only). */
const CONCAT_VIEWS = `{ops = ["transpose", "reshape", "flatten", "squeeze", "unsqueeze"], element_types = ${GPU_TYPES}, max_ops = 4, side_inputs = "none"}`;

/** A GEMM's operand views, and a layer normalization (its scale and bias constants) they read. */
const NORM_VIEWS = `{ops = ["transpose", "slice", "reshape", "flatten", "squeeze", "unsqueeze", "gather", "mul", "div", "layer_normalization"], element_types = ["float32", "int64", "int32"], max_ops = 12, side_inputs = "constant"}`;

/** Attention's scores (q·kᵀ), and their scaling by a constant (1/√d). */
const SCORES = '{ops = ["matmul"], element_types = ["float32"]}';
const SCALE = '{ops = ["mul", "div"], element_types = ["float32"], inputs = [0, "*"]}';
/** Keys the default @attention patterns take at most (docs/webgpu-target.md, "Attention as one kernel"). */
const SHORT_KEYS = 64;
/**
 * The twelve @attention patterns (scaled or not; no mask, a mask, or a bias then a mask; the
 * probabilities read as they are, or `_guarded`: where(is_nan(p), zero, p), as PyTorch 2's export of
 * scaled dot-product attention zeroes a fully masked row), named `name`_…, their softmax node
 * constrained by `softmax`.
 */
function attentionPatterns(name: string, softmax: string): string {
  const SOFTMAX = (input: number) => `{ops = ["softmax"], element_types = ["float32"], inputs = [${input}]${softmax}}`;
  const ADD = (input: number) => `{ops = ["add"], element_types = ["float32"], inputs = [${input}, "*"]}`;
  const PRODUCT = (input: number) => `{ops = ["matmul"], element_types = ["float32"], inputs = [${input}, "*"]}`;
  const forms: [string, string[]][] = [
    ['', [SCORES]],
    ['_scaled', [SCORES, SCALE]],
    ['_masked', [SCORES, ADD(0)]],
    ['_scaled_masked', [SCORES, SCALE, ADD(1)]],
    ['_biased_masked', [SCORES, ADD(0), ADD(1)]],
    ['_scaled_biased_masked', [SCORES, SCALE, ADD(1), ADD(2)]],
  ];
  const IS_NAN = (input: number) => `{ops = ["is_nan"], element_types = ["float32", "bool"], inputs = [${input}]}`;
  const GUARD = (isNan: number, p: number) => `{ops = ["where"], element_types = ["bool", "float32"], inputs = [${isNan}, "*", ${p}]}`;
  return forms.flatMap(([form, nodes]) => {
    const soft = nodes.length;
    return [
      [form, [...nodes, SOFTMAX(soft - 1), PRODUCT(soft)]],
      [`${form}_guarded`, [...nodes, SOFTMAX(soft - 1), IS_NAN(soft), GUARD(soft + 1, soft), PRODUCT(soft + 2)]],
    ] as [string, string[]][];
  }).map(([form, all]) => `  cgc_pattern.pattern @${name}${form} attributes {benefit = 150,
    nodes = [${all.join(', ')}],
    operand_prologues = ${OPERAND_VIEWS}}`).join('\n');
}

/**
 * The six @product_norm patterns: a product, none, one or two adds (bias, residual), a reshape or none
 * (a residual stream kept as [tokens, d] around a product of [tokens, d] rows), then a layer normalization.
 */
function productNormPatterns(): string {
  const PRODUCT = '{ops = ["matmul", "gemm"], element_types = ["float32"]}';
  const ADD = (input: number) => `{ops = ["add"], element_types = ["float32"], inputs = [${input}, "*"]}`;
  const RESHAPE = (input: number) => `{ops = ["reshape"], element_types = ["float32"], inputs = [${input}]}`;
  const NORM = (input: number) => `{ops = ["layer_normalization"], element_types = ["float32"], inputs = [${input}]}`;
  const forms: string[][] = [];
  for (const reshaped of [false, true]) for (const adds of [0, 1, 2]) forms.push(['product', ...Array<string>(adds).fill('add'), ...(reshaped ? ['reshape'] : []), 'norm']);
  return forms.map((form) => {
    const nodes = form.map((kind, i) => (kind === 'product' ? PRODUCT : kind === 'add' ? ADD(i - 1) : kind === 'reshape' ? RESHAPE(i - 1) : NORM(i - 1)));
    return `  cgc_pattern.pattern @${form.join('_')} attributes {benefit = 100, multiple_results = true,
    nodes = [${nodes.join(', ')}],
    operand_prologues = ${OPERAND_VIEWS}, epilogue = ${EPILOGUE}}`;
  }).join('\n');
}

/** An integer product's operands: bytes widened to int32, less a zero point (recomputed where it is computed from one element). */
const WIDENED_BYTES = `{ops = ["cast", "sub"], element_types = ["int32", "int8", "uint8"], max_ops = 2, side_inputs = "any", side_chains = ${SIDE_CHAINS}}`;

/** A projection (x·W), another reading the same x, and the bias added to one; W read through its column range. */
const PROJECTION_OF = 'ops = ["matmul"], element_types = ["float32"]';
const PROJECTION = `{${PROJECTION_OF}}`;
const BIAS = (node: number) => `{ops = ["add"], element_types = ["float32"], inputs = [${node}, "*"]}`;
const COLUMN_RANGES = '{ops = ["slice"], element_types = ["float32"], max_ops = 1, side_inputs = "none"}';

/** The fused kernels, each a pattern under its name (a comment saying what it rewrites, then the pattern). */
const PATTERNS: readonly (readonly [string, string])[] = [
  ['conv_epilogue', `  // conv → any chain of elementwise ops (bias, activation, residual add, clip, scale, …)  ⇒  one implicit-GEMM kernel
  cgc_pattern.pattern @conv_epilogue attributes {benefit = 100,
    nodes = [{ops = ["convolution", "convolution_transpose"], element_types = ${FLOAT}}], epilogue = ${EPILOGUE}}`],
  ['pool_conv_epilogue', `  // max or average pooling → convolution with stride 1 and no padding (a 1×1 projection) → elementwise
  // chain  ⇒  one implicit-GEMM kernel that pools each input value as it loads it, so the pooled
  // tensor is never stored (SqueezeNet's pools before its fire modules, GoogLeNet's pool projections);
  // float32 only, as the tiled kernels are (a direct float16 convolution would pool per product)
  cgc_pattern.pattern @pool_conv_epilogue attributes {benefit = 110,
    nodes = [{ops = ${JSON.stringify(POOLED_INPUTS)}, element_types = ["float32"]},
             {ops = ["convolution"], element_types = ["float32"], inputs = [0],
              attrs = {strides = [1, 1], start_padding = [0, 0], end_padding = [0, 0], dilations = [1, 1], groups = 1}}],
    epilogue = ${EPILOGUE}}`],
  ['matmul_epilogue', `  // (views and constant scaling of each operand) → matmul / gemm → elementwise chain  ⇒  one tiled GEMM
  // kernel reading its operands through the views and storing through the epilogue (attention's
  // q·kᵀ reads q and k straight out of the fused QKV projection)
  cgc_pattern.pattern @matmul_epilogue attributes {benefit = 100,
    nodes = [{ops = ["matmul", "gemm"], element_types = ${FLOAT}}], operand_prologues = ${OPERAND_VIEWS}, epilogue = ${EPILOGUE}}`],
  ['attention', `  // attention over at most ${SHORT_KEYS} keys: q·kᵀ → (scale by a constant) → (additive mask or bias, or a bias
  // then a mask: Swin's shifted windows, their relative position bias then the shift's mask) → softmax over
  // the keys → ·v  ⇒  one kernel per block of query rows (flash-attention style: each tile of keys and
  // values loaded into workgroup memory once for the block's rows, an online softmax; the scores never
  // reach memory), reading q, k, v, the scale and the mask through their views (Swin's windows of 49
  // tokens); over more keys every block reads the whole head again, and the three kernels measured faster
${attentionPatterns('attention', `, max_last_dim = ${SHORT_KEYS}`)}`],
  ['attention_long', `  // attention over any number of keys, as @attention (opt-in: over ViT-B/16's 197 keys one kernel
  // measured slower than the three)
${attentionPatterns('attention_long', '')}`],
  ['projections', `  // matmuls reading one value, each → bias add, their weights consecutive column ranges of one constant
  // (q, k and v, concatenated when the model is opened: docs/compiler.md)  ⇒  one tiled GEMM over all
  // the columns whose store writes each range plus its bias to its own result (BERT's projections:
  // one dispatch where three read the same input); more ops than @matmul_epilogue's, so taken first
  cgc_pattern.pattern @projections3 attributes {benefit = 100, multiple_results = true,
    nodes = [${PROJECTION}, ${BIAS(0)}, {${PROJECTION_OF}, same_input = 0}, ${BIAS(2)}, {${PROJECTION_OF}, same_input = 0}, ${BIAS(4)}],
    operand_prologues = ${COLUMN_RANGES}}
  cgc_pattern.pattern @projections2 attributes {benefit = 100, multiple_results = true,
    nodes = [${PROJECTION}, ${BIAS(0)}, {${PROJECTION_OF}, same_input = 0}, ${BIAS(2)}],
    operand_prologues = ${COLUMN_RANGES}}`],
  ['product_norm', `  // matmul / gemm → (bias add) → (residual add) → layer normalization → elementwise chain  ⇒  the tiled
  // GEMM's K slices, then one workgroup per row summing them through the adds, writing the sum where the
  // graph reads it (the residual stream) and normalizing the row in workgroup memory (a transformer's
  // projection back into its residual stream, then the next block's normalization: the normalization's
  // own kernel gone where K is split); more ops than @matmul_epilogue's, so taken first
${productNormPatterns()}`],
  ['norm_prologue', `  // layer normalization over the last axis → (views) → matmul / gemm → elementwise chain  ⇒  one tiled GEMM
  // normalizing A's rows as its tiles load them, each row's mean and variance computed once per
  // thread before the K loop (ViT's layer normalizations before attention and before the MLP); the
  // same benefit as @matmul_epilogue, so it is taken where it covers more ops: where a normalization is read
  cgc_pattern.pattern @matmul_norm_prologue attributes {benefit = 100,
    nodes = [{ops = ["matmul", "gemm"], element_types = ["float32"]}], operand_prologues = ${NORM_VIEWS}, epilogue = ${EPILOGUE}}`],
  ['integer_matmul', `  // int8 / uint8 operands widened to int32, zero points subtracted → int32 matmul → elementwise chain
  // (dequantizing cast, scale, bias)  ⇒  one kernel reading packed bytes, 4 products per dot4I8Packed
  // (ONNX MatMulInteger, dynamic quantization); a product the kernel cannot take (N not a multiple
  // of 4, B of rank ≠ 2) is computed per element
  cgc_pattern.pattern @integer_matmul attributes {benefit = 100,
    nodes = [{ops = ["matmul"], element_types = ["int32"]}], operand_prologues = ${WIDENED_BYTES}, epilogue = ${EPILOGUE}}`],
  ['integer_conv', `  // int8 / uint8 input and filter widened to int32, zero points subtracted → int32 convolution →
  // elementwise chain (requantization: scale, round, zero point, saturation to bytes)  ⇒  one
  // implicit-GEMM kernel on packed bytes, the input's bytes gathered as its im2col (ONNX ConvInteger,
  // QLinearConv); grouped convolutions per element
  cgc_pattern.pattern @integer_conv attributes {benefit = 100,
    nodes = [{ops = ["convolution"], element_types = ["int32"]}], operand_prologues = ${WIDENED_BYTES}, epilogue = ${EPILOGUE}}`],
  ['norm_epilogue', `  // elementwise prologue → normalization → elementwise chain  ⇒  one kernel (a workgroup per row)
  cgc_pattern.pattern @norm_epilogue attributes {benefit = 60,
    nodes = [{traits = ["normalization"], element_types = ${FLOAT}}], prologue = ${ROW_PROLOGUE}, epilogue = ${EPILOGUE}}`],
  ['pool_epilogue', `  // pooling → elementwise chain
  cgc_pattern.pattern @pool_epilogue attributes {benefit = 50,
    nodes = [{traits = ["pooling"], element_types = ${FLOAT}}], epilogue = ${EPILOGUE}}`],
  ['residual_norm', `  // add (its operands read through transposes or gathers: Swin's window reverse and reverse shift) →
  // layer normalization over the last axis → elementwise chain, the sum also read elsewhere (the
  // residual stream)  ⇒  one workgroup per row writing the sum and the normalized row (kernels/norm-rows.ts);
  // where the sum has no other reader and no view, @norm_epilogue's prologue takes the same ops or more
  cgc_pattern.pattern @residual_norm attributes {benefit = 60, multiple_results = true,
    nodes = [{ops = ["add"], element_types = ["float32"]}, {ops = ["layer_normalization"], element_types = ["float32"], inputs = [0]}],
    operand_prologues = ${ELEMENT_VIEWS}, epilogue = ${EPILOGUE}}`],
  ['norm_views', `  // layer normalization reading its input through transposes or gathers (channels moved last, a patch
  // merging's window gather) → elementwise chain  ⇒  the row kernel, the views in its index arithmetic
  cgc_pattern.pattern @norm_views attributes {benefit = 60,
    nodes = [{ops = ["layer_normalization"], element_types = ["float32"]}], operand_prologues = ${ELEMENT_VIEWS}, epilogue = ${EPILOGUE}}`],
  ['global_pool_views', `  // global pooling reading its input through transposes or gathers (channels moved back first) →
  // elementwise chain  ⇒  the row kernel, the views in its index arithmetic
  cgc_pattern.pattern @global_pool_views attributes {benefit = 50,
    nodes = [{ops = ["global_average_pool", "global_max_pool"], element_types = ["float32"]}], operand_prologues = ${ELEMENT_VIEWS}, epilogue = ${EPILOGUE}}`],
  ['reduction_prologue', `  // elementwise prologue → reduction → elementwise chain  ⇒  one reduction kernel (dynamic
  // quantization's min(reduce_min(x), 0) and the scale computed from both ends of x's range)
  cgc_pattern.pattern @reduction_prologue attributes {benefit = 50,
    nodes = [{ops = ["reduce_sum", "reduce_mean", "reduce_max", "reduce_min", "reduce_prod", "reduce_l1", "reduce_l2",
                     "reduce_log_sum", "reduce_log_sum_exp", "reduce_sum_square"], element_types = ${FLOAT}}],
    prologue = {traits = ["elementwise", "unary"], element_types = ${FLOAT}, max_ops = 4, side_inputs = "none"},
    epilogue = ${EPILOGUE}}`],
  ['sibling_reductions', `  // two reductions of one tensor (dynamic quantization's min and max of x)  ⇒  one kernel reading the
  // tensor once and writing both, where they reduce the same axes (else a kernel each, as apart)
  cgc_pattern.pattern @sibling_reductions attributes {benefit = 55, multiple_results = true,
    nodes = [{ops = ${SIBLING_REDUCTIONS}, element_types = ${FLOAT}}, {ops = ${SIBLING_REDUCTIONS}, element_types = ${FLOAT}, same_input = 0}]}`],
  ['softmax_epilogue', `  // elementwise prologue (scale, mask) → softmax / log_softmax → elementwise chain  ⇒  one kernel (a workgroup per row)
  cgc_pattern.pattern @softmax_epilogue attributes {benefit = 50,
    nodes = [{ops = ["softmax", "log_softmax"], element_types = ${FLOAT}}], prologue = ${ROW_PROLOGUE}, epilogue = ${EPILOGUE}}`],
  ['elementwise_chain', `  // chains of elementwise ops  ⇒  one kernel with full broadcasting
  cgc_pattern.pattern @elementwise_chain attributes {benefit = 40,
    nodes = [{traits = ["elementwise"], element_types = ${GPU_TYPES}}], operand_prologues = ${ELEMENT_VIEWS}, epilogue = {traits = ["elementwise"], element_types = ${GPU_TYPES}, max_ops = 16, side_inputs = "any", side_chains = ${SIDE_CHAINS}}}`],
  ['concat_epilogue', `  // concat of its inputs read through views (reshapes, transposes, …) → an elementwise op with another
  // operand → elementwise chain  ⇒  one element kernel (ViT's patch tokens, transposed out of the patch
  // convolution, after its class token, plus the position embedding: one dispatch where there were
  // three); a concat read by anything else keeps @data_movement (and its views: docs/compiler.md); above the
  // row kernels' 60, so that the elementwise op stays with the concat it saves (ViT's position embedding
  // add, whose sum is also the residual stream, is not @residual_norm's)
  cgc_pattern.pattern @concat_epilogue attributes {benefit = 65,
    nodes = [{ops = ["concat"], element_types = ${GPU_TYPES}}, {traits = ["elementwise"], element_types = ${GPU_TYPES}, inputs = [0, "*"]}],
    operand_prologues = ${CONCAT_VIEWS}, epilogue = ${EPILOGUE}}`],
  ['data_movement', `  // data movement, one op per kernel (concat and slices as views where the plan allows)
  cgc_pattern.pattern @data_movement attributes {benefit = 20,
    nodes = [{ops = ["transpose", "concat", "slice", "pad", "gather", "expand", "tile", "depth_to_space", "space_to_depth",
                     "resize", "reshape", "flatten", "squeeze", "unsqueeze", "split"], element_types = ${GPU_TYPES}}]}`],
];

/** The names of the patterns the fused target declares: what `disabledPatterns` may name. */
export const WEBGPU_PATTERN_NAMES: readonly string[] = PATTERNS.map(([name]) => name);

/**
 * The declaration document, without the patterns named in `disabled` (an A/B of one fusion: its ops
 * then fall to the patterns left, as they did before it existed).
 */
export function webgpuDeclaration(disabled: ReadonlySet<string> = new Set()): string {
  const kept = PATTERNS.filter(([name]) => !disabled.has(name)).map(([, text]) => text);
  return `cgc.module attributes {cgc.interface = "${INTERFACES.CGC_SUBGRAPH_DECLARATION}", cgc.version = "${CGC_VERSION}"} {
${kept.join('\n')}
}
`;
}
