// Where `cgc onnx-test` and `cgc check` run a model: the CPU reference interpreter, or the whole
// stack — compile with the default targets, load on WebGPU (Dawn), run.
import type { Operation } from '../ir';
import { runEntryPoint } from '../reference';
import { type HostTensor, tensorBytes } from '../core';
import { gpuProfile } from '../webgpu-target/limits';
import type { TargetOptions } from '../engine/targets';
import { compileAndLoad } from '../engine/model';
import { UsageError } from './args';
import { openCliDevice, settleOrStay } from './gpu';

export type BackendName = 'cpu' | 'webgpu';

/** What the last WebGPU run did: GPU dispatches and queue submits per run, and its partitions' targets. */
export interface RunStats {
  readonly dispatches: number;
  readonly submits: number;
  readonly partitions: readonly string[];
}

export interface Backend {
  readonly name: BackendName;
  /** After a WebGPU run: its dispatch and submit counts (of the settled program). */
  readonly stats?: RunStats;
  /**
   * After a WebGPU run: the outputs of its first run, on the first tier's kernels (docs/webgpu-target.md,
   * "Kernel tiers"); `run` returns those of the settled program's run (its final kernels). Both must pass.
   */
  readonly firstResult?: readonly HostTensor[];
  /** Runs the module's entry point (the module may be rewritten by compilation). */
  run(module: Operation, inputs: readonly HostTensor[], constants: (name: string) => HostTensor | undefined): Promise<HostTensor[]>;
  close(): void;
}

export function backendName(value: string | undefined, fallback: BackendName): BackendName {
  const name = value ?? fallback;
  if (name !== 'cpu' && name !== 'webgpu') throw new UsageError(`unknown backend '${name}' (backends: webgpu, cpu)`);
  return name;
}

export async function openBackend(name: BackendName, note: (line: string) => void, options: TargetOptions = {}): Promise<Backend> {
  if (name === 'cpu') {
    return { name, run: async (m, inputs, constants) => runEntryPoint(m, inputs, constants), close: () => {} };
  }
  const { device } = await openCliDevice(note);
  const backend: { -readonly [K in keyof Backend]: Backend[K] } = {
    name,
    async run(module, inputs, constants) {
      // As the engine loads: a kernel the device does not compile sends its subgraph to the next target.
      const { program } = await compileAndLoad(module, (n) => {
        const t = constants(n);
        return t && tensorBytes(t);
      }, device, { gpu: gpuProfile(device), ...(options.fusion !== undefined ? { fusion: options.fusion } : {}), ...(options.disabledPatterns ? { disabledPatterns: options.disabledPatterns } : {}), ...(options.enabledPatterns?.length ? { enabledPatterns: options.enabledPatterns } : {}), ...(options.splitK ? { splitK: options.splitK } : {}), ...(options.sizeUniforms ? { sizeUniforms: true } : {}) });
      try {
        // The first result (first tier), then the settled program's (final kernels): what a user sees first, and what runs from then on.
        backend.firstResult = (await program.run(inputs)).outputs;
        await settleOrStay(program, note);
        const r = await program.run(inputs);
        backend.stats = { dispatches: r.dispatches, submits: r.submits, partitions: program.partitions.map((p) => p.target) };
        return r.outputs;
      } finally {
        program.destroy();
      }
    },
    close: () => device.destroy(),
  };
  return backend;
}
