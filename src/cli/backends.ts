// Where `cgc onnx-test` and `cgc check` run a model: the CPU reference interpreter, or the whole
// stack — compile with the default targets, load on WebGPU (Dawn), run.
import type { Operation } from '../ir';
import { compile } from '../compiler/pipeline';
import { runEntryPoint } from '../reference';
import { type HostTensor, tensorBytes } from '../core';
import { loadProgram } from '../runtime/runtime';
import { gpuProfile } from '../webgpu-target/limits';
import { type TargetOptions, defaultTargets } from '../engine/targets';
import { UsageError } from './args';
import { openCliDevice } from './gpu';

export type BackendName = 'cpu' | 'webgpu';

/** What the last WebGPU run did: GPU dispatches and queue submits per run, and its partitions' targets. */
export interface RunStats {
  readonly dispatches: number;
  readonly submits: number;
  readonly partitions: readonly string[];
}

export interface Backend {
  readonly name: BackendName;
  /** After a WebGPU run: its dispatch and submit counts. */
  readonly stats?: RunStats;
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
      const targets = defaultTargets(gpuProfile(device), options);
      const s = compile(module, targets);
      const program = await loadProgram(device, s.output!, (n) => {
        const t = constants(n);
        return t && tensorBytes(t);
      }, { targets });
      try {
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
