// The layers, checked: every import in src points down (shared/DESIGN.md §3, docs/architecture.md).
// core ← ir ← compiler and the targets (reference, webgpu-target), side by side ← runtime ← engine ←
// ui / cli / fuzz. The compiler and the runtime never name a built-in target.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = join(__dirname, '../src');

/** What each layer may import besides itself; the top (ui, cli, fuzz) may import anything but ui → webgpu-target. */
const ALLOWED: Record<string, readonly string[]> = {
  core: [],
  ir: ['core'],
  compiler: ['ir', 'core'],
  reference: ['ir', 'core'],
  'webgpu-target': ['ir', 'core'],
  runtime: ['ir', 'core'],
  engine: ['ir', 'core', 'compiler', 'reference', 'webgpu-target', 'runtime'],
  ui: ['ir', 'core', 'compiler', 'reference', 'runtime', 'engine'],
};

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    if (statSync(p).isDirectory()) return f === 'testing' ? [] : sources(p);
    return p.endsWith('.ts') && !p.endsWith('.test.ts') ? [p] : [];
  });
}

const files = sources(SRC).map((p) => ({ rel: relative(SRC, p), text: readFileSync(p, 'utf8') }));

describe('architecture', () => {
  it('every import points down a layer (or stays in its own)', () => {
    const up: string[] = [];
    for (const { rel, text } of files) {
      const layer = rel.split('/')[0]!;
      const allowed = ALLOWED[layer];
      if (!allowed) continue;
      for (const m of text.matchAll(/(?:import|export)[^;]*?from '(\.[^']+)'/g)) {
        const target = normalize(join(dirname(rel), m[1]!)).split('/')[0]!;
        if (target !== layer && !allowed.includes(target)) up.push(`${rel} imports ${m[1]}`);
      }
    }
    expect(up).toEqual([]);
  });

  it('the compiler and the runtime name no built-in target', () => {
    const named = files
      .filter(({ rel }) => rel.startsWith('compiler/') || rel.startsWith('runtime/'))
      .filter(({ text }) => /(===|!==|case) *'(cpu-reference|webgpu|webgpu-fallback)'/.test(text))
      .map(({ rel }) => rel);
    expect(named).toEqual([]);
  });
});
