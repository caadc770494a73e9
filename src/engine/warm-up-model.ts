// The warm-up model (engine/warm-up.ts): the layers whose first-tier kernels most CNNs share, as CGC
// IR text with its constants (zeros: only the pipelines matter), and which adapters warm nothing up.
// Apart from warm-up.ts so that a page's main thread takes it without the compiler.
import type { AdapterSummary } from '../runtime/device';

/**
 * The layers whose first-tier kernels most CNNs share (a torchvision-style export, batch 1): a
 * convolution with its bias and a ReLU (the same pipeline takes no clamp, ReLU or ReLU6), a max
 * pool, a depthwise convolution with a ReLU6 clip, a 1×1 projection with a residual add, a global
 * average pool, and flatten + gemm (the classifier). MobileNetV2's and the ResNets' first tiers are
 * exactly these pipelines.
 */
export const WARM_UP_MODEL = `cgc.module {
  cgc.entry_point @main(%input: !cgc.tensor<1x3x32x32x!cgc.float32>) -> !cgc.tensor<1x10x!cgc.float32> {
    %stem.weight = cgc.constant("stem.weight") : !cgc.tensor<constant 16x3x3x3x!cgc.float32>
    %stem.bias = cgc.constant("stem.bias") : !cgc.tensor<constant 16x!cgc.float32>
    %stem = cgc_op.convolution(%input, %stem.weight, %stem.bias) {strides = [2, 2], dilations = [1, 1], start_padding = [1, 1], end_padding = [1, 1], groups = 1} : (!cgc.tensor<1x3x32x32x!cgc.float32>, !cgc.tensor<constant 16x3x3x3x!cgc.float32>, !cgc.tensor<constant 16x!cgc.float32>) -> !cgc.tensor<1x16x16x16x!cgc.float32>
    %relu = cgc_op.relu(%stem) : (!cgc.tensor<1x16x16x16x!cgc.float32>) -> !cgc.tensor<1x16x16x16x!cgc.float32>
    %pool = cgc_op.max_pool(%relu) {window_size = [3, 3], strides = [2, 2], dilations = [1, 1], start_padding = [1, 1], end_padding = [1, 1], ceil_mode = false} : (!cgc.tensor<1x16x16x16x!cgc.float32>) -> !cgc.tensor<1x16x8x8x!cgc.float32>
    %dw.weight = cgc.constant("dw.weight") : !cgc.tensor<constant 16x1x3x3x!cgc.float32>
    %dw.bias = cgc.constant("dw.bias") : !cgc.tensor<constant 16x!cgc.float32>
    %dw = cgc_op.convolution(%pool, %dw.weight, %dw.bias) {strides = [1, 1], dilations = [1, 1], start_padding = [1, 1], end_padding = [1, 1], groups = 16} : (!cgc.tensor<1x16x8x8x!cgc.float32>, !cgc.tensor<constant 16x1x3x3x!cgc.float32>, !cgc.tensor<constant 16x!cgc.float32>) -> !cgc.tensor<1x16x8x8x!cgc.float32>
    %clip = cgc_op.clip(%dw) {min = 0.0, max = 6.0} : (!cgc.tensor<1x16x8x8x!cgc.float32>) -> !cgc.tensor<1x16x8x8x!cgc.float32>
    %pw.weight = cgc.constant("pw.weight") : !cgc.tensor<constant 16x16x1x1x!cgc.float32>
    %pw.bias = cgc.constant("pw.bias") : !cgc.tensor<constant 16x!cgc.float32>
    %pw = cgc_op.convolution(%clip, %pw.weight, %pw.bias) {strides = [1, 1], dilations = [1, 1], start_padding = [0, 0], end_padding = [0, 0], groups = 1} : (!cgc.tensor<1x16x8x8x!cgc.float32>, !cgc.tensor<constant 16x16x1x1x!cgc.float32>, !cgc.tensor<constant 16x!cgc.float32>) -> !cgc.tensor<1x16x8x8x!cgc.float32>
    %residual = cgc_op.add(%pw, %pool) : (!cgc.tensor<1x16x8x8x!cgc.float32>, !cgc.tensor<1x16x8x8x!cgc.float32>) -> !cgc.tensor<1x16x8x8x!cgc.float32>
    %gap = cgc_op.global_average_pool(%residual) : (!cgc.tensor<1x16x8x8x!cgc.float32>) -> !cgc.tensor<1x16x1x1x!cgc.float32>
    %flat = cgc_op.flatten(%gap) {axis = 1} : (!cgc.tensor<1x16x1x1x!cgc.float32>) -> !cgc.tensor<1x16x!cgc.float32>
    %fc.weight = cgc.constant("fc.weight") : !cgc.tensor<constant 10x16x!cgc.float32>
    %fc.bias = cgc.constant("fc.bias") : !cgc.tensor<constant 10x!cgc.float32>
    %output = cgc_op.gemm(%flat, %fc.weight, %fc.bias) {alpha = 1.0, beta = 1.0, trans_a = false, trans_b = true} : (!cgc.tensor<1x16x!cgc.float32>, !cgc.tensor<constant 10x16x!cgc.float32>, !cgc.tensor<constant 10x!cgc.float32>) -> !cgc.tensor<1x10x!cgc.float32>
    cgc.return %output : !cgc.tensor<1x10x!cgc.float32>
  }
}
`;

/** The warm-up model's constants: zeros of each constant's size (its pipelines are what it is for). */
export function warmUpConstants(): Map<string, Uint8Array> {
  const constants = new Map<string, Uint8Array>();
  for (const m of WARM_UP_MODEL.matchAll(/cgc\.constant\("([\w.]+)"\) : !cgc\.tensor<constant ([\dx]+)x!cgc\.float32>/g)) {
    constants.set(m[1]!, new Uint8Array(4 * m[2]!.split('x').reduce((n, d) => n * Number(d), 1)));
  }
  return constants;
}

/**
 * Whether an adapter computes on the CPU (SwiftShader, llvmpipe/lavapipe, a fallback adapter): there
 * the driver's compiles take the cores a model's own work needs, so nothing is compiled ahead.
 */
export function isSoftwareAdapter(info: Pick<AdapterSummary, 'isFallbackAdapter' | 'vendor' | 'architecture' | 'description'>): boolean {
  return info.isFallbackAdapter || /swiftshader|llvmpipe|lavapipe|software/i.test(`${info.vendor} ${info.architecture} ${info.description}`);
}
