// The compile service's plain-data surface: what the worker hands the app.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readBytecode } from '../ir';
import { compileRequest } from './service';

const SPEC = readFileSync(join(__dirname, '../../tests/golden/spec/input-ir.mlir'), 'utf8');
const TYPES = {
  w1: { shape: [1, 1, 3, 3], element: 'float32' as const }, b1: { shape: [1], element: 'float32' as const },
  w2: { shape: [1, 1, 3, 3], element: 'float32' as const }, b2: { shape: [1], element: 'float32' as const },
};

describe('compile service', () => {
  it('compiles the spec example to structured-cloneable results, with progress per pass', async () => {
    const progress: string[] = [];
    const r = await compileRequest({ model: SPEC, constantTypes: TYPES, bytecode: true }, { onProgress: (_i, _n, name) => progress.push(name) });
    expect(r.diagnostics).toEqual([]);
    expect(r.ok).toBe(true);
    expect(progress).toEqual(['verify-input', 'canonicalize', 'declare', 'match', 'select', 'form-subgraphs', 'partition', 'plan-memory', 'build-program', 'verify-output']);
    expect(r.partitions!.map((p) => [p.name, p.subgraphs.map((s) => s.symbol)])).toEqual([
      ['partition0_webgpu', ['convolutionReluAdd', 'convolutionReluAdd']], ['partition1_webgpu_fallback', ['upsample']],
    ]);
    expect(r.plan!.scratchBytes).toBe(512);
    expect(readBytecode(r.outputBytecode!).diagnostics).toEqual([]);
    expect(() => structuredClone(r)).not.toThrow();
  });

  it('reports parse errors and compile errors as diagnostics, and compiles again afterwards', async () => {
    const bad = await compileRequest({ model: SPEC });
    expect(bad.ok).toBe(false);
    expect(bad.diagnostics[0]).toContain('type of constant "w1" is unknown');
    const cancelled = await compileRequest({ model: SPEC, constantTypes: TYPES }, { isCancelled: () => true });
    expect(cancelled.diagnostics.at(-1)).toContain('compile cancelled');
    expect((await compileRequest({ model: SPEC, constantTypes: TYPES })).ok).toBe(true);
  });
});
