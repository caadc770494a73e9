// The compile fuzzer's models: valid (they parse and verify), a pure function of the random stream,
// covering every registered op, and filled from their header alone.
import { describe, expect, it } from 'vitest';
import { type ShapedType, registeredOps, parseModule, verifyModule, formatDiagnostic, tensorType } from '../../ir';
import { rngFor } from '../runner';
import { NOT_GENERATED, generateModel } from './generate';
import { leafTensor, readHeader, writeHeader } from './model-file';

const MODELS = 500;
const models = Array.from({ length: MODELS }, (_, i) => generateModel(rngFor(1, i)));

describe('generated models', () => {
  it('parse and verify, every one', () => {
    const broken = models.flatMap((text, i) => {
      const r = parseModule(text, { file: `model-${i}.mlir` });
      const problems = r.module ? verifyModule(r.module).filter((d) => d.severity === 'error') : r.diagnostics;
      return problems.map((d) => `#${i}: ${formatDiagnostic(d)}`);
    });
    expect(broken).toEqual([]);
  });

  it('are a pure function of the random stream', () => {
    expect(generateModel(rngFor(1, 7))).toBe(models[7]);
    expect(generateModel(rngFor(2, 7))).not.toBe(models[7]);
  });

  it(`use every registered op within ${MODELS} models`, () => {
    const used = new Set(models.flatMap((t) => [...t.matchAll(/cgc_op\.(\w+)/g)].map((m) => m[1]!)));
    expect(registeredOps().map((d) => d.name).filter((n) => !used.has(n) && !NOT_GENERATED.has(n))).toEqual([]);
    // The ops left out are registered ops (a renamed op cannot hide there).
    expect([...NOT_GENERATED].filter((n) => !registeredOps().some((d) => d.name === n))).toEqual([]);
  });

  it('fuse: a fused-pattern head followed by an elementwise op, constants, and fixed index values occur', () => {
    const all = models.join('\n');
    expect(all).toMatch(/cgc_op\.(convolution|matmul|gemm)\(.*\n.*cgc_op\.(add|relu|mul|sigmoid)\(/);
    expect(all).toMatch(/cgc\.constant\("c\d+"\)/);
    expect(all).toMatch(/^\/\/ fuzz-fill: %[xc]\d+ values /m);
  });
});

describe('model file header', () => {
  it('round-trips the seed and the fills', () => {
    const h = { seed: 42, fills: new Map([['x1', { kind: 'range' as const, lo: 0.5, hi: 2 }], ['c2', { kind: 'values' as const, values: [3, -1, 0] }]]) };
    expect(readHeader(writeHeader(h))).toEqual(h);
  });

  it('fills a leaf from the seed and its name, within its range or with its values', () => {
    const h = readHeader('// fuzz-seed: 9\n// fuzz-fill: %d range 1 5\n// fuzz-fill: %i values 2 0 -1\n');
    const f32: ShapedType = tensorType([64], 'float32');
    expect([...leafTensor('a', f32, h).data]).toEqual([...leafTensor('a', f32, h).data]);
    expect([...leafTensor('a', f32, h).data]).not.toEqual([...leafTensor('b', f32, h).data]);
    const d = [...leafTensor('d', tensorType([64], 'int32'), h).data] as number[];
    expect(Math.min(...d)).toBeGreaterThanOrEqual(1);
    expect(Math.max(...d)).toBeLessThan(5);
    expect([...leafTensor('i', tensorType([4], 'int64'), h).data]).toEqual([2n, 0n, -1n, 2n]);
  });
});
