// The graph's text helpers: names cut in the middle keep both ends, and tensor types read as shapes.
import { describe, expect, it } from 'vitest';
import { buildGraph, middleEllipsis, shapeText } from './graph-model';

describe('middleEllipsis', () => {
  it('keeps short names and cuts long ones in the middle, to the given length', () => {
    expect(middleEllipsis('%conv1')).toBe('%conv1');
    const cut = middleEllipsis('%StatefulPartitionedCall_functional_1_conv2d_3_Relu', 30);
    expect(cut).toHaveLength(30);
    expect(cut).toMatch(/^%StatefulPar.*….*conv2d_3_Relu$/);
  });
});

describe('shapeText', () => {
  it('writes dims with × and the element type', () => {
    expect(shapeText('!cgc.tensor<1x64x56x56x!cgc.float32>')).toBe('1×64×56×56 float32');
    expect(shapeText('!cgc.tensor<constant 4x!cgc.float16>')).toBe('4 float16 (constant)');
    expect(shapeText('!cgc.tensor<!cgc.int8>')).toBe('scalar int8');
    expect(shapeText('index')).toBe('index');
  });
});

describe('buildGraph', () => {
  it('gives each edge the type of the value it carries', () => {
    const g = buildGraph(`cgc.module {
  cgc.entry_point @main(%x: !cgc.tensor<1x4x!cgc.float32>) -> !cgc.tensor<1x4x!cgc.float32> {
    %y = cgc_op.relu(%x)
    cgc.return %y
  }
}
`);
    expect(g.edges).toEqual([[0, 1], [1, 2]]);
    expect(g.edgeTypes.map(shapeText)).toEqual(['1×4 float32', '1×4 float32']);
  });
});
