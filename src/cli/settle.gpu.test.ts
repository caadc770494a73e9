// A kernel whose final form (sizes specialized) does not compile on the device: the program runs on
// with its first tier, and the command says which kernel and why instead of failing. The sizes'
// specialization is made to write WGSL that does not compile (kernels compiled with their sizes as
// uniforms, --size-uniforms on, are specialized to them in their final tier).
import { expect, it, vi } from 'vitest';
import { TINY_CNN, cgc } from './testing';

vi.mock('../webgpu-target/kernel-spec', async (original) => {
  const actual = await original<typeof import('../webgpu-target/kernel-spec')>();
  return { ...actual, specializeSizes: (wgsl: string, params: Parameters<typeof actual.specializeSizes>[1]) => `${actual.specializeSizes(wgsl, params)}\nconst broken: f32 = ( * 1.0);\n` };
});

it('runs on the first tier where a final kernel does not compile, and says so', async () => {
  const r = await cgc('run', TINY_CNN, '--runs', '2', '--size-uniforms', 'on');
  expect(r.code, r.err).toBe(0);
  expect(r.err).toMatch(/kernel \S+'s final form does not compile on this device \(\d+:\d+ .*\): the program runs on its first tier/);
  expect(r.out).toContain('output');
  const b = await cgc('bench', TINY_CNN, '--runs', '2', '--size-uniforms', 'on');
  expect(b.code, b.err).toBe(0);
  expect(b.err).toContain('final form does not compile on this device');
}, 120_000);
