// A program run on GPU-resident inputs and outputs: recorded into a caller's encoder (`record`), or
// recorded and submitted in growing chunks (`submit`), as run() submits, so the GPU starts on the first
// chunk while the rest is recorded. The caller's buffer ranges replace the program's own input and
// output buffers; nothing is uploaded or read back.
import type { Executable } from '../ir/target';
import type { Operation, Value } from '../ir/operation';
import { CgcError, objectIds } from '../core';
import { SubmitChunks } from './submit-chunks';
import { validateBindings } from './checks';

/** The caller's buffer ranges for a program's inputs and outputs, in the program's order. */
export interface ResidentIo {
  readonly inputs: readonly GPUBufferBinding[];
  readonly outputs: readonly GPUBufferBinding[];
}

/** A partition invocation as the runtime loaded it: its executable, its bind points' ranges, its invoke. */
export interface ResidentCall {
  readonly name: string;
  readonly runner: { readonly exe: Executable; readonly target: string };
  readonly bindings: readonly GPUBufferBinding[];
  readonly invoke: Operation;
}

export interface Resident {
  record(encoder: GPUCommandEncoder, io: ResidentIo): void;
  /** Records and submits the program in growing chunks; the number of submits. */
  submit(io: ResidentIo): number;
}

/** Binding arrays kept per set of caller ranges (the most recent sets). */
const KEPT_BINDINGS = 16;

/**
 * Resident runs of a loaded program: `calls` in order, `inputs` and `outputs` its entry's arguments
 * with `binding` their own buffer ranges. A program with a host partition or a device-driven one (a
 * run-time loop) is refused with a CgcError naming it: its work cannot be one recorded command list.
 */
export function residentRuns(
  device: GPUDevice, calls: () => readonly ResidentCall[], inputs: readonly Value[], outputs: readonly Value[], binding: ReadonlyMap<Value, GPUBufferBinding>,
): Resident {
  const recorded = new Map<string, GPUBufferBinding[][]>();
  /** Each call's bindings with the caller's ranges in place of the program's input and output buffers. */
  const rebind = (io: ResidentIo): GPUBufferBinding[][] => {
    if (io.inputs.length !== inputs.length || io.outputs.length !== outputs.length) {
      throw new CgcError('runtime', `the program binds ${inputs.length} input(s) and ${outputs.length} output(s); got ${io.inputs.length} and ${io.outputs.length}`);
    }
    const all = calls();
    const host = all.find((c) => c.runner.exe.kind === 'host');
    if (host) throw new CgcError('runtime', `partition @${host.name} runs on the host (target '${host.runner.target}'): a resident run needs a program that runs entirely on the GPU; use run()`);
    const loop = all.find((c) => c.runner.exe.kind === 'device');
    if (loop) throw new CgcError('runtime', `partition @${loop.name} (target '${loop.runner.target}') decides what to run on values it computes (a run-time loop or branch), which one recorded command list cannot: a resident run needs a program without one; use run()`);
    // The same caller ranges give the same binding arrays, so the executables' bind groups (made once
    // per binding array) are reused: creating a bind group per dispatch costs more than the dispatch.
    const key = [...io.inputs, ...io.outputs].map((b) => `${bufferId(b.buffer)}:${b.offset ?? 0}:${b.size ?? ''}`).join(',');
    let rebound = recorded.get(key);
    if (!rebound) {
      const swap = new Map<GPUBuffer, GPUBufferBinding>();
      inputs.forEach((a, i) => swap.set(binding.get(a)!.buffer, io.inputs[i]!));
      outputs.forEach((a, i) => swap.set(binding.get(a)!.buffer, io.outputs[i]!));
      rebound = all.map((call) => {
        const bindings = call.bindings.map((b) => swap.get(b.buffer) ?? b);
        if (call.runner.exe.kind === 'gpu') validateBindings(call.name, call.invoke, bindings, device.limits.maxStorageBufferBindingSize, call.runner.exe.pieced);
        return bindings;
      });
      if (recorded.size >= KEPT_BINDINGS) recorded.delete(recorded.keys().next().value!);
      recorded.set(key, rebound);
    }
    return rebound;
  };

  return {
    record(encoder, io) {
      const rebound = rebind(io);
      calls().forEach((call, k) => {
        const exe = call.runner.exe;
        if (exe.kind !== 'gpu') return;
        const pass = encoder.beginComputePass({ label: `Runtime.partition ${call.name}` });
        exe.record(pass, rebound[k]!);
        pass.end();
      });
    },
    submit(io) {
      const rebound = rebind(io);
      const all = calls();
      const chunks = new SubmitChunks();
      let encoder = device.createCommandEncoder({ label: 'Runtime.submit' });
      let submits = 0;
      all.forEach((call, k) => {
        const exe = call.runner.exe;
        if (exe.kind !== 'gpu') return;
        for (const { from, to, submit } of chunks.cut(exe.kernels.length, k + 1 < all.length)) {
          const pass = encoder.beginComputePass({ label: `Runtime.partition ${call.name}` });
          exe.record(pass, rebound[k]!, from, to);
          pass.end();
          if (submit) {
            device.queue.submit([encoder.finish()]);
            submits++;
            encoder = device.createCommandEncoder({ label: 'Runtime.submit' });
          }
        }
      });
      device.queue.submit([encoder.finish()]);
      return submits + 1;
    },
  };
}

/** A number naming a buffer for as long as it lives. */
const bufferId = objectIds<GPUBuffer>();
