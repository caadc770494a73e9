// The first tier's common pipelines, created when a device opens: a model's first-tier kernels keep
// their sizes out of their code (docs/webgpu-target.md, "Kernel tiers"), so the convolutions, pools
// and classifier of most CNNs are the same few pipelines whatever their layers' sizes. A small model
// made of those layers is compiled and loaded on the device as soon as it opens; the driver compiles
// their pipelines on its own threads (the JavaScript thread is free meanwhile) into the device's
// pipeline cache, where a model loaded later finds them. A page warms up while it waits for a model;
// a command while it reads and compiles one.
import { CgcError } from '../core';
import { gpuProfile } from '../webgpu-target/limits';
import type { AdapterSummary } from '../runtime/device';
import { openModel } from './model';

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

/** What a warm-up did: its kernels' pipelines ready in the device's cache, or why not. */
export interface WarmUpResult {
  /** Dispatches of the warm-up model's first tier (each kernel's pipeline now cached on the device). */
  readonly kernels: number;
  /** From the call until every pipeline was created, ms. */
  readonly ms: number;
  /** Why it did not finish (a lost device, a kernel the device refused); the model's own load then makes what it needs. */
  readonly error?: string;
}

/**
 * Whether an adapter computes on the CPU (SwiftShader, llvmpipe/lavapipe, a fallback adapter): there
 * the driver's compiles take the cores a model's own work needs, so nothing is compiled ahead.
 */
export function isSoftwareAdapter(info: Pick<AdapterSummary, 'isFallbackAdapter' | 'vendor' | 'architecture' | 'description'>): boolean {
  return info.isFallbackAdapter || /swiftshader|llvmpipe|lavapipe|software/i.test(`${info.vendor} ${info.architecture} ${info.description}`);
}

/**
 * Compiles WARM_UP_MODEL for `device` and loads it (its first tier), so that its pipelines are in the
 * device's cache for the models loaded next; the loaded program is then destroyed (the pipelines stay).
 * The compile runs now, on the caller's thread (a few milliseconds); the pipelines are created by the
 * driver in the background. The promise never rejects: a failure is the result's `error`.
 */
export function warmUpFirstTier(device: GPUDevice): Promise<WarmUpResult> {
  const t0 = performance.now();
  try {
    const constants = new Map<string, Uint8Array>();
    for (const m of WARM_UP_MODEL.matchAll(/cgc\.constant\("([\w.]+)"\) : !cgc\.tensor<constant ([\dx]+)x!cgc\.float32>/g)) {
      constants.set(m[1]!, new Uint8Array(4 * m[2]!.split('x').reduce((n, d) => n * Number(d), 1)));
    }
    const program = openModel(WARM_UP_MODEL, { fileName: 'warm-up.mlir', constants }).compile({ gpu: gpuProfile(device) });
    return program.load(device).then(
      (loaded) => {
        const kernels = loaded.dispatchCount;
        loaded.destroy();
        return { kernels, ms: performance.now() - t0 };
      },
      (e: unknown) => ({ kernels: 0, ms: performance.now() - t0, error: e instanceof Error ? e.message : String(e) }),
    );
  } catch (e) {
    // The model is ours: a compile error here is a bug, reported as the warm-up's error, not thrown at the caller.
    return Promise.resolve({ kernels: 0, ms: performance.now() - t0, error: e instanceof CgcError || e instanceof Error ? e.message : String(e) });
  }
}
