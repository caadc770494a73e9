// Compiled programs end to end on Dawn (SwiftShader here): `cgc run PROGRAM` loads without
// compiling and prints what `cgc run MODEL` prints for the same inputs; a device without the
// program's profile is refused naming what it lacks; the program committed under tests/programs
// (format 1) keeps loading.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readBytecode } from '../ir';
import { readProgram, writeProgram } from '../engine/program';
import { TINY_CNN, cgc as run } from './testing';

const SPEC = join(__dirname, '../../tests/golden/spec');
const SPEC_ARGS = [join(SPEC, 'input-ir.mlir'), '--weights', join(SPEC, 'spec-7layer.safetensors')];
const COMMITTED = join(__dirname, '../../tests/programs/spec-7layer.v1.mlirbc');

/** The printed outputs (shape, first values, top-5) of a `cgc run`. */
/** Output lines with the output's name left out (a program's outputs are numbered, a model's named). */
const outputs = (out: string) => out.split('\n').filter((l) => /^(output \S+:| {2}top-5)/.test(l)).map((l) => l.replace(/^output \S+:/, 'output:'));

async function compiledProgram(...model: string[]): Promise<string> {
  const prog = join(mkdtempSync(join(tmpdir(), 'cgc-')), 'prog.mlirbc');
  const r = await run('compile', ...model, '--format', 'bytecode', '-o', prog);
  expect(r.code, r.err).toBe(0);
  return prog;
}

describe('cgc run PROGRAM', () => {
  for (const [name, model] of [['the spec 7-layer demo', SPEC_ARGS], ['the tiny ONNX CNN', [TINY_CNN]]] as const) {
    it(`runs ${name} as a compiled program with the outputs of compiling the model`, async () => {
      const prog = await compiledProgram(...model);
      const shipped = await run('run', prog, '--input', 'random:3');
      expect(shipped.code, shipped.err).toBe(0);
      expect(shipped.err).toContain(`${prog}: a compiled program (CGC_OUTPUT, program format 2); loading it without compiling`);
      const compiled = await run('run', ...model, '--input', 'random:3');
      expect(compiled.code, compiled.err).toBe(0);
      expect(outputs(shipped.out).length).toBeGreaterThan(0);
      expect(outputs(shipped.out)).toEqual(outputs(compiled.out));
      expect(/dispatches per run: \d+/.exec(shipped.out)![0]).toBe(/dispatches per run: \d+/.exec(compiled.out)![0]);
    });
  }

  it('runs a program whose weights lie beside it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cgc-'));
    const prog = join(dir, 'prog.mlirbc');
    expect((await run('compile', ...SPEC_ARGS, '--format', 'bytecode', '-o', prog, '--weights-out', join(dir, 'w.safetensors'))).code).toBe(0);
    const shipped = await run('run', prog);
    expect(shipped.code, shipped.err).toBe(0);
    expect(outputs(shipped.out)).toEqual(outputs((await run('run', ...SPEC_ARGS)).out));
  });

  it('refuses a device that lacks a feature or limit of the profile, naming it and both values', async () => {
    const program = readProgram(readFileSync(await compiledProgram(...SPEC_ARGS)));
    const dir = mkdtempSync(join(tmpdir(), 'cgc-'));
    const feature = join(dir, 'feature.mlirbc');
    writeFileSync(feature, writeProgram(program.output, { profile: { ...program.profile, features: ['chromium-experimental-nonexistent'] }, constants: program.constants }));
    const r = await run('run', feature);
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/feature\.mlirbc: error: this program cannot run on this device: it needs the WebGPU feature 'chromium-experimental-nonexistent', which this device lacks \(device features: .*\)/);
    const limit = join(dir, 'limit.mlirbc');
    writeFileSync(limit, writeProgram(program.output, { profile: { ...program.profile, limits: { ...program.profile.limits, maxComputeWorkgroupStorageSize: 1 << 30 } }, constants: program.constants }));
    const l = await run('run', limit);
    expect(l.code).toBe(1);
    expect(l.err).toMatch(/this program cannot run on this device: it needs maxComputeWorkgroupStorageSize ≥ 1073741824; this device has \d+/);
  });

  it('refuses compiling options and named inputs for a program', async () => {
    const prog = await compiledProgram(...SPEC_ARGS);
    const r = await run('run', prog, '--granularity', 'per-subgraph');
    expect(r.code).toBe(2);
    expect(r.err).toContain('--granularity is for compiling a model');
    const named = await run('run', prog, '--input', 'in=random:2');
    expect(named.code).toBe(2);
    expect(named.err).toContain("a compiled program's inputs have no names: give them in order");
  });

  it('seeds random inputs with --input random:SEED, for a program as for a model', async () => {
    const prog = await compiledProgram(...SPEC_ARGS);
    const [one, two] = [await run('run', prog, '--input', 'random:1'), await run('run', prog, '--input', 'random:2')];
    expect(outputs(one.out)).not.toEqual(outputs(two.out));
    expect(outputs(two.out)).toEqual(outputs((await run('run', ...SPEC_ARGS, '--input', 'random:2')).out));
  });

  it('keeps running the format-1 program committed under tests/programs, with the outputs of compiling its model', async () => {
    expect(readProgram(readFileSync(COMMITTED)).format).toBe(1);
    expect(readBytecode(readFileSync(COMMITTED)).module).toBeDefined();
    const shipped = await run('run', COMMITTED, '--input', 'random:5');
    expect(shipped.code, shipped.err).toBe(0);
    expect(outputs(shipped.out)).toEqual(outputs((await run('run', ...SPEC_ARGS, '--input', 'random:5')).out));
  });
});
