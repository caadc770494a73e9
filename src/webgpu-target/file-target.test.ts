// A target from a file against the compiler: its declaration, the matches it takes by benefit, the kernel it
// describes, and the subgraphs it declines with the reason.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { INTERFACES, documentOf, parseModule } from '../ir';
import { readDeclaration } from '../compiler/patterns/pattern';
import { compile } from '../compiler/pipeline';
import { isolatePartition } from '../ir/isolate';
import { defaultTargets } from '../engine/targets';
import { loadTargetFile } from './file-target';

const EXAMPLE = readFileSync(join(__dirname, '../../examples/targets/example-direct.cgc-target.json'), 'utf8');
const target = loadTargetFile(EXAMPLE, 'example.json');
/** The example with its patterns' element-type constraints dropped: what the target itself declines then reaches it. */
const unconstrained = loadTargetFile(EXAMPLE.replaceAll(', element_types = [\\"float32\\"]', ''), 'example.json');

/** A model of one conv → relu → add on `element` tensors, with a bias or without. */
const convReluAdd = (element = 'float32', bias = true, size = 8) => {
  const t = (s: string) => `!cgc.tensor<${s}x!cgc.${element}>`;
  return parseModule(`cgc.module attributes {cgc.interface = "${INTERFACES.CGC_INPUT}", cgc.version = "0.1.0"} {
  cgc.entry_point @main(%x: ${t(`1x2x${size}x${size}`)}, %w: ${t('2x2x3x3')}, %b: ${t('2')}) -> ${t(`1x2x${size}x${size}`)} {
    %c = cgc_op.convolution(%x, %w${bias ? ', %b' : ''}) {start_padding = [1, 1], end_padding = [1, 1]}
    %r = cgc_op.relu(%c)
    %a = cgc_op.add(%x, %r)
    cgc.return %a
  }
}`).module!;
};

/** Each subgraph's target and pattern, and the reasons the file's patterns were declined. */
function compiled(module: ReturnType<typeof convReluAdd>, file = target) {
  const s = compile(module, [file, ...defaultTargets()]);
  const declined = [...s.decisions.values()].flatMap((d) => d.rejected).filter((r) => r.target === 'example-direct' && r.reason.includes('declined')).map((r) => r.reason);
  return { s, taken: s.schedule.map((sg) => `${sg.target} @${sg.pattern}`), declined };
}

describe('a target from a file', () => {
  it('answers the declaration request with its patterns, which the compiler reads', () => {
    const doc = target.exchange({ interface: INTERFACES.CGC_SUBGRAPH_DECLARATION_REQUEST, text: '' });
    expect(readDeclaration(doc, target.name).map((p) => `@${p.name} benefit ${p.benefit}`)).toEqual([
      '@conv_relu_add benefit 160', '@conv_add_relu benefit 160', '@conv_relu benefit 150', '@gemm_bias benefit 150', '@matmul_bias_gelu benefit 160',
    ]);
  });

  it('keeps each pattern whole in its declaration: a trailing comment, a file name with a newline', () => {
    const commented = loadTargetFile(EXAMPLE.replace('"benefit = 150, nodes', '"// one gemm\\nbenefit = 150, nodes').replace('\\"float32\\"]}]"', '\\"float32\\"]}] // with a bias"'), 'two\nlines.json');
    const doc = commented.exchange({ interface: INTERFACES.CGC_SUBGRAPH_DECLARATION_REQUEST, text: '' });
    expect(readDeclaration(doc, commented.name)).toHaveLength(5);
    expect(doc.text).toContain('(two?lines.json)');
    expect(doc.text).toContain('// with a bias\n}');
  });

  it('takes conv → relu → add by benefit, whichever operand of the add is outside, and describes its kernel', () => {
    const { s, taken } = compiled(convReluAdd());
    expect(taken).toEqual(['example-direct @conv_relu_add']);
    const p = s.partitions[0]!;
    const described = target.describe(documentOf(INTERFACES.CGC_SUBGRAPH_PARTITION, isolatePartition(s.output!, p.name)), p.name);
    expect(described.kernels.map((k) => [k.name, k.workgroups])).toEqual([['convolutionReluAdd.0', [2, 1, 1]]]);
    const wgsl = described.kernels[0]!.wgsl;
    expect(wgsl).toContain('@compute @workgroup_size(64, 1, 1)');
    expect(wgsl).toContain('out[i] = max(acc, 0.0) + in0[i];');
    expect(wgsl).not.toContain('{{');
  });

  it.each([
    ['float16 tensors', convReluAdd('float16'), 'templates compute float32 only; !cgc.tensor<1x2x8x8x!cgc.float16> is not'],
    ['a convolution without a bias', convReluAdd('float32', false), "reads 'op0.in2': op0 (cgc_op.convolution) has no 'in2'"],
    ['more workgroups than a dispatch takes', convReluAdd('float32', true, 2048), "dispatch[0] 'cdiv(out.size, 64)' is 131072; it must be an integer from 1 to maxComputeWorkgroupsPerDimension (65535)"],
  ])('declines %s with the reason, and the built-in targets take it', (_, module, reason) => {
    const { taken, declined } = compiled(module, unconstrained);
    expect(taken.some((t) => t.startsWith('example-direct'))).toBe(false);
    expect(declined.join('\n')).toContain(reason);
  });
});
