import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { INTERFACES, type Operation, documentOf, isolatePartition, parseModule, stringAttr, type Attribute, arrayAttr, dictAttr } from '../ir';
import { ATTR, SUBGRAPH } from '../ir/structural';
import { compile } from '../compiler/pipeline';
import { constantTypesOf, readSafetensors } from '../ir/safetensors';
import { defaultTargets } from '../engine/targets';
import { KernelConfigError, checkKernels, kernelsAttr, kernelsFromAttr } from './kernel-config';
import { DEFAULT_GPU_PROFILE } from './limits';
import type { KernelSpec } from './kernel-plan';

const DIR = join(__dirname, '../../tests/compile');

function compiled() {
  const constantTypes = constantTypesOf(readSafetensors(readFileSync(join(DIR, 'spec-7layer.safetensors'))));
  const input = parseModule(readFileSync(join(DIR, 'spec-7layer.mlir'), 'utf8'), { constantTypes }).module!;
  const targets = defaultTargets();
  return { state: compile(input, targets), targets };
}

const subgraphs = (output: Operation) => output.body().operations.filter((o) => o.name === SUBGRAPH);

describe('kernel configurations', () => {
  it('read back as the kernels they were written from, named under the subgraph that holds them', () => {
    const kernels: KernelSpec[] = [
      { name: 'subgraph.0.partial0', wgsl: 'a', workgroups: [2, 1, 3], inputs: 2, output: 2, workspace: 64, bindings: [0, 1, 3] },
      { name: 'subgraph.0', wgsl: 'b', workgroups: [1, 1, 1], inputs: 2, output: 2, outputs: 2, workspace: 64, bindings: [0, 2, 3, 4], params: [3136, 0, 64], paramsBinding: 5 },
    ];
    expect(kernelsFromAttr(kernelsAttr(kernels, 'subgraph'), 'gemmRelu')).toEqual(kernels.map((k) => ({ ...k, name: k.name.replace('subgraph', 'gemmRelu') })));
  });

  it('refuse size parameters without their binding, or bound where a storage buffer is', () => {
    const k: KernelSpec = { name: 'relu.0', wgsl: 'a', workgroups: [1, 1, 1], inputs: 1, output: 1, bindings: [0, 1], params: [7], paramsBinding: 2 };
    const entries = new Map((kernelsAttr([k], 'relu') as { elements: readonly { entries: ReadonlyMap<string, Attribute> }[] }).elements[0]!.entries);
    entries.delete('params_binding');
    expect(() => kernelsFromAttr(arrayAttr([dictAttr(entries)]), 'relu')).toThrow(/kernel #0 has 'params' but no 'params_binding'/);
    expect(() => checkKernels([{ ...k, paramsBinding: 1 }], DEFAULT_GPU_PROFILE)).toThrow(/size parameters' binding 1 is also a storage binding/);
    expect(() => checkKernels([k], DEFAULT_GPU_PROFILE)).not.toThrow();
  });

  it('name what is malformed', () => {
    const bad: Attribute = arrayAttr([dictAttr([['name', stringAttr('.0')]])]);
    expect(() => kernelsFromAttr(bad, 'relu')).toThrow(KernelConfigError);
    expect(() => kernelsFromAttr(bad, 'relu')).toThrow(/@relu: configuration kernel #0 needs 'bindings'|needs 'wgsl'|needs 'workgroups'/);
  });

  it('are recorded on every WebGPU subgraph of the Output IR by the specialization answer', () => {
    const { state } = compiled();
    for (const sg of subgraphs(state.output!)) expect(sg.attr(ATTR.configuration)?.kind, `@${sg.symbolName}`).toBe('array');
  });

  it('are what the target describes and compiles: it does not plan the kernels again', () => {
    const { state, targets } = compiled();
    const output = state.output!;
    // Change the recorded WGSL: the description must show the change.
    for (const sg of subgraphs(output)) {
      const config = sg.attr(ATTR.configuration) as { readonly elements: readonly Attribute[] };
      sg.attributes.set(ATTR.configuration, arrayAttr(config.elements.map((k) => {
        const entries = new Map((k as { entries: ReadonlyMap<string, Attribute> }).entries);
        entries.set('wgsl', stringAttr(`// recorded\n${(entries.get('wgsl') as { value: string }).value}`));
        return dictAttr(entries);
      })));
    }
    for (const p of state.partitions) {
      const target = targets.find((t) => t.name === p.target)!;
      const described = target.describe(documentOf(INTERFACES.CGC_SUBGRAPH_PARTITION, isolatePartition(output, p.name)), p.name);
      expect(described.kernels.length).toBeGreaterThan(0);
      for (const k of described.kernels) expect(k.wgsl.startsWith('// recorded\n'), k.name).toBe(true);
      for (const k of described.kernels) expect(k.name.startsWith(`${k.subgraph}.`)).toBe(true);
    }
  });

  it('are planned where a subgraph has none recorded', () => {
    const { state, targets } = compiled();
    for (const sg of subgraphs(state.output!)) sg.attributes.delete(ATTR.configuration);
    const p = state.partitions[0]!;
    const described = targets.find((t) => t.name === p.target)!.describe(documentOf(INTERFACES.CGC_SUBGRAPH_PARTITION, isolatePartition(state.output!, p.name)), p.name);
    expect(described.kernels.map((k) => k.name)).toEqual(['convolutionReluAdd.0', 'convolutionReluAdd.0']);
    expect(described.kernels[0]!.wgsl).toMatch(/^\/\/ convolutionReluAdd\.0/);
  });
});
