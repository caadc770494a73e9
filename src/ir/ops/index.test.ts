// Checks over the whole cgc_op registry: every declaration is complete and self-consistent,
// the ops the importer relies on are there, and every op has cases in a test table.
import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { intsAttr } from '../attributes';
import { type AttrKind, type AttrValue, OpContext, getOpDef, registeredOps } from '../registry';
import { isElementType, tensorType } from '../types';
import './index';

const REQUIRED = `add sub mul div pow max min mod prelu equal less less_or_equal greater greater_or_equal and or xor
  where relu leaky_relu sigmoid tanh hard_sigmoid hard_swish gelu erf exp log sqrt reciprocal neg abs clip softplus
  softsign elu selu celu mish thresholded_relu shrink silu sin cos tan asin acos atan sinh cosh asinh acosh atanh
  floor ceil round sign not identity is_nan is_inf cast convolution convolution_transpose matmul gemm
  batch_normalization layer_normalization instance_normalization lrn max_pool average_pool global_average_pool
  global_max_pool reduce_sum reduce_mean reduce_max reduce_min reduce_prod reduce_l1 reduce_l2 reduce_log_sum
  reduce_log_sum_exp reduce_sum_square arg_max arg_min softmax log_softmax hardmax cumsum top_k reshape transpose
  concat split slice gather gather_elements gather_nd scatter_nd scatter_elements pad resize upsample expand squeeze
  unsqueeze flatten depth_to_space space_to_depth tile one_hot trilu`.split(/\s+/);

function kindMatches(kind: AttrKind, v: AttrValue): boolean {
  switch (kind) {
    case 'int': return Number.isInteger(v);
    case 'float': return typeof v === 'number';
    case 'bool': return typeof v === 'boolean';
    case 'string': return typeof v === 'string';
    case 'type': return typeof v === 'string' && isElementType(v);
    case 'ints': return Array.isArray(v) && v.every((x) => Number.isInteger(x));
    case 'floats': return Array.isArray(v) && v.every((x) => typeof x === 'number');
    case 'strings': return Array.isArray(v) && v.every((x) => typeof x === 'string');
    case 'types': return Array.isArray(v) && v.every((x) => typeof x === 'object' && x !== null && 'shape' in x);
  }
}

describe('cgc_op registry', () => {
  const ops = registeredOps();

  it('declares every op the importer and the spec rely on', () => {
    expect(REQUIRED.filter((name) => !getOpDef(name))).toEqual([]);
  });

  it.each(ops.map((d) => [d.name, d] as const))('%s is completely declared', (_name, def) => {
    expect(def.name).toMatch(/^[a-z][a-z0-9_]*$/);
    expect(def.summary.trim()).not.toBe('');
    expect(def.traits.length).toBeGreaterThan(0);
    expect(def.operands.length).toBeGreaterThan(0);
    def.operands.forEach((o, i) => {
      expect(o.dtypes.length).toBeGreaterThan(0);
      if (o.variadic) expect(i).toBe(def.operands.length - 1);
      if (!o.optional && !o.variadic) expect(def.operands.slice(0, i).some((p) => p.optional)).toBe(false);
    });
    // Defaults evaluated against rank-4 operands (and `starts` for slice's defaults).
    const operands = def.operands.filter((o) => !o.optional).map((o) => tensorType([1, 2, 3, 4], o.dtypes[0]!));
    const ctx = new OpContext(def, operands, new Map([['starts', intsAttr([0])]]));
    for (const [name, ad] of Object.entries(def.attributes ?? {})) {
      if (ad.allowed) expect(['string', 'strings'], `${name}: allowed only for strings`).toContain(ad.kind);
      if (ad.default === undefined) continue;
      expect(ad.optional, `${name}: optional and defaulted`).toBeFalsy();
      const v = typeof ad.default === 'function' ? ad.default(ctx) : ad.default;
      expect(kindMatches(ad.kind, v), `${name}: default ${String(v)} is not ${ad.kind}`).toBe(true);
      if (ad.allowed) for (const x of Array.isArray(v) ? v : [v]) expect(ad.allowed, `${name}: default outside allowed`).toContain(x);
    }
  });

  it('has one alias, upsample2d for upsample', () => {
    expect(ops.filter((d) => d.aliases?.length).map((d) => [d.name, d.aliases])).toEqual([['upsample', ['upsample2d']]]);
    expect(getOpDef('upsample2d')?.name).toBe('upsample');
  });

  it('has test cases for every op', () => {
    const dir = new URL('.', import.meta.url);
    const text = readdirSync(dir).filter((f) => f.endsWith('.test.ts') && f !== 'index.test.ts')
      .map((f) => readFileSync(new URL(f, dir), 'utf8')).join('\n');
    expect(ops.map((d) => d.name).filter((name) => !text.includes(`'${name}'`))).toEqual([]);
  });
});
