import { describe, expect, it } from 'vitest';
import { definedValue, definitionLines } from './linked-view';
import { parseTensorTypeText } from './inputs-form';

describe('definedValue and definitionLines', () => {
  it('finds the line that defines each value and each entry-point argument', () => {
    const text = [
      'cgc.module {',
      '  cgc.entry_point @main(%x: !cgc.tensor<2x!cgc.float32>, %y.1: !cgc.tensor<2x!cgc.float32>) -> !cgc.tensor<2x!cgc.float32> {',
      '    %a = cgc_op.add(%x, %y.1) : (!cgc.tensor<2x!cgc.float32>, !cgc.tensor<2x!cgc.float32>) -> !cgc.tensor<2x!cgc.float32>',
      '    %t:2 = cgc_op.top_k(%a) {k = 1}',
      '    cgc.return %a',
    ].join('\n');
    expect(definedValue('    %a = cgc_op.add(%x)')).toBe('%a');
    expect(definedValue('    cgc.return %a')).toBeUndefined();
    const { at } = definitionLines(text);
    expect(at.get('%x')).toBe(1);
    expect(at.get('%y.1')).toBe(1);
    expect(at.get('%a')).toBe(2);
    expect(at.get('%t')).toBe(3);
  });
});

describe('parseTensorTypeText', () => {
  it('reads the graph\'s printed tensor types', () => {
    expect(parseTensorTypeText('!cgc.tensor<1x3x32x32x!cgc.float32>')).toMatchObject({ shape: [1, 3, 32, 32], element: 'float32' });
    expect(parseTensorTypeText('!cgc.tensor<!cgc.int64>')).toMatchObject({ shape: [], element: 'int64' });
    expect(parseTensorTypeText('!cgc.tensor<2x!cgc.complex>')).toBeUndefined();
  });
});
