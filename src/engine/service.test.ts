// The compile service's plain-data surface: what the worker hands the app.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { printModule, readBytecode } from '../ir';
import { type CompiledModules, compileRequest, exportFiles, exportFilesFromText, modelConstants } from './service';
import { openModel } from './model';
import { modelBytes, node, tensorInfo } from '../compiler/import/onnx/testing';
import { readProgram } from './program';
import { readSafetensors } from '../ir/safetensors';
import { DEFAULT_GPU_PROFILE } from '../webgpu-target/limits';

const SPEC = readFileSync(join(__dirname, '../../tests/golden/spec/input-ir.mlir'), 'utf8');
const TYPES = {
  w1: { shape: [1, 1, 3, 3], element: 'float32' as const }, b1: { shape: [1], element: 'float32' as const },
  w2: { shape: [1, 1, 3, 3], element: 'float32' as const }, b2: { shape: [1], element: 'float32' as const },
};

describe('compile service', () => {
  it('compiles the spec example to structured-cloneable results, with progress per pass', async () => {
    const progress: string[] = [];
    const r = await compileRequest({ model: SPEC, constantTypes: TYPES }, { onProgress: (_i, _n, name) => progress.push(name) });
    expect(r.diagnostics).toEqual([]);
    expect(r.ok).toBe(true);
    expect(progress).toEqual(['verify-input', 'canonicalize', 'declare', 'sink-reshapes', 'clone-views', 'clone-scalars', 'match', 'select', 'form-subgraphs', 'view-reshapes', 'view-concats', 'partition', 'plan-memory', 'dependencies', 'build-program', 'verify-output']);
    expect(r.partitions!.map((p) => [p.name, p.subgraphs.map((s) => s.symbol)])).toEqual([
      ['partition0_webgpu', ['convolutionReluAdd', 'convolutionReluAdd']], ['partition1_webgpu_fallback', ['upsample']],
    ]);
    expect(r.plan!.scratchBytes).toBe(512);
    expect(r.id).toMatch(/^[0-9a-f]{32}$/);
    expect(() => structuredClone(r)).not.toThrow();
  });

  it('reads a text model\'s weights file itself: constant types, and where each named constant\'s bytes lie in the file', async () => {
    const file = readFileSync(join(__dirname, '../../tests/golden/spec/spec-7layer.safetensors'));
    const bytes = new Uint8Array(file.buffer, file.byteOffset, file.byteLength);
    const r = await compileRequest({ model: SPEC, weights: { name: 'spec.safetensors', bytes } });
    expect(r.diagnostics).toEqual([]);
    expect(r.ok).toBe(true);
    const ranges = new Map(r.weightRanges!.map((w) => [w.name, w]));
    expect([...ranges.keys()].sort()).toEqual(['b1', 'b2', 'w1', 'w2']);
    expect(ranges.get('w1')).toMatchObject({ shape: [1, 1, 3, 3], element: 'float32' });
    // Each range holds exactly the tensor's bytes, as the safetensors reader finds them.
    const reference = readSafetensors(bytes).tensors;
    for (const [name, w] of ranges) expect(bytes.subarray(w.begin, w.end)).toEqual(reference.get(name)!.data);
  });

  it('refuses a text model\'s malformed or oversized weights file, naming the file', async () => {
    const r = await compileRequest({ model: SPEC, weights: { name: 'bad.safetensors', bytes: new Uint8Array([1, 2, 3]) } });
    expect(r.ok).toBe(false);
    expect(r.diagnostics).toEqual(['bad.safetensors: file is 3 bytes; a safetensors file starts with an 8-byte header length']);
    const file = readFileSync(join(__dirname, '../../tests/golden/spec/spec-7layer.safetensors'));
    const big = await compileRequest({ model: SPEC, weights: { name: 'w.safetensors', bytes: new Uint8Array(file) }, limits: { maxFileBytes: 100 } });
    expect(big.diagnostics).toEqual([`w.safetensors: the weights file is too large: ${file.length} bytes is over the file size limit of 100 bytes; raise it with --max-file-mb (cgc) or Limits → max file MiB (app)`]);
  });

  it('plans one scratch arena or one per branch, with memory-reuse dependencies of partitions and steps', async () => {
    const model = readFileSync(join(__dirname, '../../tests/compile/branches.mlir'), 'utf8');
    const one = await compileRequest({ model, granularity: 'per-subgraph' });
    expect(one.plan).toMatchObject({ arenaSetting: 'one', arenas: [6144] });
    expect(one.plan!.implicitDependencies).toHaveLength(4);
    expect(one.partitions![2]).toMatchObject({ dependsOn: ['partition1_webgpu'], reuseDependsOn: ['partition1_webgpu'] });
    expect(one.partitions![2]!.subgraphs[0]).toMatchObject({ step: 2, dependsOn: [1], reuseDependsOn: [1] });
    const branches = await compileRequest({ model, granularity: 'per-subgraph', arenas: 'per-branch' });
    expect(branches.plan).toMatchObject({ arenaSetting: 'per-branch', arenas: [4096, 4096], implicitDependencies: [] });
    expect(branches.partitions!.map((p) => p.dependsOn.length)).toEqual([0, 1, 0, 1, 1, 2]);
    expect(branches.partitions!.flatMap((p) => [...p.reuseDependsOn, ...p.subgraphs.flatMap((sg) => sg.reuseDependsOn)])).toEqual([]);
    expect(branches.outputText).toContain('%scratch1: !cgc.memref<4096x!cgc.int8>');
    const bad = await compileRequest({ model, arenas: 'many' as never });
    expect(bad.ok).toBe(false);
    expect(bad.diagnostics.at(-1)).toContain("arenas must be one of one, per-branch; got 'many'");
  });

  it('reports parse errors and compile errors as diagnostics, and compiles again afterwards', async () => {
    const bad = await compileRequest({ model: SPEC });
    expect(bad.ok).toBe(false);
    expect(bad.diagnostics[0]).toContain('type of constant "w1" is unknown');
    const cancelled = await compileRequest({ model: SPEC, constantTypes: TYPES }, { isCancelled: () => true });
    expect(cancelled.diagnostics.at(-1)).toContain('compile cancelled');
    const fresh = await compileRequest({ model: SPEC, constantTypes: TYPES });
    expect(fresh.ok).toBe(true);
    // A compile that fails inside the pipeline (select: no target takes the upsample) leaves nothing
    // behind: the next compile gives the same program and plan as the first.
    const noTarget = await compileRequest({ model: SPEC, constantTypes: TYPES, targets: ['webgpu'] });
    expect(noTarget.ok).toBe(false);
    expect(noTarget.diagnostics.at(-1)).toMatch(/error: no target can take 1 op\(s\): 'cgc_op\.upsample'/);
    const again = await compileRequest({ model: SPEC, constantTypes: TYPES });
    expect(again.ok).toBe(true);
    expect(again.outputText).toBe(fresh.outputText);
    expect(again.plan).toEqual(fresh.plan);
  });
});

describe('compile service: targets, kernels and export files', () => {
  it('compiles for the targets named, and names the op no enabled target takes', async () => {
    const noFusion = await compileRequest({ model: SPEC, constantTypes: TYPES, targets: ['webgpu-fallback', 'cpu-reference'] });
    expect(noFusion.ok).toBe(true);
    expect(new Set(noFusion.partitions!.flatMap((p) => p.subgraphs.map((s) => s.target)))).toEqual(new Set(['webgpu-fallback']));
    const fusedOnly = await compileRequest({ model: SPEC, constantTypes: TYPES, targets: ['webgpu'] });
    expect(fusedOnly.ok).toBe(false);
    expect(fusedOnly.diagnostics.at(-1)).toMatch(/no target can take 1 op\(s\): 'cgc_op\.upsample'/);
    const unknown = await compileRequest({ model: SPEC, constantTypes: TYPES, targets: ['cuda'] });
    expect(unknown.diagnostics.at(-1)).toContain("targets must be a list of webgpu, webgpu-fallback, webgpu-loop, cpu-reference; got 'cuda'");
  });

  it('builds targets from target files\' text: their partitions and kernels, and a bad file as a diagnostic', async () => {
    const EXAMPLE = 'examples/targets/example-direct.cgc-target.json';
    const targetFiles = [{ fileName: EXAMPLE, text: readFileSync(join(__dirname, '../..', EXAMPLE), 'utf8') }];
    const r = await compileRequest({ model: SPEC, constantTypes: TYPES, targetFiles });
    expect(r.ok, r.diagnostics.join('\n')).toBe(true);
    expect(r.partitions!.map((p) => p.target)).toEqual(['example-direct', 'webgpu-fallback']);
    expect(r.kernels!.find((k) => k.target === 'example-direct')!.kernels[0]!.wgsl).toContain("target 'example-direct', pattern @conv_relu_add");
    // The program needs the file to load: the response says so; a compile that did not use it does not.
    expect(r.targetFiles).toEqual(targetFiles);
    expect((await compileRequest({ model: SPEC, constantTypes: TYPES, targetFiles, targets: ['webgpu', 'webgpu-fallback'] })).targetFiles).toBeUndefined();
    const chosen = await compileRequest({ model: SPEC, constantTypes: TYPES, targetFiles, targets: ['webgpu', 'example-direct', 'webgpu-fallback'] });
    expect(chosen.partitions!.map((p) => p.target)).toEqual(['example-direct', 'webgpu-fallback']);
    const bad = await compileRequest({ model: SPEC, constantTypes: TYPES, targetFiles: [{ fileName: 'bad.json', text: '{"format": "cgc-target", "version": 9}' }] });
    expect(bad.ok).toBe(false);
    expect(bad.diagnostics.at(-1)).toContain('bad.json:version: must be 1 (the version this reader reads), got 9');
  });

  it('returns each subgraph\'s WGSL, and builds the bytecode and weights files on request from the modules it kept', async () => {
    const f32 = (n: number) => new Uint8Array(new Float32Array(n).fill(0.5).buffer);
    const resources = { w1: f32(9), b1: f32(1), w2: f32(9), b2: f32(1) };
    let kept: CompiledModules | undefined;
    const r = await compileRequest({ model: SPEC, constantTypes: TYPES }, { onCompiled: (m) => { kept = m; } });
    expect(kept!.id).toBe(r.id);
    expect(kept!.data).toBeUndefined(); // a text model's weights stay with the caller
    expect(r.kernels!.map((k) => k.symbol)).toEqual(['convolutionReluAdd', 'upsample']);
    expect(r.kernels![0]!.kernels[0]!.wgsl).toContain('@compute');
    const files = exportFiles(kept!.input, kept!.output, resources);
    const read = readBytecode(files.outputBytecode);
    expect(read.diagnostics).toEqual([]);
    expect([...read.resources.keys()].sort()).toEqual(['b1', 'b2', 'w1', 'w2']);
    // A compiled program, for the profile it was compiled for (WebGPU's defaults here).
    const program = readProgram(files.outputBytecode);
    expect(program.profile).toEqual({ features: [], limits: Object.fromEntries(Object.entries(DEFAULT_GPU_PROFILE.limits).sort()) });
    expect(program.constants.size).toBe(4);
    expect(new TextDecoder().decode(files.weightsFile!.subarray(8, 200))).toContain('"w1"');
    // From the printed IR (a result the worker no longer holds): the same program (its locations aside) and weights.
    const fromText = exportFilesFromText(r.inputText!, r.outputText!, resources);
    expect(printModule(readBytecode(fromText.outputBytecode).module!)).toBe(printModule(read.module!));
    expect(fromText.weightsFile).toEqual(files.weightsFile);
    expect(exportFiles(kept!.input, kept!.output, undefined).weightsFile).toBeUndefined();
    expect(() => exportFiles(kept!.input, kept!.output, { ...resources, w1: f32(2) })).toThrow('tensor "w1": 8 bytes for a 36-byte tensor');
    // The program dropped back in: described from its Output IR, not compiled — the same partitions and kernels.
    const shipped = await compileRequest({ model: files.outputBytecode, fileName: 'spec.mlirbc' }, { onCompiled: () => { throw new Error('a program is not compiled'); } });
    expect(shipped.diagnostics).toEqual([]);
    expect(shipped.program?.format).toBe(2);
    expect(shipped.inputText).toBeUndefined();
    expect(shipped.partitions!.map((p) => [p.name, p.target, p.subgraphs.map((g) => g.symbol)])).toEqual(r.partitions!.map((p) => [p.name, p.target, p.subgraphs.map((g) => g.symbol)]));
    expect(shipped.kernels).toEqual(r.kernels);
    expect(Object.keys(shipped.constants!).sort()).toEqual(['b1', 'b2', 'w1', 'w2']);
    const tooSmall = await compileRequest({ model: files.outputBytecode, fileName: 'spec.mlirbc', gpu: { features: [], limits: { ...DEFAULT_GPU_PROFILE.limits, maxComputeWorkgroupStorageSize: 1024 } } });
    expect(tooSmall.ok).toBe(false);
    expect(tooSmall.diagnostics[0]).toMatch(/spec\.mlirbc: error: this program cannot run on this device: it needs maxComputeWorkgroupStorageSize ≥ \d+; this device has 1024/);
    const host = await compileRequest({ model: SPEC, constantTypes: TYPES, targets: ['cpu-reference'] });
    expect(host.kernels!.every((k) => k.target === 'cpu-reference' && k.note?.startsWith('runs on the CPU reference'))).toBe(true);
  });
});

describe('compile service: ONNX and isolation', () => {
  const TINY_CNN = new Uint8Array(readFileSync(join(__dirname, '../../public/models/tiny-cnn.onnx')));

  it('imports ONNX bytes in the service and lists the weights, inputs and isolated partitions', async () => {
    const r = await compileRequest({ model: '', onnx: { bytes: TINY_CNN }, fileName: 'tiny-cnn.onnx' });
    expect(r.diagnostics).toEqual([]);
    expect(r.ok).toBe(true);
    expect(r.onnxInputs).toEqual([{ name: 'image', dims: [1, 3, 32, 32] }]);
    expect(r.weights!.length).toBeGreaterThan(4);
    expect(r.inputText).toContain('cgc_op.convolution');
    for (const p of r.partitions!) {
      expect(r.isolated![p.name]).toContain(`cgc.partition @${p.name}`);
      for (const sg of p.subgraphs) expect(sg.opIds.every((id) => id.startsWith('%'))).toBe(true);
    }
    const steps = r.partitions!.flatMap((p) => p.subgraphs.map((sg) => sg.step)).sort((a, b) => a - b);
    expect(steps).toEqual([...steps.keys()]);
    expect(() => structuredClone(r)).not.toThrow();
  });

  it("returns an ONNX model's initializers as byte ranges of its file, not as bytes", async () => {
    const r = await compileRequest({ model: '', onnx: { bytes: TINY_CNN }, fileName: 'tiny-cnn.onnx' });
    const opened = openModel(TINY_CNN, { fileName: 'tiny-cnn.onnx' });
    expect(r.constantRanges!.length).toBeGreaterThan(4);
    expect(r.constantRanges!.length + Object.keys(r.constants!).length).toBe(opened.constants.size);
    for (const { name, begin, end } of r.constantRanges!) expect(TINY_CNN.subarray(begin, end)).toEqual(opened.constants.get(name));
    // No weight of the file travels back as bytes: what does is what the import computed (folded shapes).
    for (const c of Object.values(r.constants!)) expect(c.buffer).not.toBe(TINY_CNN.buffer);
    // A result from the compile cache gets the same from the worker without compiling.
    expect(modelConstants({ model: '', onnx: { bytes: TINY_CNN }, fileName: 'tiny-cnn.onnx' })!.constantRanges).toEqual(r.constantRanges);
  });

  it('names the external data file a weight is a range of', async () => {
    const data = new Uint8Array(new Float32Array([1, 2, 3, 4, 5, 6]).buffer);
    const bytes = modelBytes({
      nodes: [node('Add', ['x', 'w'], ['y'])], inputs: [tensorInfo('x', [4])], outputs: [{ name: 'y' }],
      initializers: [{ name: 'w', dims: [4], data_type: 1, data_location: 1, external_data: [{ key: 'location', value: 'w.bin' }, { key: 'offset', value: '8' }, { key: 'length', value: '16' }] }],
    });
    const r = await compileRequest({ model: '', onnx: { bytes, externalFiles: { 'w.bin': data } } });
    expect(r.ok).toBe(true);
    expect(r.constantRanges).toEqual([{ name: 'w', file: 'w.bin', begin: 8, end: 24 }]);
    expect(r.constants).toEqual({});
  });

  it('reports ONNX import errors with the inputs, so a caller can ask for dynamic sizes', async () => {
    const bad = await compileRequest({ model: '', onnx: { bytes: new Uint8Array([1, 2, 3]) }, fileName: 'bad.onnx' });
    expect(bad.ok).toBe(false);
    expect(bad.diagnostics[0]).toMatch(/^bad\.onnx /);
    const dynamic = new Uint8Array(readFileSync(join(__dirname, '../../e2e/fixtures/tiny-cnn-dynamic.onnx')));
    const needs = await compileRequest({ model: '', onnx: { bytes: dynamic } });
    expect(needs.ok).toBe(false);
    expect(needs.onnxInputs).toEqual([{ name: 'image', dims: ['batch', 3, 32, 32] }]);
    const sized = await compileRequest({ model: '', onnx: { bytes: dynamic, shapes: { image: [2, 3, 32, 32] } } });
    expect(sized.ok).toBe(true);
    expect(sized.inputText).toContain('2x3x32x32');
  });
});
