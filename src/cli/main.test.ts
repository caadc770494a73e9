// The `cgc` CLI end to end, in process: exit codes, stdout/stderr, output files.
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CgcError } from '../core';
import { LimitError } from '../ir';
import { UsageError } from './args';
import { type CliIO, reportFailure } from './main';
import { cgc, cgcSync as run } from './testing';
import { modelBytes } from '../compiler/import/onnx/testing';
import { chainIf } from '../compiler/import/onnx/testing/loops';

const SPEC = join(__dirname, '../../tests/golden/spec');

describe('cgc print', () => {
  it('prints a model with its weights in the pretty form', () => {
    const r = run('print', join(SPEC, 'input-ir.mlir'), '--weights', join(SPEC, 'spec-7layer.safetensors'));
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    expect(r.out).toBe(readFileSync(join(SPEC, 'expected/input-ir.pretty.mlir'), 'utf8'));
  });

  it('writes the generic form to -o', () => {
    const dir = mkdtempSync(join(tmpdir(), 'cgc-'));
    const out = join(dir, 'out.mlir');
    const r = run('print', join(SPEC, 'isolated-partition.mlir'), '--format', 'generic', '-o', out);
    expect(r.code).toBe(0);
    expect(readFileSync(out, 'utf8')).toBe(readFileSync(join(SPEC, 'expected/isolated-partition.generic.mlir'), 'utf8'));
  });

  it('finds FILE.safetensors beside FILE.mlir', () => {
    const dir = mkdtempSync(join(tmpdir(), 'cgc-'));
    writeFileSync(join(dir, 'm.mlir'), readFileSync(join(SPEC, 'input-ir.mlir')));
    writeFileSync(join(dir, 'm.safetensors'), readFileSync(join(SPEC, 'spec-7layer.safetensors')));
    expect(run('print', join(dir, 'm.mlir')).code).toBe(0);
  });

  it('exits 1 with diagnostics on stderr for bad input', () => {
    const dir = mkdtempSync(join(tmpdir(), 'cgc-'));
    const bad = join(dir, 'bad.mlir');
    writeFileSync(bad, 'cgc.module {\n  cgc.frob\n}\n');
    const r = run('print', bad);
    expect(r.code).toBe(1);
    expect(r.out).toBe('');
    expect(r.err).toBe(`${bad}:2:3: error: unknown op 'cgc.frob': the cgc dialect has cgc.module, cgc.entry_point, cgc.functional_definition, cgc.partition, cgc.program, cgc.subgraph, cgc.constant, cgc.return, cgc.invoke, cgc.view_memref\n`);
  });

  it('exits 1 naming a missing file or a broken weights file', () => {
    expect(run('print', '/nonexistent.mlir').err).toBe('error: /nonexistent.mlir: cannot read: ENOENT\n');
    const dir = mkdtempSync(join(tmpdir(), 'cgc-'));
    const w = join(dir, 'w.safetensors');
    writeFileSync(w, new Uint8Array([1, 2, 3]));
    const r = run('print', join(SPEC, 'input-ir.mlir'), '--weights', w);
    expect(r.code).toBe(1);
    expect(r.err).toContain('a safetensors file starts with an 8-byte header length');
  });

  it('exits 2 on bad usage', () => {
    expect(run('print').code).toBe(2);
    expect(run('print', 'a.mlir', '--format', 'xml').err).toContain('--format must be one of pretty, generic, bytecode');
    expect(run('print', 'a.mlir', '--bogus').err).toContain("unknown option '--bogus'");
    expect(run('frobnicate').code).toBe(2);
    expect(run().code).toBe(2);
    expect(run('--help').code).toBe(0);
  });
});

describe('cgc print --format bytecode and cgc info', () => {
  it('writes one .mlirbc holding the model and its weights, which every command reads back', () => {
    const dir = mkdtempSync(join(tmpdir(), 'cgc-'));
    const bc = join(dir, 'm.mlirbc');
    expect(run('print', join(SPEC, 'input-ir.mlir'), '--weights', join(SPEC, 'spec-7layer.safetensors'), '--format', 'bytecode', '-o', bc).code).toBe(0);
    expect(readFileSync(bc).subarray(0, 4)).toEqual(Buffer.from([0x4d, 0x4c, 0xef, 0x52]));
    const info = run('info', bc);
    expect(info.code).toBe(0);
    expect(info.out).toContain('format:     MLIR bytecode (producer dxcgc-web)');
    // The text had no interface: what we write says it is Input IR.
    expect(readFileSync(join(SPEC, 'input-ir.mlir'), 'utf8')).not.toContain('cgc.interface');
    expect(info.out).toContain('interface:  CGC_INPUT {7FC4F23F-2474-4AE8-AE7A-2722118B350E}');
    expect(info.out).toContain('constants:  4 (80 bytes; data for 4)');
    expect(info.out).toMatch(/2 {2}cgc_op\.convolution/);
    const back = run('print', bc, '--format', 'generic');
    expect(back.code).toBe(0);
    expect(back.out).toContain('"cgc_op.upsample"');
  });

  it('names the interface and version', () => {
    const r = run('info', join(SPEC, '../ops/all-ops.mlir'));
    expect(r.out).toContain('interface:  CGC_INPUT {7FC4F23F-2474-4AE8-AE7A-2722118B350E}');
    expect(r.out).toMatch(/version: {4}0\.1\.0/);
  });

  it('requires -o for bytecode', () => {
    expect(run('print', join(SPEC, 'isolated-partition.mlir'), '--format', 'bytecode').err).toContain('give the output file with -o');
  });
});

describe('cgc compile, plan, partitions', () => {
  const COMPILE = join(__dirname, '../../tests/compile');
  it('compiles the spec example to its golden Output IR', () => {
    const r = run('compile', join(COMPILE, 'spec-7layer.mlir'));
    expect(r.err).toBe('');
    expect(r.out).toBe(readFileSync(join(COMPILE, 'expected/spec-7layer.output.coarse.txt'), 'utf8'));
    expect(run('compile', join(COMPILE, 'spec-7layer.mlir'), '--granularity', 'per-subgraph').out)
      .toBe(readFileSync(join(COMPILE, 'expected/spec-7layer.output.per-subgraph.txt'), 'utf8'));
  });

  it('prints the plan with its totals line', () => {
    const r = run('plan', join(COMPILE, 'spec-7layer.mlir'));
    expect(r.out.trim().split('\n').at(-1)).toBe('scratch_bytes=512 lower_bound=512 naive=512 arenas=one [512] implicit_dependencies=0');
  });

  it('prints partitions, origins and decisions', () => {
    const r = run('partitions', join(COMPILE, 'mixed.mlir'));
    expect(r.out).toContain('partition @partition1_cpu_reference (target cpu-reference)\n');
    expect(r.out).toContain('partition @partition2_webgpu_fallback (target webgpu-fallback) after @partition0_webgpu');
    expect(r.out).toContain('%k (cgc_op.add): @any_op → cpu-reference @add');
    expect(r.out).toMatch(/^per run: \d+ GPU dispatches \(kernels\), 2 queue submit\(s\)$/m);
  });

  it("prints a run-time if's kernels per branch and counts its larger branch per run", () => {
    const dir = mkdtempSync(join(tmpdir(), 'cgc-'));
    writeFileSync(join(dir, 'if.onnx'), modelBytes(chainIf(9)));
    const r = run('partitions', join(dir, 'if.onnx'));
    expect(r.out).toMatch(/pattern=@run_time_if ops=\[if\] then kernels=\[add\+…\+add\d+\] else kernels=\[mul\+…\+mul\d+\]/);
    // relu(x) for the else branch, then one branch's chain in one kernel
    expect(r.out).toContain('per run: 2 GPU dispatches (kernels), 2 queue submit(s)');
  });

  it('--fusion off compiles without the fused webgpu target: one kernel per op', () => {
    const on = run('partitions', join(COMPILE, 'spec-7layer.mlir'));
    expect(on.out).toContain('(target webgpu)');
    expect(on.out).toContain('per run: 3 GPU dispatches (kernels), 1 queue submit(s)');
    const off = run('partitions', join(COMPILE, 'spec-7layer.mlir'), '--fusion', 'off');
    expect(off.err).toBe('');
    expect(off.out).not.toContain('(target webgpu)');
    expect(off.out).toMatch(/origin=webgpu-fallback pattern=@single_op ops=\[convolution\]/);
    expect(off.out).toContain('per run: 7 GPU dispatches (kernels), 1 queue submit(s)');
    expect(run('partitions', join(COMPILE, 'spec-7layer.mlir'), '--fusion', 'maybe').err).toContain("--fusion must be on or off; got 'maybe'");
  });

  it('plans one arena or one per branch (--arenas), and names a bad setting', () => {
    const one = run('plan', join(COMPILE, 'branches.mlir'));
    expect(one.out.trim().split('\n').at(-1)).toBe('scratch_bytes=6144 lower_bound=6144 naive=10240 arenas=one [6144] implicit_dependencies=4');
    const branches = run('plan', join(COMPILE, 'branches.mlir'), '--arenas', 'per-branch');
    expect(branches.out.trim().split('\n').at(-1)).toBe('scratch_bytes=8192 lower_bound=6144 naive=10240 arenas=per-branch [4096, 4096] implicit_dependencies=0');
    expect(run('partitions', join(COMPILE, 'branches.mlir'), '--granularity', 'per-subgraph').out)
      .toContain('partition @partition2_webgpu (target webgpu) after @partition1_webgpu (memory reuse: @partition1_webgpu)');
    const bad = run('compile', join(COMPILE, 'branches.mlir'), '--arenas', 'two');
    expect(bad.code).toBe(2);
    expect(bad.err).toContain("--arenas must be one of one, per-branch; got 'two'");
  });

  it('exits 2 on a bad granularity or run count, before reading the model or opening a device', async () => {
    expect(run('compile', join(COMPILE, 'spec-7layer.mlir'), '--granularity', 'fine').code).toBe(2);
    const r = await cgc('run', join(COMPILE, 'spec-7layer.mlir'), '--granularity', 'fine');
    expect(r).toMatchObject({ code: 2, err: "cgc run: --granularity must be one of coarse, per-target, per-subgraph; got 'fine'\n" });
    expect((await cgc('run', join(COMPILE, 'spec-7layer.mlir'), '--runs', '0')).code).toBe(2);
  });
});

describe('compiled programs (cgc compile --format bytecode)', () => {
  const MODEL = join(__dirname, '../../public/models/spec-7layer.mlir');
  it('records the interface, program format, profile, kernels and weights; cgc info shows them', () => {
    const dir = mkdtempSync(join(tmpdir(), 'cgc-'));
    const prog = join(dir, 'prog.mlirbc');
    const r = run('compile', MODEL, '--format', 'bytecode', '-o', prog);
    expect(r.code, r.err).toBe(0);
    expect(r.err).toContain(`wrote a compiled program (CGC_OUTPUT, program format 2, specialized for WebGPU's default limits) to ${prog}`);
    const info = run('info', prog);
    expect(info.code, info.err).toBe(0);
    expect(info.out).toContain('interface:  CGC_OUTPUT {F53E923F-5300-4EEF-8F1E-ADA03FFF2605}');
    expect(info.out).toContain('program:    format 2 (this build reads 2)');
    expect(info.out).toContain('profile:    features: none');
    expect(info.out).toContain('            maxComputeWorkgroupStorageSize = 16384');
    expect(info.out).toContain('weights:    80 bytes inside (4 resources)');
    expect(info.out).toContain('partition @partition0_webgpu (target webgpu, gpu): 2 kernel(s)');
    expect(info.out).toMatch(/^ {2}convolutionReluAdd\.0 {2}workgroups 1x1x1 {2}\(\d+ chars of WGSL\)$/m);
    expect(info.out).toMatch(/^partition @partition1_webgpu_fallback \(target webgpu-fallback, gpu\): 1 kernel\(s\)\n {2}upsample\.0 {2}workgroups 1x1x1/m);
  });

  it('with --weights-out, writes the weights beside the program, which names them', () => {
    const dir = mkdtempSync(join(tmpdir(), 'cgc-'));
    const prog = join(dir, 'prog.mlirbc');
    expect(run('compile', MODEL, '--format', 'bytecode', '-o', prog, '--weights-out', join(dir, 'w.safetensors')).code).toBe(0);
    expect(readFileSync(join(dir, 'w.safetensors')).length).toBeGreaterThan(80);
    expect(run('info', prog).out).toContain('weights:    in w.safetensors');
    expect(run('compile', MODEL, '--weights-out', join(dir, 'x.safetensors')).err).toContain('--weights-out goes with --format bytecode');
  });

  it('carry their weights: a model without data for a constant is refused, naming it', () => {
    const model = join(__dirname, '../../tests/compile/mixed.mlir');
    const r = run('compile', model, '--format', 'bytecode', '-o', join(mkdtempSync(join(tmpdir(), 'cgc-')), 'p.mlirbc'));
    expect(r.code).toBe(1);
    expect(r.err).toBe(`${model}: error: a program carries its weights, but 1 constant(s) have no data: "w"; give them with --weights W.safetensors\n`);
  });

  it('are not compiled again: cgc compile refuses one, naming cgc run', () => {
    const dir = mkdtempSync(join(tmpdir(), 'cgc-'));
    const prog = join(dir, 'prog.mlirbc');
    expect(run('compile', MODEL, '--format', 'bytecode', '-o', prog).code).toBe(0);
    const r = run('compile', prog);
    expect(r.code).toBe(1);
    expect(r.err).toBe(`${prog}: error: this is a compiled program (CGC Output IR), not a model: run it with \`cgc run ${prog}\` (\`cgc info\` describes it)\n`);
  });
});

describe('ONNX models in the CLI', () => {
  const ONNX = '/usr/share/libonnx-testdata/data/pytorch-converted/test_Conv2d/model.onnx';
  it.skipIf(!existsSync(ONNX) && !process.env.CI)('prints, compiles and exports an ONNX model (text + weights that read back)', () => {
    expect(run('print', ONNX).out).toContain('cgc_op.convolution');
    expect(run('compile', ONNX).out).toContain('cgc.program @main');
    const dir = mkdtempSync(join(tmpdir(), 'cgc-'));
    const out = join(dir, 'conv.mlir');
    const r = run('export', ONNX, '-o', out);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/^wrote .*conv\.mlir and .*conv\.safetensors \(\d+ constants\)/);
    expect(run('info', out).out).toMatch(/constants: {2}\d+ \(\d+ bytes; data for \d+\)/);
    expect(run('print', '/nonexistent/model.onnx').code).toBe(1);
    expect(run('print', ONNX, '--shape', 'x=1xq').err).toContain("--shape expects NAME=DxDx…, got 'x=1xq'");
  });
});

describe('exit codes of a command that throws', () => {
  const report = (e: unknown) => {
    let err = '';
    const io: CliIO = { stdout: () => {}, stderr: (t) => { err += t; } };
    return { code: reportFailure('compile', e, io), err };
  };

  it('exits 1 on a refusal (any CgcError), its position first', () => {
    expect(report(new CgcError('parse', "expected ')'", { file: 'm.mlir', line: 2, column: 5 })))
      .toEqual({ code: 1, err: "cgc compile: m.mlir:2:5: expected ')'" });
    expect(report(new LimitError('maxFileBytes', 9, 8, 'm.onnx is too large'))).toMatchObject({ code: 1, err: expect.stringMatching(/^cgc compile: m\.onnx is too large/) });
  });

  it('exits 2 on bad usage', () => {
    expect(report(new UsageError('--granularity must be one of coarse'))).toEqual({ code: 2, err: 'cgc compile: --granularity must be one of coarse' });
  });

  it('exits 70 with the stack on anything else (a bug)', () => {
    const r = report(new TypeError("cannot read properties of undefined (reading 'shape')"));
    expect(r.code).toBe(70);
    expect(r.err).toMatch(/^cgc compile: internal error: TypeError: cannot read properties of undefined \(reading 'shape'\)\n\s+at /);
    expect(report('thrown string')).toEqual({ code: 70, err: 'cgc compile: internal error: thrown string' });
  });
});

describe('cgc bench --cold', () => {
  it('refuses a model file that is not there once, before any fresh process (exit 2, no stack)', async () => {
    const r = await cgc('bench', '--cold', join(tmpdir(), 'no-such-model.onnx'));
    expect(r.code).toBe(2);
    expect(r.err).toContain('no such model file:');
    expect(r.err).not.toMatch(/\n\s+at /);
  });
});
