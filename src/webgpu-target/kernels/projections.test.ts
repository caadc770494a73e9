// When the q, k and v projections become one GEMM (@projections over weights concatenated by
// concat-projections) and when they stay three: weights that are not constants, products of
// different inputs, weights that do not stack (another K, a batch of matrices), a product that would
// split K. The results on a GPU: projections.gpu.test.ts.
import { describe, expect, it } from 'vitest';
import { compile } from '../../compiler/pipeline';
import { concatProjections } from '../../compiler/passes/concat-projections';
import { FUNCTIONAL_DEFINITION } from '../../ir/structural';
import { parseModule } from '../../ir';
import { runEntryPoint } from '../../reference';
import { type HostTensor, tensorBytes, tensorType } from '../../core';
import { defaultTargets } from '../../engine/targets';
import { planKernels } from '../kernel-plan';
import { type Case, encoderAttention, prepareCase } from '../testing/cases';

/** Compiles the case after the open-time concatenation; the patterns taken and the weights made. */
function compiled(c: Case) {
  const { module, constants } = prepareCase(c, 3);
  const { made, unused } = concatProjections(module, constants);
  const state = compile(module, defaultTargets());
  return { state, made, unused, patterns: state.schedule.map((g) => g.pattern) };
}

/** x [rows, k] (and y, where `other`) · three weights [k, n], each + bias; returned as their sum. */
function threeProjections(opts: { rows?: number; k?: number; n?: number; weights?: 'constant' | 'argument'; other?: boolean; secondK?: number; batched?: boolean } = {}): string {
  const { rows = 6, k = 16, n = 8, weights = 'constant', other = false, secondK = k, batched = false } = opts;
  const w = (kk: number) => (batched ? `2x${kk}x${n}` : `${kk}x${n}`);
  const x = (kk: number) => (batched ? `2x${rows}x${kk}` : `${rows}x${kk}`);
  const out = batched ? `2x${rows}x${n}` : `${rows}x${n}`;
  const t = (s: string) => `!cgc.tensor<${s}x!cgc.float32>`;
  const c = (s: string) => `!cgc.tensor<constant ${s}x!cgc.float32>`;
  const args = [`%x: ${t(x(k))}`, ...(other || secondK !== k ? [`%y: ${t(x(secondK))}`] : []),
    ...(weights === 'argument' ? ['q', 'k', 'v'].map((p) => `%w${p}: ${t(w(p === 'k' ? secondK : k))}`) : [])];
  const consts = [
    ...(weights === 'constant' ? ['q', 'k', 'v'].map((p) => `    %w${p} = cgc.constant("w${p}") : ${c(w(p === 'k' ? secondK : k))}`) : []),
    ...['q', 'k', 'v'].map((p) => `    %b${p} = cgc.constant("b${p}") : ${c(String(n))}`),
  ];
  const input = (p: string) => (p === 'k' && (other || secondK !== k) ? '%y' : '%x');
  const body = ['q', 'k', 'v'].flatMap((p) => [
    `    %m${p} = cgc_op.matmul(${input(p)}, %w${p})`,
    `    %a${p} = cgc_op.add(%m${p}, %b${p})`,
  ]);
  return `cgc.module {
  cgc.entry_point @main(${args.join(', ')}) -> ${t(out)} {
${[...consts, ...body].join('\n')}
    %s = cgc_op.add(%aq, %ak)
    %r = cgc_op.add(%s, %av)
    cgc.return %r
  }
}`;
}

function constantsOf(module: ReturnType<typeof parseModule>['module']): Map<string, HostTensor> {
  const found = new Map<string, HostTensor>();
  let seed = 1;
  for (const op of module!.walk()) {
    if (op.name !== 'cgc.constant') continue;
    const type = op.results[0]!.type;
    const data = Float32Array.from({ length: type.shape.reduce((p, d) => p * d, 1) }, (_, i) => ((i * 31 + seed * 17) % 23) / 23 - 0.5);
    seed++;
    found.set((op.attr('name') as { value: string }).value, { type, data });
  }
  return found;
}

function compileText(text: string) {
  const module = parseModule(text).module!;
  const tensors = constantsOf(module);
  const { made, unused } = concatProjections(module, (n) => { const t = tensors.get(n); return t && tensorBytes(t); });
  const state = compile(module, defaultTargets());
  return { module, tensors, made, unused, state, patterns: state.schedule.map((g) => g.pattern) };
}

describe('q, k and v projections as one GEMM', () => {
  it('fires on an encoder layer: one subgraph, one kernel writing the three results', () => {
    const { state, made, unused, patterns } = compiled(encoderAttention(8, 32, 2));
    expect([...made.keys()]).toEqual(['wq.projections']);
    expect(made.get('wq.projections')!.byteLength).toBe(32 * 96 * 4);
    expect(unused).toEqual(['wq', 'wk', 'wv']);
    expect(patterns.filter((p) => p === 'projections3')).toHaveLength(1);
    const def = [...state.output!.walk()].find((o) => o.name === FUNCTIONAL_DEFINITION && o.body().operations.some((op) => op.opName === 'slice'))!;
    const kernels = planKernels(def);
    expect(kernels.map((k) => k.outputs)).toEqual([3]);
    // The concatenated weight bound once, its three ranges read as one B.
    expect(kernels[0]!.wgsl).toContain('through one cgc_op.matmul of 96 columns');
  });

  it('concatenates the weights column by column, so the rewritten module computes what it did', () => {
    const text = threeProjections();
    const before = parseModule(text).module!;
    const tensors = constantsOf(before);
    const x: HostTensor = { type: before.body().operations[0]!.body().arguments[0]!.type, data: Float32Array.from({ length: 96 }, (_, i) => Math.sin(i)) };
    const want = runEntryPoint(before, [x], (n) => tensors.get(n))[0]!;
    const { module, made, patterns } = compileText(text);
    expect(patterns).toContain('projections3');
    const got = runEntryPoint(module, [x], (n) => {
      const bytes = made.get(n);
      return bytes ? { type: tensorType([16, 24], 'float32', true), data: new Float32Array(bytes.buffer) } : tensors.get(n);
    })[0]!;
    expect([...got.data]).toEqual([...want.data]);
  });


  it('joins weights lying at unaligned offsets of one file\'s bytes, and joins them once for every opening of those bytes', () => {
    const module = () => parseModule(threeProjections()).module!;
    const tensors = constantsOf(module());
    // The weights as an ONNX file holds them: raw bytes at offsets 1 + 4·k, none 4-byte aligned.
    const file = new Uint8Array(1 + 3 * 16 * 8 * 4);
    const at = new Map(['wq', 'wk', 'wv'].map((n, i) => {
      const view = file.subarray(1 + i * 512, 1 + (i + 1) * 512);
      view.set(tensorBytes(tensors.get(n)!));
      return [n, view] as const;
    }));
    const data = (n: string) => at.get(n) ?? tensorBytes(tensors.get(n)!);
    const first = concatProjections(module(), data).made.get('wq.projections')!;
    const joined = new Float32Array(first.slice().buffer);
    for (let r = 0; r < 16; r++) {
      ['wq', 'wk', 'wv'].forEach((n, i) => {
        expect([...joined.subarray(r * 24 + i * 8, r * 24 + (i + 1) * 8)]).toEqual([...(tensors.get(n)!.data as Float32Array).subarray(r * 8, (r + 1) * 8)]);
      });
    }
    expect(concatProjections(module(), data).made.get('wq.projections')).toBe(first);
  });
  it('does not fire when the weights are not constants', () => {
    const { made, patterns, state } = compileText(threeProjections({ weights: 'argument' }));
    expect(made.size).toBe(0);
    expect(patterns).not.toContain('projections3');
    expect(patterns.filter((p) => p === 'matmul_epilogue').length).toBeGreaterThanOrEqual(3);
    // The products match the pattern's DAG; the target declines them: no column ranges of one weight.
    const reasons = [...state.decisions.values()].flatMap((d) => d.rejected.filter((r) => r.pattern === 'projections3').map((r) => r.reason));
    expect(reasons.some((r) => r.includes('do not read consecutive column ranges of one weight'))).toBe(true);
  });

  it('does not fire when the products read different inputs', () => {
    const { made, unused, patterns } = compileText(threeProjections({ other: true }));
    // q and v share x: those two stack; k reads y alone.
    expect([...made.keys()]).toEqual(['wq.projections']);
    expect(unused).toEqual(['wq', 'wv']);
    expect(patterns).not.toContain('projections3');
    expect(patterns).toContain('projections2');
  });

  it('does not fire when the weights do not stack: another K, a batch of matrices', () => {
    const otherK = compileText(threeProjections({ other: true, secondK: 12 }));
    expect(otherK.patterns).not.toContain('projections3');
    const batched = compileText(threeProjections({ batched: true }));
    expect(batched.made.size).toBe(0);
    expect(batched.patterns).not.toContain('projections3');
    expect(batched.patterns).not.toContain('projections2');
  });

  it('splits K of the whole product where it would split one: its partials, then one sum writing the three results', () => {
    // 4 tokens, K = 1536: few output tiles over a long K.
    const { patterns, state } = compiled(encoderAttention(4, 1536, 2));
    expect(patterns).toContain('projections3');
    const def = [...state.output!.walk()].find((o) => o.name === FUNCTIONAL_DEFINITION && o.body().operations.some((op) => op.opName === 'slice'))!;
    const kernels = planKernels(def);
    expect(kernels.map((k) => [k.name.endsWith('.partial0'), k.outputs, k.workspace! > 0])).toEqual([[true, 3, true], [false, 3, true]]);
    expect(kernels[1]!.wgsl).toContain('sum of');
    // Without split-K, one kernel.
    expect(planKernels(def, 'p', undefined, { splitK: 'off' }).map((k) => k.outputs)).toEqual([3]);
  });
});
