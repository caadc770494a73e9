import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { INTERFACES, INTERFACE_ATTR, documentOf, intAttr, isolatePartition, parseModule, readBytecode, stringAttr, targetNamed, writeBytecode } from '../ir';
import { ATTR, PARTITION, SUBGRAPH } from '../ir/structural';
import { compile } from '../compiler/pipeline';
import { constantTypesOf, readSafetensors } from '../ir/safetensors';
import { DEFAULT_GPU_PROFILE, profileShortfall } from '../webgpu-target/limits';
import { KernelConfigError, MAX_KERNEL_WGSL_BYTES, kernelsAttr, kernelsFromAttr } from '../webgpu-target/kernel-config';
import type { KernelSpec } from '../webgpu-target/kernel-plan';
import { PROGRAM_FORMAT, PROGRAM_FORMAT_ATTR, type ProgramFile, ProgramError, programOf, readProgram, writeProgram } from './program';
import { defaultTargets } from './targets';

const DIR = join(__dirname, '../../public/models');
const weights = readSafetensors(readFileSync(join(DIR, 'spec-7layer.safetensors')));
const input = parseModule(readFileSync(join(DIR, 'spec-7layer.mlir'), 'utf8'), { constantTypes: constantTypesOf(weights) }).module!;
const output = compile(input, defaultTargets()).output!;
const constants = new Map([...weights.tensors].map(([k, t]) => [k, t.data]));
const profile = { features: ['shader-f16'], limits: { ...DEFAULT_GPU_PROFILE.limits, maxComputeWorkgroupStorageSize: 32_768 } };

describe('programs', () => {
  it('record their format, profile, kernels and weights, and read back as written', () => {
    const program = readProgram(writeProgram(output, { profile, constants }));
    expect(program.format).toBe(PROGRAM_FORMAT);
    expect(program.profile).toEqual({ features: ['shader-f16'], limits: Object.fromEntries(Object.entries(profile.limits).sort()) });
    expect([...program.constants.keys()].sort()).toEqual([...constants.keys()].sort());
    for (const [k, v] of constants) expect(Array.from(program.constants.get(k)!)).toEqual(Array.from(v));
    const kernels = (m: typeof output) => m.body().operations.filter((o) => o.name === SUBGRAPH).map((o) => o.attr(ATTR.configuration));
    expect(kernels(program.output)).toEqual(kernels(output));
    expect(kernels(output).every((k) => k?.kind === 'array')).toBe(true);
    expect(program.weightsFile).toBeUndefined();
    // The Output IR handed in is left as it was.
    expect(output.attr(PROGRAM_FORMAT_ATTR)).toBeUndefined();
  });

  it('name their weights file when the weights lie beside them', () => {
    const program = readProgram(writeProgram(output, { profile, weightsFile: 'w.safetensors' }));
    expect(program.weightsFile).toBe('w.safetensors');
    expect(program.constants.size).toBe(0);
  });

  it('are Output IR: Input IR is refused, as a model to compile', () => {
    const bytes = writeBytecode(input);
    expect(() => readProgram(bytes, 'm.mlirbc')).toThrow(ProgramError);
    expect(() => readProgram(bytes, 'm.mlirbc')).toThrow(/m\.mlirbc is CGC Input IR \(a model\), not a compiled program; compile it into one with `cgc compile/);
    expect(() => writeProgram(input, { profile })).toThrow(/only CGC Output IR/);
  });

  it('are not compiled again: the compiler takes Input IR only', () => {
    const program = readProgram(writeProgram(output, { profile }));
    expect(() => compile(program.output, defaultTargets())).toThrow('this module is CGC Output IR, a compiled program, not Input IR: it is run, not compiled');
  });

  it('of another format version are refused naming both versions', () => {
    const module = readBytecode(writeProgram(output, { profile })).module!;
    module.attributes.set(PROGRAM_FORMAT_ATTR, intAttr(PROGRAM_FORMAT + 1));
    expect(() => programOf(module, new Map(), 'p.mlirbc')).toThrow(`p.mlirbc is program format ${PROGRAM_FORMAT + 1}; this build (CGC dialects 0.1.0) reads program formats 1–${PROGRAM_FORMAT}`);
    module.attributes.delete(PROGRAM_FORMAT_ATTR);
    expect(() => programOf(module, new Map(), 'p.mlirbc')).toThrow(/records no program format \(this build reads program formats 1–2\)/);
    module.attributes.set(INTERFACE_ATTR, stringAttr(INTERFACES.CGC_SUBGRAPH_PARTITION));
    expect(() => programOf(module, new Map(), 'p.mlirbc')).toThrow(/not a compiled program \(its interface is CGC_SUBGRAPH_PARTITION\)/);
  });

  it('say which feature or limit a device lacks, with both values', () => {
    expect(profileShortfall(DEFAULT_GPU_PROFILE, DEFAULT_GPU_PROFILE)).toBeUndefined();
    expect(profileShortfall(profile, { ...profile, features: [] })).toBe("it needs the WebGPU feature 'shader-f16', which this device lacks (device features: none)");
    expect(profileShortfall(profile, { ...profile, limits: DEFAULT_GPU_PROFILE.limits })).toBe('it needs maxComputeWorkgroupStorageSize ≥ 32768; this device has 16384');
    const aligned = { features: [], limits: { minStorageBufferOffsetAlignment: 64 } };
    expect(profileShortfall(aligned, DEFAULT_GPU_PROFILE)).toBe('it needs minStorageBufferOffsetAlignment ≤ 64; this device has 256');
  });
});

describe('a program from elsewhere is checked before its WGSL reaches a device', () => {
  /** The program with the first kernel of its first recorded configuration changed by `edit`. */
  const tampered = (edit: (k: KernelSpec) => KernelSpec): ProgramFile => {
    const copy = readProgram(writeProgram(output, { profile, constants }));
    const sg = copy.output.body().operations.find((o) => o.name === SUBGRAPH && o.attr(ATTR.configuration))!;
    const [first, ...rest] = kernelsFromAttr(sg.attr(ATTR.configuration)!, sg.symbolName!);
    sg.attributes.set(ATTR.configuration, kernelsAttr([edit(first!), ...rest], sg.symbolName!));
    return readProgram(writeProgram(copy.output, { profile, constants }));
  };
  /** Describes every partition, as loading does before it creates a shader module. */
  const describeAll = (p: ProgramFile) => {
    const targets = defaultTargets(p.profile);
    for (const part of p.output.body().operations.filter((o) => o.name === PARTITION)) {
      const isolated = isolatePartition(p.output, part.symbolName!);
      const origin = isolated.body().operations.map((o) => o.attr('origin')).find((a) => a?.kind === 'string') as { value: string };
      targetNamed(targets, origin.value, 'test').describe(documentOf(INTERFACES.CGC_SUBGRAPH_PARTITION, isolated), part.symbolName!);
    }
  };

  it('takes the kernels it was compiled with', () => expect(() => describeAll(tampered((k) => k))).not.toThrow());

  it.each<[string, (k: KernelSpec) => KernelSpec, string]>([
    ['workgroups past the device', (k) => ({ ...k, workgroups: [70_000, 1, 1] }), "workgroups [70000, 1, 1] pass the device's 65535 per dimension (maxComputeWorkgroupsPerDimension)"],
    ['more bindings than storage buffers', (k) => ({ ...k, bindings: [...k.bindings, 9, 10, 11, 12, 13, 14, 15, 16] }), 'the device allows 8 storage buffers per shader stage'],
    ['a binding that is no input or result', (k) => ({ ...k, bindings: [...k.bindings.slice(0, -1), 7] }), 'binding 7 is none of its'],
    ['a binding twice', (k) => ({ ...k, bindings: [k.bindings[0]!, ...k.bindings] }), 'is listed twice'],
    ['WGSL past the size cap', (k) => ({ ...k, wgsl: k.wgsl + ' '.repeat(MAX_KERNEL_WGSL_BYTES) }), `at most ${MAX_KERNEL_WGSL_BYTES} are read`],
    ['a workspace past a storage binding', (k) => ({ ...k, workspace: 2 ** 31 }), 'workspace passes the device'],
  ])('refuses %s, naming the kernel', (_, edit, message) => {
    expect(() => describeAll(tampered(edit))).toThrow(KernelConfigError);
    expect(() => describeAll(tampered(edit))).toThrow(message);
  });
});
