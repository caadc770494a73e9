// The package's entries: what each one's module graph may hold, and the size budget (gzipped,
// bundled as a user's bundler would) — printed on every run.
import { build } from 'esbuild';
import { describe, expect, test } from 'vitest';
// @ts-expect-error — a plain JavaScript script without types
import { BUDGETS, measureEntries, report } from '../scripts/size-check.mjs';

/** The source files an entry's bundle (for the browser) is made of. */
async function moduleGraph(entry: string): Promise<string[]> {
  const result = await build({
    entryPoints: [entry], bundle: true, write: false, format: 'esm', platform: 'browser', metafile: true, logLevel: 'silent',
    // Only the Node entry may import Dawn; a browser entry that reached it (or any Node module) would fail to bundle here.
    external: [],
  });
  return Object.keys(result.metafile!.inputs);
}

describe('the runtime-only entry (dxcgc-web/runtime)', () => {
  test('holds no compiler, importer, kernel generator, op definitions or protobuf', async () => {
    const files = await moduleGraph('src/engine/runtime-entry.ts');
    expect(files).toContain('src/runtime/runtime.ts');
    expect(files).toContain('src/webgpu-target/recorded-target.ts');
    const forbidden = [/^src\/compiler\//, /^src\/ir\/ops\//, /^src\/reference\//, /^src\/webgpu-target\/kernels\//, /^src\/webgpu-target\/wgsl\//, /protobufjs/, /webgpu\/index\.js/];
    expect(files.filter((f) => forbidden.some((r) => r.test(f)))).toEqual([]);
  });
});

describe('the browser entries', () => {
  test.each(['src/engine/index.ts', 'src/engine/runtime-entry.ts', 'src/engine/reference-entry.ts'])('%s reaches no Node module and no Dawn', async (entry) => {
    const files = await moduleGraph(entry);
    expect(files.filter((f) => f.startsWith('node:') || /node_modules\/webgpu\//.test(f) || f === 'src/runtime/dawn.ts')).toEqual([]);
  });
});

test('each entry within its size budget (bundled, minified, gzipped)', async () => {
  const sizes = await measureEntries();
  const { lines, over } = report(sizes);
  console.log(lines.join('\n'));
  expect(over).toEqual([]);
  for (const name of Object.keys(BUDGETS)) expect(sizes[name].gzipped).toBeGreaterThan(10_000);
}, 120_000);
