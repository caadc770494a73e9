// `--target FILE` and `--targets a,b,c` on the commands that compile.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { TINY_CNN, cgcSync } from './testing';

const EXAMPLE = join(__dirname, '../../examples/targets/example-direct.cgc-target.json');
const partitionLines = (out: string) => out.split('\n').filter((l) => l.startsWith('partition @'));

describe('cgc partitions --target', () => {
  it('adds the file\'s target, which takes the demo CNN\'s convolutions and gemm', () => {
    const before = cgcSync('partitions', TINY_CNN);
    const after = cgcSync('partitions', TINY_CNN, '--target', EXAMPLE);
    expect(after.code, after.err).toBe(0);
    expect(partitionLines(before.out)).toEqual(['partition @partition0_webgpu (target webgpu)']);
    expect(partitionLines(after.out).filter((l) => l.includes('(target example-direct)'))).toHaveLength(3);
    expect(after.out).toMatch(/subgraph @convolutionAddRelu origin=example-direct pattern=@conv_add_relu ops=\[convolution, add, relu\]/);
    expect(after.out).toMatch(/subgraph @gemm origin=example-direct pattern=@gemm_bias ops=\[gemm\]/);
  });

  it('--targets picks and orders among the default and file targets by name', () => {
    const r = cgcSync('partitions', TINY_CNN, '--target', EXAMPLE, '--targets', 'example-direct,webgpu-fallback,cpu-reference');
    expect(r.code, r.err).toBe(0);
    expect(r.out).not.toContain('origin=webgpu ');
    expect(r.out).toMatch(/subgraph @maxPool origin=webgpu-fallback/);
    const unknown = cgcSync('partitions', TINY_CNN, '--targets', 'example-direct,webgpu');
    expect(unknown.code).toBe(1);
    expect(unknown.err).toContain("error: targets must be a list of webgpu, webgpu-fallback, webgpu-loop, cpu-reference; got 'example-direct'");
  });

  it('refuses a malformed target file with file:field and what is allowed', () => {
    const dir = mkdtempSync(join(tmpdir(), 'cgc-target-'));
    const bad = join(dir, 'bad.json');
    writeFileSync(bad, JSON.stringify({ format: 'cgc-target', version: 1, name: 'bad', patterns: [{ name: 'x' }] }));
    const r = cgcSync('compile', TINY_CNN, '--target', bad);
    expect(r.code).toBe(1);
    expect(r.err).toContain(`${bad}:patterns[0].pattern: must be a string or an array of strings (lines), got nothing`);
    const twice = cgcSync('compile', TINY_CNN, '--target', EXAMPLE, '--target', EXAMPLE);
    expect(twice.code).toBe(1);
    expect(twice.err).toContain("error: two targets are named 'example-direct'");
    expect(cgcSync('compile', TINY_CNN, '--target', join(dir, 'none.json')).err).toContain('cannot read target file');
  });
});
