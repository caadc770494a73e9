// Where `cgc onnx-test` and `cgc check` run a model: the CPU reference interpreter, or the whole
// stack — compile with the default targets, load on WebGPU (Dawn), run.
import type { Operation } from '../ir';
import { compile } from '../compiler/pipeline';
import { type HostTensor, runEntryPoint, tensorBytes } from '../reference';
import { loadProgram } from '../runtime/runtime';
import { defaultTargets } from '../webgpu-target/targets';
import { UsageError } from './args';
import { openCliDevice } from './gpu';

export type BackendName = 'cpu' | 'webgpu';

export interface Backend {
  readonly name: BackendName;
  /** Runs the module's entry point (the module may be rewritten by compilation). */
  run(module: Operation, inputs: readonly HostTensor[], constants: (name: string) => HostTensor | undefined): Promise<HostTensor[]>;
  close(): void;
}

export function backendName(value: string | undefined, fallback: BackendName): BackendName {
  const name = value ?? fallback;
  if (name !== 'cpu' && name !== 'webgpu') throw new UsageError(`unknown backend '${name}' (backends: webgpu, cpu)`);
  return name;
}

export async function openBackend(name: BackendName, note: (line: string) => void): Promise<Backend> {
  if (name === 'cpu') {
    return { name, run: async (m, inputs, constants) => runEntryPoint(m, inputs, constants), close: () => {} };
  }
  const { device } = await openCliDevice(note);
  return {
    name,
    async run(module, inputs, constants) {
      const s = compile(module, defaultTargets());
      const program = await loadProgram(device, s.output!, (n) => {
        const t = constants(n);
        return t && tensorBytes(t);
      });
      try {
        return (await program.run(inputs)).outputs;
      } finally {
        program.destroy();
      }
    },
    close: () => device.destroy(),
  };
}
