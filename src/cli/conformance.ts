// Runs ONNX backend test cases (a folder with model.onnx and test_data_set_N/{input,output}_N.pb)
// through our importer and a backend (the CPU reference, or compiled and run on WebGPU), and
// compares every output with the expected one. Never throws for a case: every problem becomes that
// case's outcome and reason.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
import { type ImportOptions, type ImportResult, importOnnx, OnnxImportError, type OnnxGraphIo, onnxGraphIo, readTensorProto } from '../compiler/import/onnx';
import { InterpreterError, evaluateOp, runEntryPoint } from '../reference';
import { CgcError, type ElementType, type HostTensor, tensorType } from '../core';
import { ENTRY_POINT } from '../ir/structural';
import type { Backend } from './backends';
import { CompileError } from '../compiler/state';
import { type Tolerance, ONNX_TOLERANCE, compareTensors, describeComparison } from './compare-tensors';

export type Outcome = 'pass' | 'fail' | 'unsupported';

export interface CaseResult {
  name: string;
  outcome: Outcome;
  /** Why it did not pass (absent on pass). */
  reason?: string;
  ms: number;
}

export interface TestCase {
  name: string;
  dir: string;
}

/** `input_2.pb` after `input_10.pb` would misalign inputs: every listing sorts numerically. */
const byNumber = (a: string, b: string): number => a.localeCompare(b, 'en', { numeric: true });

/**
 * The cases in `dirs`: a folder with a model.onnx is one case (named by its folder); any other folder
 * contributes every case below it, sorted, named by their path relative to it. Throws for a
 * folder that does not exist.
 */
export function findCases(dirs: readonly string[]): TestCase[] {
  const out: TestCase[] = [];
  const walk = (root: string, dir: string): void => {
    if (existsSync(join(dir, 'model.onnx'))) {
      out.push({ name: dir === root ? basename(dir) : relative(root, dir), dir });
      return;
    }
    for (const e of readdirSync(dir, { withFileTypes: true }).sort((a, b) => byNumber(a.name, b.name))) {
      if (e.isDirectory()) walk(root, join(dir, e.name));
    }
  };
  for (const d of dirs) {
    if (!existsSync(d) || !statSync(d).isDirectory()) throw new CgcError('usage', `${d}: not a directory`);
    walk(d, d);
  }
  return out;
}

class Unsupported extends Error {}

/** The short form of an importer or interpreter message: no list of supported ops. */
export function shortReason(message: string): string {
  return message.replace(/(; docs\/operators\.md lists what is supported)?; supported ops: .*$/s, '').split('\n')[0]!;
}

function readTensors(dir: string, prefix: 'input' | 'output'): HostTensor[] {
  const files = readdirSync(dir).filter((f) => f.startsWith(`${prefix}_`) && f.endsWith('.pb')).sort(byNumber);
  return files.map((f) => {
    try {
      return readTensorProto(readFileSync(join(dir, f)), f);
    } catch (e) {
      if (e instanceof OnnxImportError) throw new Unsupported(`test data ${f}: ${e.message}`);
      throw e;
    }
  });
}

const mustBeConstant = (e: unknown): boolean => e instanceof OnnxImportError && e.message.includes('must be a constant');
const needsShapes = (e: unknown): boolean => e instanceof OnnxImportError && /is dynamic; give|has no shape; give/.test(e.message);
/** Import errors that a data set's inputs can cure (as constants or as shapes). */
const curable = (e: unknown): boolean => mustBeConstant(e) || needsShapes(e);

function tryImport(model: Uint8Array, opts: ImportOptions = {}): ImportResult | OnnxImportError {
  try {
    return importOnnx(model, { evaluate: evaluateOp, ...opts });
  } catch (e) {
    if (e instanceof OnnxImportError) return e;
    throw e;
  }
}

/**
 * The module for one data set, and the inputs that stay entry-point arguments. Inputs are arguments
 * unless the plain import says one "must be a constant" (backend tests feed shapes, axes, pads…
 * as graph inputs); then the trailing inputs k…n−1 are bound as constants from this data set, k
 * from n−1 down to 0, so that as many inputs as possible stay run-time arguments. Dynamic input
 * dimensions take the data set's shapes.
 */
function moduleFor(model: Uint8Array, plain: ImportResult | OnnxImportError, names: readonly string[], inputs: HostTensor[]):
  { imported: ImportResult; args: HostTensor[] } {
  if (!(plain instanceof OnnxImportError)) return { imported: plain, args: inputs };
  const shapes = needsShapes(plain) ? Object.fromEntries(names.map((n, i) => [n, [...inputs[i]!.type.shape]])) : undefined;
  let r = shapes ? tryImport(model, { shapes }) : plain;
  for (let k = names.length - 1; k >= 0 && mustBeConstant(r); k--) {
    const constantInputs = new Map(names.slice(k).map((n, j) => [n, inputs[k + j]!]));
    r = tryImport(model, { constantInputs, ...(shapes ? { shapes } : {}) });
    if (!(r instanceof OnnxImportError)) return { imported: r, args: inputs.slice(0, k) };
  }
  if (r instanceof OnnxImportError) throw new Unsupported(shortReason(r.message));
  return { imported: r, args: inputs };
}

/**
 * ONNX's test data holds bfloat16 tensors as their bits in a UINT16 tensor (numpy has no bfloat16),
 * as its own runner feeds and compares them: read such a tensor as bfloat16 where the graph says so.
 */
function asBfloat16(t: HostTensor, want: ElementType | undefined): HostTensor {
  return want === 'bfloat16' && t.type.element === 'uint16' ? { type: tensorType(t.type.shape, 'bfloat16'), data: t.data } : t;
}

async function runDataSet(model: Uint8Array, plain: ImportResult | OnnxImportError, io: OnnxGraphIo, setDir: string, tol: Tolerance, backend?: Backend): Promise<string | undefined> {
  const inputs = readTensors(setDir, 'input');
  const expected = readTensors(setDir, 'output');
  if (inputs.length !== io.inputs.length) return `${basename(setDir)} has ${inputs.length} inputs; the graph has ${io.inputs.length}`;
  const { imported, args: dataArgs } = moduleFor(model, plain, io.inputs, inputs);
  const entry = imported.module.body().operations.find((op) => op.name === ENTRY_POINT);
  const args = dataArgs.map((t, i) => asBfloat16(t, entry?.body().arguments[i]?.type.element));
  // A few cases' data contradict their model's static input shapes (castlike's `like` of shape [1] for a
  // declared [3, 4]); inputs bind to the declared shapes, as onnxruntime's do, so such a case cannot run.
  args.forEach((t, i) => {
    const declared = entry?.body().arguments[i]?.type.shape;
    if (declared && (declared.length !== t.type.shape.length || declared.some((d, j) => d !== t.type.shape[j]))) {
      throw new Unsupported(`test data input #${i} ('${io.inputs[i]}') has shape [${t.type.shape.join(', ')}]; the model declares [${declared.join(', ')}]`);
    }
  });
  let outs: HostTensor[];
  try {
    outs = backend ? await backend.run(imported.module, args, (n) => imported.constants.get(n)) : runEntryPoint(imported.module, args, (n) => imported.constants.get(n));
  } catch (e) {
    if (e instanceof CompileError) return `compile error: ${shortReason(e.message)}`;
    if (e instanceof InterpreterError && /no reference implementation|not supported|unsupported/.test(e.message)) throw new Unsupported(shortReason(e.message));
    if (e instanceof InterpreterError) return `interpreter error: ${shortReason(e.message)}`;
    throw e;
  }
  if (outs.length !== expected.length) return `${outs.length} outputs; ${basename(setDir)} expects ${expected.length}`;
  const problems: string[] = [];
  // On WebGPU the first run's outputs (first-tier kernels) too: both tiers must pass.
  const runs: [string, readonly HostTensor[]][] = [['', outs], ...(backend?.firstResult ? [['first tier: ', backend.firstResult] as [string, readonly HostTensor[]]] : [])];
  for (const [tier, got] of runs) {
    got.forEach((t, i) => {
      const c = compareTensors(t, asBfloat16(expected[i]!, t.type.element), tol);
      if (!c.ok) problems.push(`${tier}output '${io.outputs[i] ?? i}' ${describeComparison(c, t.data.length)}`);
    });
  }
  return problems.length ? `${problems.join('; ')}${basename(setDir) === 'test_data_set_0' ? '' : ` (${basename(setDir)})`}` : undefined;
}

/**
 * Imports the case once (again per data set when inputs are bound as constants) and runs every data
 * set on `backend` (the CPU reference interpreter when absent).
 */
export async function runCase(c: TestCase, tol: Tolerance = ONNX_TOLERANCE, backend?: Backend): Promise<CaseResult> {
  const start = performance.now();
  const done = (outcome: Outcome, reason?: string): CaseResult =>
    ({ name: c.name, outcome, ...(reason === undefined ? {} : { reason }), ms: Math.round(performance.now() - start) });
  try {
    const model = readFileSync(join(c.dir, 'model.onnx'));
    const sets = readdirSync(c.dir).filter((f) => /^test_data_set_\d+$/.test(f)).sort(byNumber);
    if (!sets.length) return done('unsupported', 'no test_data_set_N folder');
    const plain = tryImport(model);
    const io = onnxGraphIo(model);
    if (plain instanceof OnnxImportError && !curable(plain)) return done('unsupported', shortReason(plain.message));
    for (const s of sets) {
      const problem = await runDataSet(model, plain, io, join(c.dir, s), tol, backend);
      if (problem) return done('fail', problem);
    }
    return done('pass');
  } catch (e) {
    if (e instanceof Unsupported) return done('unsupported', e.message);
    if (e instanceof OnnxImportError) return done('unsupported', shortReason(e.message));
    const err = e instanceof Error ? e : new Error(String(e));
    const at = err.stack?.split('\n').find((l) => l.trim().startsWith('at '))?.trim() ?? '';
    return done('fail', `internal error: ${err.message}${at ? ` (${at})` : ''}`);
  }
}

/** `pass NAME`, `fail NAME: why`, `unsupported NAME: why`. */
export function formatResult(r: CaseResult): string {
  return r.reason === undefined ? `${r.outcome} ${r.name}` : `${r.outcome} ${r.name}: ${r.reason}`;
}

export function countOutcomes(results: readonly CaseResult[]): Record<Outcome, number> {
  const n = { pass: 0, fail: 0, unsupported: 0 };
  for (const r of results) n[r.outcome]++;
  return n;
}
