// Golden IR files for tests: tests/golden/**/NAME.mlir, with `// WEIGHTS: file.safetensors` giving
// the constant types of modules that leave them out.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { constantTypesOf, readSafetensors } from '../safetensors';
import { formatDiagnostic, type Operation, parseModule, type ParseOptions } from '..';

export const GOLDEN_ROOT = join(__dirname, '../../../tests/golden');

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
