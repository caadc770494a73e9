// `cgc bench`'s resident runs: the program submitted (`program.submit`, in chunks as run() submits)
// against input and output buffers that stay on the GPU, as a pipeline that keeps its frames there runs
// it (no upload, no read-back per run). Checked once against `program.run`'s outputs.
import { align4, byteSize, CgcError, type HostTensor, tensorBytes, tensorFromBytes } from '../core';
import type { LoadedProgram } from '../runtime/runtime';
import { padded, stageAll } from '../runtime/staging';
import { compareTensors } from './compare-tensors';

/** Largest |resident − run()| a float output may show: the same kernels on the same inputs. */
const FLOAT_ATOL = 1e-6;

export interface ResidentRuns {
  /** One run (the caller waits for an idle GPU first): recorded and submitted, until the work is done; wall ms. */
  time(): Promise<number>;
  destroy(): void;
}

/**
 * Buffers holding `inputs` once and the outputs, and one checked run: its outputs, read back, must
 * equal `expected` (`program.run`'s on the same inputs), within FLOAT_ATOL for floats; a mismatch
 * throws naming the output. Where `submit` refuses the program (a host partition, a run-time loop),
 * `{ skipped }` gives its reason.
 */
export async function residentRuns(
  device: GPUDevice, program: LoadedProgram, inputs: readonly HostTensor[], expected: readonly HostTensor[], names: readonly string[],
): Promise<ResidentRuns | { skipped: string }> {
  const buffers: GPUBuffer[] = [];
  // The usage the runtime gives its own input and output buffers.
  const buffer = (label: string, size: number) => {
    const b = device.createBuffer({ label, size: align4(size), usage: GPUBufferUsage.STORAGE | GPUBufferUsage.COPY_DST | GPUBufferUsage.COPY_SRC });
    buffers.push(b);
    return b;
  };
  const destroy = () => { for (const b of buffers) b.destroy(); };
  const io = {
    inputs: inputs.map((t, i) => {
      const bytes = tensorBytes(t);
      const b = buffer(`Bench.residentInput ${i}`, bytes.length);
      device.queue.writeBuffer(b, 0, padded(bytes));
      return { buffer: b };
    }),
    outputs: program.outputTypes.map((t, i) => ({ buffer: buffer(`Bench.residentOutput ${i}`, byteSize(t)) })),
  };
  try {
    device.pushErrorScope('validation');
    try {
      program.submit(io);
    } catch (e) {
      await device.popErrorScope();
      if (e instanceof CgcError) { destroy(); return { skipped: e.message }; }
      throw e;
    }
    const encoder = device.createCommandEncoder({ label: 'Bench.residentRead' });
    const read = stageAll(device, encoder, io.outputs.map((o, i) => ({ ...o, size: byteSize(program.outputTypes[i]!) })));
    device.queue.submit([encoder.finish()]);
    const invalid = await device.popErrorScope();
    if (invalid) throw new CgcError('device', `the resident run failed GPU validation: ${invalid.message}`);
    const bytes = await read();
    program.outputTypes.forEach((t, i) => {
      const got = tensorFromBytes({ ...t, kind: 'tensor' }, bytes[i]!);
      const c = compareTensors(got, expected[i]!, { rtol: 0, atol: FLOAT_ATOL });
      if (!c.ok) {
        throw new CgcError('runtime', `resident run: output ${names[i] ?? `#${i}`} differs from run()'s: ${c.mismatch ?? `${c.bad} element(s) off, max |Δ| ${c.maxAbs.toExponential(2)}`}`);
      }
    });
  } catch (e) {
    destroy();
    throw e;
  }
  return {
    async time() {
      const t0 = performance.now();
      program.submit(io);
      await device.queue.onSubmittedWorkDone();
      return performance.now() - t0;
    },
    destroy,
  };
}
