// How long the driver takes to compile each WGSL kernel into a compute pipeline: every `.wgsl` file
// of a folder, each created alone (createComputePipeline, layout 'auto'), then all of them again at
// once asynchronously (in a second device, so nothing is reused). Run it with the driver's shader
// cache empty (a fresh __GL_SHADER_DISK_CACHE_PATH) to see cold compiles.
//   node .bench/wgsl-compile.mjs DIR [MODE]   MODE: each (default) | all
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { openCliDevice } from '../../src/cli/gpu';

const dir = process.argv[2]!;
const mode = process.argv[3] ?? 'each';
const files = readdirSync(dir).filter((f) => f.endsWith('.wgsl')).sort();
const { device } = await openCliDevice(() => {});
const compile = async (file: string) => {
  const code = readFileSync(join(dir, file), 'utf8');
  const t0 = performance.now();
  device.pushErrorScope('validation');
  const module = device.createShaderModule({ code });
  const t1 = performance.now();
  const pipeline = mode === 'all' ? await device.createComputePipelineAsync({ layout: 'auto', compute: { module, entryPoint: 'main' } }) : device.createComputePipeline({ layout: 'auto', compute: { module, entryPoint: 'main' } });
  const t2 = performance.now();
  const err = await device.popErrorScope();
  return { file, module: t1 - t0, pipeline: t2 - t1, lines: code.split('\n').length, error: err?.message.split('\n')[0], ok: !!pipeline };
};
if (mode === 'all') {
  const t0 = performance.now();
  const all = await Promise.all(files.map(compile));
  console.log(`all ${files.length} at once: ${(performance.now() - t0).toFixed(0)} ms (sum of each ${all.reduce((s, r) => s + r.pipeline, 0).toFixed(0)} ms)`);
} else {
  for (const f of files) {
    const r = await compile(f);
    console.log(`${r.file}: module ${r.module.toFixed(1)} ms, pipeline ${r.pipeline.toFixed(1)} ms, ${r.lines} lines${r.error ? ` ERROR ${r.error}` : ''}`);
  }
}
device.destroy();
process.exit(0);
