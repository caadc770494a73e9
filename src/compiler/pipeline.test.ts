// Golden tests of the pipeline, pass by pass: tests/compile/NAME.mlir lists `// RUN: PASS GRANULARITY
// [ARENAS]` lines; each compiles NAME up to PASS and compares the dump with
// expected/NAME.PASS.GRANULARITY[.ARENAS].txt (`output` = the whole pipeline's Output IR; ARENAS is
// the `arenas` option, 'one' when not given). UPDATE_GOLDENS=1 rewrites them.
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatDiagnostic, parseModule, type ParseOptions, verifyModule } from '../ir';
import { defaultTargets } from '../engine/targets';
import { dumpState } from './dump';
import { constantTypesOf, readSafetensors } from '../ir/safetensors';
import { CompileState } from './state';
import type { ArenaSetting, Granularity } from '../core';
import { PIPELINE } from './pipeline';

const ROOT = join(__dirname, '../../tests/compile');

function runUpTo(text: string, options: ParseOptions, pass: string, granularity: Granularity, arenas: ArenaSetting): CompileState {
  const parsed = parseModule(text, options);
  if (!parsed.module) throw new Error(parsed.diagnostics.map(formatDiagnostic).join('\n'));
  const s = new CompileState(parsed.module, defaultTargets(), { granularity, arenas });
  for (const p of PIPELINE) {
    p.run(s);
    if (p.name === pass) break;
  }
  return s;
}

describe('compile goldens', () => {
  it('cover every pass of the pipeline', () => {
    const covered = new Set(readdirSync(ROOT).filter((f) => f.endsWith('.mlir'))
      .flatMap((f) => [...readFileSync(join(ROOT, f), 'utf8').matchAll(/^\/\/ RUN: (\S+) /gm)].map((m) => m[1]!)));
    // verify-output is the same IR as build-program (`output` runs the whole pipeline).
    expect(PIPELINE.map((p) => p.name).filter((n) => !covered.has(n) && n !== 'verify-output')).toEqual([]);
  });

  for (const file of readdirSync(ROOT).filter((f) => f.endsWith('.mlir'))) {
    const text = readFileSync(join(ROOT, file), 'utf8');
    const weights = /^\/\/ WEIGHTS: (\S+)$/m.exec(text)?.[1];
    const options: ParseOptions = { file: `tests/compile/${file}` };
    if (weights) options.constantTypes = constantTypesOf(readSafetensors(readFileSync(join(ROOT, weights))));
    for (const [, pass, granularity, arenas] of text.matchAll(/^\/\/ RUN: (\S+) (\S+)(?: (\S+))?$/gm)) {
      it(`${file}: ${pass} (${granularity}${arenas ? `, ${arenas} arenas` : ''})`, () => {
        const s = runUpTo(text, options, pass!, granularity as Granularity, (arenas ?? 'one') as ArenaSetting);
        const dump = dumpState(s, pass!);
        const path = join(ROOT, 'expected', `${file.replace(/\.mlir$/, '')}.${pass}.${granularity}${arenas ? `.${arenas}` : ''}.txt`);
        if (process.env.UPDATE_GOLDENS || !existsSync(path)) {
          mkdirSync(join(ROOT, 'expected'), { recursive: true });
          writeFileSync(path, dump);
          if (!process.env.UPDATE_GOLDENS) throw new Error(`wrote missing golden ${path}; review it and run again`);
        }
        expect(dump).toBe(readFileSync(path, 'utf8'));
        if (pass === 'output') expect(verifyModule(s.output!)).toEqual([]);
        expect(PIPELINE.map((p) => p.name).includes(pass!) || pass === 'output', `unknown pass ${pass}`).toBe(true);
      });
    }
  }
});
