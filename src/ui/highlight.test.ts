// The highlighter's tokens: types with nested brackets, SSA names, symbols, numbers, strings, comments.
import { describe, expect, it } from 'vitest';
import { tokenize } from './highlight';

const classes = (text: string, lang: 'mlir' | 'wgsl') => tokenize(text, lang).filter((t) => t.cls).map((t) => [t.cls, t.text]);

describe('highlight', () => {
  it('splits MLIR into types, SSA names, ops, symbols, strings and numbers, losing no text', () => {
    const line = '%x = cgc_op.relu(%arg0) {alpha = 1.5e-3 : f32, name = "a<b>"} : (!cgc.tensor<1x8x!cgc.float32>) -> !cgc.tensor<1x8x!cgc.float32> // why\n  cgc.invoke @sg';
    const tokens = tokenize(line, 'mlir');
    expect(tokens.map((t) => t.text).join('')).toBe(line);
    expect(classes(line, 'mlir')).toEqual([
      ['tok-ssa', '%x'], ['tok-op', 'cgc_op.relu'], ['tok-ssa', '%arg0'], ['tok-number', '1.5e-3'], ['tok-string', '"a<b>"'],
      ['tok-type', '!cgc.tensor<1x8x!cgc.float32>'], ['tok-type', '!cgc.tensor<1x8x!cgc.float32>'], ['tok-comment', '// why'],
      ['tok-op', 'cgc.invoke'], ['tok-symbol', '@sg'],
    ]);
  });

  it('splits WGSL into keywords, types, attributes and numbers; digits inside names stay plain', () => {
    const src = '@compute @workgroup_size(64) fn main(@builtin(global_invocation_id) id: vec3u) { let x1 = 2.0f; }';
    expect(classes(src, 'wgsl')).toEqual([
      ['tok-symbol', '@compute'], ['tok-symbol', '@workgroup_size'], ['tok-number', '64'], ['tok-keyword', 'fn'], ['tok-symbol', '@builtin'],
      ['tok-type', 'vec3u'], ['tok-keyword', 'let'], ['tok-number', '2.0f'],
    ]);
    expect(tokenize(src, 'wgsl').map((t) => t.text).join('')).toBe(src);
  });
});
