// A recurrence's two WebGPU forms side by side on one device: a dispatch per step against one
// persistent workgroup looping over the steps (src/webgpu-target/kernels/recurrent.ts), for LSTMs and
// GRUs of several sizes. Prints per size and form the dispatches, the partition's GPU time and the
// run's wall time (medians over the timed runs, the two forms alternating).
//   bench-recurrence [RUNS] [CELL:TxBxIxHxD …]   (default: the sizes below)
import { parseModule, typeToString } from '../../src/ir';
import { formatAttribute } from '../../src/ir/attributes';
import { inferOp } from '../../src/ir/registry';
import { attrs } from '../../src/ir/ops/test-cases';
import { CELLS } from '../../src/ir/ops/recurrent';
import { compile } from '../../src/compiler/pipeline';
import { loadProgram } from '../../src/runtime/runtime';
import { defaultTargets } from '../../src/engine/targets';
import { gpuProfile } from '../../src/webgpu-target/limits';
import { randomTensor } from '../../src/reference/random';
import { BENCH_DAWN_FLAGS, openCliDevice, useDawn } from '../../src/cli/gpu';
import type { RecurrenceMode } from '../../src/webgpu-target/kernels/recurrent';
import { tensorType } from '../../src/ir/types';

const med = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;
const runs = Number(process.argv[2] ?? 30);

await useDawn(() => {}, BENCH_DAWN_FLAGS);
const { device } = await openCliDevice(() => {});
const profile = gpuProfile(device);

type Size = { op: 'lstm' | 'gru'; T: number; B: number; I: number; H: number; D: number };
const DEFAULT_SIZES: Size[] = [
  { op: 'lstm', T: 100, B: 1, I: 64, H: 64, D: 1 },
  { op: 'lstm', T: 100, B: 1, I: 128, H: 128, D: 2 },
  { op: 'gru', T: 100, B: 1, I: 64, H: 64, D: 1 },
  { op: 'gru', T: 100, B: 8, I: 128, H: 128, D: 1 },
  { op: 'lstm', T: 100, B: 8, I: 256, H: 256, D: 1 },
  { op: 'lstm', T: 50, B: 16, I: 512, H: 512, D: 2 },
  { op: 'lstm', T: 20, B: 16, I: 1024, H: 1024, D: 1 },
];
const given = process.argv.slice(3).map((a): Size => {
  const [op, dims] = a.split(':') as ['lstm' | 'gru', string];
  const [T, B, I, H, D] = dims.split('x').map(Number) as [number, number, number, number, number];
  return { op, T, B, I, H, D };
});
const SIZES = given.length ? given : DEFAULT_SIZES;

console.log('| cell | T×B×I×H×D | units | form | dispatches | GPU ms (median) | wall ms (median) |');
console.log('|---|---|---|---|---|---|---|');
for (const s of SIZES) {
  const G = CELLS[s.op].gates * s.H;
  const types = [[s.T, s.B, s.I], [s.D, G, s.I], [s.D, G, s.H], [s.D, 2 * G]].map((d) => tensorType(d, 'float32'));
  const dict = attrs({ hidden_size: s.H, direction: s.D === 2 ? 'bidirectional' : 'forward' });
  const results = inferOp(s.op, types, dict);
  const names = ['x', 'w', 'r', 'b'];
  const text = `cgc.module {
  cgc.entry_point @main(${types.map((t, i) => `%${names[i]}: ${typeToString(t)}`).join(', ')}) -> (${results.map(typeToString).join(', ')}) {
    %y:${results.length} = cgc_op.${s.op}(%x, %w, %r, %b) {${[...dict].map(([k, v]) => `${k} = ${formatAttribute(v)}`).join(', ')}}
    cgc.return ${results.map((_, i) => `%y#${i}`).join(', ')} : ${results.map(typeToString).join(', ')}
  }
}
`;
  const module = parseModule(text).module!;
  const inputs = types.map((t, i) => randomTensor(t, i + 1));
  const modes: RecurrenceMode[] = ['per-step', 'persistent'];
  const programs = await Promise.all(modes.map((recurrence) => {
    const targets = defaultTargets(profile, { recurrence });
    return loadProgram(device, compile(module, targets).output!, () => undefined, { targets });
  }));
  const wall: number[][] = [[], []];
  const gpu: number[][] = [[], []];
  for (let r = -5; r < runs; r++) {
    for (let m = 0; m < 2; m++) {
      const t0 = performance.now();
      const res = await programs[m]!.run(inputs);
      const t1 = performance.now();
      if (r < 0) continue;
      wall[m]!.push(t1 - t0);
      gpu[m]!.push(res.timings.reduce((a, t) => a + t.ms, 0));
    }
  }
  const units = s.D * s.B * s.H;
  modes.forEach((mode, m) => console.log(`| ${s.op} | ${s.T}×${s.B}×${s.I}×${s.H}×${s.D} | ${units} | ${mode} | ${programs[m]!.dispatchCount} | ${med(gpu[m]!).toFixed(3)} | ${med(wall[m]!).toFixed(3)} |`));
  programs.forEach((p) => p.destroy());
}
device.destroy();
