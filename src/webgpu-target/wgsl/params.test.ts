import { describe, expect, it } from 'vitest';
import { deviceCode } from '../kernel-spec';
import { literalSizes, parameterize, size, specializeSizes } from './params';

describe('size parameters', () => {
  it('read each marked size from its own element of a uniform declared after the last binding', () => {
    const wgsl = `// k: 1x64x56x56\n@group(0) @binding(0) var<storage, read_write> in0: array<f32>;\n@group(0) @binding(2) var<storage, read_write> out2: array<f32>;\nfn main() { out2[${size(3136)}] = in0[${size(64)} * ${size(64)}]; }\n`;
    const p = parameterize(wgsl);
    expect(p.params).toEqual([3136, 64, 64]);
    expect(p.paramsBinding).toBe(3);
    expect(p.wgsl).toBe('// k: 1x64x56x56\n@group(0) @binding(3) var<uniform> sizes: array<vec4<i32>, 1>;\n@group(0) @binding(0) var<storage, read_write> in0: array<f32>;\n'
      + '@group(0) @binding(2) var<storage, read_write> out2: array<f32>;\nfn main() { out2[sizes[0].x] = in0[sizes[0].y * sizes[0].z]; }\n');
  });

  it('give two kernels that differ only in sizes the same code, whatever sizes coincide', () => {
    const kernel = (m: number, n: number) => parameterize(`// ${m}x${n}\n@group(0) @binding(0) var<storage, read_write> out0: array<f32>;\nfn main() { out0[${size(m)}] = f32(${size(n)}); }\n`);
    const [a, b] = [kernel(64, 64), kernel(256, 49)];
    expect(deviceCode(a.wgsl)).toBe(deviceCode(b.wgsl));
    expect(a.params).toEqual([64, 64]);
    expect(b.params).toEqual([256, 49]);
  });

  it('leave a kernel without marks as it is, and a size outside the i32 range a literal', () => {
    expect(parameterize('fn main() {}')).toEqual({ wgsl: 'fn main() {}' });
    expect(size(-3)).toBe('(-3i)');
    expect(size(2 ** 31)).toBe(`(${2 ** 31}i)`);
  });

  it('compile without comments, so that comments naming sizes do not tell kernels apart', () => {
    expect(deviceCode('// a: 1x64\n@compute @workgroup_size(64) // why\nfn main() {\n  /* x */ let a = 1i;\n}\n')).toBe('\n@compute @workgroup_size(64)\nfn main() {\n   let a = 1i;\n}\n');
  });

  it('specialize a parameterized kernel back to exactly the code its literal sizes give', () => {
    const marked = `// k\n@group(0) @binding(0) var<storage, read_write> in0: array<f32>;\n@group(0) @binding(1) var<storage, read_write> out1: array<f32>;\n`
      + `fn main() { for (var i = 0i; i < ${size(5)}; i++) { out1[i * ${size(7)} + ${size(2)}] = in0[${size(4)}] + in0[${size(1)}]; } }\n`;
    const p = parameterize(marked);
    expect(specializeSizes(p.wgsl, p.params!)).toBe(literalSizes(marked));
    expect(() => specializeSizes(p.wgsl, [1, 2])).toThrow(/reads size 2 of 2/);
  });
});
