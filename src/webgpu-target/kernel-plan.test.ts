import { describe, expect, it } from 'vitest';
import { usedBindings } from './kernel-plan';

describe('usedBindings', () => {
  it('keeps the bindings a kernel names past their declarations, in order, and drops the rest', () => {
    const wgsl = `@group(0) @binding(3) var<storage, read_write> in3: array<f32>;
@group(0) @binding(0) var<storage, read_write> in0: array<f32>;
@group(0) @binding(1) var<storage, read_write> in1: array<u32>;
@group(0) @binding(2) var<storage, read_write> in10: array<f32>;
@group(0) @binding(4) var<storage, read_write> out4: array<vec4<f32>>;
@group(0) @binding(5) var<storage, read_write> workspace: array<f32>;

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) g: vec3<u32>) {
  let x = in3[g.x] + in10[g.x];
  out4[g.x] = vec4<f32>(x + workspace[g.x]);
}
`;
    // in0 and in1 are only declared: in10 names neither.
    expect(usedBindings(wgsl)).toEqual([2, 3, 4, 5]);
  });

  it('counts a name in a comment as a use: binding too much is harmless, too little is not', () => {
    expect(usedBindings('@group(0) @binding(0) var<storage, read_write> in0: array<f32>;\n// reads in0\n')).toEqual([0]);
  });
});
