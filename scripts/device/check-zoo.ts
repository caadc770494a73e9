// Checks the models export_zoo.py wrote against onnxruntime's outputs (computed there, in Python):
// each imported, compiled for this device, loaded and run on WebGPU with the same inputs — its first
// run (the first tier's kernels) and a run after it settled (the final kernels), both — in one
// process (no per-model onnxruntime-web start-up). Per model: the largest error against onnxruntime's
// output — within 1e-4 of it passes, relative to the output's scale where that is past 1 (a random
// Inception's logits reach 1e12, where float32 itself is coarser than 1e-4) — the dispatches and partitions a run makes here, and
// the host (CPU reference) partitions a compile for WebGPU's default limits would have.
//   node .bench/check-zoo.mjs ZOO_DIR [--json FILE]
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CgcError, type ElementType, type HostTensor, tensorFromBytes } from '../../src/core';
import { openModel } from '../../src/engine/model';
import { DEFAULT_GPU_PROFILE, gpuProfile } from '../../src/webgpu-target/limits';
import { BENCH_DAWN_FLAGS, openCliDevice, useDawn } from '../../src/cli/gpu';
import { compareTensors } from '../../src/cli/compare-tensors';

interface Meta {
  inputs: { name: string; shape: number[]; dtype: ElementType }[];
  outputs: { name: string; shape: number[]; dtype: ElementType }[];
}

interface Row {
  model: string;
  status: 'pass' | 'fail' | 'refused' | 'internal error';
  maxAbs?: number;
  scale?: number;
  dispatches?: number;
  partitions?: number;
  hostPartitions?: number;
  defaultLimitHostPartitions?: number;
  ms?: number;
  message?: string;
}

const dir = process.argv[2]!;
const jsonAt = process.argv.indexOf('--json');
const TOL = { atol: 1e-4, rtol: 0 };

await useDawn(() => {}, BENCH_DAWN_FLAGS);
const { device } = await openCliDevice(() => {});
const rows: Row[] = [];
for (const name of readdirSync(dir).sort()) {
  const at = join(dir, name);
  if (!existsSync(join(at, 'meta.json'))) continue;
  const meta = JSON.parse(readFileSync(join(at, 'meta.json'), 'utf8')) as Meta;
  const t0 = performance.now();
  try {
    const shapes = Object.fromEntries(meta.inputs.map((i) => [i.name, i.shape]));
    const model = openModel(new Uint8Array(readFileSync(join(at, 'model.onnx'))), { fileName: `${name}.onnx`, shapes, externalFiles: new Map() });
    const atDefaults = model.compile({ gpu: DEFAULT_GPU_PROFILE });
    const defaultLimitHostPartitions = atDefaults.state.partitions.filter((p) => p.target === 'cpu-reference').length;
    const program = await model.compile({ gpu: gpuProfile(device) }).load(device);
    const inputs: HostTensor[] = meta.inputs.map((m, k) => tensorFromBytes({ kind: 'tensor', shape: m.shape, element: m.dtype, constant: false }, new Uint8Array(readFileSync(join(at, `in_${k}.bin`)))));
    // Both tiers: the first run on the first tier's generic kernels, then settled on the final ones.
    const first = await program.run(inputs);
    await program.settle();
    const result = await program.run(inputs);
    let worst = { maxAbs: 0, scale: 0, ok: true };
    for (const [tier, run] of [['first tier', first], ['final', result]] as const) {
      meta.outputs.forEach((m, k) => {
        const expected = tensorFromBytes({ kind: 'tensor', shape: m.shape, element: m.dtype, constant: false }, new Uint8Array(readFileSync(join(at, `out_${k}.bin`))));
        const ours = run.outputs[k];
        if (!ours) throw new CgcError('runtime', `output ${k} (${m.name}) missing`);
        const c = compareTensors(ours, expected, TOL);
        if (c.mismatch) throw new CgcError('runtime', `output ${m.name} (${tier}): ${c.mismatch}`);
        const ok = c.maxAbs <= TOL.atol * Math.max(1, c.scale);
        if (c.maxAbs >= worst.maxAbs) worst = { maxAbs: c.maxAbs, scale: c.scale, ok: worst.ok && ok };
        else worst.ok &&= ok;
      });
    }
    rows.push({
      model: name, status: worst.ok ? 'pass' : 'fail', maxAbs: worst.maxAbs, scale: worst.scale, dispatches: result.dispatches,
      partitions: program.partitions.length, hostPartitions: program.partitions.filter((p) => p.target === 'cpu-reference').length,
      defaultLimitHostPartitions, ms: performance.now() - t0,
    });
    program.destroy();
  } catch (e) {
    const refused = e instanceof CgcError;
    rows.push({ model: name, status: refused ? 'refused' : 'internal error', message: (e instanceof Error ? e.message : String(e)).split('\n')[0]!.slice(0, 240), ms: performance.now() - t0 });
  }
  const r = rows.at(-1)!;
  console.log(`${r.model}: ${r.status}${r.maxAbs !== undefined ? ` max|Δ| ${r.maxAbs.toExponential(1)} (|y| to ${r.scale!.toPrecision(3)})` : ''}${r.dispatches !== undefined ? `, ${r.dispatches} dispatches, ${r.partitions} partitions (${r.hostPartitions} host; ${r.defaultLimitHostPartitions} at default limits)` : ''}${r.message ? `: ${r.message}` : ''} [${r.ms!.toFixed(0)} ms]`);
}
const count = (s: Row['status']) => rows.filter((r) => r.status === s).length;
console.log(`\n${rows.length} models: ${count('pass')} pass, ${count('fail')} fail, ${count('refused')} refused, ${count('internal error')} internal errors`);
if (jsonAt > 0) writeFileSync(process.argv[jsonAt + 1]!, JSON.stringify(rows, null, 2));
