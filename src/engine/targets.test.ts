// The target registry: target files' targets ahead of the defaults, names unique, and a choice by
// name that orders as it is given.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { TargetFileError } from '../webgpu-target/target-file';
import { TargetRegistryError, chooseTargets, knownTargets } from './targets';

const EXAMPLE = { fileName: 'example.json', text: readFileSync(join(__dirname, '../../examples/targets/example-direct.cgc-target.json'), 'utf8') };

describe('the target registry', () => {
  it('lists target files\' targets first, then the defaults (less webgpu without fusion)', () => {
    expect(knownTargets(undefined, { files: [EXAMPLE] }).map((t) => t.name)).toEqual(['example-direct', 'webgpu', 'webgpu-fallback', 'webgpu-loop', 'cpu-reference']);
    expect(knownTargets(undefined, { files: [EXAMPLE], fusion: false }).map((t) => t.name)).toEqual(['example-direct', 'webgpu-fallback', 'webgpu-loop', 'cpu-reference']);
  });

  it('refuses a file target that takes a taken name, and a malformed file', () => {
    const named = (name: string) => ({ fileName: `${name}.json`, text: EXAMPLE.text.replace('"name": "example-direct"', `"name": "${name}"`) });
    expect(() => knownTargets(undefined, { files: [named('webgpu')] })).toThrow(new TargetRegistryError("two targets are named 'webgpu' (a loaded target took a default target's name)"));
    expect(() => knownTargets(undefined, { files: [EXAMPLE, EXAMPLE] })).toThrow("two targets are named 'example-direct'");
    expect(() => knownTargets(undefined, { files: [{ fileName: 'x.json', text: '{}' }] })).toThrow(TargetFileError);
  });

  it('chooses by name, in the order named', () => {
    const known = knownTargets(undefined, { files: [EXAMPLE] });
    expect(chooseTargets(known, ['cpu-reference', 'example-direct']).map((t) => t.name)).toEqual(['cpu-reference', 'example-direct']);
    expect(chooseTargets(known).map((t) => t.name)).toEqual(known.map((t) => t.name));
    expect(() => chooseTargets(known, ['cuda'])).toThrow("targets must be a list of example-direct, webgpu, webgpu-fallback, webgpu-loop, cpu-reference; got 'cuda'");
    expect(() => chooseTargets(known, ['webgpu', 'webgpu'])).toThrow("targets names 'webgpu' twice");
  });
});
