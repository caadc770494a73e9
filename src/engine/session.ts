// A session: a model run at whatever sizes its inputs come in, within the model's dynamic axes. The
// first run at a set of sizes imports the model for them, compiles and loads the program; later runs
// at those sizes run it. What a new size costs is an import (of the file decoded once, when the
// session opened) and a compile: the model's weights are
// uploaded once for all its sizes (runtime/shared-constants.ts) and its kernels' pipelines are
// created once (sizes as uniforms in the first tier: a new length's kernels are mostly pipelines the
// device already has).
import { CgcError, type HostTensor } from '../core';
import type { Operation } from '../ir';
import { ENTRY_POINT } from '../ir/structural';
import type { LoadedProgram, LoadOptions, RunOptions, RunResult } from '../runtime/runtime';
import { gpuProfile } from '../webgpu-target/limits';
import { type DecodedOnnx, decodeOnnx, onnxGraphIo } from '../compiler/import/onnx';
import { type ModelCompileOptions, type OpenOptions, detectFormat, openModel } from './model';

/** A model input as the model declares it: a dynamic dimension is its name (`dim_param`), or '?'. */
export interface SessionInput {
  readonly name: string;
  readonly dims: readonly (number | string)[];
}

export interface SessionOptions extends Omit<OpenOptions, 'shapes'> {
  /** How each set of sizes is compiled (`gpu` defaults to the device's profile). */
  readonly compile?: ModelCompileOptions;
  /** How each program is loaded (tiers, pipeline creation). */
  readonly load?: Omit<LoadOptions, 'targets'>;
  /** Programs kept loaded, one per set of sizes, the least recently run destroyed first (default 8). */
  readonly maxPrograms?: number;
}

export interface Session {
  /** The model's inputs, in the order `run` takes them. */
  readonly inputs: readonly SessionInput[];
  /** Runs the model on `inputs`, compiling and loading it first for sizes it has not run at. */
  run(inputs: readonly HostTensor[], options?: RunOptions): Promise<RunResult>;
  /** The sizes loaded now, one `name=AxB,…` line per program, the most recently run last. */
  readonly loaded: readonly string[];
  /**
   * The program for `inputs`' sizes, loaded if it was not (what `run` runs). It is destroyed when the
   * session drops it (past `maxPrograms`, or on `destroy`): runs through `run` are waited for, a
   * caller's own are not.
   */
  programFor(inputs: readonly HostTensor[]): Promise<LoadedProgram>;
  destroy(): void;
}

/** Programs kept loaded by default. */
export const DEFAULT_MAX_PROGRAMS = 8;

/**
 * A session on `device` for a model: ONNX bytes (dynamic dimensions allowed), or CGC IR text or
 * bytecode (static shapes: the one set of sizes it declares). Throws ModelError where the model does
 * not read; a run at sizes the model does not allow rejects with the importer's CgcError naming the input.
 */
export function openSession(device: GPUDevice, source: string | Uint8Array, options: SessionOptions = {}): Session {
  const { compile: compileOptions = {}, load: loadOptions = {}, maxPrograms = DEFAULT_MAX_PROGRAMS, ...open } = options;
  if (!Number.isInteger(maxPrograms) || maxPrograms < 1) throw new CgcError('usage', `maxPrograms must be a whole number ≥ 1 (got ${maxPrograms})`);
  const onnx = typeof source !== 'string' && detectFormat(source, open.fileName) === 'onnx';
  // IR text or bytecode has static shapes: opened once, now, so that its inputs are known. ONNX is
  // decoded once, now, and imported at each set of sizes.
  const fixed = onnx ? undefined : openModel(source, open);
  const decoded = onnx ? decodeOnnx(source as Uint8Array, open) : undefined;
  const inputs = fixed ? entryInputs(fixed.module) : onnxInputs(decoded!, open);
  const programs = new Map<string, Entry>();
  let destroyed = false;

  const sizesOf = (tensors: readonly HostTensor[]): Record<string, number[]> => {
    if (tensors.length !== inputs.length) {
      throw new CgcError('runtime', `the model takes ${inputs.length} input(s) (${inputs.map((i) => i.name).join(', ')}); ${tensors.length} given`);
    }
    const shapes: Record<string, number[]> = {};
    const named = new Map<string, { size: number; input: string }>();
    tensors.forEach((t, i) => {
      const input = inputs[i]!;
      const shape = [...t.type.shape];
      if (shape.length !== input.dims.length) {
        throw new CgcError('runtime', `input '${input.name}' has rank ${input.dims.length} ([${input.dims.join(', ')}]); the tensor given is [${shape.join(', ')}]`);
      }
      input.dims.forEach((d, axis) => {
        if (typeof d === 'number' && d !== shape[axis]) {
          throw new CgcError('runtime', `input '${input.name}' dimension ${axis} is ${d} in the model; the tensor given has ${shape[axis]} ([${shape.join(', ')}])`);
        }
        if (typeof d !== 'string' || d === '?') return;
        const seen = named.get(d);
        if (seen && seen.size !== shape[axis]) {
          throw new CgcError('runtime', `dimension '${d}' is ${seen.size} in input '${seen.input}' but ${shape[axis]} in input '${input.name}'`);
        }
        named.set(d, { size: shape[axis]!, input: input.name });
      });
      shapes[input.name] = shape;
    });
    return shapes;
  };

  const load = async (shapes: Record<string, number[]>): Promise<LoadedProgram> => {
    const model = fixed ?? openModel(source, { ...open, shapes, decoded: decoded! });
    // Compiled in one go: compileAsync's yields between passes (for a worker's cancel message) cost a timer tick each.
    const program = model.compile({ gpu: gpuProfile(device), ...compileOptions });
    return program.load(device, loadOptions);
  };

  /** The entry for `tensors`' sizes, loading its program where there is none; the least recently used past maxPrograms are evicted. */
  const entryFor = (tensors: readonly HostTensor[]): Entry => {
    if (destroyed) throw new CgcError('runtime', 'the session was destroyed');
    const shapes = sizesOf(tensors);
    const key = inputs.map((i) => `${i.name}=${shapes[i.name]!.join('x') || 'scalar'}`).join(',');
    let entry = programs.get(key);
    if (entry) {
      programs.delete(key); // most recently run last
    } else {
      const made: Entry = { program: load(shapes), runs: 0, evicted: false };
      made.program.catch(() => { if (programs.get(key) === made) programs.delete(key); });
      entry = made;
    }
    programs.set(key, entry);
    while (programs.size > maxPrograms) {
      const [oldest, evicted] = programs.entries().next().value!;
      programs.delete(oldest);
      evict(evicted);
    }
    return entry;
  };

  return {
    inputs,
    get loaded() {
      return [...programs.keys()];
    },
    async programFor(tensors) {
      return entryFor(tensors).program;
    },
    async run(tensors, runOptions) {
      const entry = entryFor(tensors);
      entry.runs++;
      try {
        return await (await entry.program).run(tensors, runOptions);
      } finally {
        entry.runs--;
        release(entry);
      }
    },
    destroy() {
      destroyed = true;
      for (const entry of programs.values()) evict(entry);
      programs.clear();
    },
  };
}

/** A loaded (or loading) program of a session, with the runs in flight on it. */
interface Entry {
  readonly program: Promise<LoadedProgram>;
  runs: number;
  evicted: boolean;
}

/** An evicted program is destroyed once no run is in flight on it. */
function evict(entry: Entry): void {
  entry.evicted = true;
  release(entry);
}

function release(entry: Entry): void {
  if (entry.evicted && entry.runs === 0) void entry.program.then((p) => p.destroy(), () => {});
}

/** An ONNX model's graph inputs (its initializers and the inputs bound at open aside), each dynamic dimension as its name or '?'. */
function onnxInputs(decoded: DecodedOnnx, open: Omit<OpenOptions, 'shapes'>): SessionInput[] {
  const io = onnxGraphIo(decoded);
  return io.inputs.flatMap((name, i) => (open.constantInputs?.has(name) ? [] : [{ name, dims: (io.inputDims[i] ?? []).map((d) => d ?? '?') }]));
}

/** A static model's inputs: its entry point's arguments. */
function entryInputs(module: Operation): SessionInput[] {
  const entry = module.body().operations.find((op) => op.name === ENTRY_POINT);
  return (entry?.body().arguments ?? []).map((a, i) => ({ name: a.nameHint ?? `input${i}`, dims: [...a.type.shape] }));
}
