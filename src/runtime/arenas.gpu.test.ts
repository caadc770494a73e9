// Programs compiled with one scratch arena and with one per branch run on real WebGPU (Dawn;
// SwiftShader without a GPU) and match the CPU reference: two parallel convolution chains
// (tests/compile/branches.mlir, seeded random weights) and concats whose parts unordered steps write.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ShapedType, parseModule } from '../ir';
import { CONSTANT, PROGRAM } from '../ir/structural';
import { compile } from '../compiler/pipeline';
import { ARENA_SETTINGS, type HostTensor, tensorBytes } from '../core';
import { runEntryPoint } from '../reference';
import { randomTensor } from '../reference/random';
import { defaultTargets } from '../engine/targets';
import { openDevice } from './device';
import { loadProgram } from './runtime';

let device: GPUDevice;
beforeAll(async () => { device = (await openDevice()).device; });
afterAll(() => device?.destroy());

const read = (name: string) => readFileSync(join(__dirname, '../../tests/compile', name), 'utf8');

describe('scratch arenas on WebGPU', () => {
  for (const [file, arenas] of [['branches.mlir', [1, 2]], ['concats.mlir', [1, 6]]] as const) {
    for (const [k, setting] of ARENA_SETTINGS.entries()) {
      it(`${file} with arenas '${setting}' matches the CPU reference`, async () => {
        const module = parseModule(read(file)).module!;
        const entry = module.body().operations[0]!;
        const weights = new Map<string, HostTensor>();
        for (const op of entry.walk()) {
          const name = op.name === CONSTANT ? op.attr('name') : undefined;
          if (name?.kind === 'string') weights.set(name.value, randomTensor(op.results[0]!.type as ShapedType, 100 + weights.size));
        }
        const inputs = entry.body().arguments.map((a, i) => randomTensor(a.type as ShapedType, 7 + i));
        const want = runEntryPoint(module, inputs, (n) => weights.get(n));
        const s = compile(parseModule(read(file)).module!, defaultTargets(), { arenas: setting });
        expect(s.plan!.arenas.length).toBe(arenas[k]);
        if (setting === 'per-branch') expect(s.plan!.implicitDependencies).toEqual([]);
        // One program argument (one buffer) per arena.
        const program = s.output!.body().operations.find((o) => o.name === PROGRAM)!;
        expect(program.body().arguments.filter((a) => a.nameHint?.startsWith('scratch')).length).toBe(arenas[k]);
        const loaded = await loadProgram(device, s.output!, (n) => (weights.has(n) ? tensorBytes(weights.get(n)!) : undefined), { targets: defaultTargets() });
        const r = await loaded.run(inputs);
        r.outputs.forEach((o, i) => {
          const w = want[i]!;
          expect(o.type.shape).toEqual(w.type.shape);
          const worst = Array.from(w.data as Float32Array).reduce((m, v, j) => Math.max(m, Math.abs(Number(o.data[j]) - v) / (1 + Math.abs(v))), 0);
          expect(worst, `${file} output #${i}`).toBeLessThan(1e-4);
        });
        loaded.destroy();
      });
    }
  }
});
