// Golden IR tests (lit/FileCheck style): each tests/golden/**/NAME.mlir parses and verifies, prints
// to expected/NAME.pretty.mlir and expected/NAME.generic.mlir, and both printed forms are fixed points
// that parse back to the same module. `// WEIGHTS: file.safetensors` gives constant types.
// UPDATE_GOLDENS=1 rewrites the expected files.
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { constantTypesOf, readSafetensors } from '../compiler/import/safetensors';
import { diffOperations, formatDiagnostic, type Operation, parseModule, printModule, registeredOps, type ParseOptions } from '.';

export const GOLDEN_ROOT = join(__dirname, '../../tests/golden');

export interface Golden {
  name: string;
  file: string;
  text: string;
  options: ParseOptions;
}

export function listGoldens(root = GOLDEN_ROOT): Golden[] {
  const out: Golden[] = [];
  const walk = (dir: string): void => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const p = join(dir, e.name);
      if (e.isDirectory() && e.name !== 'expected') walk(p);
      else if (e.isFile() && e.name.endsWith('.mlir')) {
        const text = readFileSync(p, 'utf8');
        const w = /^\/\/ WEIGHTS: (\S+)$/m.exec(text)?.[1];
        const options: ParseOptions = { file: p.slice(GOLDEN_ROOT.length + 1) };
        if (w) options.constantTypes = constantTypesOf(readSafetensors(readFileSync(join(dir, w))));
        out.push({ name: p.slice(root.length + 1).replace(/\.mlir$/, ''), file: p, text, options });
      }
    }
  };
  walk(root);
  return out.sort((a, b) => a.name.localeCompare(b.name));
}

export function parseGolden(g: Golden): Operation {
  const r = parseModule(g.text, g.options);
  if (!r.module) throw new Error(`${g.name} does not parse:\n${r.diagnostics.map(formatDiagnostic).join('\n')}`);
  return r.module;
}

function expectGolden(g: Golden, form: 'pretty' | 'generic', text: string): void {
  const path = join(dirname(g.file), 'expected', `${basename(g.file, '.mlir')}.${form}.mlir`);
  if (process.env.UPDATE_GOLDENS || !existsSync(path)) {
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, text);
    if (!process.env.UPDATE_GOLDENS) throw new Error(`wrote missing golden ${path}; review it and run again`);
  }
  expect(text).toBe(readFileSync(path, 'utf8'));
}

describe('golden IR', () => {
  const goldens = listGoldens();
  it('finds the spec examples', () => {
    expect(goldens.map((g) => g.name)).toEqual(expect.arrayContaining(['spec/input-ir', 'spec/output-ir', 'spec/isolated-partition']));
  });

  it('uses every registered cgc_op somewhere', () => {
    const used = new Set(goldens.flatMap((g) => [...parseGolden(g).walk()].map((op) => op.name)));
    expect(registeredOps().map((d) => `cgc_op.${d.name}`).filter((n) => !used.has(n))).toEqual([]);
  });

  for (const g of goldens) {
    describe(g.name, () => {
      for (const form of ['pretty', 'generic'] as const) {
        it(`prints the expected ${form} form, a fixed point that parses to the same module`, () => {
          const module = parseGolden(g);
          const printed = printModule(module, { form });
          expectGolden(g, form, printed);
          const again = parseModule(printed, { file: `${g.name}.${form}` });
          expect(again.diagnostics.map(formatDiagnostic)).toEqual([]);
          expect(diffOperations(module, again.module!)).toBeUndefined();
          expect(printModule(again.module!, { form })).toBe(printed);
        });
      }
    });
  }
});
