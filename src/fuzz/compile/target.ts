// The compile fuzz target: a generated model (generate.ts) runs on the CPU reference and, compiled
// with the default targets for this worker's WebGPU device, on the GPU; the outputs must agree
// within the tolerance of their element type. A documented refusal (a CgcError from the reference,
// a passed limit, an int64 past the int32 range WGSL computes in) is a rejection; any other error, an
// uncaptured WebGPU error or a difference past the tolerance is a finding.
import { CgcError, type HostTensor, numElements } from '../../core';
import { type Operation, formatDiagnostic, parseModule } from '../../ir';
import { CONSTANT, ENTRY_POINT, RETURN } from '../../ir/structural';
import { compile } from '../../compiler/pipeline';
import { runEntryPoint } from '../../reference';
import { loadProgram } from '../../runtime/runtime';
import { Int64RangeError } from '../../runtime/checks';
import { gpuProfile } from '../../webgpu-target/limits';
import { defaultTargets } from '../../engine/targets';
import { compareTensors, describeComparison, type Tolerance } from '../../cli/compare-tensors';
import { openCliDevice } from '../../cli/gpu';
import type { Rng } from '../mutate-bytes';
import { type GenerateCounts, generateModel } from './generate';
import { leafTensor, readHeader } from './model-file';

/**
 * Per element type: |gpu − reference| ≤ atol · max(1, max |reference|) + rtol · |reference|. The
 * absolute part scales with the output's magnitude: a sum of products that cancels to near zero
 * keeps the rounding error of its terms; and WGSL lets sin and cos be off by 2^-11 absolute
 * (SwiftShader's cos(acos(0.022)) was off by 2.8e-5). Integers and booleans compare exactly.
 */
export const TOLERANCES: Readonly<Record<'float32' | 'float16', Tolerance>> = {
  float32: { rtol: 1e-4, atol: 1e-4 },
  float16: { rtol: 1e-2, atol: 2e-3 },
};

const EXACT: Tolerance = { rtol: 0, atol: 0 };
const INT32 = 2 ** 31;

type Counter = (key: string, by?: number) => void;

/** A message's shape without its numbers and names (one counter per kind of refusal). */
const kindOf = (message: string): string => message.split('\n')[0]!.replace(/%[\w#]+/g, '%v').replace(/-?\d+(\.\d+)?(e-?\d+)?/g, 'N').slice(0, 140);

/** The op that computes return operand `i`, for messages: `%v3 = cgc_op.softmax`. */
function producer(entry: Operation, i: number): string {
  const ret = entry.body().operations.find((o) => o.name === RETURN)!;
  const v = ret.operands[i]!;
  return `%${v.nameHint ?? i}${v.definingOp ? ` = ${v.definingOp.name}` : ' (an input)'}`;
}

/** The element's tolerance, its absolute part scaled by the output's magnitude. */
function toleranceFor(expected: HostTensor): Tolerance {
  const e = expected.type.element;
  if (e !== 'float32' && e !== 'float16') return EXACT;
  const c = compareTensors(expected, expected, EXACT);
  const t = TOLERANCES[e];
  return { rtol: t.rtol, atol: t.atol * Math.max(1, Number.isFinite(c.scale) ? c.scale : 1) };
}

function int64PastInt32(outputs: readonly HostTensor[]): boolean {
  return outputs.some((t) => t.data instanceof BigInt64Array && t.data.some((v) => v >= INT32 || v < -INT32));
}

export interface CompileTargetState {
  /** Counters for the report: models, compiled, ran, refusals by kind, ops by target. */
  readonly counts: Map<string, number>;
  generate(r: Rng): Uint8Array;
  run(input: Uint8Array): Promise<'accepted' | 'rejected'>;
}

/** The target's state in one worker: its WebGPU device (opened on first use, again after a loss) and its counters. */
export function compileTargetState(): CompileTargetState {
  const counts = new Map<string, number>();
  const count: Counter = (key, by = 1) => counts.set(key, (counts.get(key) ?? 0) + by);
  const generated: GenerateCounts = { rejected: new Map() };
  let device: GPUDevice | undefined;
  const errors: string[] = [];
  const open = async (): Promise<GPUDevice> => {
    if (device) return device;
    const d = (await openCliDevice(() => {}, { onError: (e) => errors.push(`${e.kind}: ${e.message}`) })).device;
    void d.lost.then(() => { if (device === d) device = undefined; });
    return (device = d);
  };
  const enc = new TextEncoder();
  const dec = new TextDecoder();

  return {
    counts,
    generate(r) {
      const before = new Map(generated.rejected);
      const text = generateModel(r, generated);
      count('models generated');
      for (const [op, n] of generated.rejected) if (n !== before.get(op)) count(`verifier rejected:${op}`, n - (before.get(op) ?? 0));
      return enc.encode(text);
    },
    async run(input) {
      const text = dec.decode(input);
      const parsed = parseModule(text, { file: 'fuzz.mlir' });
      if (!parsed.module) throw new Error(`the model does not parse: ${parsed.diagnostics.map(formatDiagnostic).join('; ')}`);
      const module = parsed.module;
      const header = readHeader(text);
      const entry = module.body().operations.find((o) => o.name === ENTRY_POINT)!;
      const inputs = entry.body().arguments.map((a) => leafTensor(a.nameHint!, a.type, header));
      const constants = new Map<string, HostTensor>();
      for (const op of entry.body().operations) {
        if (op.name === CONSTANT) {
          const name = (op.attr('name') as { value: string }).value;
          constants.set(name, leafTensor(name, op.results[0]!.type, header));
        } else if (op.name.startsWith('cgc_op.')) count(`op:${op.name.slice(7)}`);
      }

      let expected: HostTensor[];
      try {
        expected = runEntryPoint(module, inputs, (n) => constants.get(n));
      } catch (e) {
        if (!(e instanceof CgcError)) throw e;
        count(`rejected: the CPU reference refused it: ${kindOf(e.message)}`);
        return 'rejected';
      }
      if (int64PastInt32(expected)) {
        count('rejected: an int64 output past the int32 range WebGPU computes in');
        return 'rejected';
      }

      const dev = await open();
      const targets = defaultTargets(gpuProfile(dev));
      let state;
      try {
        state = compile(module, targets);
      } catch (e) {
        if (!(e instanceof CgcError && e.kind === 'limit')) throw e;
        count(`rejected: a limit: ${kindOf(e.message)}`);
        return 'rejected';
      }
      count('compiled');
      for (const sg of state.schedule) {
        count(`pattern:${sg.pattern.replace(/^@/, '')}@${sg.target}`);
        for (const op of sg.ops) count(`op:${op.opName}@${sg.target}`);
      }
      errors.length = 0;
      const program = await loadProgram(dev, state.output!, (n) => {
        const t = constants.get(n);
        return t && new Uint8Array(t.data.buffer, t.data.byteOffset, t.data.byteLength);
      }, { targets });
      let outputs: HostTensor[];
      try {
        outputs = (await program.run(inputs)).outputs;
      } catch (e) {
        if (!(e instanceof Int64RangeError)) throw e;
        count('rejected: an int64 value past the int32 range WebGPU computes in');
        return 'rejected';
      } finally {
        program.destroy();
      }
      if (errors.length) throw new Error(`WebGPU reported an error the runtime did not catch: ${errors.join('; ')}`);
      count('ran');

      const bad: string[] = [];
      expected.forEach((want, i) => {
        const got = outputs[i]!;
        const c = compareTensors(got, want, toleranceFor(want));
        if (!c.ok) bad.push(`output #${i} (${producer(entry, i)}, ${want.type.element} [${want.type.shape.join(', ')}]): ${describeComparison(c, numElements(want.type.shape))}`);
      });
      if (bad.length) {
        count('mismatches');
        throw new MismatchError(`WebGPU and the CPU reference differ: ${bad.join('; ')}`);
      }
      return 'accepted';
    },
  };
}

/** The GPU's outputs differ from the CPU reference's past the tolerance. */
export class MismatchError extends Error {
  override name = 'Mismatch';
}
