// The target file reader: the example reads, and each way a file can be malformed is refused with file:field and the rule.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { TARGET_FILE_LIMITS, TargetFileError, isTargetFile, readTargetFile } from './target-file';

const EXAMPLE = readFileSync(join(__dirname, '../../examples/targets/example-direct.cgc-target.json'), 'utf8');
const FILE = 't.json';
// The example's JSON, loosely typed: the cases below break it in every way.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Doc = Record<string, any>;
/** The example with `edit` applied to its JSON. */
const edited = (edit: (doc: Doc) => void) => {
  const doc = JSON.parse(EXAMPLE) as Doc;
  edit(doc);
  return JSON.stringify(doc);
};

describe('readTargetFile', () => {
  it('reads the example: its name, and a template per pattern', () => {
    expect(isTargetFile(EXAMPLE)).toBe(true);
    const file = readTargetFile(EXAMPLE, FILE);
    expect(file.name).toBe('example-direct');
    expect(file.kernels.map((k) => `${k.name}: ${k.ops.join(' → ')}`)).toEqual([
      'conv_relu_add: convolution → relu → add', 'conv_add_relu: convolution → add → relu', 'conv_relu: convolution → relu', 'gemm_bias: gemm',
      'matmul_bias_gelu: matmul → add → gelu',
    ]);
  });

  it.each<[string, string | ((d: Doc) => void), string]>([
    ['not JSON', '{"format": "cgc-target", ', `${FILE}: is not JSON`],
    ['an array', '[]', `${FILE}: must be a JSON object, got []`],
    ['another format', (d) => { d.format = 'onnx'; }, `${FILE}:format: must be "cgc-target", got "onnx"`],
    ['a newer version', (d) => { d.version = 2; }, `${FILE}:version: must be 1 (the version this reader reads), got 2`],
    ['an unknown field', (d) => { d.extra = 1; }, `${FILE}:extra: is not a field here (fields: format, version, name, description, patterns)`],
    ['a bad name', (d) => { d.name = 'Web GPU'; }, `${FILE}:name: must be a name of lower-case letters`],
    ['no patterns', (d) => { d.patterns = []; }, `${FILE}:patterns: must be an array of 1 to ${TARGET_FILE_LIMITS.patterns} patterns`],
    ['too many patterns', (d) => { d.patterns = new Array(33).fill(d.patterns[0]); }, `${FILE}:patterns: must be an array of 1 to 32 patterns`],
    ['a pattern that does not parse', (d) => { d.patterns[0].pattern = 'benefit = '; }, `${FILE}:patterns[0].pattern: line 2, column 1:`],
    ['a pattern that closes its dictionary', (d) => { d.patterns[3].pattern = 'benefit = 1} cgc_pattern.pattern @x attributes {benefit = 2'; }, `${FILE}:patterns[3].pattern: must be one pattern's attributes`],
    ['an unknown op', (d) => { d.patterns[0].ops = ['conv']; }, `${FILE}:patterns[0].ops[0]: must name a cgc_op (without 'cgc_op.'), got "conv"`],
    ['two patterns of one name', (d) => { d.patterns[1].name = 'conv_relu_add'; }, `${FILE}:patterns[1].name: 'conv_relu_add' is also the name of patterns[0]`],
    ['two patterns of the same ops', (d) => { d.patterns[1].ops = d.patterns[0].ops; }, `${FILE}:patterns[1].ops: [convolution, relu, add] are also the ops of patterns[0]`],
    ['a let of a reserved name', (d) => { d.patterns[0].let.out = '1'; }, `${FILE}:patterns[0].let.out: is not a name a let may bind`],
    ['a bad expression', (d) => { d.patterns[0].dispatch[0] = 'cdiv(out.size,'; }, `${FILE}:patterns[0].dispatch[0]: expression "cdiv(out.size,": expected a value at the end`],
    ['a bad placeholder', (d) => { d.patterns[3].wgsl[4] = '  if (i >= {{out..size}}u) { return; }'; }, `${FILE}:patterns[3].wgsl placeholder {{out..size}}: expression "out..size": column 5: expected a name after '.'`],
    ['an unmatched brace pair', (d) => { d.patterns[3].wgsl[4] = '  if (i >= {{out.size u) { return; }'; }, `${FILE}:patterns[3].wgsl: has an unmatched '{{' or '}}'`],
    ['a template declaring bindings', (d) => { d.patterns[3].wgsl.unshift('@group(0) @binding(9) var<storage> x: array<f32>;'); }, `${FILE}:patterns[3].wgsl: must not declare bindings`],
    ['a template without {{workgroup_size}}', (d) => { d.patterns[3].wgsl[1] = '@compute @workgroup_size(64)'; }, `${FILE}:patterns[3].wgsl: must use {{workgroup_size}}`],
    ['a workgroup too large', (d) => { d.patterns[0].workgroup_size = [512, 1, 1]; }, `${FILE}:patterns[0].workgroup_size: must be 3 positive integers, at most 256, 256, 64, whose product is at most 256, got [512,1,1]`],
    ['a workgroup too deep', (d) => { d.patterns[0].workgroup_size = [1, 1, 128]; }, `${FILE}:patterns[0].workgroup_size: must be 3 positive integers, at most 256, 256, 64`],
    ['a template too long', (d) => { d.patterns[0].wgsl = ['x'.repeat(20_000)]; }, `${FILE}:patterns[0].wgsl: is 20000 characters, past the limit of 16384`],
    ['a file too long', `{"pad": "${'x'.repeat(300_000)}"}`, `${FILE}: is 300011 characters, past the limit of 262144`],
  ])('rejects %s', (_, edit, message) => {
    const text = typeof edit === 'string' ? edit : edited(edit);
    expect(() => readTargetFile(text, FILE)).toThrow(TargetFileError);
    expect(() => readTargetFile(text, FILE)).toThrow(message);
  });
});
