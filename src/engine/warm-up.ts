// The first tier's common pipelines, created when a device opens: a model's first-tier kernels keep
// their sizes out of their code (docs/webgpu-target.md, "Kernel tiers"), so the convolutions, pools
// and classifier of most CNNs are the same few pipelines whatever their layers' sizes. A small model
// made of those layers is compiled and loaded on the device as soon as it opens; the driver compiles
// their pipelines on its own threads (the JavaScript thread is free meanwhile) into the device's
// pipeline cache, where a model loaded later finds them. A page warms up while it waits for a model;
// a command while it reads and compiles one.
import { gpuProfile } from '../webgpu-target/limits';
import { openModel } from './model';
import { WARM_UP_MODEL, warmUpConstants } from './warm-up-model';

export { WARM_UP_MODEL, isSoftwareAdapter, warmUpConstants } from './warm-up-model';

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
 * Compiles WARM_UP_MODEL for `device` and loads it (its first tier), so that its pipelines are in the
 * device's cache for the models loaded next; the loaded program is then destroyed (the pipelines stay).
 * The compile runs now, on the caller's thread (a few milliseconds once the compiler's code is warm,
 * 70–120 ms in a fresh Node process on a fast host); the pipelines are created by the driver in the
 * background. The promise never rejects: a failure is the result's `error`.
 */
export function warmUpFirstTier(device: GPUDevice): Promise<WarmUpResult> {
  const t0 = performance.now();
  try {
    const program = openModel(WARM_UP_MODEL, { fileName: 'warm-up.mlir', constants: warmUpConstants() }).compile({ gpu: gpuProfile(device) });
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
    return Promise.resolve({ kernels: 0, ms: performance.now() - t0, error: e instanceof Error ? e.message : String(e) });
  }
}
