// Golden IR tests (lit/FileCheck style): each tests/golden/**/NAME.mlir parses and verifies, prints
// to expected/NAME.pretty.mlir and expected/NAME.generic.mlir, and both printed forms are fixed points
// that parse back to the same module. `// WEIGHTS: file.safetensors` gives constant types.
// UPDATE_GOLDENS=1 rewrites the expected files.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { diffOperations, formatDiagnostic, parseModule, printModule, registeredOps } from '.';
import { type Golden, listGoldens, parseGolden } from './testing/goldens';

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
